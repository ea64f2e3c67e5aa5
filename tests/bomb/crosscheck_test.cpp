// Never grade your own work alone: independent readers of the rule JSON (written for these tests,
// sharing no code with the modules) must agree with each module's hint on every case the
// exhaustive proofs cover, for the accepted rules of several seeds.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bomb/rulebook.hpp"

namespace proven::bomb::crosscheck_test {
namespace {

using nlohmann::json;

const json& module_json(const json& book, std::string_view id) {
  for (const auto& m : book["modules"])
    if (m["id"] == id) return m["rules"];
  throw std::logic_error("no module " + std::string(id));
}

// Wires, read straight from the manual's data: colours by name, positions 1-based.
int expected_cut(const json& list, const std::vector<std::string>& wires, bool serial_odd) {
  const auto count = [&](const std::string& colour) {
    return static_cast<int>(std::count(wires.begin(), wires.end(), colour));
  };
  const auto holds = [&](const json& c) {
    const std::string kind = c["kind"];
    if (kind == "serial_odd") return serial_odd;
    if (kind == "serial_even") return !serial_odd;
    if (kind == "last_is") return wires.back() == c["colour"].get<std::string>();
    if (kind == "count_is") return count(c["colour"]) == c["number"].get<int>();
    if (kind == "count_at_least") return count(c["colour"]) >= c["number"].get<int>();
    throw std::logic_error("condition " + kind);
  };
  const auto target = [&](const json& t) -> int {
    const std::string kind = t["kind"];
    if (kind == "nth")
      return t["position"].get<int>() - 1 < static_cast<int>(wires.size()) ? t["position"].get<int>() - 1 : -1;
    if (kind == "last") return static_cast<int>(wires.size()) - 1;
    const std::string colour = t["colour"];
    if (kind == "first_of") {
      const auto it = std::find(wires.begin(), wires.end(), colour);
      return it == wires.end() ? -1 : static_cast<int>(it - wires.begin());
    }
    const auto it = std::find(wires.rbegin(), wires.rend(), colour);
    return it == wires.rend() ? -1 : static_cast<int>(wires.rend() - it) - 1;
  };
  for (const auto& line : list["lines"]) {
    bool all = true;
    for (const auto& c : line["if"]) all = all && holds(c);
    if (all) return target(line["cut"]);
  }
  return target(list["otherwise"]);
}

TEST(BombCrossCheck, WiresHintsAgreeWithAnIndependentReaderOnEverySequence) {
  for (int seed : {1, 2, 3, 50, 777}) {
    const RuleBook book = build_rule_book(seed);
    const json data = to_json(book);
    const json& rules = module_json(data, "wires");
    const auto& typed = book.rules_of<Wires>();
    int checked = 0;
    for (int parity = 0; parity < 2; ++parity) {
      const Edgework edge = Wires::parity_casing(parity);
      const Context ctx{edge, Clock{}, 0};
      for (int n = 3; n <= 6; ++n) {
        int total = 1;
        for (int i = 0; i < n; ++i) total *= 5;
        for (int code = 0; code < total; ++code) {
          Wires::State state;
          state.count = static_cast<std::uint8_t>(n);
          std::vector<std::string> names;
          for (int i = 0, rest = code; i < n; ++i, rest /= 5) {
            state.colours[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rest % 5);
            names.emplace_back(Wires::kColourNames[static_cast<std::size_t>(rest % 5)]);
          }
          const int expected = expected_cut(rules["lists"][static_cast<std::size_t>(n - 3)], names, parity == 1);
          const Action hint = Wires::hint(typed, state, ctx);
          ASSERT_EQ(hint.is_wait() ? -1 : hint.arg, expected) << "seed " << seed << " code " << code << " n " << n;
          ASSERT_NE(expected, -1);  // accepted rules always name a wire that is there
          ++checked;
        }
      }
    }
    EXPECT_EQ(checked, 39000);
  }
}

TEST(BombCrossCheck, GlyphKeypadOrderAgreesWithAnIndependentReader) {
  for (int seed : {1, 2, 3, 50, 777}) {
    const RuleBook book = build_rule_book(seed);
    const json columns = module_json(to_json(book), "glyph-keypad")["columns"];
    const auto& typed = book.rules_of<GlyphKeypad>();
    const Edgework edge;
    const Context ctx{edge, Clock{}, 0};
    int keypads = 0;
    GlyphKeypad::for_each_arrangement(typed, [&](const GlyphKeypad::State& dealt, const Edgework&, const Clock&) {
      std::vector<std::string> keys;
      for (auto g : dealt.keys) keys.emplace_back(GlyphKeypad::kGlyphNames[g]);
      // The independent reading: the columns holding all four names, and their order in the one.
      std::vector<std::vector<std::string>> fitting;
      for (const auto& column : columns) {
        const std::vector<std::string> names = column.get<std::vector<std::string>>();
        if (std::all_of(keys.begin(), keys.end(),
                        [&](const std::string& k) { return std::find(names.begin(), names.end(), k) != names.end(); }))
          fitting.push_back(names);
      }
      EXPECT_EQ(fitting.size(), 1u);
      std::vector<std::string> order = keys;
      std::sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
        return std::find(fitting[0].begin(), fitting[0].end(), a) < std::find(fitting[0].begin(), fitting[0].end(), b);
      });
      GlyphKeypad::State state = dealt;
      for (const auto& name : order) {
        const Action hint = GlyphKeypad::hint(typed, state, ctx);
        EXPECT_EQ(keys[static_cast<std::size_t>(hint.arg)], name);
        GlyphKeypad::apply(typed, state, hint, ctx);
      }
      ++keypads;
      return !::testing::Test::HasFailure();
    });
    EXPECT_EQ(keypads, 5040);
  }
}

TEST(BombCrossCheck, ColorEchoPressesAgreeWithAnIndependentReader) {
  for (int seed : {1, 2, 3, 50, 777}) {
    const RuleBook book = build_rule_book(seed);
    const json tables = module_json(to_json(book), "color-echo")["tables"];
    const auto& typed = book.rules_of<ColorEcho>();
    int plays = 0;
    ColorEcho::for_each_sequence([&](const ColorEcho::State& dealt, const Edgework& edge, const Clock& clock) {
      const json* table = nullptr;
      for (const auto& t : tables)
        if (t["serial_has_vowel"] == edge.serial_has_vowel() && t["strikes"] == std::min(clock.strikes, 2))
          table = &t["press"];
      EXPECT_NE(table, nullptr);
      ColorEcho::State state = dealt;
      const Context ctx{edge, clock, 0};
      for (int stage = 1; stage <= dealt.length; ++stage)
        for (int i = 0; i < stage; ++i) {
          const std::string flashed(ColorEcho::kPadNames[dealt.flashes[static_cast<std::size_t>(i)]]);
          const Action hint = ColorEcho::hint(typed, state, ctx);
          EXPECT_EQ(std::string(ColorEcho::kPadNames[static_cast<std::size_t>(hint.arg)]),
                    (*table)[flashed].get<std::string>());
          ColorEcho::apply(typed, state, hint, ctx);
        }
      ++plays;
      return !::testing::Test::HasFailure();
    });
    EXPECT_EQ(plays, 8064);
  }
}

}  // namespace
}  // namespace proven::bomb::crosscheck_test

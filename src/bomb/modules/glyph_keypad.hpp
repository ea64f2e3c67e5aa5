#pragma once
// Module 3, Glyph Keypad: four keys with glyphs; press all four in the right order.
//
// Rules: 6 columns of 7 distinct glyphs from a set of 30. The four keys all come from one
// column; press them in the order they appear down that column. The lookup finds the one column
// holding all four glyphs; if none or two do, there is no correct press (the filter makes that
// impossible, and the proof checks it). Edgework is never read, so the proof covers every key set
// every column can deal (for_each_case).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct GlyphKeypad {
  static constexpr ModuleInfo kInfo{"glyph-keypad", "Glyph Keypad", ModuleKind::Regular, 1000};
  static constexpr int kGlyphs = 30;
  static constexpr int kColumns = 6;
  static constexpr int kColumnLength = 7;
  static constexpr int kKeys = 4;
  // Our glyphs, by the names the manual's glossary gives them (the manual draws them as SVG).
  static constexpr std::array<std::string_view, kGlyphs> kGlyphNames = {
      "anchor", "arch", "bell",    "bolt",   "bow",  "comb", "comet", "crown", "cup",  "diamond",
      "drop",   "eye",  "feather", "flag",   "fork", "gate", "harp",  "hook",  "key",  "knot",
      "ladder", "leaf", "moon",    "spiral", "star", "sun",  "sword", "tower", "wave", "wheel"};
  static constexpr std::array<std::string_view, 3> kFilterReasons = {"two columns are the same",
                                                                     "two columns share four or more glyphs",
                                                                     "a column shares too few glyphs with the others"};
  // A column must share at least this many of its glyphs with the other columns.
  static constexpr int kMinShared = 2;

  struct Rules {
    std::array<std::array<std::uint8_t, kColumnLength>, kColumns> columns{};
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::array<std::uint8_t, kKeys> keys{};  // glyph on each key, in module order
    std::uint8_t pressed = 0;                // bit k: key k is down
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the key to press next, if there is a correct one.
  static std::optional<int> key_to_press(const Rules& rules, const State& state);
  // Prepared once per rule set (the exhaustive proof asks the lookup 40,000 times): each
  // column's glyphs as a bit set, and each glyph's place in each column.
  struct Lookup {
    std::array<std::uint32_t, kColumns> glyphs_in{};                     // bit g: glyph g
    std::array<std::array<std::uint8_t, kGlyphs>, kColumns> place_in{};  // kColumnLength: absent
  };
  static Lookup prepare(const Rules& rules);
  static std::optional<int> key_to_press(const Lookup& lookup, const State& state);
  static Action hint(const Lookup& lookup, const State& state, const Context& ctx);
  static Outcome apply(const Lookup& lookup, State& state, Action action, const Context& ctx);

  // Every key set every column can deal, its keys in column order. Where the keys sit on the
  // module changes which key is pressed when, not whether a column holds them all (the lookup
  // finds the column by the set), so one arrangement stands for all 24: 210 cases for the 5,040 of
  // for_each_arrangement. glyph_keypad_test.cpp checks, on columns that pass and fail the filter,
  // that every arrangement plays as its key set does.
  template <class Visit>
  static void for_each_case(const Rules& rules, Visit&& visit) {
    for_each_key_set(rules, [&](const std::array<std::uint8_t, kKeys>& chosen) {
      State state;
      state.keys = chosen;
      return visit(state, Edgework{}, Clock{});
    });
  }

  // Every key set in every arrangement on the module (for the tests).
  template <class Visit>
  static void for_each_arrangement(const Rules& rules, Visit&& visit) {
    static const std::array<std::array<std::uint8_t, kKeys>, 24> kOrders = all_orders();
    for_each_key_set(rules, [&](const std::array<std::uint8_t, kKeys>& chosen) {
      for (const auto& order : kOrders) {
        State state;
        for (std::size_t k = 0; k < kKeys; ++k) state.keys[k] = chosen[order[k]];
        if (!visit(state, Edgework{}, Clock{})) return false;
      }
      return true;
    });
  }

  // Every column, every 4 of its 7 glyphs (in column order), while visit returns true.
  template <class Visit>
  static void for_each_key_set(const Rules& rules, Visit&& visit) {
    for (const auto& column : rules.columns)
      for (int a = 0; a < kColumnLength; ++a)
        for (int b = a + 1; b < kColumnLength; ++b)
          for (int c = b + 1; c < kColumnLength; ++c)
            for (int d = c + 1; d < kColumnLength; ++d) {
              const std::array<std::uint8_t, kKeys> chosen = {
                  column[static_cast<std::size_t>(a)], column[static_cast<std::size_t>(b)],
                  column[static_cast<std::size_t>(c)], column[static_cast<std::size_t>(d)]};
              if (!visit(chosen)) return;
            }
  }
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions = numbered_actions<kKeys>(Verb::Press);
  static std::string words(Action action);                  // "press key 2" (keys counted left to right)
  static bool possible(const State& state, Action action);  // a key that is down stays down
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);

 private:
  static constexpr std::array<std::array<std::uint8_t, kKeys>, 24> all_orders() {
    std::array<std::array<std::uint8_t, kKeys>, 24> out{};
    std::size_t n = 0;
    for (std::uint8_t a = 0; a < 4; ++a)
      for (std::uint8_t b = 0; b < 4; ++b)
        for (std::uint8_t c = 0; c < 4; ++c)
          for (std::uint8_t d = 0; d < 4; ++d)
            if (a != b && a != c && a != d && b != c && b != d && c != d) out[n++] = {a, b, c, d};
    return out;
  }
};

}  // namespace proven::bomb

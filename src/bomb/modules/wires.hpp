#pragma once
// Module 1, Wires: 3-6 coloured wires; cut exactly one.
//
// Rules: for each wire count, an ordered list of 3-4 lines "if <conditions> cut <target>" and an
// otherwise line. Read the list for the wire count from the top; the first line whose conditions
// all hold says which wire to cut. Conditions read colour counts, the last wire's colour and the
// serial's last digit; targets are a numbered wire, the last wire, or the first/last wire of a
// colour. Nothing else is read, so the proof covers every class of sequences those facts tell
// apart × serial parity (for_each_case).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct Wires {
  static constexpr ModuleInfo kInfo{"wires", "Wires", ModuleKind::Regular, 1000};
  static constexpr int kMinWires = 3;
  static constexpr int kMaxWires = 6;
  static constexpr int kColours = 5;
  static constexpr std::array<std::string_view, kColours> kColourNames = {"red", "blue", "yellow", "green", "white"};
  static constexpr std::array<std::string_view, 5> kFilterReasons = {
      "a line names one colour twice", "a line repeats an earlier line's conditions", "a line never fires",
      "a line never changes the answer", "the otherwise line is never reached"};

  struct Condition {
    enum class Kind : std::uint8_t {
      CountIs,       // exactly `number` wires of `colour`
      CountAtLeast,  // at least `number` wires of `colour`
      LastIs,        // the last wire is `colour`
      SerialOdd,     // the serial's last digit is odd
      SerialEven,    // ... is even
    };
    Kind kind = Kind::CountIs;
    std::uint8_t colour = 0;
    std::uint8_t number = 0;
    bool operator==(const Condition&) const = default;
  };
  struct Target {
    enum class Kind : std::uint8_t { Nth, Last, FirstOf, LastOf };
    Kind kind = Kind::Nth;
    std::uint8_t value = 0;  // Nth: 0-based position; FirstOf/LastOf: the colour
    bool operator==(const Target&) const = default;
  };
  struct Line {
    std::uint8_t condition_count = 1;  // 1 or 2
    std::array<Condition, 2> conditions{};
    Target target;
    bool operator==(const Line&) const = default;
  };
  struct List {
    std::uint8_t line_count = 3;  // 3 or 4 if-lines
    std::array<Line, 4> lines{};
    Target otherwise;
    bool operator==(const List&) const = default;
  };
  struct Rules {
    std::array<List, 4> lists{};  // lists[n - 3] for n wires
    bool operator==(const Rules&) const = default;
  };

  struct State {
    std::uint8_t count = 3;
    std::array<std::uint8_t, kMaxWires> colours{};
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  // The filter for one list (dull() asks it of all four; the generator redraws a list until it
  // passes, up to kListDraws times, so a try seldom fails here).
  static std::optional<std::string_view> dull_list(const List& list, int wires);
  static constexpr int kListDraws = 40;
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // Every case the rules can tell apart, with a serial ending in an even and in an odd digit.
  // The conditions read only the colour counts, the last colour and the serial's parity, and a
  // target is missing only when it names a colour with no wire: so two sequences with the same
  // counts and last colour play alike (the wire to cut may differ, but hint and apply agree on
  // it either way). One representative per class - the wires in colour order, one wire of the
  // last colour moved to the end - stands for all of them: 1,230 classes per parity instead of
  // 19,500 sequences. wires_test.cpp checks, on hundreds of rule sets that pass and fail, that
  // every one of the 39,000 sequences plays as its representative does.
  template <class Visit>
  static void for_each_case(const Rules&, Visit&& visit) {
    for (int parity = 0; parity < 2; ++parity) {
      const Edgework edge = parity_casing(parity);
      for (const State& state : class_representatives())
        if (!visit(state, edge, Clock{})) return;
    }
  }
  // The representatives, by wire count, then colour counts (colour 0's count turning slowest),
  // then last colour.
  static const std::vector<State>& class_representatives();

  // The rule lookup hint and apply share: the wire to cut, or none when the chosen target is
  // not on the module.
  static std::optional<int> wire_to_cut(const Rules& rules, const State& state, bool serial_odd);
  // Prepared once per rule set (the exhaustive proof asks the lookup ~80,000 times): every
  // condition as a test of one 3-bit field of the packed facts (colour counts, last colour,
  // serial parity): it holds when bit `field value` of `holds` is set.
  struct Test {
    std::uint8_t shift = 0;
    std::uint8_t holds = 0xFF;  // the default: a test that always holds (a line's absent second condition)
  };
  struct CompiledLine {
    std::array<Test, 2> tests{};
    Target target;
  };
  struct CompiledList {
    std::uint8_t line_count = 3;
    std::array<CompiledLine, 4> lines{};
    Target otherwise;
  };
  struct Lookup {
    std::array<CompiledList, 4> lists{};
  };
  static Lookup prepare(const Rules& rules);
  static CompiledList compile(const List& list);
  static std::optional<int> wire_to_cut(const Lookup& lookup, const State& state, bool serial_odd);
  static Action hint(const Lookup& lookup, const State& state, const Context& ctx);
  static Outcome apply(const Lookup& lookup, State& state, Action action, const Context& ctx);
  static Edgework parity_casing(int parity);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions = numbered_actions<kMaxWires>(Verb::Cut);
  static std::string words(Action action);  // "cut wire 2"
  static bool possible(const State& state, Action action);
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);
  static std::string describe(const Condition& condition);
  static std::string describe(const Target& target);
};

}  // namespace proven::bomb

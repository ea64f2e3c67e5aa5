#pragma once
// Module 2, Big Button: one coloured, labelled button. Tap it, or hold it; while it is held a
// strip lights in a colour, and the button must be released when the bomb clock shows a digit
// that the strip's colour names.
//
// Rules: 4-5 ordered lines "if <conditions> tap/hold" and an otherwise move; conditions read the
// button's colour and label, the battery count and lit indicators. A table strip colour -> digit.
// Timed: while held, the next event is the next change of the clock display.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct BigButton {
  static constexpr ModuleInfo kInfo{"big-button", "Big Button", ModuleKind::Regular, 1000};
  static constexpr int kColours = 4;
  static constexpr std::array<std::string_view, kColours> kColourNames = {"red", "blue", "yellow", "white"};
  static constexpr int kLabels = 4;
  static constexpr std::array<std::string_view, kLabels> kLabelNames = {"ENGAGE", "PURGE", "CANCEL", "IGNITE"};
  // The last four look at every situation the lines can read (colour, label, 0-8 batteries, up to
  // three lit indicators): no line (the otherwise line included) may be unreachable below the ones
  // above it, and no line or condition may be padding that could go without changing an answer.
  static constexpr std::array<std::string_view, 7> kFilterReasons = {
      "two lines have the same conditions", "every line gives the same move",
      "the last line repeats the fallback", "a line never fires",
      "a line never changes the move",      "the otherwise line is never reached",
      "a condition never changes the move"};

  enum class Move : std::uint8_t { Tap, Hold };

  struct Condition {
    enum class Kind : std::uint8_t {
      ColourIs,           // the button is `value` (a colour)
      LabelIs,            // the button says `value` (a label)
      BatteriesMoreThan,  // more than `value` batteries
      IndicatorLit,       // a lit indicator labelled kIndicatorLabels[value]
    };
    Kind kind = Kind::ColourIs;
    std::uint8_t value = 0;
    bool operator==(const Condition&) const = default;
  };
  struct Line {
    std::uint8_t condition_count = 1;
    std::array<Condition, 2> conditions{};
    Move move = Move::Tap;
    bool operator==(const Line&) const = default;
  };
  struct Rules {
    std::uint8_t line_count = 4;  // 4 or 5
    std::array<Line, 5> lines{};
    Move otherwise = Move::Hold;
    std::array<std::uint8_t, kColours> release_digit{};  // strip colour -> digit 0-9
    bool operator==(const Rules&) const = default;
  };

  struct State {
    std::uint8_t colour = 0;
    std::uint8_t label = 0;
    std::uint8_t strip = 0;  // the strip's colour, seen only while held
    bool held = false;
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);
  static std::optional<std::int64_t> next_event_at(const Rules& rules, const State& state, const Context& ctx);
  static Outcome tick(const Rules& rules, State& state, const Context& ctx);

  // The rule lookup hint and apply share.
  static Move move_for(const Rules& rules, const State& state, const Edgework& edge);
  static Action correct_action(const Rules& rules, const State& state, const Context& ctx);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<Action, 3> kActions = {{{Verb::Tap, 0}, {Verb::Hold, 0}, {Verb::Release, 0}}};
  static std::string words(Action action);                  // "tap", "hold", "release"
  static bool possible(const State& state, Action action);  // release only while held
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
};

}  // namespace proven::bomb

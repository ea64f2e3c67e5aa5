#pragma once
// Module 6, Recall: a display digit (1-4) and four buttons labelled 1-4 in some order; five
// stages. Each stage's rule for the displayed digit says which button to press: a position, a
// label, or the position or label pressed in an earlier stage. Every correct press moves on to a
// new display and new labels; the fifth solves the module.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct Recall {
  static constexpr ModuleInfo kInfo{"recall", "Recall", ModuleKind::Regular, 1000};
  static constexpr int kStages = 5;
  static constexpr int kButtons = 4;
  static constexpr std::array<std::string_view, 2> kFilterReasons = {
      "a stage has fewer than three different instructions", "a later stage never looks back"};

  struct Instruction {
    enum class Kind : std::uint8_t { Position, Label, SamePositionAs, SameLabelAs };
    Kind kind = Kind::Position;
    std::uint8_t value = 0;  // Position: 0-3; Label: 1-4; Same*: an earlier stage, 0-based
    bool operator==(const Instruction&) const = default;
  };
  struct Rules {
    std::array<std::array<Instruction, kButtons>, kStages> stages{};  // [stage][display - 1]
    bool operator==(const Rules&) const = default;
  };
  struct Stage {
    std::uint8_t display = 1;
    std::array<std::uint8_t, kButtons> labels{};  // label on each position, a permutation of 1-4
    bool operator==(const Stage&) const = default;
  };
  struct State {
    std::array<Stage, kStages> stages{};
    std::uint8_t stage = 0;
    std::array<std::uint8_t, kStages> pressed_position{};  // what each finished stage pressed
    std::array<std::uint8_t, kStages> pressed_label{};
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the position to press (none if the instruction looks
  // at a stage not yet played, or at a label not on the buttons).
  static std::optional<int> position_to_press(const Rules& rules, const State& state);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions = numbered_actions<kButtons>(Verb::Press);
  static std::string words(Action action);  // "press position 2" (counted left to right, whatever its label)
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);
  static std::string describe(const Instruction& instruction);
};

}  // namespace proven::bomb

#pragma once
// Module 12, Pressure Vent (needy): now and then it wakes with a yes/no prompt and a 40-second
// countdown. Answer as the manual says before the countdown ends; a wrong answer, or no answer
// in time, strikes. It is never solved; the proof asks it to survive 90 s.
//
// Rules: six prompts from a pool of ten, each with its answer. The module only ever asks listed
// prompts; the lookup finds the prompt in the list (a prompt listed twice has no answer).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"
#include "bomb/modules/needy_timer.hpp"

namespace proven::bomb {

struct PressureVent {
  static constexpr ModuleInfo kInfo{"pressure-vent", "Pressure Vent", ModuleKind::Needy, 200};
  static constexpr int kPool = 10;
  static constexpr int kListed = 6;
  static constexpr std::int64_t kWindowMs = 40'000;
  static constexpr std::int32_t kMinGapMs = 10'000;
  static constexpr std::int32_t kMaxGapMs = 40'000;
  static constexpr std::array<std::string_view, kPool> kPrompts = {
      "OPEN VALVE?", "SEAL HATCH?", "DUMP STEAM?", "LOCK VENT?",  "PURGE LINE?",
      "CLOSE FLUE?", "BLEED TANK?", "DRAIN COIL?", "FLUSH PIPE?", "RAISE LID?"};
  static constexpr std::array<std::string_view, 2> kFilterReasons = {"fewer than two yes or two no answers",
                                                                     "a prompt is listed twice"};

  struct Rules {
    std::array<std::uint8_t, kListed> prompts{};  // indices into kPrompts
    std::array<bool, kListed> yes{};              // the answer to each
    bool operator==(const Rules&) const = default;
  };
  struct State {
    NeedyTimer timer;
    std::array<std::uint8_t, NeedyTimer::kSchedule> asks{};  // the prompt (into kPrompts) of each wake
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);
  static std::optional<std::int64_t> next_event_at(const Rules& rules, const State& state, const Context& ctx);
  static Outcome tick(const Rules& rules, State& state, const Context& ctx);

  // The rule lookup hint and apply share: the answer to the prompt shown, if the manual gives one.
  static std::optional<bool> answer(const Rules& rules, const State& state);
  static std::uint8_t prompt_shown(const State& state);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<Action, 2> kActions = {{{Verb::Answer, 1}, {Verb::Answer, 0}}};
  static std::string words(Action action);                  // "answer yes", "answer no"
  static bool possible(const State& state, Action action);  // only while it asks
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // What changes with time alone, at now_ms (module.hpp): "countdown_ms" while awake, else null.
  static nlohmann::json live_json(const State& state, std::int64_t now_ms);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);
};

}  // namespace proven::bomb

#pragma once
// Module 13, Dial Alignment (needy): now and then it wakes showing a pattern of twelve lights
// (two rows of six) and a 30-second countdown. Turn the dial to the direction the manual gives
// for the pattern before the countdown ends; the dial is judged then, and a wrong direction
// strikes. Turning never strikes by itself. Never solved; the proof asks it to survive 90 s.
//
// Rules: eight light patterns, each with a direction (up, right, down, left; every direction used
// at least once). The module only shows listed patterns; the lookup finds the pattern in the list.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"
#include "bomb/modules/needy_timer.hpp"

namespace proven::bomb {

struct DialAlignment {
  static constexpr ModuleInfo kInfo{"dial-alignment", "Dial Alignment", ModuleKind::Needy, 200};
  static constexpr int kPatterns = 8;
  static constexpr int kLights = 12;
  static constexpr std::int64_t kWindowMs = 30'000;
  static constexpr std::int32_t kMinGapMs = 10'000;
  static constexpr std::int32_t kMaxGapMs = 40'000;
  static constexpr std::array<std::string_view, 4> kDirectionNames = {"up", "right", "down", "left"};
  static constexpr std::array<std::string_view, 2> kFilterReasons = {"two light patterns look the same",
                                                                     "a direction is never used"};

  struct Rules {
    std::array<std::uint16_t, kPatterns> patterns{};  // bit i: light i on (row-major, 6 per row)
    std::array<std::uint8_t, kPatterns> direction{};
    bool operator==(const Rules&) const = default;
  };
  struct State {
    NeedyTimer timer;
    std::array<std::uint16_t, NeedyTimer::kSchedule> shows{};  // the pattern of each wake
    std::uint8_t dial = 0;                                     // the direction it points
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);
  static std::optional<std::int64_t> next_event_at(const Rules& rules, const State& state, const Context& ctx);
  static Outcome tick(const Rules& rules, State& state, const Context& ctx);

  // The rule lookup hint and tick share: where the dial must point for the pattern shown.
  static std::optional<int> direction_for(const Rules& rules, const State& state);
  static std::uint16_t pattern_shown(const State& state);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<Action, 1> kActions = {{{Verb::Turn, 0}}};
  static std::string words(Action action);  // "turn dial" (a quarter turn clockwise)
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

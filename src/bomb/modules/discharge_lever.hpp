#pragma once
// Module 14, Discharge Lever (needy): a meter fills over 45 seconds; holding the lever drains it
// five times as fast. A full meter strikes (and empties). There are no generated rules: the
// manual only explains the lever, so the rule book has nothing to prove for it. The hint holds
// the lever once the meter is two-thirds full and lets go when it is empty.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct DischargeLever {
  static constexpr ModuleInfo kInfo{"discharge-lever", "Discharge Lever", ModuleKind::Needy, 0};
  static constexpr bool kHasRules = false;
  static constexpr std::int64_t kFullMs = 45'000;  // charge units: ms of filling
  static constexpr std::int64_t kDrainRate = 5;    // units drained per ms held
  static constexpr std::int64_t kHoldAt = 30'000;  // the hint holds from here
  static constexpr std::array<std::string_view, 0> kFilterReasons{};

  struct Rules {
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::int64_t charge = 0;    // 0 .. kFullMs
    std::int64_t as_of_ms = 0;  // the time `charge` was measured
    bool held = false;
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng&) { return {}; }
  static std::optional<std::string_view> dull(const Rules&) { return std::nullopt; }
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);
  static std::optional<std::int64_t> next_event_at(const Rules& rules, const State& state, const Context& ctx);
  static Outcome tick(const Rules& rules, State& state, const Context& ctx);

  // The meter at a time (the lookup hint and apply share), before any strike resets it.
  static std::int64_t charge_at(const State& state, std::int64_t now_ms);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<Action, 2> kActions = {{{Verb::Hold, 0}, {Verb::Release, 0}}};
  static std::string words(Action action);                  // "hold", "release" (the lever)
  static bool possible(const State& state, Action action);  // release only while held
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // What changes with time alone, at now_ms (module.hpp): "charge_percent" (the meter, 0..100) and "full_ms",
  // "drain_rate" for a page to run it on.
  static nlohmann::json live_json(const State& state, std::int64_t now_ms);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules&);
};

}  // namespace proven::bomb

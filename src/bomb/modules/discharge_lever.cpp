#include "bomb/modules/discharge_lever.hpp"

#include "core/json_read.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

DischargeLever::State DischargeLever::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  state.charge = rng.uniform(0, kHoldAt / 2);  // some charge already built up
  return state;
}

std::int64_t DischargeLever::charge_at(const State& state, std::int64_t now_ms) {
  const std::int64_t elapsed = now_ms - state.as_of_ms;
  if (state.held) return std::max<std::int64_t>(0, state.charge - elapsed * kDrainRate);
  return std::min(kFullMs, state.charge + elapsed);
}

Action DischargeLever::hint(const Rules&, const State& state, const Context& ctx) {
  const std::int64_t charge = charge_at(state, ctx.now_ms);
  if (!state.held && charge >= kHoldAt) return {Verb::Hold, 0};
  if (state.held && charge == 0) return {Verb::Release, 0};
  return Action::wait();
}

Outcome DischargeLever::apply(const Rules&, State& state, Action action, const Context& ctx) {
  const bool valid = (action.verb == Verb::Hold && !state.held) || (action.verb == Verb::Release && state.held);
  if (!valid) return Outcome::Strike;
  state.charge = charge_at(state, ctx.now_ms);
  state.as_of_ms = ctx.now_ms;
  state.held = action.verb == Verb::Hold;
  return Outcome::Ok;
}

std::optional<std::int64_t> DischargeLever::next_event_at(const Rules&, const State& state, const Context& ctx) {
  const std::int64_t charge = charge_at(state, ctx.now_ms);
  if (state.held) return ctx.now_ms + (charge + kDrainRate - 1) / kDrainRate;  // empty
  if (charge < kHoldAt) return ctx.now_ms + (kHoldAt - charge);                // time to hold
  return ctx.now_ms + (kFullMs - charge);                                      // full
}

Outcome DischargeLever::tick(const Rules&, State& state, const Context& ctx) {
  const std::int64_t charge = charge_at(state, ctx.now_ms);
  state.charge = charge;
  state.as_of_ms = ctx.now_ms;
  if (!state.held && charge >= kFullMs) {
    state.charge = 0;
    return Outcome::Strike;
  }
  return Outcome::Ok;
}

nlohmann::json DischargeLever::to_json(const Rules&) { return nlohmann::json::object(); }

std::string DischargeLever::show(const State& state) {
  return fmt::format("meter {}%{}", state.charge * 100 / kFullMs, state.held ? ", lever held" : "");
}

nlohmann::json DischargeLever::live_json(const State& state, std::int64_t now_ms) {
  const std::int64_t charge = charge_at(state, now_ms);
  return {{"charge_ms", charge},
          {"meter_percent", charge * 100 / kFullMs},
          {"full_ms", kFullMs},
          {"drain_rate", kDrainRate}};
}

nlohmann::json DischargeLever::state_json(const State& state) {
  nlohmann::json j;
  j["meter_percent"] = state.charge * 100 / kFullMs;
  j["held"] = state.held;
  return j;
}

DischargeLever::Rules DischargeLever::from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object() || !j.empty()) json_read::fail(where, "Discharge Lever has no rules: expected {}");
  return {};
}

Blocks DischargeLever::manual_page(const Rules&) {
  return {Paragraph{
      {"A needy module: its meter fills over 45 seconds and strikes when full. Hold the lever to drain it "
       "(five times faster than it fills); let go when it is empty. This page is the same in every manual."}}};
}

std::string DischargeLever::words(Action action) { return action.verb == Verb::Hold ? "hold" : "release"; }
bool DischargeLever::possible(const State& state, Action action) {
  return state.held == (action.verb == Verb::Release);
}

}  // namespace proven::bomb

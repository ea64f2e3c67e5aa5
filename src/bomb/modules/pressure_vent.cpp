#include "bomb/modules/pressure_vent.hpp"

#include "core/json_read.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

PressureVent::Rules PressureVent::generate_rules(Rng& rng) {
  Rules rules;
  const auto prompts = rng.sample(kListed, kPool);
  for (std::size_t i = 0; i < kListed; ++i) {
    rules.prompts[i] = static_cast<std::uint8_t>(prompts[i]);
    rules.yes[i] = rng.chance(1, 2);
  }
  return rules;
}

std::optional<std::string_view> PressureVent::dull(const Rules& rules) {
  int yes = 0;
  for (bool y : rules.yes) yes += y ? 1 : 0;
  if (yes < 2 || kListed - yes < 2) return "fewer than two yes or two no answers";
  for (std::size_t a = 0; a < kListed; ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (rules.prompts[a] == rules.prompts[b]) return "a prompt is listed twice";
  return std::nullopt;
}

PressureVent::State PressureVent::deal(Rng& rng, const Edgework&, const Rules& rules) {
  State state;
  state.timer = NeedyTimer::draw(rng, kMinGapMs, kMaxGapMs);
  for (auto& ask : state.asks) {
    const std::uint64_t listed = rng.below<kListed>();
    ask = rules.prompts[listed];
  }
  return state;
}

std::uint8_t PressureVent::prompt_shown(const State& state) {
  return state.asks[static_cast<std::size_t>((state.timer.wakes + NeedyTimer::kSchedule - 1) % NeedyTimer::kSchedule)];
}

std::optional<bool> PressureVent::answer(const Rules& rules, const State& state) {
  if (!state.timer.active) return std::nullopt;
  const std::uint8_t shown = prompt_shown(state);
  std::optional<bool> found;
  for (std::size_t i = 0; i < kListed; ++i) {
    if (rules.prompts[i] != shown) continue;
    if (found) return std::nullopt;
    found = rules.yes[i];
  }
  return found;
}

Action PressureVent::hint(const Rules& rules, const State& state, const Context&) {
  const auto yes = answer(rules, state);
  if (!yes) return Action::wait();
  return {Verb::Answer, static_cast<std::int16_t>(*yes ? 1 : 0)};
}

Outcome PressureVent::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  const auto yes = answer(rules, state);
  if (!yes || action.verb != Verb::Answer || action.arg != (*yes ? 1 : 0)) return Outcome::Strike;
  state.timer.sleep(ctx.now_ms);
  return Outcome::Ok;
}

std::optional<std::int64_t> PressureVent::next_event_at(const Rules&, const State& state, const Context&) {
  return state.timer.due_ms;
}

Outcome PressureVent::tick(const Rules&, State& state, const Context& ctx) {
  if (ctx.now_ms < state.timer.due_ms) return Outcome::Ok;
  if (!state.timer.active) {
    state.timer.wake(ctx.now_ms, kWindowMs);
    return Outcome::Ok;
  }
  state.timer.sleep(ctx.now_ms);  // the countdown ran out unanswered
  return Outcome::Strike;
}

nlohmann::json PressureVent::to_json(const Rules& rules) {
  auto prompts = nlohmann::json::array();
  for (std::size_t i = 0; i < kListed; ++i)
    prompts.push_back({{"prompt", std::string(kPrompts[rules.prompts[i]])}, {"answer", rules.yes[i] ? "yes" : "no"}});
  return {{"prompts", prompts}};
}

std::string PressureVent::show(const State& state) {
  if (!state.timer.active) return "asleep";
  return fmt::format("asking \"{}\"", kPrompts[prompt_shown(state)]);
}

nlohmann::json PressureVent::live_json(const State& state, std::int64_t now_ms) {
  const auto left = state.timer.countdown_ms(now_ms);
  return {{"countdown_ms", left ? nlohmann::json(*left) : nlohmann::json(nullptr)}};
}

nlohmann::json PressureVent::state_json(const State& state) {
  // Asleep, the module shows nothing; the prompts of later wakes are never shown ahead.
  nlohmann::json j;
  j["asleep"] = !state.timer.active;
  j["prompt"] =
      state.timer.active ? nlohmann::json(std::string(kPrompts[prompt_shown(state)])) : nlohmann::json(nullptr);
  return j;
}

PressureVent::Rules PressureVent::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  static constexpr std::array<std::string_view, 2> kAnswers = {"no", "yes"};
  Rules rules;
  const auto& prompts = array(field(j, "prompts", where), kListed, kListed, at(where, "prompts"));
  for (std::size_t i = 0; i < kListed; ++i) {
    const std::string pw = at(at(where, "prompts"), i);
    rules.prompts[i] =
        static_cast<std::uint8_t>(name_index(field(prompts[i], "prompt", pw), kPrompts, at(pw, "prompt")));
    rules.yes[i] = name_index(field(prompts[i], "answer", pw), kAnswers, at(pw, "answer")) == 1;
  }
  return rules;
}

Blocks PressureVent::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"A needy module: it wakes now and then with a question and a 40-second countdown. Answer before the "
                 "countdown ends."}}};
  Table table{{"the display asks", "answer"}, {}};
  for (std::size_t i = 0; i < kListed; ++i)
    table.rows.push_back({Cell{{std::string(kPrompts[rules.prompts[i]])}}, Cell{{rules.yes[i] ? "yes" : "no"}}});
  page.push_back(std::move(table));
  return page;
}

std::string PressureVent::words(Action action) { return action.arg == 1 ? "answer yes" : "answer no"; }
bool PressureVent::possible(const State& state, Action) { return state.timer.active; }

}  // namespace proven::bomb

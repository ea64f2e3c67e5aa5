#include "bomb/modules/dial_alignment.hpp"

#include "core/json_read.hpp"

#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

DialAlignment::Rules DialAlignment::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& pattern : rules.patterns) {
    const std::uint64_t lights = rng.below(1U << kLights);
    pattern = static_cast<std::uint16_t>(lights);
  }
  // Every direction once, the rest at random, then shuffled.
  for (std::size_t i = 0; i < kPatterns; ++i) {
    if (i < 4) {
      rules.direction[i] = static_cast<std::uint8_t>(i);
    } else {
      const std::uint64_t d = rng.below(4);
      rules.direction[i] = static_cast<std::uint8_t>(d);
    }
  }
  rng.shuffle(rules.direction);
  return rules;
}

std::optional<std::string_view> DialAlignment::dull(const Rules& rules) {
  // Patterns that differ in fewer than two lights are too easy to mistake for each other.
  for (std::size_t a = 0; a < kPatterns; ++a)
    for (std::size_t b = 0; b < a; ++b)
      if (std::popcount(static_cast<unsigned>(rules.patterns[a] ^ rules.patterns[b])) < 2)
        return "two light patterns look the same";
  unsigned used = 0;
  for (auto d : rules.direction) used |= 1U << d;
  if (used != 15U) return "a direction is never used";
  return std::nullopt;
}

DialAlignment::State DialAlignment::deal(Rng& rng, const Edgework&, const Rules& rules) {
  State state;
  state.timer = NeedyTimer::draw(rng, kMinGapMs, kMaxGapMs);
  for (auto& show : state.shows) {
    const std::uint64_t listed = rng.below<kPatterns>();
    show = rules.patterns[listed];
  }
  const std::uint64_t dial = rng.below<4>();
  state.dial = static_cast<std::uint8_t>(dial);
  return state;
}

std::uint16_t DialAlignment::pattern_shown(const State& state) {
  return state.shows[static_cast<std::size_t>((state.timer.wakes + NeedyTimer::kSchedule - 1) % NeedyTimer::kSchedule)];
}

std::optional<int> DialAlignment::direction_for(const Rules& rules, const State& state) {
  if (!state.timer.active) return std::nullopt;
  const std::uint16_t shown = pattern_shown(state);
  std::optional<int> found;
  for (std::size_t i = 0; i < kPatterns; ++i) {
    if (rules.patterns[i] != shown) continue;
    if (found) return std::nullopt;  // listed twice: the manual does not say which
    found = rules.direction[i];
  }
  return found;
}

Action DialAlignment::hint(const Rules& rules, const State& state, const Context&) {
  const auto target = direction_for(rules, state);
  if (!target || state.dial == *target) return Action::wait();
  return {Verb::Turn, 0};
}

Outcome DialAlignment::apply(const Rules&, State& state, Action action, const Context&) {
  if (action.verb != Verb::Turn) return Outcome::Strike;
  state.dial = static_cast<std::uint8_t>((state.dial + 1) % 4);  // a quarter turn clockwise
  return Outcome::Ok;
}

std::optional<std::int64_t> DialAlignment::next_event_at(const Rules&, const State& state, const Context&) {
  return state.timer.due_ms;
}

Outcome DialAlignment::tick(const Rules& rules, State& state, const Context& ctx) {
  if (ctx.now_ms < state.timer.due_ms) return Outcome::Ok;
  if (!state.timer.active) {
    state.timer.wake(ctx.now_ms, kWindowMs);
    return Outcome::Ok;
  }
  const auto target = direction_for(rules, state);
  state.timer.sleep(ctx.now_ms);
  return target && *target == state.dial ? Outcome::Ok : Outcome::Strike;
}

nlohmann::json DialAlignment::to_json(const Rules& rules) {
  auto patterns = nlohmann::json::array();
  for (std::size_t i = 0; i < kPatterns; ++i) {
    auto rows = nlohmann::json::array();
    for (int r = 0; r < 2; ++r) {
      std::string row;
      for (int c = 0; c < 6; ++c) row += ((rules.patterns[i] >> (r * 6 + c)) & 1U) ? 'o' : '.';
      rows.push_back(row);
    }
    patterns.push_back({{"lights", rows}, {"direction", std::string(kDirectionNames[rules.direction[i]])}});
  }
  return {{"patterns", patterns}};
}

std::string DialAlignment::show(const State& state) {
  std::string text = "dial " + std::string(kDirectionNames[state.dial]);
  if (!state.timer.active) return text + ", asleep";
  const std::uint16_t lights = pattern_shown(state);
  text += ", lights ";
  for (int i = 0; i < kLights; ++i) {
    if (i == 6) text += '/';
    text += ((lights >> i) & 1U) ? 'o' : '.';
  }
  return text;
}

nlohmann::json DialAlignment::live_json(const State& state, std::int64_t now_ms) {
  const auto left = state.timer.countdown_ms(now_ms);
  return {{"countdown_ms", left ? nlohmann::json(*left) : nlohmann::json(nullptr)}};
}

nlohmann::json DialAlignment::state_json(const State& state) {
  nlohmann::json j;
  j["dial"] = std::string(kDirectionNames[state.dial]);
  j["asleep"] = !state.timer.active;
  j["lights"] = nullptr;  // asleep, no light is on and no pattern is shown
  if (state.timer.active) {
    const std::uint16_t lights = pattern_shown(state);
    constexpr int kPerRow = kLights / 2;  // two rows, as the module and the manual draw them
    auto rows = nlohmann::json::array();
    for (int row = 0; row < 2; ++row) {
      auto on = nlohmann::json::array();
      for (int i = row * kPerRow; i < (row + 1) * kPerRow; ++i) on.push_back(((lights >> i) & 1U) != 0);
      rows.push_back(on);
    }
    j["lights"] = rows;
  }
  return j;
}

DialAlignment::Rules DialAlignment::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& patterns = array(field(j, "patterns", where), kPatterns, kPatterns, at(where, "patterns"));
  for (std::size_t i = 0; i < kPatterns; ++i) {
    const std::string pw = at(at(where, "patterns"), i);
    const auto& rows = array(field(patterns[i], "lights", pw), 2, 2, at(pw, "lights"));
    std::uint16_t lights = 0;
    for (std::size_t r = 0; r < 2; ++r) {
      const std::string row = text(rows[r], at(at(pw, "lights"), r));
      if (row.size() != 6 || row.find_first_not_of(".o") != std::string::npos)
        fail(at(at(pw, "lights"), r), "expected 6 lights, each o (on) or . (off)");
      for (std::size_t c = 0; c < 6; ++c)
        if (row[c] == 'o') lights = static_cast<std::uint16_t>(lights | (1U << (r * 6 + c)));
    }
    rules.patterns[i] = lights;
    rules.direction[i] = static_cast<std::uint8_t>(
        name_index(field(patterns[i], "direction", pw), kDirectionNames, at(pw, "direction")));
  }
  return rules;
}

Blocks DialAlignment::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"A needy module: it wakes now and then with two rows of six lights and a 30-second countdown. Turn "
                 "the dial to the direction for the pattern before the countdown ends (",
                 code("o"), " lit, ", code("."), " dark)."}}};
  Table table{{"lights", "turn the dial"}, {}};
  for (std::size_t i = 0; i < kPatterns; ++i) {
    std::string rows;
    for (int r = 0; r < 2; ++r) {
      if (r) rows += " / ";
      for (int c = 0; c < 6; ++c) rows += ((rules.patterns[i] >> (r * 6 + c)) & 1U) ? 'o' : '.';
    }
    table.rows.push_back({Cell{{code(rows)}, LightsPicture{rules.patterns[i], 2, 6}},
                          Cell{{std::string(kDirectionNames[rules.direction[i]])}, DialPicture{rules.direction[i]}}});
  }
  page.push_back(std::move(table));
  return page;
}

std::string DialAlignment::words(Action) { return "turn dial"; }

}  // namespace proven::bomb

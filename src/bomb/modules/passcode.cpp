#include "bomb/modules/passcode.hpp"

#include "bomb/json_read.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

bool on_wheel(const std::array<char, Passcode::kLetters>& wheel, char letter) {
  return std::find(wheel.begin(), wheel.end(), letter) != wheel.end();
}

}  // namespace

Passcode::Rules Passcode::generate_rules(Rng& rng) {
  auto picks = rng.sample(kListed, kPool);
  std::sort(picks.begin(), picks.end());
  Rules rules;
  for (std::size_t i = 0; i < kListed; ++i) rules.words[i] = static_cast<std::uint8_t>(picks[i]);
  return rules;
}

std::optional<std::string_view> Passcode::dull(const Rules&) { return std::nullopt; }

bool Passcode::can_spell(const State& state, std::string_view word) {
  for (std::size_t w = 0; w < kWheels; ++w)
    if (!on_wheel(state.wheels[w], word[w])) return false;
  return true;
}

namespace {

// Bit l set: letter 'A' + l is on the wheel. The lookup tests every listed word against these.
std::array<std::uint32_t, Passcode::kWheels> wheel_masks(const Passcode::State& state) {
  std::array<std::uint32_t, Passcode::kWheels> masks{};
  for (std::size_t w = 0; w < Passcode::kWheels; ++w)
    for (char c : state.wheels[w]) masks[w] |= 1U << (c - 'A');
  return masks;
}

bool spells(const std::array<std::uint32_t, Passcode::kWheels>& masks, std::string_view word) {
  for (std::size_t w = 0; w < Passcode::kWheels; ++w)
    if (!((masks[w] >> (word[w] - 'A')) & 1U)) return false;
  return true;
}

}  // namespace

Passcode::State Passcode::deal(Rng& rng, const Edgework&, const Rules& rules) {
  const std::uint64_t pick = rng.below(kListed);
  const std::string_view word = kWordPool[rules.words[pick]];
  State state;
  for (int attempt = 0; attempt < kDealAttempts; ++attempt) {
    for (std::size_t w = 0; w < kWheels; ++w) {
      // The answer's letter and five other distinct letters (a partial Fisher-Yates over the
      // other 25, without allocating), in a random order.
      std::array<char, 25> others{};
      std::size_t n = 0;
      for (char c : kAlphabet)
        if (c != word[w]) others[n++] = c;
      auto& wheel = state.wheels[w];
      wheel[0] = word[w];
      for (std::size_t i = 0; i + 1 < kLetters; ++i) {
        const std::uint64_t j = i + rng.below(others.size() - i);
        std::swap(others[i], others[j]);
        wheel[i + 1] = others[i];
      }
      rng.shuffle(wheel);
    }
    const auto masks = wheel_masks(state);
    int spellable = 0;
    for (auto index : rules.words) spellable += spells(masks, kWordPool[index]) ? 1 : 0;
    if (spellable == 1) break;  // otherwise draw again; after kDealAttempts the proof sees it
  }
  for (auto& shown : state.shown) shown = static_cast<std::uint8_t>(rng.below(kLetters));
  return state;
}

std::optional<std::string_view> Passcode::answer(const Rules& rules, const State& state) {
  const auto masks = wheel_masks(state);
  std::optional<std::string_view> found;
  for (auto index : rules.words) {
    if (!spells(masks, kWordPool[index])) continue;
    if (found) return std::nullopt;
    found = kWordPool[index];
  }
  return found;
}

Action Passcode::hint(const Rules& rules, const State& state, const Context&) {
  const auto word = answer(rules, state);
  if (!word) return Action::wait();
  for (std::size_t w = 0; w < kWheels; ++w)
    if (state.wheels[w][state.shown[w]] != (*word)[w]) return {Verb::Turn, static_cast<std::int16_t>(w)};
  return {Verb::Submit, 0};
}

Outcome Passcode::apply(const Rules& rules, State& state, Action action, const Context&) {
  if (action.verb == Verb::Turn && action.arg >= 0 && action.arg < kWheels) {
    auto& shown = state.shown[static_cast<std::size_t>(action.arg)];
    shown = static_cast<std::uint8_t>((shown + 1) % kLetters);
    return Outcome::Ok;
  }
  const auto word = answer(rules, state);
  if (!word || action.verb != Verb::Submit) return Outcome::Strike;
  for (std::size_t w = 0; w < kWheels; ++w)
    if (state.wheels[w][state.shown[w]] != (*word)[w]) return Outcome::Strike;
  return Outcome::Solved;
}

nlohmann::json Passcode::to_json(const Rules& rules) {
  auto words = nlohmann::json::array();
  for (auto index : rules.words) words.push_back(std::string(kWordPool[index]));
  return {{"words", words}};
}

std::string Passcode::show(const State& state) {
  std::string text = "wheels:";
  for (std::size_t w = 0; w < kWheels; ++w) {
    text += ' ';
    for (std::size_t i = 0; i < kLetters; ++i) {
      const bool shown = i == state.shown[w];
      if (shown) text += '[';
      text += state.wheels[w][i];
      if (shown) text += ']';
    }
  }
  return text;
}

nlohmann::json Passcode::state_json(const State& state) {
  auto wheels = nlohmann::json::array();
  for (std::size_t w = 0; w < kWheels; ++w) {
    nlohmann::json wheel;
    wheel["letters"] = std::string(state.wheels[w].begin(), state.wheels[w].end());
    wheel["shown_position"] = state.shown[w] + 1;
    wheel["shown_letter"] = std::string(1, state.wheels[w][state.shown[w]]);
    wheels.push_back(wheel);
  }
  return {{"wheels", wheels}};
}

Passcode::Rules Passcode::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& words = array(field(j, "words", where), kListed, kListed, at(where, "words"));
  for (std::size_t i = 0; i < kListed; ++i) rules.words[i] = static_cast<std::uint8_t>(name_index(words[i], kWordPool, at(at(where, "words"), i)));
  return rules;
}

Blocks Passcode::manual_page(const Rules& rules) {
  WordRows words;
  for (std::size_t i = 0; i < kListed; ++i) words.words.emplace_back(kWordPool[rules.words[i]]);
  return {Paragraph{{"Five wheels of letters. Exactly one word of this list can be spelled with the letters the wheels "
                     "hold; turn each wheel to its letter and press submit."}},
          std::move(words)};
}

}  // namespace proven::bomb

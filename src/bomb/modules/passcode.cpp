#include "bomb/modules/passcode.hpp"

#include "core/json_read.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// For each letter, the alphabet without it, in order: the deal's starting point for a wheel's
// other letters (built once, not per wheel of every proof sample).
constexpr std::array<std::array<char, 25>, 26> kOthers = [] {
  std::array<std::array<char, 25>, 26> all{};
  for (std::size_t skip = 0; skip < 26; ++skip) {
    std::size_t n = 0;
    for (std::size_t c = 0; c < 26; ++c)
      if (c != skip) all[skip][n++] = kAlphabet[c];
  }
  return all;
}();

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

// Every pool word's letters as alphabet indices, so the deal tests words without reading strings.
constexpr std::array<std::array<std::uint8_t, Passcode::kWheels>, Passcode::kPool> kPoolLetters = [] {
  std::array<std::array<std::uint8_t, Passcode::kWheels>, Passcode::kPool> all{};
  for (std::size_t i = 0; i < all.size(); ++i)
    for (std::size_t w = 0; w < Passcode::kWheels; ++w)
      all[i][w] = static_cast<std::uint8_t>(Passcode::kWordPool[i][w] - 'A');
  return all;
}();

// Whether the wheels (as wheel_masks) hold pool word `index`'s letters, branch-free.
bool spells(const std::array<std::uint32_t, Passcode::kWheels>& masks, std::size_t index) {
  const auto& letters = kPoolLetters[index];
  std::uint32_t all = 1;
  for (std::size_t w = 0; w < Passcode::kWheels; ++w) all &= masks[w] >> letters[w];
  return (all & 1U) != 0;
}

}  // namespace

Passcode::State Passcode::deal(Rng& rng, const Edgework&, const Rules& rules) {
  const std::uint64_t pick = rng.below<kListed>();
  const std::string_view word = kWordPool[rules.words[pick]];
  State state;
  for (int attempt = 0; attempt < kDealAttempts; ++attempt) {
    for (std::size_t w = 0; w < kWheels; ++w) {
      // The answer's letter and five other distinct letters (a partial Fisher-Yates over the
      // other 25, without allocating), in a random order.
      std::array<char, 25> others = kOthers[static_cast<std::size_t>(word[w] - 'A')];
      auto& wheel = state.wheels[w];
      wheel[0] = word[w];
      // The draws have constant divisors (below<N>, the same values as below(N)): the deal
      // makes ~50 draws per attempt, and a runtime 64-bit division costs more than the rest.
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (
            (void)[&] {
              const std::uint64_t j = I + rng.below<others.size() - I>();
              std::swap(others[I], others[j]);
              wheel[I + 1] = others[I];
            }(),
            ...);
      }
      (std::make_index_sequence<kLetters - 1>{});
      // rng.shuffle(wheel), unrolled: for i = 6 .. 2, swap wheel[i - 1] with wheel[below(i)].
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (
            (void)[&] {
              constexpr std::size_t i = kLetters - I;
              const std::uint64_t j = rng.below<i>();
              std::swap(wheel[i - 1], wheel[j]);
            }(),
            ...);
      }
      (std::make_index_sequence<kLetters - 1>{});
    }
    const auto masks = wheel_masks(state);
    int spellable = 0;
    for (auto index : rules.words) spellable += spells(masks, index) ? 1 : 0;
    if (spellable == 1) break;  // otherwise draw again; after kDealAttempts the proof sees it
  }
  for (auto& shown : state.shown) shown = static_cast<std::uint8_t>(rng.below<kLetters>());
  return state;
}

Passcode::Lookup Passcode::prepare(const Rules& rules) {
  Lookup lookup;
  lookup.rules = rules;
  for (std::size_t i = 0; i < kListed; ++i) {
    const std::string_view word = kWordPool[rules.words[i]];
    for (std::size_t w = 0; w < kWheels; ++w) lookup.words_with[w][static_cast<unsigned char>(word[w])] |= 1U << i;
  }
  return lookup;
}

namespace {

// The lookup itself, as hint and apply ask it: the answer's index in rules.words, or -1 when
// none or several listed words can be spelled. An int, not an optional (no stall on return).
int answer_code(const Passcode::Lookup& lookup, const Passcode::State& state) {
  std::uint32_t spellable = (1U << Passcode::kListed) - 1;
  for (std::size_t w = 0; w < Passcode::kWheels; ++w) {
    std::uint32_t on_this_wheel = 0;
    for (char c : state.wheels[w]) on_this_wheel |= lookup.words_with[w][static_cast<unsigned char>(c)];
    spellable &= on_this_wheel;
  }
  // Exactly one bit, tested without std::popcount (a library call on baseline x86-64).
  const bool one = spellable != 0 && (spellable & (spellable - 1)) == 0;
  return one ? std::countr_zero(spellable) : -1;
}

}  // namespace

std::optional<std::string_view> Passcode::answer(const Lookup& lookup, const State& state) {
  const int index = answer_code(lookup, state);
  if (index < 0) return std::nullopt;
  return kWordPool[lookup.rules.words[static_cast<std::size_t>(index)]];
}

std::optional<std::string_view> Passcode::answer(const Rules& rules, const State& state) {
  return answer(prepare(rules), state);
}

Action Passcode::hint(const Rules& rules, const State& state, const Context& ctx) {
  return hint(prepare(rules), state, ctx);
}

Outcome Passcode::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  return apply(prepare(rules), state, action, ctx);
}

Action Passcode::hint(const Lookup& lookup, const State& state, const Context&) {
  const int index = answer_code(lookup, state);
  if (index < 0) return Action::wait();
  const std::string_view word = kWordPool[lookup.rules.words[static_cast<std::size_t>(index)]];
  for (std::size_t w = 0; w < kWheels; ++w)
    if (state.wheels[w][state.shown[w]] != word[w]) return {Verb::Turn, static_cast<std::int16_t>(w)};
  return {Verb::Submit, 0};
}

Outcome Passcode::apply(const Lookup& lookup, State& state, Action action, const Context&) {
  if (action.verb == Verb::Turn && action.arg >= 0 && action.arg < kWheels) {
    auto& shown = state.shown[static_cast<std::size_t>(action.arg)];
    shown = static_cast<std::uint8_t>((shown + 1) % kLetters);
    return Outcome::Ok;
  }
  const int index = answer_code(lookup, state);
  if (index < 0 || action.verb != Verb::Submit) return Outcome::Strike;
  const std::string_view word = kWordPool[lookup.rules.words[static_cast<std::size_t>(index)]];
  for (std::size_t w = 0; w < kWheels; ++w)
    if (state.wheels[w][state.shown[w]] != word[w]) return Outcome::Strike;
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
  for (std::size_t i = 0; i < kListed; ++i)
    rules.words[i] = static_cast<std::uint8_t>(name_index(words[i], kWordPool, at(at(where, "words"), i)));
  return rules;
}

Blocks Passcode::manual_page(const Rules& rules) {
  WordRows words;
  for (std::size_t i = 0; i < kListed; ++i) words.words.emplace_back(kWordPool[rules.words[i]]);
  return {Paragraph{{"Five wheels of letters. Exactly one word of this list can be spelled with the letters the wheels "
                     "hold; turn each wheel to its letter and press submit."}},
          std::move(words)};
}

std::string Passcode::words(Action action) {
  return action.verb == Verb::Submit ? std::string("submit") : numbered_words("turn wheel", action);
}

}  // namespace proven::bomb

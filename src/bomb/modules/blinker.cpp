#include "bomb/modules/blinker.hpp"

#include "core/check.hpp"
#include "core/json_read.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

// All 30 patterns of 1-4 flashes, shortest first.
constexpr std::array<Blinker::Pattern, 30> all_patterns() {
  std::array<Blinker::Pattern, 30> out{};
  std::size_t n = 0;
  for (std::uint8_t length = 1; length <= 4; ++length)
    for (unsigned longs = 0; longs < (1U << length); ++longs) out[n++] = {length, static_cast<std::uint8_t>(longs)};
  return out;
}
constexpr auto kPatterns = all_patterns();

}  // namespace

Blinker::Rules Blinker::generate_rules(Rng& rng) {
  Rules rules;
  const auto patterns = rng.sample(kLetters, kPatterns.size());
  for (std::size_t l = 0; l < kLetters; ++l) rules.code[l] = kPatterns[patterns[l]];
  const auto words = rng.sample(kWords, kPool);
  for (std::size_t w = 0; w < kWords; ++w) rules.words[w] = static_cast<std::uint8_t>(words[w]);
  for (std::size_t w = 0; w < kWords; ++w) rules.frequency[w] = static_cast<std::uint8_t>(w);
  rng.shuffle(rules.frequency);
  return rules;
}

std::optional<std::string_view> Blinker::dull(const Rules&) { return std::nullopt; }

Blinker::State Blinker::deal(Rng& rng, const Edgework&, const Rules& rules) {
  const std::uint64_t pick = rng.below<kWords>();
  const std::string_view word = kWordPool[rules.words[pick]];
  State state;
  state.length = static_cast<std::uint8_t>(word.size());
  for (std::size_t i = 0; i < word.size() && i < state.signal.size(); ++i)
    state.signal[i] = rules.code[static_cast<std::size_t>(word[i] - 'A')];
  const std::uint64_t dial = rng.below<kWords>();
  state.dial = static_cast<std::uint8_t>(dial);
  return state;
}

namespace {

// A pattern as one number, to compare a blinked letter with all 26 codes in one branch-free loop.
unsigned pattern_key(const Blinker::Pattern& p) { return static_cast<unsigned>(p.length) << 8 | p.longs; }

// The lookup itself, as hint and apply ask it: the dial stop, or -1 when a letter blinks like no
// code or like two, or the word is not listed. An int, not an optional (GCC 12 returns an
// optional<int> through a store-forwarding stall).
int stop_code(const Blinker::Rules& rules, const Blinker::State& state) {
  char decoded[Blinker::kMaxWordLength] = {};
  for (std::size_t i = 0; i < state.length; ++i) {
    const unsigned key = pattern_key(state.signal[i]);
    int matches = 0;
    int letter = -1;
    for (int l = 0; l < Blinker::kLetters; ++l) {
      const bool same = pattern_key(rules.code[static_cast<std::size_t>(l)]) == key;
      matches += same ? 1 : 0;
      letter = same ? l : letter;
    }
    if (matches != 1) return -1;  // no letter, or two letters blink alike
    decoded[i] = static_cast<char>('A' + letter);
  }
  const std::string_view word(decoded, state.length);
  for (std::size_t w = 0; w < Blinker::kWords; ++w)
    if (Blinker::kWordPool[rules.words[w]] == word) return rules.frequency[w];
  return -1;
}

}  // namespace

std::optional<int> Blinker::stop_to_transmit(const Rules& rules, const State& state) {
  return code_to_optional(stop_code(rules, state));
}

namespace {

// A word as one number: its length in bits 0-3, letter i + 1 in the 5 bits from 4 + 5i. The
// listed words are packed with pack(), a decoded signal letter by letter with packed_letter().
std::uint64_t packed_letter(std::size_t i, int letter) { return static_cast<std::uint64_t>(letter + 1) << (4 + 5 * i); }

std::uint64_t pack(std::string_view word) {
  std::uint64_t packed = word.size();
  for (std::size_t i = 0; i < word.size(); ++i) packed |= packed_letter(i, word[i] - 'A');
  return packed;
}

// The prepared lookup, as stop_code above: the dial stop, or -1.
int stop_code(const Blinker::Lookup& lookup, const Blinker::State& state) {
  std::uint64_t packed = state.length;
  for (std::size_t i = 0; i < state.length; ++i) {
    const int index = Blinker::pattern_index(state.signal[i]);
    const int letter = index < 0 ? Blinker::Lookup::kNoLetter : lookup.letter_of[static_cast<std::size_t>(index)];
    if (letter < 0) return -1;  // no letter, or two letters blink alike
    packed |= packed_letter(i, letter);
  }
  for (std::size_t w = 0; w < Blinker::kWords; ++w)
    if (lookup.packed_words[w] == packed) return lookup.frequency[w];
  return -1;
}

}  // namespace

Blinker::Lookup Blinker::prepare(const Rules& rules) {
  Lookup lookup;
  lookup.letter_of.fill(Lookup::kNoLetter);
  for (int l = 0; l < kLetters; ++l) {
    const int index = pattern_index(rules.code[static_cast<std::size_t>(l)]);
    // Codes are 1-4 flashes (the generator draws them so, and from_json checks): a code outside
    // that could only match a signal outside it, which pattern_index reads as no letter.
    PROVEN_CHECK(index >= 0, "Blinker code for a letter is not 1-4 flashes");
    auto& letter = lookup.letter_of[static_cast<std::size_t>(index)];
    letter = letter == Lookup::kNoLetter ? static_cast<std::int8_t>(l) : Lookup::kTwoLetters;
  }
  for (std::size_t w = 0; w < kWords; ++w) lookup.packed_words[w] = pack(kWordPool[rules.words[w]]);
  lookup.frequency = rules.frequency;
  return lookup;
}

std::optional<int> Blinker::stop_to_transmit(const Lookup& lookup, const State& state) {
  return code_to_optional(stop_code(lookup, state));
}

Action Blinker::hint(const Rules& rules, const State& state, const Context& ctx) {
  return hint(prepare(rules), state, ctx);
}

Outcome Blinker::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  return apply(prepare(rules), state, action, ctx);
}

Action Blinker::hint(const Lookup& lookup, const State& state, const Context&) {
  const int stop = stop_code(lookup, state);
  if (stop < 0) return Action::wait();
  if (state.dial < stop) return {Verb::Turn, 1};
  if (state.dial > stop) return {Verb::Turn, -1};
  return {Verb::Submit, 0};
}

Outcome Blinker::apply(const Lookup& lookup, State& state, Action action, const Context&) {
  if (action.verb == Verb::Turn && (action.arg == 1 || action.arg == -1)) {
    const int dial = state.dial + action.arg;
    if (dial >= 0 && dial < kWords) state.dial = static_cast<std::uint8_t>(dial);
    return Outcome::Ok;
  }
  const int stop = stop_code(lookup, state);
  if (stop < 0 || action.verb != Verb::Submit || state.dial != stop) return Outcome::Strike;
  return Outcome::Solved;
}

nlohmann::json Blinker::to_json(const Rules& rules) {
  nlohmann::json code = nlohmann::json::object();
  for (int l = 0; l < kLetters; ++l) {
    const Pattern& p = rules.code[static_cast<std::size_t>(l)];
    std::string flashes;
    for (int i = 0; i < p.length; ++i) flashes += ((p.longs >> i) & 1U) ? '-' : '.';
    code[std::string(1, static_cast<char>('A' + l))] = flashes;
  }
  auto words = nlohmann::json::array();
  for (std::size_t w = 0; w < kWords; ++w)
    words.push_back({{"word", std::string(kWordPool[rules.words[w]])}, {"khz", frequency_khz(rules.frequency[w])}});
  return {{"code", code}, {"words", words}};
}

std::string Blinker::show(const State& state) {
  std::string text = "blinking";
  for (std::size_t i = 0; i < state.length; ++i) {
    text += ' ';
    for (int f = 0; f < state.signal[i].length; ++f) text += ((state.signal[i].longs >> f) & 1U) ? '-' : '.';
  }
  return text + ", dial at " + frequency_text(state.dial);
}

std::string Blinker::frequency_text(int stop) {
  return fmt::format("{}.{:03} MHz", frequency_khz(stop) / 1000, frequency_khz(stop) % 1000);
}

nlohmann::json Blinker::state_json(const State& state) {
  auto blinking = nlohmann::json::array();
  for (std::size_t i = 0; i < state.length; ++i) {
    std::string letter;
    for (int f = 0; f < state.signal[i].length; ++f) letter += ((state.signal[i].longs >> f) & 1U) ? '-' : '.';
    blinking.push_back(letter);
  }
  nlohmann::json j;
  j["blinking"] = blinking;
  j["dial_khz"] = frequency_khz(state.dial);
  return j;
}

Blinker::Rules Blinker::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& code = field(j, "code", where);
  for (int l = 0; l < kLetters; ++l) {
    const std::string letter(1, static_cast<char>('A' + l));
    const std::string lw = at(at(where, "code"), letter);
    const std::string flashes = text(field(code, letter, at(where, "code")), lw);
    if (flashes.empty() || flashes.size() > 4 || flashes.find_first_not_of(".-") != std::string::npos)
      fail(lw, "expected 1 to 4 flashes, each . (short) or - (long)");
    Pattern& p = rules.code[static_cast<std::size_t>(l)];
    p.length = static_cast<std::uint8_t>(flashes.size());
    for (std::size_t f = 0; f < flashes.size(); ++f)
      if (flashes[f] == '-') p.longs = static_cast<std::uint8_t>(p.longs | (1U << f));
  }
  const auto& words = array(field(j, "words", where), kWords, kWords, at(where, "words"));
  for (std::size_t w = 0; w < kWords; ++w) {
    const std::string ww = at(at(where, "words"), w);
    rules.words[w] = static_cast<std::uint8_t>(name_index(field(words[w], "word", ww), kWordPool, at(ww, "word")));
    const int khz = integer(field(words[w], "khz", ww), frequency_khz(0), frequency_khz(kWords - 1), at(ww, "khz"));
    if ((khz - frequency_khz(0)) % 6 != 0) fail(at(ww, "khz"), "not a dial stop (3510 + 6k kHz)");
    rules.frequency[w] = static_cast<std::uint8_t>((khz - frequency_khz(0)) / 6);
  }
  return rules;
}

Blocks Blinker::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"The light blinks a word over and over, letter by letter, with a longer pause between letters and a "
                 "long pause before the word starts again. Decode it with the code (",
                 code("."), " short flash, ", code("-"),
                 " long flash), find the word, tune the dial to its frequency and submit."}}};
  Table letters{{"letter", "code"}, {}};
  for (std::size_t l = 0; l < kLetters; ++l) {
    std::string flashes;
    for (int f = 0; f < rules.code[l].length; ++f) flashes += ((rules.code[l].longs >> f) & 1U) ? '-' : '.';
    letters.rows.push_back({Cell{{std::string(1, static_cast<char>('A' + l))}},
                            Cell{{code(flashes)}, FlashesPicture{rules.code[l].length, rules.code[l].longs}}});
  }
  page.push_back(std::move(letters));
  Table words{{"word", "frequency"}, {}};
  for (std::size_t w = 0; w < kWords; ++w)
    words.rows.push_back({Cell{{std::string(kWordPool[rules.words[w]])}}, Cell{{frequency_text(rules.frequency[w])}}});
  page.push_back(std::move(words));
  return page;
}

std::string Blinker::words(Action action) {
  if (action.verb == Verb::Submit) return "submit";
  return action.arg > 0 ? "turn dial up" : "turn dial down";
}

}  // namespace proven::bomb

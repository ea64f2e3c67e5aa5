#pragma once
// Module 9, Blinker: a light blinks a word, letter by letter, in a code of short and long
// flashes; tune the transmitter to the word's frequency and transmit.
//
// Rules: a code table letter -> pattern (1-4 flashes, every letter its own pattern) and 16 words
// with their frequencies. The module blinks its word in the manual's code; the lookup decodes the
// blinks through the table (a pattern shared by two letters, or not in the table, decodes to
// nothing), finds the word in the list and its frequency. Turning the dial never strikes;
// transmitting on any other frequency does.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct Blinker {
  static constexpr ModuleInfo kInfo{"blinker", "Blinker", ModuleKind::Regular, 200};
  static constexpr int kLetters = 26;
  static constexpr int kWords = 16;
  static constexpr int kPool = 24;
  static constexpr int kMaxWordLength = 8;
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  static constexpr std::array<std::string_view, kPool> kWordPool = {
      "WHISK",    "KNIFE",  "GRATER", "SIEVE",  "TONGS",  "PANTRY",  "OVEN",    "SKILLET",
      "MORTAR",   "PESTLE", "FUNNEL", "CARAFE", "KETTLE", "SPATULA", "TUREEN",  "WOK",
      "COLANDER", "MIXER",  "TIMER",  "APRON",  "BASTER", "PEELER",  "RAMEKIN", "SKEWER"};
  // Transmit frequencies in kHz (3.510 MHz .. 3.600 MHz, 6 kHz apart), the dial's 16 stops.
  static constexpr int frequency_khz(int stop) { return 3510 + 6 * stop; }
  // "3.516 MHz": how the manual and the bomb's face both write a stop's frequency.
  static std::string frequency_text(int stop);

  struct Pattern {
    std::uint8_t length = 1;  // flashes, 1-4
    std::uint8_t longs = 0;   // bit i: flash i is long
    bool operator==(const Pattern&) const = default;
  };
  struct Rules {
    std::array<Pattern, kLetters> code{};
    std::array<std::uint8_t, kWords> words{};      // indices into kWordPool
    std::array<std::uint8_t, kWords> frequency{};  // the dial stop each word transmits on
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::uint8_t length = 0;                       // letters blinked
    std::array<Pattern, kMaxWordLength> signal{};  // what the light blinks, letter by letter
    std::uint8_t dial = 0;                         // the stop the dial is on
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup, by its definition: the dial stop to transmit on.
  static std::optional<int> stop_to_transmit(const Rules& rules, const State& state);
  // The same lookup prepared once per rule set, which hint and apply read (the proof asks it at
  // every look): each of the 30 patterns' letter, and each listed word packed into one number.
  struct Lookup {
    static constexpr std::int8_t kNoLetter = -1;
    static constexpr std::int8_t kTwoLetters = -2;
    std::array<std::int8_t, 30> letter_of{};           // by pattern_index
    std::array<std::uint64_t, kWords> packed_words{};  // pack(word), in list order
    std::array<std::uint8_t, kWords> frequency{};
  };
  static Lookup prepare(const Rules& rules);
  static std::optional<int> stop_to_transmit(const Lookup& lookup, const State& state);
  static Action hint(const Lookup& lookup, const State& state, const Context& ctx);
  static Outcome apply(const Lookup& lookup, State& state, Action action, const Context& ctx);
  // 0..29 for a pattern of 1-4 flashes (shortest first), -1 for anything else.
  static constexpr int pattern_index(const Pattern& p) {
    return p.length >= 1 && p.length <= 4 && p.longs < (1U << p.length) ? (1 << p.length) - 2 + p.longs : -1;
  }
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<Action, 3> kActions = {{{Verb::Turn, 1}, {Verb::Turn, -1}, {Verb::Submit, 0}}};
  static std::string words(Action action);  // "turn dial up", "turn dial down" (one stop), "submit"
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);
};

}  // namespace proven::bomb

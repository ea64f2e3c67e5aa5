#pragma once
// Module 8, Passcode: five letter wheels, six letters each. Exactly one word of the manual's list
// can be spelled across the wheels; turn each wheel to its letter and submit.
//
// Rules: 30 words sampled from a pool of 60 five-letter words (a dull draw is unlikely that way;
// there is no filter). The lookup finds the listed words the wheels can spell: exactly one is the
// answer; none or several leave no correct action. Turning a wheel never strikes; submitting
// anything but the answer does.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct Passcode {
  static constexpr ModuleInfo kInfo{"passcode", "Passcode", ModuleKind::Regular, 1000};
  static constexpr int kPool = 60;
  static constexpr int kListed = 30;
  static constexpr int kWheels = 5;
  static constexpr int kLetters = 6;
  static constexpr int kDealAttempts = 50;  // redraws of the wheels until one word fits alone
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  static constexpr std::array<std::string_view, kPool> kWordPool = {
      "APRON", "BACON", "BAGEL", "BASIL", "BERRY", "BREAD", "BROTH", "CANDY", "CHARD", "CHILI", "CIDER", "CLOVE",
      "COCOA", "CREAM", "CREPE", "CUMIN", "CURRY", "DATES", "DOUGH", "FEAST", "FUDGE", "GRAPE", "GRAVY", "GUAVA",
      "HONEY", "JELLY", "JUICE", "KEBAB", "LADLE", "LEMON", "MANGO", "MAPLE", "MELON", "MINCE", "OLIVE", "ONION",
      "PASTA", "PEACH", "PECAN", "PESTO", "PIZZA", "PLUMS", "QUAIL", "RAMEN", "SALAD", "SALSA", "SAUCE", "SCONE",
      "SPICE", "STEAK", "STOCK", "SUGAR", "SUSHI", "SYRUP", "TACOS", "THYME", "TOAST", "TORTE", "WAFER", "YEAST"};

  struct Rules {
    std::array<std::uint8_t, kListed> words{};  // indices into kWordPool, in pool (alphabetical) order
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::array<std::array<char, kLetters>, kWheels> wheels{};
    std::array<std::uint8_t, kWheels> shown{};  // the letter each wheel shows
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the one listed word the wheels can spell.
  static std::optional<std::string_view> answer(const Rules& rules, const State& state);
  // Prepared once per rule set (a play asks the lookup ~15 times): for each wheel and letter,
  // the listed words (bit i: rules.words[i]) with that letter in that place. The words a
  // state can spell are then an AND over the wheels of ORs over their letters.
  struct Lookup {
    Rules rules;
    // [wheel][character]: bit i set when listed word i has that letter there. Indexed by any byte
    // (0 for all but 'A'-'Z'), so the lookup needs no range test.
    std::array<std::array<std::uint32_t, 256>, kWheels> words_with{};
  };
  static Lookup prepare(const Rules& rules);
  static std::optional<std::string_view> answer(const Lookup& lookup, const State& state);
  static Action hint(const Lookup& lookup, const State& state, const Context& ctx);
  static Outcome apply(const Lookup& lookup, State& state, Action action, const Context& ctx);
  static bool can_spell(const State& state, std::string_view word);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions =
      join_actions(numbered_actions<kWheels>(Verb::Turn), std::array<Action, 1>{{{Verb::Submit, 0}}});
  static std::string words(Action action);  // "turn wheel 3" (one letter on), "submit"
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

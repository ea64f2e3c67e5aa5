#pragma once
// Module 5, Word Grid: a display word and six word buttons in two columns and three rows (top
// left, top right, middle left, ...); three rounds.
//
// Rules: for every display word, the button position to read (0-5, row by row). For every button
// word, a priority list of button words. Read the button at the display's position; in that word's
// list, the first word that is on some button is the one to press. Each correct press starts the
// next round; the third solves the module.
//
// A list holds only words some round can reach: it ends at the button's own word (always on a
// button, so nothing after it is ever read), and at most at its seventh word (six words are
// missing from the buttons, so one of any seven is there). The filter holds read documents to it.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct WordGrid {
  static constexpr ModuleInfo kInfo{"word-grid", "Word Grid", ModuleKind::Regular, 1000};
  static constexpr int kDisplayWords = 12;
  static constexpr int kButtonWords = 12;
  static constexpr int kButtons = 6;
  static constexpr int kRounds = 3;
  static constexpr int kListLength = kButtonWords - kButtons + 1;  // the most words a list can use
  static constexpr std::array<std::string_view, kDisplayWords> kDisplayNames = {
      "SALT", "PEPPER", "SAUCE", "SOUP", "STEW", "TOAST", "CRUMB", "BROTH", "SPOON", "FORK", "PLATE", "BOWL"};
  static constexpr std::array<std::string_view, kButtonWords> kButtonNames = {
      "SIMMER", "SEAR", "STIR", "WHISK", "BAKE", "BOIL", "FRY", "POACH", "ROAST", "GRILL", "STEAM", "SAUTE"};
  static constexpr std::array<std::string_view, 3> kFilterReasons = {
      "some button position is never read", "a list word can never be reached", "a list can run out"};

  struct Rules {
    std::array<std::uint8_t, kDisplayWords> position{};                          // display word -> button to read
    std::array<std::array<std::uint8_t, kListLength>, kButtonWords> priority{};  // button word -> list
    std::array<std::uint8_t, kButtonWords> length{};                             // of each list, 1..7
    bool operator==(const Rules&) const = default;
  };
  struct Round {
    std::uint8_t display = 0;
    std::array<std::uint8_t, kButtons> buttons{};  // distinct button words
    bool operator==(const Round&) const = default;
  };
  struct State {
    std::array<Round, kRounds> rounds{};
    std::uint8_t round = 0;
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the button to press this round.
  static std::optional<int> button_to_press(const Rules& rules, const State& state);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::size_t kRows = 3;  // of two buttons: left, right
  static constexpr std::array<std::string_view, kRows> kRowNames = {"top", "middle", "bottom"};
  static constexpr std::array<std::string_view, kButtons> kPositionNames = {
      "top left", "top right", "middle left", "middle right", "bottom left", "bottom right"};
  static constexpr auto kActions = numbered_actions<kButtons>(Verb::Press);
  static std::string words(Action action);  // "press top left"
  // What the Defuser sees: the round and display on one line, then the buttons as they sit.
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

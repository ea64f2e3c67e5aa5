#pragma once
// Module 11, Wire Panels: four panels shown one at a time, each with 1-3 wires running from a
// numbered post (1-3) to a letter (A-C). Cut the wires that must be cut, then move on to the next
// panel; moving on from the last panel solves. Cutting a wire that must stay strikes, and so does
// moving on while a wire that must be cut is still whole.
//
// Rules: for each colour (red, blue, black) and each occurrence of that colour so far on the
// module (1st-9th, counting every wire shown, cut or not), the end letters that mean "cut".
// A module never shows a colour more than nine times.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct WirePanels {
  static constexpr ModuleInfo kInfo{"wire-panels", "Wire Panels", ModuleKind::Regular, 200};
  static constexpr int kColours = 3;
  static constexpr std::array<std::string_view, kColours> kColourNames = {"red", "blue", "black"};
  static constexpr int kOccurrences = 9;
  static constexpr int kPanels = 4;
  static constexpr int kPosts = 3;
  static constexpr std::array<std::string_view, 0> kFilterReasons{};

  struct Rules {
    // [colour][occurrence - 1]: bit l set means a wire ending at letter 'A' + l is cut.
    std::array<std::array<std::uint8_t, kOccurrences>, kColours> cut_letters{};
    bool operator==(const Rules&) const = default;
  };
  struct Wire {
    std::uint8_t colour = 0;
    std::uint8_t letter = 0;  // 0 A, 1 B, 2 C
    bool operator==(const Wire&) const = default;
  };
  struct Panel {
    std::uint8_t present = 0;          // bit p: post p has a wire
    std::array<Wire, kPosts> wires{};  // by post
    bool operator==(const Panel&) const = default;
  };
  struct State {
    std::array<Panel, kPanels> panels{};
    std::uint8_t panel = 0;  // the panel shown
    std::uint8_t cut = 0;    // bit p: the wire at post p of the shown panel is cut
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: which posts of the shown panel must be cut (none
  // when a colour has occurred more often than the manual lists).
  static std::optional<std::uint8_t> posts_to_cut(const Rules& rules, const State& state);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions =
      join_actions(numbered_actions<kPosts>(Verb::Cut), std::array<Action, 1>{{{Verb::Submit, 0}}});
  static std::string words(Action action);                  // "cut wire 2" (the wire from post 2), "next panel"
  static bool possible(const State& state, Action action);  // a wire on the panel, not yet cut
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

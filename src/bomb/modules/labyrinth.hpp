#pragma once
// Module 7, Labyrinth: a 6 x 6 grid with a light (the Defuser's position), a goal, and two
// marker rings; the walls are invisible. Move one cell at a time; walking into a wall strikes;
// reaching the goal solves.
//
// Rules: 9 perfect mazes (exactly one path between any two cells), each identified by its two
// marker cells; all 18 marker cells are distinct. The lookup finds the maze whose markers are the
// ones on the module, then the shortest way from the light to the goal; the hint is its first
// step. Cells are numbered y * 6 + x, (0, 0) at the top left.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct Labyrinth {
  static constexpr ModuleInfo kInfo{"labyrinth", "Labyrinth", ModuleKind::Regular, 1000};
  static constexpr int kSize = 6;
  static constexpr int kCells = kSize * kSize;
  static constexpr int kMazes = 9;
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  // Direction d: 0 up, 1 right, 2 down, 3 left (as Verb::Move's argument). Bit d of a cell's
  // `open` byte: there is no wall on that side.
  static constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
  static constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};

  struct Maze {
    std::array<std::uint8_t, kCells> open{};
    std::array<std::uint8_t, 2> markers{};
    bool operator==(const Maze&) const = default;
  };
  struct Rules {
    std::array<Maze, kMazes> mazes{};
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::array<std::uint8_t, 2> markers{};  // what the module shows; which maze it is follows from them
    std::uint8_t light = 0;
    std::uint8_t goal = 1;
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the maze the markers identify (none if no maze or two
  // mazes have them).
  static const Maze* maze_for(const Rules& rules, const State& state);
  // Prepared once per rule set, as the proof plays ~10,000 moves: the rules (for the walls) and,
  // for every maze, goal and cell, first_step's answer (kNoStep: none), from a bit-set search.
  static constexpr std::uint8_t kNoStep = 0xFF;
  struct Lookup {
    Rules rules;
    std::array<std::array<std::array<std::uint8_t, kCells>, kCells>, kMazes> first_steps{};  // [maze][goal][from]
  };
  static Lookup prepare(const Rules& rules);
  // The maze the markers identify, as an index (maze_for's answer).
  static std::optional<int> maze_index(const Rules& rules, const State& state);
  static Action hint(const Lookup& lookup, const State& state, const Context& ctx);
  static Outcome apply(const Lookup& lookup, State& state, Action action, const Context& ctx);
  // The first step of a shortest path from `from` to `to`, or none when no path exists.
  static std::optional<int> first_step(const Maze& maze, int from, int to);
  // Neighbour of a cell in a direction through an open side, or -1.
  static int step(const Maze& maze, int cell, int direction);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr std::array<std::string_view, 4> kDirectionNames = {"up", "right", "down", "left"};
  static constexpr auto kActions = numbered_actions<4>(Verb::Move);
  static std::string words(Action action);  // "move up"
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

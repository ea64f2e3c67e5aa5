#include "bomb/modules/labyrinth.hpp"

#include <optional>

#include "core/json_read.hpp"

#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

// A cell as every text and file says it: column and row, from 1 at the top left.
nlohmann::json cell_json(int c) {
  return nlohmann::json{{"column", c % Labyrinth::kSize + 1}, {"row", c / Labyrinth::kSize + 1}};
}

constexpr int kSize = Labyrinth::kSize;
constexpr int kCells = Labyrinth::kCells;

// A perfect maze by randomised depth-first search from cell 0 (an explicit stack; one draw per
// step: which unvisited neighbour to enter).
Labyrinth::Maze carve(Rng& rng) {
  Labyrinth::Maze maze;
  std::array<bool, kCells> visited{};
  std::array<int, kCells> stack{};
  int depth = 0;
  stack[depth++] = 0;
  visited[0] = true;
  while (depth > 0) {
    const int cell = stack[depth - 1];
    std::array<int, 4> options{};
    int count = 0;
    for (int d = 0; d < 4; ++d) {
      const int x = cell % kSize + Labyrinth::kDx[static_cast<std::size_t>(d)];
      const int y = cell / kSize + Labyrinth::kDy[static_cast<std::size_t>(d)];
      if (x < 0 || y < 0 || x >= kSize || y >= kSize || visited[static_cast<std::size_t>(y * kSize + x)]) continue;
      options[static_cast<std::size_t>(count++)] = d;
    }
    if (count == 0) {
      --depth;
      continue;
    }
    const std::uint64_t choice = rng.below(static_cast<std::uint64_t>(count));
    const int d = options[choice];
    const int next =
        cell + Labyrinth::kDx[static_cast<std::size_t>(d)] + Labyrinth::kDy[static_cast<std::size_t>(d)] * kSize;
    maze.open[static_cast<std::size_t>(cell)] =
        static_cast<std::uint8_t>(maze.open[static_cast<std::size_t>(cell)] | (1U << d));
    maze.open[static_cast<std::size_t>(next)] =
        static_cast<std::uint8_t>(maze.open[static_cast<std::size_t>(next)] | (1U << ((d + 2) % 4)));
    visited[static_cast<std::size_t>(next)] = true;
    stack[depth++] = next;
  }
  return maze;
}

}  // namespace

Labyrinth::Rules Labyrinth::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& maze : rules.mazes) maze = carve(rng);
  const auto markers = rng.sample(2 * kMazes, kCells);
  for (std::size_t m = 0; m < kMazes; ++m) {
    rules.mazes[m].markers = {static_cast<std::uint8_t>(markers[2 * m]), static_cast<std::uint8_t>(markers[2 * m + 1])};
  }
  return rules;
}

std::optional<std::string_view> Labyrinth::dull(const Rules&) { return std::nullopt; }

Labyrinth::State Labyrinth::deal(Rng& rng, const Edgework&, const Rules& rules) {
  State state;
  const std::uint64_t maze = rng.below<kMazes>();
  state.markers = rules.mazes[maze].markers;
  const auto cells = rng.sample_of<kCells>(2);
  state.light = static_cast<std::uint8_t>(cells[0]);
  state.goal = static_cast<std::uint8_t>(cells[1]);
  return state;
}

const Labyrinth::Maze* Labyrinth::maze_for(const Rules& rules, const State& state) {
  const Maze* found = nullptr;
  for (const auto& maze : rules.mazes) {
    const bool same = (maze.markers[0] == state.markers[0] && maze.markers[1] == state.markers[1]) ||
                      (maze.markers[0] == state.markers[1] && maze.markers[1] == state.markers[0]);
    if (!same) continue;
    if (found) return nullptr;
    found = &maze;
  }
  return found;
}

int Labyrinth::step(const Maze& maze, int cell, int direction) {
  if (direction < 0 || direction > 3 || !((maze.open[static_cast<std::size_t>(cell)] >> direction) & 1U)) return -1;
  const int x = cell % kSize + kDx[static_cast<std::size_t>(direction)];
  const int y = cell / kSize + kDy[static_cast<std::size_t>(direction)];
  if (x < 0 || y < 0 || x >= kSize || y >= kSize) return -1;  // an open side at the border leads nowhere
  return y * kSize + x;
}

std::optional<int> Labyrinth::first_step(const Maze& maze, int from, int to) {
  // Breadth-first search from the goal over 36 cells, layer by layer; then step from `from` to
  // any neighbour one layer closer (lowest direction first, so the hint is deterministic).
  std::array<std::int8_t, kCells> distance;
  distance.fill(-1);
  std::array<std::uint8_t, kCells> queue{};
  int head = 0;
  int tail = 0;
  distance[static_cast<std::size_t>(to)] = 0;
  queue[static_cast<std::size_t>(tail++)] = static_cast<std::uint8_t>(to);
  while (head < tail && distance[static_cast<std::size_t>(from)] < 0) {
    const int cell = queue[static_cast<std::size_t>(head++)];
    for (int d = 0; d < 4; ++d) {
      const int next = step(maze, cell, d);
      if (next < 0 || distance[static_cast<std::size_t>(next)] >= 0) continue;
      distance[static_cast<std::size_t>(next)] = static_cast<std::int8_t>(distance[static_cast<std::size_t>(cell)] + 1);
      queue[static_cast<std::size_t>(tail++)] = static_cast<std::uint8_t>(next);
    }
  }
  const int here = distance[static_cast<std::size_t>(from)];
  if (here <= 0) return std::nullopt;  // unreachable (or already there)
  for (int d = 0; d < 4; ++d) {
    const int next = step(maze, from, d);
    if (next >= 0 && distance[static_cast<std::size_t>(next)] == here - 1) return d;
  }
  return std::nullopt;
}

namespace {

// Cells as bits of a 64-bit word (bit y * 6 + x), for the prepared search.
using CellSet = std::uint64_t;

// For one maze: open_to[d] holds the cells that can step in direction d (an open side that does
// not lead off the grid), exactly the moves Labyrinth::step allows.
std::array<CellSet, 4> open_sides(const Labyrinth::Maze& maze) {
  std::array<CellSet, 4> open_to{};
  for (int cell = 0; cell < kCells; ++cell)
    for (int d = 0; d < 4; ++d)
      if (Labyrinth::step(maze, cell, d) >= 0) open_to[static_cast<std::size_t>(d)] |= CellSet{1} << cell;
  return open_to;
}

// The cells that step in direction d from `from` (d: 0 up, 1 right, 2 down, 3 left).
CellSet stepped(const std::array<CellSet, 4>& open_to, CellSet from, int d) {
  switch (d) {
    case 0:
      return (from & open_to[0]) >> kSize;
    case 1:
      return (from & open_to[1]) << 1;
    case 2:
      return (from & open_to[2]) << kSize;
    default:
      return (from & open_to[3]) >> 1;
  }
}

// The cells whose step in direction d lands in `into`.
CellSet stepping_into(const std::array<CellSet, 4>& open_to, CellSet into, int d) {
  switch (d) {
    case 0:
      return open_to[0] & (into << kSize);
    case 1:
      return open_to[1] & (into >> 1);
    case 2:
      return open_to[2] & (into >> kSize);
    default:
      return open_to[3] & (into << 1);
  }
}

}  // namespace

Labyrinth::Lookup Labyrinth::prepare(const Rules& rules) {
  // first_step's search, for every start at once: breadth-first layers from the goal as bit sets
  // (layer k: the cells k moves away), and each cell of layer k steps in the lowest direction that
  // lands in layer k - 1. That is first_step's answer, which the tests check cell by cell.
  Lookup lookup;
  lookup.rules = rules;
  for (std::size_t m = 0; m < kMazes; ++m) {
    const std::array<CellSet, 4> open_to = open_sides(rules.mazes[m]);
    for (int goal = 0; goal < kCells; ++goal) {
      auto& steps = lookup.first_steps[m][static_cast<std::size_t>(goal)];
      steps.fill(kNoStep);
      CellSet seen = CellSet{1} << goal;
      CellSet previous = seen;
      for (;;) {
        CellSet layer = 0;
        for (int d = 0; d < 4; ++d) layer |= stepped(open_to, previous, d);
        layer &= ~seen;
        if (layer == 0) break;
        CellSet unassigned = layer;
        for (int d = 0; d < 4 && unassigned != 0; ++d) {
          CellSet moving = unassigned & stepping_into(open_to, previous, d);
          unassigned &= ~moving;
          for (; moving != 0; moving &= moving - 1)
            steps[static_cast<std::size_t>(std::countr_zero(moving))] = static_cast<std::uint8_t>(d);
        }
        seen |= layer;
        previous = layer;
      }
    }
  }
  return lookup;
}

namespace {

// maze_for's answer as an index, or -1, for hint and apply. An int, not an optional: GCC 12
// builds a returned optional<int> in memory by halves and reads it back whole (a stall).
int maze_code(const Labyrinth::Rules& rules, const Labyrinth::State& state) {
  const Labyrinth::Maze* maze = Labyrinth::maze_for(rules, state);
  return maze ? static_cast<int>(maze - rules.mazes.data()) : -1;
}

}  // namespace

std::optional<int> Labyrinth::maze_index(const Rules& rules, const State& state) {
  return code_to_optional(maze_code(rules, state));
}

Action Labyrinth::hint(const Lookup& lookup, const State& state, const Context&) {
  const int maze = maze_code(lookup.rules, state);
  if (maze < 0) return Action::wait();
  const std::uint8_t d = lookup.first_steps[static_cast<std::size_t>(maze)][state.goal][state.light];
  if (d == kNoStep) return Action::wait();
  return {Verb::Move, static_cast<std::int16_t>(d)};
}

Outcome Labyrinth::apply(const Lookup& lookup, State& state, Action action, const Context&) {
  // Any move through an open side is allowed (the game never forbids a detour); a wall strikes.
  const int maze = maze_code(lookup.rules, state);
  if (maze < 0 || action.verb != Verb::Move) return Outcome::Strike;
  const int next = step(lookup.rules.mazes[static_cast<std::size_t>(maze)], state.light, action.arg);
  if (next < 0) return Outcome::Strike;
  state.light = static_cast<std::uint8_t>(next);
  return state.light == state.goal ? Outcome::Solved : Outcome::Ok;
}

namespace {

// A played bomb asks the same rules again and again (a run-log replay: ~10 Labyrinth moves), and
// preparing is most of a move's cost: the last rules prepared, per thread, are kept. Only a
// cache: the answer is prepare(rules)'s either way.
const Labyrinth::Lookup& prepared(const Labyrinth::Rules& rules) {
  thread_local std::optional<Labyrinth::Lookup> last;
  if (!last || !(last->rules == rules)) last = Labyrinth::prepare(rules);
  return *last;
}

}  // namespace

Action Labyrinth::hint(const Rules& rules, const State& state, const Context& ctx) {
  return hint(prepared(rules), state, ctx);
}

Outcome Labyrinth::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  return apply(prepared(rules), state, action, ctx);
}

nlohmann::json Labyrinth::to_json(const Rules& rules) {
  // Each maze as its markers (cells as the manual and the bomb say them: column and row from 1 at
  // the top left) and 6 rows of cells; a cell is its open sides as a string of "U", "R", "D", "L".
  static constexpr std::string_view kSides = "URDL";
  auto mazes = nlohmann::json::array();
  for (const auto& maze : rules.mazes) {
    auto rows = nlohmann::json::array();
    for (int y = 0; y < kSize; ++y) {
      auto row = nlohmann::json::array();
      for (int x = 0; x < kSize; ++x) {
        std::string sides;
        for (int d = 0; d < 4; ++d)
          if ((maze.open[static_cast<std::size_t>(y * kSize + x)] >> d) & 1U)
            sides += kSides[static_cast<std::size_t>(d)];
        row.push_back(sides);
      }
      rows.push_back(row);
    }
    auto markers = nlohmann::json::array();
    for (auto m : maze.markers) markers.push_back(cell_json(m));
    mazes.push_back({{"markers", markers}, {"cells", rows}});
  }
  return {{"mazes", mazes}};
}

std::string Labyrinth::show(const State& state) {
  auto cell = [](int c) { return fmt::format("({},{})", c % kSize + 1, c / kSize + 1); };
  return fmt::format("cells as (column,row) from (1,1) at the top left: markers {} {}, light {}, goal {}",
                     cell(state.markers[0]), cell(state.markers[1]), cell(state.light), cell(state.goal));
}

nlohmann::json Labyrinth::state_json(const State& state) {
  nlohmann::json j;
  j["markers"] = nlohmann::json::array({cell_json(state.markers[0]), cell_json(state.markers[1])});
  j["light"] = cell_json(state.light);
  j["goal"] = cell_json(state.goal);
  return j;
}

Labyrinth::Rules Labyrinth::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& mazes = array(field(j, "mazes", where), kMazes, kMazes, at(where, "mazes"));
  for (std::size_t m = 0; m < kMazes; ++m) {
    const std::string mw = at(at(where, "mazes"), m);
    Maze& maze = rules.mazes[m];
    const auto& markers = array(field(mazes[m], "markers", mw), 2, 2, at(mw, "markers"));
    for (std::size_t k = 0; k < 2; ++k) {
      const std::string kw = at(at(mw, "markers"), k);
      const int column = integer(field(markers[k], "column", kw), 1, kSize, at(kw, "column"));
      const int row = integer(field(markers[k], "row", kw), 1, kSize, at(kw, "row"));
      maze.markers[k] = static_cast<std::uint8_t>((row - 1) * kSize + column - 1);
    }
    const auto& rows = array(field(mazes[m], "cells", mw), kSize, kSize, at(mw, "cells"));
    for (std::size_t y = 0; y < kSize; ++y) {
      const auto& row = array(rows[y], kSize, kSize, at(at(mw, "cells"), y));
      for (std::size_t x = 0; x < kSize; ++x) {
        const std::string cw = at(at(at(mw, "cells"), y), x);
        std::uint8_t open = 0;
        for (char c : text(row[x], cw)) {
          const auto side = std::string_view("URDL").find(c);
          if (side == std::string_view::npos) fail(cw, "open sides are letters from URDL");
          open = static_cast<std::uint8_t>(open | (1U << side));
        }
        maze.open[y * kSize + x] = open;
      }
    }
  }
  return rules;
}

Blocks Labyrinth::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"The module shows a 6 x 6 grid, two marker rings, a light (you) and a goal. Find the maze whose "
                 "markers (the two ",
                 code("O"),
                 ") are where the rings are, then guide the light to the goal with the arrows "
                 "without walking into a wall. A cell is said as (column, row), counted from 1 at the top left: "
                 "(1,1) is the top left cell, (6,1) the top right, (1,6) the bottom left. The numbers along each "
                 "maze's edges are its columns and rows."}}};
  static_assert(MazePicture::kSize == kSize);
  for (std::size_t m = 0; m < kMazes; ++m) {
    page.push_back(Subheading{fmt::format("Maze {}", m + 1)});
    page.push_back(Figure{MazePicture{rules.mazes[m].open, rules.mazes[m].markers}});
  }
  return page;
}

std::string Labyrinth::words(Action action) {
  return "move " + std::string(kDirectionNames[static_cast<std::size_t>(action.arg)]);
}

}  // namespace proven::bomb

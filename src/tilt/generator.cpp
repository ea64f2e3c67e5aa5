#include "tilt/generator.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/check.hpp"

namespace proven::tilt {
namespace {

using K = Kind;
using L = Lesson;

// The campaign's shape in one table: one row per phase, chapters in order. Within a chapter the
// rows never shrink the board, the colours, the marbles or the pits (the campaign promises it).
// Columns: chapter, levels, pool, tries per candidate, lesson,
//   {width, height, colours, marbles, pits, wall %, tile, tiles min, max, par min, max}.
constexpr Phase kPhases[] = {
    {1, 1, 8, 400, L::LongRollHome, {5, 5, 1, 1, 0, 25, K::Floor, 0, 0, 1, 1}},
    {1, 1, 8, 400, L::LongRollHome, {5, 5, 1, 1, 0, 25, K::Floor, 0, 0, 2, 2}},
    {1, 1, 8, 400, L::TemptingTilt, {5, 5, 1, 1, 0, 25, K::Floor, 0, 0, 3, 3}},
    {1, 1, 8, 400, L::TemptingTilt, {5, 5, 1, 2, 0, 25, K::Floor, 0, 0, 3, 4}},
    {1, 1, 8, 400, L::TemptingTilt, {6, 6, 1, 2, 0, 25, K::Floor, 0, 0, 4, 4}},
    {1, 5, 160, 800, L::None, {6, 6, 1, 2, 0, 25, K::Floor, 0, 0, 4, 6}},
    {2, 5, 160, 800, L::None, {6, 6, 2, 2, 0, 25, K::Floor, 0, 0, 5, 7}},
    {2, 5, 160, 800, L::None, {6, 6, 2, 3, 0, 25, K::Floor, 0, 0, 5, 7}},
    {3, 5, 160, 800, L::None, {6, 6, 2, 2, 1, 20, K::Floor, 0, 0, 6, 8}},
    {3, 5, 160, 800, L::None, {7, 7, 2, 3, 1, 20, K::Floor, 0, 0, 6, 8}},
    {4, 5, 160, 800, L::None, {7, 7, 2, 3, 1, 20, K::Floor, 0, 0, 6, 9}},
    {4, 5, 160, 800, L::None, {7, 7, 3, 3, 1, 20, K::Floor, 0, 0, 7, 9}},
    {5, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::StopPad, 1, 3, 7, 10}},
    {5, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::StopPad, 1, 3, 7, 10}},
    {6, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Gate, 1, 3, 8, 11}},
    {6, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Gate, 1, 3, 8, 11}},
    {7, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::PluggedHole, 1, 2, 9, 12}},
    {7, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::PluggedHole, 1, 2, 9, 12}},
    {8, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Spring, 1, 3, 10, 13}},
    {8, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Spring, 1, 3, 10, 13}},
    {9, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 15, K::Magnet, 1, 2, 11, 15}},
    {9, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 15, K::Magnet, 1, 2, 11, 15}},
    {10, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Glass, 1, 3, 12, 16}},
    {10, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Glass, 1, 3, 12, 16}},
    {11, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Cracked, 1, 3, 13, 17}},
    {11, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Cracked, 1, 3, 13, 17}},
    {12, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Portal, 2, 2, 14, 18}},
    {12, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Portal, 2, 2, 14, 18}},
    {13, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Key, 1, 2, 15, 19}},
    {13, 5, 160, 1200, L::None, {7, 7, 2, 3, 1, 20, K::Key, 1, 2, 15, 19}},
};

constexpr Chapter kChapters[] = {
    {1, "First rolls"},     {2, "Two colours"},   {3, "Pits"},           {4, "Three marbles"},
    {5, "Stop pads"},       {6, "One-way gates"}, {7, "Plugs"},          {8, "Springs"},
    {9, "Magnets"},         {10, "Glass"},        {11, "Cracked floor"}, {12, "Twin portals"},
    {13, "Keys and locks"},
};

// Open floor for the cheap gate: everything a marble might ever cross (locks may open).
std::uint64_t open_mask(const Board& b) {
  std::uint64_t mask = 0;
  for (int i = 0; i < b.area(); ++i) {
    const Kind k = b.cells[static_cast<std::size_t>(i)].kind;
    if (k != Kind::Wall && k != Kind::Magnet && k != Kind::Pit) mask |= 1ULL << i;
  }
  return mask;
}

std::uint64_t flood(const Board& b, std::uint64_t open, std::uint64_t seeds) {
  std::uint64_t reached = seeds & open;
  for (;;) {
    std::uint64_t grown = reached;
    for (int i = 0; i < b.area(); ++i) {
      if (!(reached >> i & 1)) continue;
      const int x = i % b.width, y = i / b.width;
      if (x > 0) grown |= 1ULL << (i - 1);
      if (x + 1 < b.width) grown |= 1ULL << (i + 1);
      if (y > 0) grown |= 1ULL << (i - b.width);
      if (y + 1 < b.height) grown |= 1ULL << (i + b.width);
    }
    grown &= open;
    if (grown == reached) return reached;
    reached = grown;
  }
}

bool marbles_can_reach_holes(const Board& b) {
  const std::uint64_t open = open_mask(b);
  for (int colour = 0; colour < kMaxColours; ++colour) {
    std::uint64_t holes = 0;
    for (int i = 0; i < b.area(); ++i) {
      const Cell& c = b.cells[static_cast<std::size_t>(i)];
      if ((c.kind == Kind::Hole || c.kind == Kind::PluggedHole) && c.colour == colour) holes |= 1ULL << i;
    }
    const std::uint64_t reached = flood(b, open, holes);
    for (const Marble& m : b.marbles)
      if (m.colour == colour && !(reached >> m.cell & 1)) return false;
  }
  return true;
}

// The board after one tilt from the start (tutorial boards only: no stateful tiles).
std::optional<Board> after_tilt(const Board& board, Dir d) {
  const Rules rules(board);
  State next;
  if (rules.tilt(rules.start(), d, next) != Outcome::Moved) return std::nullopt;
  Board out = board;
  out.marbles.clear();
  for (int m = 0; m < rules.marbles(); ++m)
    if (next.pos[static_cast<std::size_t>(m)] != kHome)
      out.marbles.push_back({board.marbles[static_cast<std::size_t>(m)].colour, next.pos[static_cast<std::size_t>(m)]});
  sort_marbles(out);
  return out;
}

// Sum over marbles of the Manhattan distance to the nearest hole of its colour.
int distance_home(const Board& b) {
  int total = 0;
  for (const Marble& m : b.marbles) {
    int best = 1000;
    for (int i = 0; i < b.area(); ++i) {
      const Cell& c = b.cells[static_cast<std::size_t>(i)];
      if (c.kind == Kind::Hole && c.colour == m.colour)
        best = std::min(best, std::abs(i % b.width - m.cell % b.width) + std::abs(i / b.width - m.cell / b.width));
    }
    total += best;
  }
  return total;
}

}  // namespace

std::span<const Phase> phases() { return kPhases; }
std::span<const Chapter> chapters() { return kChapters; }
const Chapter& chapter(int number) {
  PROVEN_CHECK(number >= 1 && number <= static_cast<int>(std::size(kChapters)), "chapter out of range");
  return kChapters[number - 1];
}

std::optional<Level> propose(const Phase& phase, Rng& rng) {
  const Recipe& r = phase.recipe;
  Board b{r.width, r.height, std::vector<Cell>(static_cast<std::size_t>(r.width * r.height)), {}};
  std::vector<int> free_cells;
  for (int i = 0; i < b.area(); ++i) {
    if (rng.chance(static_cast<std::uint64_t>(r.wall_percent), 100)) {
      b.cells[static_cast<std::size_t>(i)].kind = Kind::Wall;
    } else {
      free_cells.push_back(i);
    }
  }
  bool ran_out = false;
  auto take = [&]() -> std::size_t {
    if (free_cells.empty()) {
      ran_out = true;
      return 0;
    }
    const auto at = static_cast<std::size_t>(rng.below(free_cells.size()));
    const int cell = free_cells[at];
    free_cells[at] = free_cells.back();
    free_cells.pop_back();
    return static_cast<std::size_t>(cell);
  };
  std::vector<std::size_t> holes;
  for (int c = 0; c < r.colours; ++c) {
    holes.push_back(take());
    b.cells[holes.back()] = {Kind::Hole, static_cast<std::uint8_t>(c), Dir::Up};
  }
  for (int p = 0; p < r.pits; ++p) b.cells[take()].kind = Kind::Pit;
  if (r.tile != Kind::Floor) {
    const int tiles = static_cast<int>(rng.uniform(r.tiles_min, r.tiles_max));
    if (r.tile == Kind::PluggedHole) {
      for (int c = 0; c < std::min(tiles, r.colours); ++c)
        b.cells[holes[static_cast<std::size_t>(c)]].kind = Kind::PluggedHole;
    } else if (r.tile == Kind::Portal) {
      for (int p = 0; p < 2; ++p) b.cells[take()].kind = Kind::Portal;
    } else if (r.tile == Kind::Key) {
      b.cells[take()].kind = Kind::Key;
      for (int l = 0; l < tiles; ++l) b.cells[take()].kind = Kind::Lock;
    } else {
      for (int t = 0; t < tiles; ++t) {
        Cell& c = b.cells[take()];
        c.kind = r.tile;
        if (r.tile == Kind::Gate) c.dir = kDirs[static_cast<std::size_t>(rng.below(4))];
      }
    }
  }
  for (int m = 0; m < r.marbles; ++m) {
    const auto colour = static_cast<std::uint8_t>(
        m < r.colours ? m : static_cast<int>(rng.below(static_cast<std::uint64_t>(r.colours))));
    const std::size_t cell = take();
    b.marbles.push_back({colour, static_cast<std::uint8_t>(cell)});
  }
  if (ran_out) return std::nullopt;
  sort_marbles(b);
  Level level;
  level.chapter = phase.chapter;
  level.phase = static_cast<int>(&phase - kPhases);
  level.board = std::move(b);
  return level;
}

TileJudgement judge_tiles(const Board& board, int par, Solver& solver, const SolveOptions& options) {
  TileJudgement judgement;
  for (int i = 0; i < board.area(); ++i) {
    if (!is_single_tile(board.cells[static_cast<std::size_t>(i)].kind)) continue;
    Board without = board;
    without.cells[static_cast<std::size_t>(i)] = plain(without.cells[static_cast<std::size_t>(i)]);
    const Solution s =
        solver.solve(without, {.max_par = par, .state_budget = options.state_budget, .count_bits = false});
    if (s.status == Status::Solved && s.par == par) {
      judgement.idle = i;
      return judgement;
    }
    if (s.status == Status::OverBudget && judgement.undecided < 0) judgement.undecided = i;
  }
  return judgement;
}

int idle_tile(const Board& board, int par, Solver& solver, const SolveOptions& options) {
  return judge_tiles(board, par, solver, options).idle;
}

Board remove_idle_tiles(const Board& board, int par, Solver& solver, const SolveOptions& options) {
  Board b = board;
  for (bool removed = true; removed;) {  // rounds, until one removes nothing
    removed = false;
    for (int i = 0; i < b.area(); ++i) {
      if (!is_single_tile(b.cells[static_cast<std::size_t>(i)].kind)) continue;
      Board without = b;
      without.cells[static_cast<std::size_t>(i)] = plain(without.cells[static_cast<std::size_t>(i)]);
      const Solution s =
          solver.solve(without, {.max_par = par, .state_budget = options.state_budget, .count_bits = false});
      if (s.status == Status::Solved && s.par == par) {
        b = std::move(without);
        removed = true;
      }
    }
  }
  return b;
}

std::optional<bool> rule_matters_within(const Board& board, int par, Solver& solver, const SolveOptions& options) {
  const Solution s =
      solver.solve(plain_board(board), {.max_par = par, .state_budget = options.state_budget, .count_bits = false});
  if (s.status == Status::OverBudget) return std::nullopt;
  return !(s.status == Status::Solved && s.par == par);
}

bool rule_matters(const Board& board, int par, Solver& solver, const SolveOptions& options) {
  return rule_matters_within(board, par, solver, options).value_or(false);  // not shown to matter
}

std::vector<int> pits_not_in_play(const Board& board, const Solution& solution) {
  std::vector<int> idle;
  for (int i = 0; i < board.area(); ++i)
    if (board.cells[static_cast<std::size_t>(i)].kind == Kind::Pit && !(solution.pits_in_play >> i & 1))
      idle.push_back(i);
  return idle;
}

bool shows_lesson(const Board& board, const Solution& solution, Lesson lesson, Solver& solver) {
  switch (lesson) {
    case Lesson::None:
      return true;
    case Lesson::LongRollHome: {
      // A marble rolls at least three cells and drops into its hole on one of the solution's tilts.
      const Rules rules(board);
      State s = rules.start();
      for (const Dir d : solution.moves) {
        TiltTrace trace;
        rules.tilt(s, d, s, &trace);
        if (trace.longest_roll_home >= 3) return true;
      }
      return false;
    }
    case Lesson::TemptingTilt: {
      // A first tilt that brings the marbles closer to their holes but costs at least one move.
      const int before = distance_home(board);
      for (const Dir d : kDirs) {
        const auto after = after_tilt(board, d);
        if (!after || after->marbles.size() != board.marbles.size() || distance_home(*after) >= before) continue;
        const Solution rest =
            solver.solve(*after, {.max_par = solution.par + 2, .state_budget = 50000, .count_bits = false});
        if (rest.status == Status::Solved && rest.par >= solution.par) return true;
      }
      return false;
    }
  }
  return false;
}

std::vector<Gate<Level>> candidate_gates(const Phase& phase, Solver& solver) {
  const Recipe& r = phase.recipe;
  auto solve_into = [&solver](Level& l, int max_par) {
    const Solution s =
        solver.solve(l.board, {.max_par = max_par, .state_budget = kGeneratorSolve.state_budget, .count_bits = true});
    l.par = s.par;
    l.solution = s.moves;
    l.chance = s.chance;
    l.bits_milli = s.bits_milli;
    l.states = s.states;
    l.pits_in_play = s.pits_in_play;
    return s.status;
  };
  std::vector<Gate<Level>> gates;
  gates.emplace_back("no path home", [](Level& l) { return marbles_can_reach_holes(l.board); });
  gates.emplace_back(
      "par over the window",
      [&r, solve_into](Level& l) -> Verdict {
        switch (solve_into(l, r.par_max)) {
          case Status::Solved:
            break;
          case Status::NoSolution:
            return Verdict::reject("no solution");
          case Status::ParOverMax:
            return false;
          case Status::OverBudget:
            return Verdict::reject("over the state budget");
        }
        if (l.par < r.par_min) return Verdict::reject("par under the window");
        return Verdict::pass();
      },
      std::vector<std::string>{"no solution", "over the state budget", "par under the window"});
  if (is_single_tile(r.tile)) {
    // Runs on every candidate before it is judged, so each board is measured as it ships.
    gates.emplace_back("every tile idle", [&r, &solver, solve_into](Level& l) {
      const Board kept = remove_idle_tiles(l.board, l.par, solver, kGeneratorSolve);
      if (count_kind(kept, r.tile) == 0) return false;
      if (kept != l.board) {
        l.board = kept;
        return solve_into(l, l.par) == Status::Solved;
      }
      return true;
    });
  }
  if (r.tile != Kind::Floor)
    gates.emplace_back("rule does not matter",
                       [&solver](Level& l) { return rule_matters(l.board, l.par, solver, kGeneratorSolve); });
  if (r.pits > 0)
    gates.emplace_back("pit not in play", [](Level& l) {
      Solution s;
      s.pits_in_play = l.pits_in_play;
      return pits_not_in_play(l.board, s).empty();
    });
  if (phase.lesson != Lesson::None)
    gates.emplace_back("lesson not shown", [&phase, &solver](Level& l) {
      Solution s;
      s.par = l.par;
      s.moves = l.solution;
      return shows_lesson(l.board, s, phase.lesson, solver);
    });
  return gates;
}

Generated<Level> generate_candidate(const Phase& phase, const Rng& rng, Solver& solver) {
  const auto gates = candidate_gates(phase, solver);
  return generate<Level>(rng, [&phase](Rng& try_rng) { return propose(phase, try_rng); }, gates,
                         {.budget = phase.budget});
}

}  // namespace proven::tilt

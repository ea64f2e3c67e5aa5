#pragma once
// TILT level generation: follow a phase's recipe at random, then judge (docs/tilt.md, "Generation").
//
//   const Phase& phase = phases()[7];
//   Solver solver;
//   auto result = generate_candidate(phase, Rng::from_key("1").fork("pool", 0), solver);
//   Level level = std::move(result).take();   // par in the window, every tile matters, bits counted
//
// Gates, cheapest first, each tallied under its name: open floor connects every marble to a hole
// of its colour; BFS par inside the window; the tile-removal rounds (every single-cell tile must
// change par; a board left with none of its chapter's tiles is rejected); the rule has to matter
// (the plain board has another par or none); every pit is in play; the lesson, for levels 1-5.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/generate.hpp"
#include "core/rng.hpp"
#include "tilt/board.hpp"
#include "tilt/solver.hpp"

namespace proven::tilt {

inline constexpr int kGeneratorVersion = 1;

// What a tutorial level must show a new player (levels 1-5); None for every other phase.
enum class Lesson : std::uint8_t { None, LongRollHome, TemptingTilt };

struct Recipe {
  int width, height;
  int colours, marbles, pits;
  int wall_percent;          // chance that an inner cell is a wall
  Kind tile;                 // the chapter's tile (Kind::Floor: none)
  int tiles_min, tiles_max;  // gates/pads/...; locks for keys; ignored for portals (one pair)
  int par_min, par_max;
};

struct Phase {
  int chapter;
  int levels;            // how many levels the campaign takes from its pool
  int pool;              // candidates generated for it
  std::uint64_t budget;  // tries per candidate
  Lesson lesson;
  Recipe recipe;
};

struct Chapter {
  int number;
  const char* name;
};

std::span<const Phase> phases();
std::span<const Chapter> chapters();
const Chapter& chapter(int number);  // 1-based

struct Level {
  int chapter = 0;
  int phase = 0;  // index into phases()
  int index = 0;  // 0-based within its chapter
  Board board;
  int par = 0;
  std::vector<Dir> solution;
  Chance chance = 0;  // the random player's chance times 12^par
  std::int64_t bits_milli = 0;
  std::size_t states = 0;
  std::uint64_t pits_in_play = 0;  // from the solve; not stored in packs (verify recomputes it)
};

inline constexpr SolveOptions kGeneratorSolve{.max_par = 20, .state_budget = 120000, .count_bits = true};
inline constexpr SolveOptions kVerifySolve{.max_par = kMaxPar, .state_budget = 240000, .count_bits = true};

// One pool candidate: the first try of rng's tries that passes every gate.
Generated<Level> generate_candidate(const Phase& phase, const Rng& rng, Solver& solver);
// The same gates as a list (for tests and the bench), bound to a solver.
std::vector<Gate<Level>> candidate_gates(const Phase& phase, Solver& solver);
std::optional<Level> propose(const Phase& phase, Rng& rng);

// Single-cell tiles off in rounds until a full round removes none (par must stay the same for a
// tile to come off). Returns the board as it ships.
Board remove_idle_tiles(const Board& board, int par, Solver& solver, const SolveOptions& options);
// Each single-cell tile taken off in turn: the first whose removal keeps par (`idle`), and the
// first whose board could not be solved within the budget (`undecided`); -1 for none.
struct TileJudgement {
  int idle = -1;
  int undecided = -1;
};
TileJudgement judge_tiles(const Board& board, int par, Solver& solver, const SolveOptions& options);
// The first single-cell tile whose removal keeps par, or -1 when none is shown to (the
// generator's gate: a tile it cannot judge within budget stays).
int idle_tile(const Board& board, int par, Solver& solver, const SolveOptions& options);
// The rule test: the plain board (every tile plain) has another par or no solution; nullopt when
// its solve ran out of budget (nothing shown either way).
std::optional<bool> rule_matters_within(const Board& board, int par, Solver& solver, const SolveOptions& options);
// The generator's gate: the rule is shown to matter within the budget.
bool rule_matters(const Board& board, int par, Solver& solver, const SolveOptions& options);
// Pits (Kind::Pit cells) no tilt from a state at distance < par falls into.
std::vector<int> pits_not_in_play(const Board& board, const Solution& solution);
bool shows_lesson(const Board& board, const Solution& solution, Lesson lesson, Solver& solver);

}  // namespace proven::tilt

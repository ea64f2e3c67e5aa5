#pragma once
// Shortest clearing sequences (par) by breadth-first search over tilts, and the exact
// difficulty in bits counted over the same search graph (docs/tilt.md, "Par" and "Bits").
//
//   Solver solver;                                   // reuse one per thread: no per-node allocation
//   const Solution s = solver.solve(board, {.max_par = 12});
//   if (s.status == Status::Solved) use(s.par, s.moves, s.bits_milli);
//
// The search runs layer by layer; the layer holding the first cleared state fixes par and is
// finished, so every state at distance < par has its four successors recorded. Bits are then
//   bits = -log2(P),  P = the chance that a player who tilts at random, each time choosing
// uniformly among the tilts that change the board (a tilt that leaves the board as it was is no move), clears
// it with exactly par tilts. None can clear sooner (par is the minimum); a sequence that loses
// fails. P is exact: P = chance_numerator / 12^par, since 12 is a multiple of every choice count.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tilt/board.hpp"
#include "tilt/rules.hpp"

namespace proven::tilt {

inline constexpr int kMaxPar = 31;  // 12^31 < 2^112: the chance numerator fits 128 bits

__extension__ using Chance = unsigned __int128;  // GCC's 128-bit integer; the numerator of P
std::string chance_text(Chance numerator);       // decimal digits
std::optional<Chance> chance_from_text(const std::string& digits);

enum class Status { Solved, NoSolution, ParOverMax, OverBudget };
const char* to_string(Status v);

struct SolveOptions {
  int max_par = 20;                   // search no deeper than this
  std::size_t state_budget = 250000;  // distinct states before giving up (work units, not time)
  bool count_bits = true;
};

struct Solution {
  Status status = Status::NoSolution;
  int par = 0;
  std::vector<Dir> moves;          // one shortest clearing sequence
  Chance chance = 0;               // P * 12^par, exactly
  std::int64_t bits_milli = 0;     // round(1000 * bits)
  std::uint64_t pits_in_play = 0;  // pit cells some tilt from a state at distance < par falls into
  std::size_t states = 0;          // distinct states discovered
};

class Solver {
 public:
  Solver();
  Solution solve(const Board& board, const SolveOptions& options = {});

 private:
  std::int32_t find_or_insert(std::uint64_t key, bool& inserted);
  std::vector<std::uint64_t> keys_;
  std::vector<std::int32_t> parent_;
  std::vector<std::uint8_t> via_;
  std::vector<std::array<std::int32_t, 4>> succ_;
  std::vector<std::int32_t> slots_;
  std::vector<std::uint32_t> stamps_;
  std::uint32_t stamp_ = 0;
  std::vector<Chance> count_, next_count_;
};

// Plays `moves` from the start: Cleared only if the board is cleared exactly at the last move.
Outcome play(const Board& board, const std::vector<Dir>& moves);

// round(1000 * -log2(numerator / 12^par)).
std::int64_t bits_milli(int par, Chance numerator);

}  // namespace proven::tilt

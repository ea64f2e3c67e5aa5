#pragma once
// The campaign's promises between levels (docs/tilt.md, "Campaign"), used both by the selection
// that builds a campaign and by verify, which checks them again from a pack's data alone:
// no two boards are near copies, and no level is easier than the one before it.
//
//   if (auto why = near_copy(a, b)) ...;            // "only 4 of 36 cells differ"
//   if (auto why = easier_than(previous, next)) ...;  // "par 7 drops below 8"
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tilt/generator.hpp"

namespace proven::tilt {

// A level's boards under the 8 turns and mirrors, ready for repeated comparison.
struct Shapes {
  std::array<Board, 8> boards;
  std::array<std::vector<std::string>, 8> rows;
};
Shapes shapes_of(const Board& board);

// Why b repeats a (a turned or mirrored copy of it differing in under 30% of cells, or under half
// when one's shortest solution, turned to match, also clears the other in the same tilts).
std::optional<std::string> near_copy(const Level& a, const Shapes& a_shapes, const Level& b);

// Why `next` would be easier than `previous`: par drops; up to chapter 10 bits drop; from
// chapter 11 bits drop within one par; in one chapter it has less room (board area), fewer
// colours, marbles or pits.
std::optional<std::string> easier_than(const Level& previous, const Level& next);

// "Same difficulty": the same par and the same bits to a tenth. At most kMaxSameRun in a row.
inline constexpr int kMaxSameRun = 5;
bool same_difficulty(const Level& a, const Level& b);

// Picks `count` levels from `pool` to follow `before`, keeping every rule above and following a
// target bits curve; empty when no run exists within the search budget. Tutorial phases
// (lessons) prefer tidy boards: fewest walls.
std::vector<Level> select_run(std::span<const Level> before, std::span<const Shapes> before_shapes,
                              std::span<const Level> pool, const Phase& phase);

}  // namespace proven::tilt

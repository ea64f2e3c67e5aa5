#pragma once
// PRISM level generation: build the answer, then break it (docs/prism.md, "Generation").
//
//   const auto& chapter = proven::prism::chapter(3);                 // Dispersion
//   auto result = proven::prism::generate_level(chapter, 7, proven::Rng::from_key("1"));
//   Level level = std::move(result).take();                        // proven unique, par checked
//
// A try places emitters, then pieces where light already passes, then crystals where light lands
// (they ask for what arrives), each only where it keeps every earlier piece and crystal lit, and
// scrambles the solved board backwards by exactly the level's target par. Gates, cheap first, judge it; the proof and
// the BFS par check come last. Every rejection is tallied under the gate's name.
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/generate.hpp"
#include "core/rng.hpp"
#include "prism/board.hpp"
#include "prism/prover.hpp"

namespace proven::prism {

inline constexpr int kGeneratorVersion = 3;

// What a chapter teaches; its gate rejects boards where the phenomenon never happens.
enum class Phenomenon { Reflection, Splitting, Dispersion, Mixing, Filtering, Convergence };

// One row per chapter: the campaign's shape, in one table.
struct ChapterSpec {
  int number;
  const char* name;
  int levels;
  int par_min, par_max;
  double par_curve;  // target par of level j: par_min + (par_max - par_min) * (j / (levels-1))^curve
  int width, height;
  int emitters_max;
  int pieces_min, pieces_max;
  int crystals_min, crystals_max;
  std::array<Kind, 4> kinds;  // pieces it may place (Kind::Empty pads the list)
  Phenomenon phenomenon;
};

inline constexpr std::array<ChapterSpec, 6> kChapters = {{
    {1,
     "Reflection",
     14,
     1,
     4,
     1.0,
     5,
     5,
     1,
     2,
     6,
     1,
     2,
     {Kind::Mirror, Kind::Empty, Kind::Empty, Kind::Empty},
     Phenomenon::Reflection},
    {2,
     "Splitting",
     32,
     1,
     6,
     1.0,
     6,
     6,
     1,
     3,
     9,
     2,
     3,
     {Kind::Mirror, Kind::Splitter, Kind::Empty, Kind::Empty},
     Phenomenon::Splitting},
    {3,
     "Dispersion",
     44,
     1,
     8,
     0.8,
     6,
     6,
     1,
     3,
     9,
     2,
     4,
     {Kind::Mirror, Kind::Splitter, Kind::Prism, Kind::Empty},
     Phenomenon::Dispersion},
    {4,
     "Mixing",
     52,
     1,
     8,
     0.6,
     6,
     6,
     2,
     3,
     10,
     2,
     4,
     {Kind::Mirror, Kind::Splitter, Kind::Prism, Kind::Empty},
     Phenomenon::Mixing},
    {5,
     "Filtering",
     53,
     1,
     11,
     0.8,
     7,
     7,
     2,
     4,
     14,
     2,
     4,
     {Kind::Mirror, Kind::Splitter, Kind::Filter, Kind::Prism},
     Phenomenon::Filtering},
    {6,
     "Convergence",
     45,
     2,
     11,
     0.6,
     7,
     7,
     2,
     5,
     14,
     3,
     5,
     {Kind::Mirror, Kind::Splitter, Kind::Filter, Kind::Prism},
     Phenomenon::Convergence},
}};

// Chapter 1..6; anything else is a broken contract (the CLI validates user input first).
const ChapterSpec& chapter(int number);

// The target par of level `index` (0-based) of a chapter.
int target_par(const ChapterSpec& chapter, int index);

// Whether the phenomenon happens in a solved board's light.
bool shows(const Board& solved, const Light& light, Phenomenon phenomenon);

struct Level {
  int chapter = 0;
  int index = 0;              // within the chapter, 0-based
  Board board;                // scrambled: what the player sees
  std::vector<int> solution;  // rotation per piece, piece_cells order
  int par = 0;
  std::uint64_t proof_nodes = 0;
};

// Gate names, as the tally prints them.
inline constexpr std::string_view kTooFewPieces = "too few pieces";
inline constexpr std::string_view kTooFewCrystals = "too few crystals";
inline constexpr std::string_view kNeverBends = "light never bends";
inline constexpr std::string_view kNoPhenomenon = "phenomenon missing";
inline constexpr std::string_view kTooEasy = "too easy";
inline constexpr std::string_view kAlreadySolved = "already solved";
inline constexpr std::string_view kNotUnique = "not unique";
inline constexpr std::string_view kOverBudget = "over proof budget";
inline constexpr std::string_view kParMismatch = "par mismatch";

inline constexpr std::uint64_t kTryBudget = 200000;
inline constexpr std::uint64_t kProofNodeBudget = 2'000'000;
inline constexpr std::uint64_t kBfsStateBudget = 4'000'000;

Generated<Level> generate_level(const ChapterSpec& chapter, int index, const Rng& level_rng);

}  // namespace proven::prism

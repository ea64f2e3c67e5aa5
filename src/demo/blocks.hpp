#pragma once
// The core's demo game: Kakuro blocks. A small full block of cells (2x2, 2x3 or 3x2) where every
// row and every column is a Kakuro run: distinct digits 1..9 adding up to the run's clue. The
// player sees only the clues. An accepted block is proven to have exactly one filling, and is
// not a giveaway (naked singles alone do not fill it: some cell needs a real deduction).
//
//   auto sheet = proven::demo::generate_sheet("1", {.count = 12}, {.jobs = 0});
//   auto problems = proven::demo::verify_sheet(sheet);   // empty: every block re-proven
//
// It exists to exercise the whole core (keyed RNG, gated loop with tallies, deterministic
// batch, JSON, atomic writes, SVG, the Game contract) and to be the smallest complete example
// of a game (demo/game.hpp); docs/demo.md has the rules.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/batch.hpp"
#include "core/generate.hpp"
#include "core/rng.hpp"
#include "core/tally.hpp"

namespace proven::demo {

inline constexpr int kGeneratorVersion = 1;
inline constexpr int kMinSide = 2;
inline constexpr int kMaxSide = 3;
inline constexpr std::uint64_t kTryBudget = 1000;  // 2x3 blocks are unique about 2% of the time

// What the player sees.
struct Clues {
  int rows = 0, cols = 0;
  std::vector<int> row_sums, col_sums;
  bool operator==(const Clues&) const = default;
};

// The answer: digits in row-major order.
struct Block {
  int rows = 0, cols = 0;
  std::vector<int> digits;
  // The file's `proof` as stated (a generated block states the truth); verify re-proves both and
  // names a stored figure that disagrees, so nothing a file says goes unchecked.
  int stated_solutions = 1;
  bool stated_giveaway = false;
  int at(int r, int c) const { return digits[static_cast<std::size_t>(r * cols + c)]; }
  Clues clues() const;
  bool operator==(const Block&) const = default;
};

// Bit d set iff digit d appears in some set of `cells` distinct digits 1..9 summing to `sum`.
std::uint16_t possible_digits(int cells, int sum);

// Fillings that satisfy every clue, counted by backtracking up to `limit` (2 proves uniqueness).
int count_solutions(const Clues& clues, int limit = 2);

// True if naked singles fill the block: every cell pinned by its two runs once the digits
// already pinned leave those runs. A giveaway, not a puzzle.
bool is_giveaway(const Clues& clues);

// The gates, cheap first; the tally names them.
inline constexpr std::string_view kGateGiveaway = "giveaway";
inline constexpr std::string_view kGateNotUnique = "not unique";

// One block from one stream: proposal + gates on forks try0, try1, ...
Generated<Block> generate_block(const Rng& rng);

inline constexpr int kMaxCount = 100000;

struct SheetParams {
  int count = 12;  // blocks on the sheet, 1..kMaxCount
  bool operator==(const SheetParams&) const = default;
};

struct Sheet {
  std::string seed;
  SheetParams params;
  std::vector<Block> blocks;
  Tally tally;
};

// `params.count` blocks; block i draws from Rng::from_key(seed).fork("block", i), so the sheet
// is the same for any jobs count. Throws GenerationFailed if a block exhausts its budget.
Sheet generate_sheet(const std::string& seed, const SheetParams& params, const BatchOptions& batch = {});

// The sheet's body as its file holds it (docs/demo.md), and back: sheet_from_json checks that
// the sums match the solution and reads nothing else; UserError naming the place (never crashes).
nlohmann::json sheet_body_json(const Sheet& sheet);
Sheet sheet_from_json(const std::string& seed, const SheetParams& params, const nlohmann::json& body);

// Re-proves every block from the data alone; one line per broken promise ("block 3: ..."),
// empty if all hold.
std::vector<std::string> verify_sheet(const Sheet& sheet);

// A printable sheet: each block as a Kakuro grid with its clues, answers in small print.
std::string render_svg(const Sheet& sheet);

}  // namespace proven::demo

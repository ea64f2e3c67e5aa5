#pragma once
// PRISM level packs: the campaign generator, the pack body (docs/prism.md, "File format") and
// the campaign's promises, checked from the data alone.
//
//   Pack pack = generate_pack("1", {.jobs = 2});            // all six chapters, 240 levels
//   auto problems = verify_pack(pack);                      // empty: every promise holds
//
// The file around the body (the envelope with format, generator version, seed and params) is
// the Game's (prism/game.hpp, core/document.hpp).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/batch.hpp"
#include "core/tally.hpp"
#include "core/verify.hpp"
#include "prism/generator.hpp"

namespace proven::prism {

inline constexpr std::string_view kDuplicate = "duplicate of an earlier level";
// Boards a pack may hold: cells are named A1.. by a column letter, so at most 26 columns.
inline constexpr int kMaxBoardSide = 26;

// What a pack is generated from besides its seed: every chapter, or one.
struct PackParams {
  std::optional<int> chapter;  // 1..6, or every chapter
  bool operator==(const PackParams&) const = default;
};

struct Pack {
  std::string seed;
  PackParams params;
  std::vector<Level> levels;           // chapter order, then level order
  std::vector<Tally> chapter_tallies;  // one per generated chapter, in order
};

struct PackOptions {
  std::optional<int> only_chapter;  // 1..6, or every chapter
  unsigned jobs = 0;
  Progress* progress = nullptr;
};

// The chapters a pack made with `params` holds, in order.
std::vector<const ChapterSpec*> chapters_of(const PackParams& params);
// How many levels such a pack holds.
int level_count(const PackParams& params);

// Level j of chapter k draws from Rng::from_key(seed).fork("chapter", k).fork("level", j); a
// level that repeats an earlier one (same layout under the 8 rotations and mirrors) is drawn
// again from .fork("redraw", n). The pack is the same bytes for any jobs count.
Pack generate_pack(const std::string& seed, const PackOptions& options = {});

// The layout of a board (cell kinds and colours, rotations ignored) in its smallest form under
// the board's symmetries: equal keys mean one board is a turned or mirrored copy of the other.
std::string canonical_layout(const Board& board);

// The most levels a pack file may hold (the campaign has 240): bounds verify's time.
inline constexpr std::size_t kMaxPackLevels = 2000;

// The pack's body: {"levels": [...], "tallies": [...]}, and back. UserError naming the place on
// anything malformed.
nlohmann::json pack_body_json(const Pack& pack);
Pack pack_from_body(const std::string& seed, const PackParams& params, const nlohmann::json& body);

// Every promise docs/prism.md makes about a pack, checked from its data: the campaign's shape
// (chapter sizes and order, boards, pieces, pars, no duplicates, no board dealt solved) and each
// level re-proven (exactly one solution and it is the stated one, tapping it clears the board,
// par is both its tap count and the BFS minimum). One line per broken promise, naming the
// level; empty when every promise holds.
//
// Budgets: each level's uniqueness search may visit `options.budget` nodes (0:
// kVerifyProofNodes) and its BFS as many states (0: kVerifyBfsStates, about 16 to 32 bytes each).
// A search that runs out says "not proven within budget N", never that the promise is false: it
// goes to options.notes when set, else follows the broken promises (core/verify.hpp).
inline constexpr std::uint64_t kVerifyProofNodes = 10 * kProofNodeBudget;
inline constexpr std::uint64_t kVerifyBfsStates = 4 * kBfsStateBudget;
std::vector<std::string> verify_pack(const Pack& pack, const VerifyOptions& options = {});

}  // namespace proven::prism

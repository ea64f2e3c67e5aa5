#pragma once
// PRISM level packs: the campaign generator, the JSON format (docs/prism.md) and verification
// from the data alone.
//
//   Pack pack = generate_pack("1", {.jobs = 2});            // all six chapters, 240 levels
//   write_file_atomic("pack.json", json_text(to_json(pack)));
//   auto problems = verify_pack(pack_from_json(read_json_file("pack.json")));   // empty: all hold
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/batch.hpp"
#include "core/tally.hpp"
#include "prism/generator.hpp"

namespace proven::prism {

inline constexpr std::string_view kPackFormat = "proven-prism-pack/1";
inline constexpr std::string_view kDuplicate = "duplicate of an earlier level";

struct Pack {
  std::string seed;
  std::vector<Level> levels;          // chapter order, then level order
  std::vector<Tally> chapter_tallies;  // one per generated chapter, in order
};

struct PackOptions {
  std::optional<int> only_chapter;  // 1..6, or every chapter
  unsigned jobs = 0;
  Progress* progress = nullptr;
};

// Level j of chapter k draws from Rng::from_key(seed).fork("chapter", k).fork("level", j); a
// level that repeats an earlier one (same layout under the 8 rotations and mirrors) is drawn
// again from .fork("redraw", n). The pack is the same bytes for any jobs count.
Pack generate_pack(const std::string& seed, const PackOptions& options = {});

// The layout of a board (cell kinds and colours, rotations ignored) in its smallest form under
// the board's symmetries: equal keys mean one board is a turned or mirrored copy of the other.
std::string canonical_layout(const Board& board);

nlohmann::json to_json(const Pack& pack);
Pack pack_from_json(const nlohmann::json& json);  // UserError on anything malformed

// Re-proves every level from its data: exactly one solution and it is the stated one, tapping it
// clears the board, and the stated par is both its tap count and the BFS minimum. One line per
// broken promise, naming the level; empty when every level holds.
std::vector<std::string> verify_pack(const Pack& pack);

}  // namespace proven::prism

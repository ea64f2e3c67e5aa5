#pragma once
// TILT level packs: the campaign generator, the pack's body in JSON (docs/tilt.md, "Pack
// format"; the envelope around it is core's, see tilt/game.hpp) and verification from the data
// alone.
//
//   Pack pack = generate_pack("1", {.jobs = 2});                  // 13 chapters, 130 levels
//   nlohmann::json body = pack_body_json(pack);
//   auto problems = verify_pack(pack_from_body(pack.seed, pack.params, body));  // empty: all hold
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
#include "tilt/generator.hpp"

namespace proven::tilt {

inline constexpr std::string_view kNoRun = "no run fits the campaign rules";

// What a pack is generated from besides its seed: every chapter, or one.
struct PackParams {
  std::optional<int> chapter;  // 1..13; none: the whole campaign
  bool operator==(const PackParams&) const = default;
};

struct Pack {
  std::string seed;
  PackParams params;
  std::vector<Level> levels;           // chapter order, then level order
  std::vector<Tally> chapter_tallies;  // one per generated chapter, in order
};

struct PackOptions {
  std::optional<int> only_chapter;  // 1..13, or every chapter
  unsigned jobs = 0;
  Progress* progress = nullptr;
};

// Candidate i of phase p draws from Rng::from_key(seed).fork("phase", p).fork("candidate", i);
// all candidates run in parallel, then the runs are selected phase by phase in order (a phase
// whose pool fits no run gets another pool, candidates pool..2*pool-1, up to three times). The
// pack is the same bytes for any jobs count.
Pack generate_pack(const std::string& seed, const PackOptions& options = {});
// How many candidates generate_pack asks for (for progress bars).
std::size_t candidate_count(const PackOptions& options);

// The most levels a pack file may hold (a full campaign has 130): the near-copy check compares
// every pair, so this bounds verify's time.
inline constexpr std::size_t kMaxPackLevels = 2000;

// The body: {"levels": [...], "tallies": [...]}.
nlohmann::json pack_body_json(const Pack& pack);
// UserError naming the level and field for anything malformed or inconsistent with `params`.
Pack pack_from_body(const std::string& seed, const PackParams& params, const nlohmann::json& body);

// Every promise, from the data alone: the campaign's shape (the params' chapters in order, each
// of its size, every level at its place with its place's phase) and each level's; one line per
// broken promise naming the level (1-based) and the promise, or "pack: ..." for the pack as a
// whole; empty when every promise holds.
// Budget: each solve may discover `options.budget` states (0: kVerifySolve's); one that runs out
// says "not proven within budget N states", never that a promise is false: it goes to
// options.notes when set, else follows the broken promises (core/verify.hpp).
std::vector<std::string> verify_pack(const Pack& pack, const VerifyOptions& options = {});

std::string solution_text(const std::vector<Dir>& moves);  // "RDLU"

}  // namespace proven::tilt

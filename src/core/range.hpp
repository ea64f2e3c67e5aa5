#pragma once
// Seed-range jobs (`bomb check`, `whodunnit stats`, any later job over a range of seeds): the
// range is cut into chunks, the unit of work, of checkpoints and of handing out. A chunk's result
// is JSON, so it can be written to a checkpoint file, read back and sent between processes, and
// results are folded in chunk order, so the output is the same bytes whatever ran them.
//
//   RangeRun run{.name = "bomb check", .range = seeds.text(), .count = seeds.count()};
//   auto report = run_range(run, [&](std::uint64_t first, std::uint64_t n) { return chunk_json(first, n); },
//                           [&](const nlohmann::json& chunk) { fold(chunk); }, {.checkpoint = "sweep.ckpt"});
//   if (!report) return;  // a worker rank of an MPI run: rank 0 reports
//
// Two back ends behind the one call (docs/distributed.md):
// - a plain run does its chunks in order in this process (each job may use threads);
// - under an MPI launcher (`mpirun -n K`, `srun`) with K > 1, and a build with -DPROVEN_MPI=ON,
//   rank 0 hands out chunks on demand, one at a time, to every rank including itself (so a slow
//   rank never holds the others back), keeps the checkpoint and folds the results in chunk
//   order; the other ranks only run jobs, and get nullopt back.
//
// Checkpoint file (JSON lines): a header {"format": "proven-range-checkpoint/3", "job", "params",
// "range", "chunk"}, then one line per finished chunk {"chunk": k, "first", "count", "result",
// "line_digest"}, appended and flushed as each chunk finishes; line_digest is core/hash.hpp's
// digest_hex of the line's other four fields, as JSON with sorted keys and no spaces. Resuming
// reads it (the header must name the same format, job, params, range and chunk size; a last line
// cut short by a kill is ignored; any other line must be whole, with its own digest, its chunk's
// first seed and count, each chunk once: a line edited or damaged is refused, naming it), runs
// only the chunks it lacks, and folds every chunk in order: the output is that of an
// uninterrupted run. When
// SIGINT, SIGTERM or SIGHUP stops a run (mpirun sends SIGTERM to every rank when one dies),
// the reporting process names the unfinished chunks on stderr before it ends.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/progress.hpp"

namespace proven {

// 3: each chunk line carries its own digest (line_digest); /2 lines had none and are not resumed.
inline constexpr std::string_view kCheckpointFormat = "proven-range-checkpoint/3";

struct RangeRun {
  std::string name;         // "bomb check": a checkpoint of another job is refused
  std::string params;       // all else a chunk's result depends on ("generator 5.3, cast 6"): likewise
  std::string range;        // the seeds as the user wrote them, canonical ("2..500")
  std::uint64_t count = 0;  // how many seeds
  std::uint64_t chunk = 4096;
};

struct RangeOptions {
  std::string checkpoint;  // append finished chunks here (created, or continued with resume)
  bool resume = false;     // read `checkpoint` first and run only the chunks it lacks
  // Advanced by the seeds of chunks this process did not run (read back, or run by another
  // rank); a job advances it itself for its own seeds, as it goes.
  Progress* progress = nullptr;
};

struct RangeReport {
  std::uint64_t chunks = 0;   // in the range
  std::uint64_t resumed = 0;  // read from the checkpoint, not run
  int ranks = 1;              // processes that ran chunks
};

// The chunk of seeds [first, first + n) of the range (indices into it, not seed numbers).
using ChunkJob = std::function<nlohmann::json(std::uint64_t first, std::uint64_t n)>;
using ChunkFold = std::function<void(const nlohmann::json& result)>;

// Runs every chunk not already in the checkpoint and folds all of them in chunk order, in the
// reporting process (the only one that calls `fold`). Returns nullopt in the other ranks of an
// MPI run. UserError for a checkpoint that cannot be written, or (with resume) read, or that
// belongs to another run, and for an MPI launch of a build without MPI.
std::optional<RangeReport> run_range(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold,
                                     const RangeOptions& options = {});

}  // namespace proven

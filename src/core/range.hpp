#pragma once
// Seed-range jobs (`bomb check`, and any later job over a range of seeds): the range is cut into
// chunks, the unit of work, of checkpoints and (later, under MPI) of handing out. A chunk's
// result is JSON, so it can be written to a checkpoint file and read back (or cross a process
// boundary), and results are folded in chunk order, so the output is the same bytes whatever
// the chunk's worker threads. docs/bomb.md ("CLI", `check`).
//
//   RangeRun run{.name = "bomb check", .range = seeds.text(), .count = seeds.count()};
//   run_range(run, [&](std::uint64_t first, std::uint64_t n) { return chunk_json(first, n); },
//             [&](const nlohmann::json& chunk) { fold(chunk); }, {.checkpoint = "sweep.ckpt"});
//
// Checkpoint file (JSON lines): a header {"format": "proven-range-checkpoint/1", "job", "range",
// "chunk"}, then one line per finished chunk {"chunk": k, "first", "count", "result"}, appended
// and flushed as each chunk finishes. Resuming reads it (the header must name the same job,
// range and chunk size; a last line cut short by a kill is ignored), runs only the chunks it
// lacks, and folds every chunk in order: the output is that of an uninterrupted run.
#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace proven {

inline constexpr std::string_view kCheckpointFormat = "proven-range-checkpoint/1";

struct RangeRun {
  std::string name;         // "bomb check": a checkpoint of another job is refused
  std::string range;        // the seeds as the user wrote them, canonical ("2..500")
  std::uint64_t count = 0;  // how many seeds
  std::uint64_t chunk = 4096;
};

struct RangeOptions {
  std::string checkpoint;  // append finished chunks here (created, or continued with resume)
  bool resume = false;     // read `checkpoint` first and run only the chunks it lacks
};

// The chunk of seeds [first, first + n) of the range (indices into it, not seed numbers).
using ChunkJob = std::function<nlohmann::json(std::uint64_t first, std::uint64_t n)>;
using ChunkFold = std::function<void(const nlohmann::json& result)>;

// Runs every chunk not already in the checkpoint and folds all of them in chunk order. Returns
// how many chunks were read from the checkpoint. UserError for a checkpoint that cannot be
// written, or (with resume) read, or that belongs to another run.
std::uint64_t run_range(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold,
                        const RangeOptions& options = {});

}  // namespace proven

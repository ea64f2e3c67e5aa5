#pragma once
// The books of one seed-range run (core/range.hpp), kept by the process that reports: which
// chunks are done, the checkpoint file they are appended to, and the fold, which takes results
// strictly in chunk order however they arrive (threads finish one chunk at a time, MPI ranks
// out of order). Both back ends of run_range keep their books here, so a resumed, threaded or
// distributed run folds the same results in the same order.
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/range.hpp"

namespace proven {

class RangeLedger {
 public:
  // Reads the checkpoint when resuming (UserError if it is unreadable or another run's), then
  // rewrites it with what it holds, ready for appending; resumed chunks are folded at once.
  RangeLedger(const RangeRun& run, const ChunkFold& fold, const RangeOptions& options);
  ~RangeLedger();
  RangeLedger(const RangeLedger&) = delete;
  RangeLedger& operator=(const RangeLedger&) = delete;

  std::uint64_t chunks() const { return chunks_; }
  std::uint64_t resumed() const { return resumed_; }
  std::uint64_t first_of(std::uint64_t k) const { return k * run_.chunk; }
  std::uint64_t count_of(std::uint64_t k) const;
  // The chunks still to run, in order.
  std::vector<std::uint64_t> unfinished() const;
  bool complete() const { return folded_ == chunks_; }

  // Chunk k's result: appended to the checkpoint, then folded with every result it unblocks.
  // `counted`: its seeds already advanced the progress line (it ran in this process).
  void finish(std::uint64_t k, nlohmann::json result, bool counted);

 private:
  void fold_ready();
  std::string signal_note() const;

  RangeRun run_;
  ChunkFold fold_;
  RangeOptions options_;
  std::uint64_t chunks_ = 0;
  std::uint64_t resumed_ = 0;
  std::vector<bool> finished_;
  std::map<std::uint64_t, nlohmann::json> waiting_;  // finished, not yet folded (a lower chunk is missing)
  std::uint64_t folded_ = 0;                         // chunks 0 .. folded_-1 are folded
  std::FILE* checkpoint_ = nullptr;
};

// Chunk numbers as a short list of runs, e.g. "0, 3..5, 9".
std::string chunk_list_text(const std::vector<std::uint64_t>& chunks);

}  // namespace proven

#pragma once
// Deterministic parallel batches: job i depends only on i (give it rng.fork("item", i)), results
// come back in index order, so the output is the same bytes for any thread count.
//
//   auto levels = proven::run_batch<Level>(240, [&](std::size_t i) {
//     return make_level(root.fork("level", i));
//   }, {.jobs = jobs, .progress = &progress});
//
// If jobs throw, the exception of the lowest failing index is rethrown, which is also the same
// for any thread count: indices are claimed in increasing order, so every index below a known
// failure has been claimed and runs to completion.
#include <cstddef>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "core/progress.hpp"

namespace proven {

struct BatchOptions {
  unsigned jobs = 0;             // worker threads; 0 means one per core
  Progress* progress = nullptr;  // advanced once per finished job
};

// The thread count a request resolves to: 0 means one per core this process may use (its CPU
// affinity), divided among the processes sharing this machine's cores (>= 1).
unsigned resolve_jobs(unsigned requested);

// Declares that `processes` processes on this machine (MPI ranks, core/range_mpi.cpp) share
// its cores, so --jobs 0 in each takes its share rather than all of them.
void share_cores_with(unsigned processes);

// Runs job(0) .. job(count-1) on worker threads; see run_batch for the guarantees.
void run_indexed(std::size_t count, const std::function<void(std::size_t)>& job, const BatchOptions& options);

template <class Result, class Job>
std::vector<Result> run_batch(std::size_t count, Job&& job, const BatchOptions& options = {}) {
  std::vector<std::optional<Result>> slots(count);
  run_indexed(
      count, [&](std::size_t i) { slots[i].emplace(job(i)); }, options);
  std::vector<Result> results;
  results.reserve(count);
  for (auto& slot : slots) results.push_back(std::move(*slot));
  return results;
}

}  // namespace proven

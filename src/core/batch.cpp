#include "core/batch.hpp"

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>

namespace proven {

namespace {
std::atomic<unsigned> g_sharing_processes{1};
}  // namespace

void share_cores_with(unsigned processes) { g_sharing_processes.store(std::max(1u, processes)); }

unsigned resolve_jobs(unsigned requested) {
  if (requested > 0) return requested;
  const unsigned online = std::max(1u, std::thread::hardware_concurrency());
  // The CPUs this process may run on (taskset, a container's cpuset, an MPI rank bound to a
  // core): a process bound to fewer than all has them to itself; one that may use all of them
  // shares them with the others on this machine.
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  const unsigned usable = sched_getaffinity(0, sizeof allowed, &allowed) == 0
                              ? std::min(online, static_cast<unsigned>(CPU_COUNT(&allowed)))
                              : online;
  if (usable < online) return std::max(1u, usable);
  return std::max(1u, online / g_sharing_processes.load());
}

void run_indexed(std::size_t count, const std::function<void(std::size_t)>& job, const BatchOptions& options) {
  constexpr std::size_t kNoFailure = std::numeric_limits<std::size_t>::max();
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> first_failure{kNoFailure};
  std::exception_ptr failure;
  std::mutex failure_mutex;

  auto worker = [&] {
    for (;;) {
      const std::size_t i = next.fetch_add(1);
      // Stop claiming past the lowest known failure; lower indices still run.
      if (i >= count || i > first_failure.load()) return;
      try {
        job(i);
        if (options.progress) options.progress->advance();
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (i < first_failure.load()) {
          first_failure = i;
          failure = std::current_exception();
        }
      }
    }
  };

  const unsigned threads =
      static_cast<unsigned>(std::min<std::size_t>(resolve_jobs(options.jobs), std::max<std::size_t>(count, 1)));
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::jthread> pool;
    pool.reserve(threads);
    // The system may refuse threads (--jobs 1024 under a process limit): the workers that did
    // start share the indices, since any number of workers gives the same results; with none
    // started, this thread does the work.
    try {
      for (unsigned t = 0; t < threads; ++t) pool.emplace_back(worker);
    } catch (const std::system_error&) {
    }
    if (pool.empty()) worker();
  }  // jthreads join here
  if (failure) std::rethrow_exception(failure);
}

}  // namespace proven

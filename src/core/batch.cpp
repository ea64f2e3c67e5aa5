#include "core/batch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <limits>
#include <mutex>
#include <system_error>
#include <thread>

namespace proven {

unsigned resolve_jobs(unsigned requested) {
  if (requested > 0) return requested;
  return std::max(1u, std::thread::hardware_concurrency());
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

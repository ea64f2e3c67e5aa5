#include "core/range_mpi.hpp"

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <future>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "core/batch.hpp"
#include "core/check.hpp"
#include "core/errors.hpp"
#include "core/range_ledger.hpp"

namespace proven {
namespace {

// Messages between rank 0 (the lead) and the workers. A worker says it is ready, then sends each
// result (or why its job failed); the lead answers every message with the next chunk or a stop.
enum Tag : int { kReady = 1, kResult = 2, kJobFailed = 3, kAssign = 4 };
constexpr std::uint64_t kStop = std::numeric_limits<std::uint64_t>::max();

// MPI from start to finalize. Only the thread that started it calls MPI (MPI_THREAD_FUNNELED):
// rank 0 runs its own chunks on another thread, which never touches MPI.
class MpiSession {
 public:
  MpiSession() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    PROVEN_CHECK(provided >= MPI_THREAD_FUNNELED, "MPI cannot serve a process with threads");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    // Ranks on one machine share its cores: each one's jobs run on its share (--jobs 0).
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &local);
    int local_size = 1;
    MPI_Comm_size(local, &local_size);
    MPI_Comm_free(&local);
    share_cores_with(static_cast<unsigned>(local_size));
  }
  ~MpiSession() { MPI_Finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0, size_ = 1;
};

void send_text(int to, Tag tag, const std::string& text) {
  PROVEN_CHECK(text.size() < static_cast<std::size_t>(std::numeric_limits<int>::max()),
               "a chunk's result fits one message");
  MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

std::string receive_text(const MPI_Status& status) {
  int size = 0;
  MPI_Get_count(&status, MPI_CHAR, &size);
  std::string text(static_cast<std::size_t>(size), '\0');
  MPI_Recv(text.data(), size, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return text;
}

// An assignment: the chunk's number, its first seed's index and its size ({kStop, 0, 0}: stop).
void assign(int to, std::uint64_t k, std::uint64_t first, std::uint64_t n) {
  const std::uint64_t message[3] = {k, first, n};
  MPI_Send(message, 3, MPI_UINT64_T, to, kAssign, MPI_COMM_WORLD);
}

// What a rank says it runs when it first asks for work: rank 0 hands out nothing to a rank
// whose job, generator or range differs (another build of proven on some node of a cluster).
// Not the chunk size: a worker is told each chunk's seeds, and resuming, only rank 0 reads the
// checkpoint that names the size.
std::string identity(const RangeRun& run) {
  return nlohmann::json{{"job", run.name}, {"params", run.params}, {"range", run.range}}.dump();
}

void work(const RangeRun& run, const ChunkJob& job) {
  send_text(0, kReady, identity(run));
  for (;;) {
    std::uint64_t message[3] = {};
    MPI_Recv(message, 3, MPI_UINT64_T, 0, kAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (message[0] == kStop) return;
    std::string reply;
    Tag tag = kResult;
    try {
      reply = fmt::format("{}\n{}", message[0], job(message[1], message[2]).dump());
    } catch (const std::exception& e) {
      tag = kJobFailed;
      reply = e.what();
    }
    send_text(0, tag, reply);
  }
}

// Rank 0: hands out the ledger's unfinished chunks one at a time, to the workers as they ask and
// to its own thread, and records every result. After a failure it hands out nothing more, lets
// the running chunks finish (their results still reach the checkpoint) and stops every worker
// before rethrowing, so MPI always finalizes cleanly.
void lead(const MpiSession& mpi, const RangeRun& run, RangeLedger& ledger, const ChunkJob& job) {
  std::deque<std::uint64_t> todo;
  for (const std::uint64_t k : ledger.unfinished()) todo.push_back(k);
  std::exception_ptr failure;
  const auto record = [&](std::uint64_t k, nlohmann::json result, bool counted) {
    try {
      ledger.finish(k, std::move(result), counted);
    } catch (...) {
      if (!failure) failure = std::current_exception();
    }
  };
  const auto next_chunk = [&]() -> std::uint64_t {
    if (failure || todo.empty()) return kStop;
    const std::uint64_t k = todo.front();
    todo.pop_front();
    return k;
  };

  int working = mpi.size() - 1;  // workers not yet told to stop
  std::future<nlohmann::json> own;
  std::uint64_t own_chunk = kStop;
  while (working > 0 || own.valid() || (!failure && !todo.empty())) {
    bool busy = false;
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      busy = true;
      const std::string text = receive_text(status);
      if (status.MPI_TAG == kResult) {
        try {
          const std::size_t newline = text.find('\n');
          record(std::stoull(text.substr(0, newline)), nlohmann::json::parse(text.substr(newline + 1)), false);
        } catch (...) {
          if (!failure) failure = std::current_exception();
        }
      } else if (status.MPI_TAG == kReady && text != identity(run) && !failure) {
        failure = std::make_exception_ptr(
            UserError(fmt::format("rank {} runs {}, rank 0 runs {}: every rank must run the same proven and command",
                                  status.MPI_SOURCE, text, identity(run))));
      } else if (status.MPI_TAG == kJobFailed && !failure) {
        failure = std::make_exception_ptr(std::runtime_error(fmt::format("rank {}: {}", status.MPI_SOURCE, text)));
      }
      const std::uint64_t k = next_chunk();
      if (k == kStop) --working;
      assign(status.MPI_SOURCE, k, k == kStop ? 0 : ledger.first_of(k), k == kStop ? 0 : ledger.count_of(k));
    }
    if (own.valid() && own.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
      busy = true;
      try {
        record(own_chunk, own.get(), true);
      } catch (...) {
        if (!failure) failure = std::current_exception();
      }
    }
    if (!own.valid()) {
      own_chunk = next_chunk();
      if (own_chunk != kStop)
        own = std::async(std::launch::async, job, ledger.first_of(own_chunk), ledger.count_of(own_chunk));
    }
    // Messages and the own chunk are polled; a millisecond's nap keeps the poll off the cores.
    if (!busy) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (failure) std::rethrow_exception(failure);
  PROVEN_CHECK(ledger.complete(), "every chunk of the range was folded");
}

}  // namespace

std::optional<RangeReport> run_range_on_ranks(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold,
                                              const RangeOptions& options) {
  const MpiSession mpi;
  // Rank 0 alone reads and writes the checkpoint; if it cannot, every rank stops before any work.
  std::optional<RangeLedger> ledger;
  std::exception_ptr setup_failure;
  if (mpi.rank() == 0) {
    try {
      ledger.emplace(run, fold, options);
    } catch (...) {
      setup_failure = std::current_exception();
    }
  }
  int ready = setup_failure ? 0 : 1;
  MPI_Bcast(&ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (!ready) {
    if (setup_failure) std::rethrow_exception(setup_failure);
    return std::nullopt;
  }
  if (mpi.rank() != 0) {
    work(run, job);
    return std::nullopt;
  }
  lead(mpi, run, *ledger, job);
  return RangeReport{.chunks = ledger->chunks(), .resumed = ledger->resumed(), .ranks = mpi.size()};
}

}  // namespace proven

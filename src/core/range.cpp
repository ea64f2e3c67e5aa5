#include "core/range.hpp"

#include "core/errors.hpp"
#include "core/range_ledger.hpp"
#include "core/ranks.hpp"
#ifdef PROVEN_MPI
#include "core/range_mpi.hpp"
#endif

namespace proven {

std::optional<RangeReport> run_range(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold,
                                     const RangeOptions& options) {
  if (launched_ranks().size > 1) {
#ifdef PROVEN_MPI
    return run_range_on_ranks(run, job, fold, options);
#else
    throw UserError(
        "started as one of several ranks, but this proven was built without MPI: rebuild it with "
        "-DPROVEN_MPI=ON (docs/distributed.md), or run it without mpirun");
#endif
  }
  RangeLedger ledger(run, fold, options);
  for (const std::uint64_t k : ledger.unfinished())
    ledger.finish(k, job(ledger.first_of(k), ledger.count_of(k)), /*counted=*/true);
  return RangeReport{.chunks = ledger.chunks(), .resumed = ledger.resumed(), .ranks = 1};
}

}  // namespace proven

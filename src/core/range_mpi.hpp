#pragma once
// The MPI back end of run_range (core/range.hpp), built only with -DPROVEN_MPI=ON. Starts MPI,
// runs the range over every rank of MPI_COMM_WORLD and finalizes MPI before it returns: a
// process runs one range.
#include <optional>

#include "core/range.hpp"

namespace proven {

std::optional<RangeReport> run_range_on_ranks(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold,
                                              const RangeOptions& options);

}  // namespace proven

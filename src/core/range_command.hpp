#pragma once
// What every seed-range command (`bomb check`, `whodunnit stats`) shares on its command line:
// --checkpoint FILE, --resume FILE, --chunk N, the one-line timing on stderr, and leave to run
// under an MPI launcher (core/range.hpp). Any other command started as one of several ranks is
// refused: it would do the same work once per rank.
#include <chrono>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "core/range.hpp"

namespace proven {

struct RangeArgs {
  std::string checkpoint;   // append finished chunks here
  std::string resume;       // continue the run this checkpoint records
  std::uint64_t chunk = 0;  // 0: chunk_size() chooses
};

// Adds --checkpoint, --resume and --chunk to `command` and lets it run under mpirun / srun.
void add_range_options(CLI::App& command, RangeArgs& args);

// The seeds per chunk: --chunk if given; else, resuming, the checkpoint's own; else enough
// chunks for every rank to have about eight (so a slow chunk at the end costs little), each at
// most `largest` seeds (a checkpoint line, and the work lost to a kill, stay small). The output
// never depends on it.
std::uint64_t chunk_size(const RangeArgs& args, std::uint64_t seeds, std::uint64_t largest);

// The options of run_range the arguments ask for; UserError for --checkpoint with --resume.
RangeOptions range_options(const RangeArgs& args, Progress* progress);

// The timing line on stderr ("bomb check: 12.34 s on 3 ranks (2 chunk(s) of 4096 seeds read from
// F)"): timings never reach standard output, which is the same bytes for any jobs or ranks.
void print_range_timing(const RangeRun& run, const RangeArgs& args, const RangeReport& report,
                        std::chrono::steady_clock::time_point start);

// UserError when started as one of several ranks for a command without add_range_options. The
// CLI's main calls it once the command line is parsed, before the command runs.
void refuse_ranks_unless_range_command(const CLI::App& root);

}  // namespace proven

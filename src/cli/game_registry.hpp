#pragma once
// How a game plugs into the `proven` executable (the C++ answer to Tatham's `struct game`):
// a game fills in one GameEntry in its own cli.cpp, and games.cpp lists every entry once.
// The entry adds the game's subcommands under `proven <name>` and runs its fixed bench workload.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace proven::cli {

// What `proven bench` prints for a game: named figures, then a digest of the generated content.
// Figures may include timings; the digest never does, so it changes only when output changes.
struct BenchReport {
  std::vector<std::pair<std::string, std::string>> figures;
  std::string digest;
};

struct GameEntry {
  std::string name;               // the subcommand: `proven <name> ...`
  std::string summary;            // one line for `proven --help`
  std::string generator_version;  // bumped whenever a seed's output changes
  std::function<void(CLI::App& group)> add_commands;
  std::function<BenchReport(unsigned jobs)> bench;
};

// Every registered game, in the order `proven --help` lists them (src/cli/games.cpp).
const std::vector<GameEntry>& games();

}  // namespace proven::cli

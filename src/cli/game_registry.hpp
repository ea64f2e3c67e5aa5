#pragma once
// How a game plugs into the `proven` executable: games.cpp lists one GameEntry per game, made by
// make_entry<G>() (cli/entry.hpp) from the game's Game contract (core/game.hpp). The entry adds
// the game's subcommands under `proven <name>` and runs its fixed bench workload.
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/game.hpp"

namespace proven::cli {

struct GameEntry {
  std::string name;               // the subcommand: `proven <name> ...`
  std::string summary;            // one line for `proven --help`
  std::string generator_version;  // bumped whenever a seed's output changes
  std::function<void(CLI::App& group)> add_commands;
  std::function<BenchReport(unsigned jobs)> bench;  // core/game.hpp
};

// Every registered game, in the order `proven --help` lists them (src/cli/games.cpp).
const std::vector<GameEntry>& games();

}  // namespace proven::cli

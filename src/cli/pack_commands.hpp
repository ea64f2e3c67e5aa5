#pragma once
// The three subcommands every level-pack game shares, registered the same way for each:
//   proven <game> generate --seed S [--chapter K] [--out FILE] [--jobs J]
//   proven <game> verify PACK
//   proven <game> show PACK [--level N] [--svg FILE]
// A game supplies the help texts and what each command does; the flags mean the same everywhere.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "core/errors.hpp"

namespace proven::cli {

struct PackGenerateArgs {
  std::string seed = "1";
  int chapter = 0;  // 0: every chapter
  std::string out;  // empty: stdout
  unsigned jobs = 0;
};

struct PackCommands {
  int chapters = 1;  // --chapter accepts 1..chapters
  std::string generate_help, chapter_help, verify_help, show_help, svg_help;
  std::function<void(const PackGenerateArgs&)> generate;
  std::function<void(const std::string& path)> verify;
  std::function<void(const std::string& path, int level, const std::string& svg)> show;
};

void add_pack_commands(CLI::App& group, const PackCommands& commands);

// The level `show --level N` names (1-based) in the pack read from `path`; a UserError giving
// the valid range otherwise.
template <class Level>
const Level& level_at(const std::vector<Level>& levels, int number, const std::string& path) {
  if (number < 1 || number > static_cast<int>(levels.size()))
    throw UserError(fmt::format("--level must be 1..{} for {}", levels.size(), path));
  return levels[static_cast<std::size_t>(number - 1)];
}

}  // namespace proven::cli

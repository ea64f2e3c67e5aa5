#pragma once
// The three subcommands every level-pack game shares, registered the same way for each:
//   proven <game> generate --seed S [--chapter K] [--out FILE] [--jobs J]
//   proven <game> verify PACK
//   proven <game> show PACK [--level N] [--svg FILE]
// A game supplies the help texts and what each command does; the flags mean the same everywhere.
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

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

}  // namespace proven::cli

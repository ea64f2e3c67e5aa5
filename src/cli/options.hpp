#pragma once
// Options and output helpers shared by every game's subcommands, so flags mean the same
// everywhere (`--jobs`, `--seed`, `--out`) and results reach stdout or a file the same way.
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace proven::cli {

// --jobs N: worker threads, 0 (the default) for one per core. Never changes output.
CLI::Option* add_jobs_option(CLI::App& app, unsigned& jobs);

// Writes `content` atomically to `path`, or to stdout when path is empty or "-".
void emit(const std::string& path, std::string_view content);

}  // namespace proven::cli

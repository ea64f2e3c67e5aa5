#pragma once
// Options and output helpers shared by every command (the generic ones in src/cli and each game's
// extras), so flags mean the same everywhere (`--jobs`, `--seed`, `--out`) and results reach
// stdout or a file the same way.
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace proven {

// --jobs N: worker threads, 0 (the default) for one per core. Never changes output.
CLI::Option* add_jobs_option(CLI::App& app, unsigned& jobs);

// Writes `content` atomically to `path`, or to stdout when path is empty or "-".
void emit(const std::string& path, std::string_view content);

// Throws Failure (exit 1) listing every broken promise found in `path`, if there are any.
void fail_on_problems(const std::string& path, const std::vector<std::string>& problems);

}  // namespace proven

#pragma once
// Options and output helpers shared by every command (the generic ones in src/cli and each game's
// extras), so flags mean the same everywhere (`--jobs`, `--seed`, `--out`) and results reach
// stdout or a file the same way.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

namespace proven {

// --jobs N: worker threads, 0 (the default) for one per core. Never changes output.
CLI::Option* add_jobs_option(CLI::App& app, unsigned& jobs);

// Writes `content` atomically to `path`, or to stdout when path is empty or "-".
void emit(const std::string& path, std::string_view content);

// Throws Failure (exit 1) when `path` did not verify: "PATH: N broken promise(s)" and their lines,
// then "PATH: M proof(s) not proven within budget (...)" and theirs (core/verify.hpp: a proof
// that ran out is no verdict either way, so it is never counted as a broken promise). Each list
// shows its first kMaxProblemLines, then how many more (a pack of 4,000 copies of one level has
// millions).
inline constexpr std::size_t kMaxProblemLines = 50;
void fail_on_problems(const std::string& path, const std::vector<std::string>& problems,
                      const std::vector<std::string>& not_proven = {});

// Integer options (every INT or UINT option and positional of `app` and its subcommands, at any
// depth) accept plain decimal only: CLI11 alone takes 0x10, 0b1, ' 5' and '+5'. Call once the
// whole command tree is built, before parsing.
void require_plain_integers(CLI::App& app);

// `text` on one line, for messages that echo input: control characters become \n, \t, \xNN.
std::string one_line(std::string_view text);

}  // namespace proven

#include "core/range_command.hpp"

#include <algorithm>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/ranks.hpp"

namespace proven {
namespace {

// The commands that add_range_options was given: they alone may run as several ranks.
std::set<const CLI::App*>& range_commands() {
  static std::set<const CLI::App*> commands;
  return commands;
}

// The command the line chose, and its name as typed ("demo generate").
const CLI::App* chosen_command(const CLI::App& app, std::string& name) {
  for (const CLI::App* sub : app.get_subcommands()) {
    name += (name.empty() ? "" : " ") + sub->get_name();
    return chosen_command(*sub, name);
  }
  return &app;
}

}  // namespace

void add_range_options(CLI::App& command, RangeArgs& args) {
  command.add_option("--checkpoint", args.checkpoint,
                     "record each finished chunk of seeds in this file, for --resume after an interruption");
  command.add_option("--resume", args.resume,
                     "continue the run recorded in this checkpoint: only its unfinished chunks are run");
  command
      .add_option("--chunk", args.chunk,
                  "seeds per chunk, the unit of checkpoints and of handing out to MPI ranks (default: about 8 "
                  "per rank; resuming, the checkpoint's)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000}));
  range_commands().insert(&command);
}

std::uint64_t chunk_size(const RangeArgs& args, std::uint64_t seeds, std::uint64_t largest) {
  if (args.chunk > 0) return args.chunk;
  if (!args.resume.empty()) {
    // The checkpoint's header names its chunk size; a header that cannot be read is reported
    // by the resumed run itself, so any size will do here.
    std::ifstream in(args.resume);
    std::string header;
    std::getline(in, header);
    const nlohmann::json head = nlohmann::json::parse(header, nullptr, false);
    if (head.is_object() && head.contains("chunk") && head["chunk"].is_number_unsigned() && head["chunk"] > 0)
      return head["chunk"].get<std::uint64_t>();
  }
  const auto ranks = static_cast<std::uint64_t>(launched_ranks().size);
  const std::uint64_t chunks = 8 * ranks;
  return std::clamp<std::uint64_t>((seeds + chunks - 1) / chunks, 1, largest);
}

RangeOptions range_options(const RangeArgs& args, Progress* progress) {
  if (!args.checkpoint.empty() && !args.resume.empty())
    throw UserError("--resume FILE goes on writing FILE: give --checkpoint or --resume, not both");
  const bool resuming = !args.resume.empty();
  return {.checkpoint = resuming ? args.resume : args.checkpoint, .resume = resuming, .progress = progress};
}

void print_range_timing(const RangeRun& run, const RangeArgs& args, const RangeReport& report,
                        std::chrono::steady_clock::time_point start) {
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string line = fmt::format("{}: {:.2f} s", run.name, seconds);
  if (report.ranks > 1) line += fmt::format(" on {} ranks", report.ranks);
  if (!args.resume.empty())
    line += fmt::format(" ({} chunk(s) of {} seeds read from {})", report.resumed, run.chunk, one_line(args.resume));
  fmt::print(stderr, "{}\n", line);
}

void refuse_ranks_unless_range_command(const CLI::App& root) {
  const Ranks& ranks = launched_ranks();
  if (ranks.size <= 1) return;
  std::string name;
  if (range_commands().contains(chosen_command(root, name))) return;
  // The seed-range commands by their names as typed, sorted ("<game> check, <game> stats").
  std::set<std::string> names;
  for (const CLI::App* command : range_commands())
    names.insert((command->get_parent() ? command->get_parent()->get_name() + " " : "") + command->get_name());
  std::string listed;
  for (const std::string& each : names) listed += (listed.empty() ? "" : ", ") + each;
  throw UserError(
      fmt::format("'{}' runs in one process: started as rank {} of {}, it would do the same work {} "
                  "times. Only seed-range commands ({}) share work across ranks (docs/distributed.md)",
                  name, ranks.rank, ranks.size, ranks.size, listed));
}

}  // namespace proven

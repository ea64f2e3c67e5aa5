#include "demo/cli.hpp"

#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "cli/options.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "demo/blocks.hpp"

namespace proven::demo {
namespace {

struct GenerateArgs {
  std::string seed = "1";
  int count = 12;
  std::string out;
  std::string svg;
  unsigned jobs = 0;
};

void run_generate(const GenerateArgs& args) {
  Progress progress("blocks", static_cast<std::uint64_t>(args.count));
  const Sheet sheet = generate_sheet(args.seed, args.count, {.jobs = args.jobs, .progress = &progress});
  progress.finish();
  // Everything is generated before anything is written: a failure leaves no output behind.
  cli::emit(args.out, json_text(to_json(sheet)));
  if (!args.svg.empty()) write_file_atomic(args.svg, render_svg(sheet));
  fmt::print(stderr, "{} blocks from seed '{}', every one proven\n{}", sheet.blocks.size(),
             sheet.seed, sheet.tally.table());
}

void run_verify(const std::string& path) {
  const Sheet sheet = sheet_from_json(read_json_file(path));
  const auto problems = verify_sheet(sheet);
  cli::fail_on_problems(path, problems);
  fmt::print("{}: all {} blocks verified (runs fit, exactly one filling, no giveaways)\n", path,
             sheet.blocks.size());
}

cli::BenchReport run_bench(unsigned jobs) {
  constexpr int kBlocks = 20000;
  const auto start = std::chrono::steady_clock::now();
  const Sheet sheet = generate_sheet("bench", kBlocks, {.jobs = jobs});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto text = json_text(to_json(sheet));
  return {.figures = {{"blocks generated", std::to_string(kBlocks)},
                      {"tries", std::to_string(sheet.tally.tries())},
                      {"acceptance", fmt::format("{:.1f}%", 100.0 * kBlocks / static_cast<double>(sheet.tally.tries()))},
                      {"seconds", fmt::format("{:.3f}", seconds)},
                      {"blocks per second", fmt::format("{:.0f}", kBlocks / seconds)}},
          .digest = digest_hex(text)};
}

void add_commands(CLI::App& group) {
  auto args = std::make_shared<GenerateArgs>();
  CLI::App* gen = group.add_subcommand("generate", "generate a sheet of proven Kakuro blocks");
  gen->add_option("--seed", args->seed, "seed key (any string)")->capture_default_str();
  gen->add_option("--count", args->count, "how many blocks")->check(CLI::Range(1, 100000))->capture_default_str();
  gen->add_option("--out", args->out, "write the JSON sheet here (default: stdout)");
  gen->add_option("--svg", args->svg, "also write a printable SVG sheet here");
  cli::add_jobs_option(*gen, args->jobs);
  gen->callback([args] { run_generate(*args); });

  auto path = std::make_shared<std::string>();
  CLI::App* verify = group.add_subcommand("verify", "re-prove every block of a sheet from its data alone");
  verify->add_option("sheet", *path, "the JSON sheet")->required();
  verify->callback([path] { run_verify(*path); });
}

}  // namespace

cli::GameEntry cli_entry() {
  return {.name = "demo",
          .summary = "the core's demo: Kakuro blocks with exactly one filling",
          .generator_version = std::to_string(kGeneratorVersion),
          .add_commands = add_commands,
          .bench = run_bench};
}

}  // namespace proven::demo

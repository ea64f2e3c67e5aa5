#include "tilt/cli.hpp"

#include <chrono>

#include <fmt/format.h>

#include "core/command.hpp"
#include "cli/pack_commands.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "tilt/pack.hpp"
#include "tilt/render.hpp"

namespace proven::tilt {
namespace {

using GenerateArgs = cli::PackGenerateArgs;

std::string tally_report(const Pack& pack) {
  std::string text;
  std::size_t t = 0;
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    if (i > 0 && pack.levels[i].chapter == pack.levels[i - 1].chapter) continue;
    const Tally& tally = pack.chapter_tallies[t++];
    const Chapter& c = chapter(pack.levels[i].chapter);
    text += fmt::format("chapter {} {}: {} accepted candidates per 1000 tries\n{}", c.number, c.name,
                        fmt::format("{:.1f}", 1000.0 * static_cast<double>(tally.accepted()) / static_cast<double>(std::max<std::uint64_t>(1, tally.tries()))),
                        tally.table());
  }
  return text;
}

void run_generate(const GenerateArgs& args) {
  PackOptions options{.only_chapter = std::nullopt, .jobs = args.jobs};
  if (args.chapter != 0) options.only_chapter = args.chapter;
  Progress progress("candidates", candidate_count(options));
  options.progress = &progress;
  const Pack pack = generate_pack(args.seed, options);
  progress.finish();
  emit(args.out, json_text(to_json(pack)));
  fmt::print(stderr, "{} levels from seed '{}', each with BFS par, every tile needed, bits counted exactly\n{}", pack.levels.size(),
             pack.seed, tally_report(pack));
}

Pack read_pack(const std::string& path) { return pack_from_json(read_json_file(path)); }

void run_verify(const std::string& path) {
  const Pack pack = read_pack(path);
  fail_on_problems(path, verify_pack(pack));
  fmt::print("{}: all {} levels verified (par is the BFS minimum and the solution clears in it, bits recounted, every tile and pit "
             "in play, the rule matters, no near copies, never easier)\n",
             path, pack.levels.size());
}

void run_show(const std::string& path, int level_number, const std::string& svg_path) {
  const Pack pack = read_pack(path);
  const Level& l = cli::level_at(pack.levels, level_number, path);
  const auto caption = fmt::format("level {} (chapter {} {}, #{}), par {}, {:.3f} bits, solution {}", level_number, l.chapter,
                                   chapter(l.chapter).name, l.index + 1, l.par, static_cast<double>(l.bits_milli) / 1000,
                                   solution_text(l.solution));
  fmt::print("{}\n{}", caption, to_text(l.board));
  if (!svg_path.empty()) {
    write_file_atomic(svg_path, render_level_svg(l, caption));
    fmt::print("picture: {}\n", svg_path);
  }
}

cli::BenchReport run_bench(unsigned jobs) {
  const auto start = std::chrono::steady_clock::now();
  const Pack pack = generate_pack("bench", {.only_chapter = std::nullopt, .jobs = jobs});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t tries = proven::total_tries(pack.chapter_tallies);
  return {.figures = {{"levels generated", std::to_string(pack.levels.size())},
                      {"tries", std::to_string(tries)},
                      {"campaign seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest_hex(json_text(to_json(pack)))};
}

void add_commands(CLI::App& group) {
  cli::add_pack_commands(group, {.chapters = static_cast<int>(chapters().size()),
                                 .generate_help = "generate the campaign (or one chapter): BFS par, every tile needed, bits",
                                 .chapter_help = "only this chapter",
                                 .verify_help = "check every promise of a pack from its data alone",
                                 .show_help = "print a level, and draw it with every tilt of its solution as SVG",
                                 .svg_help = "write an SVG picture here",
                                 .generate = run_generate,
                                 .verify = run_verify,
                                 .show = run_show});
}

}  // namespace

cli::GameEntry cli_entry() {
  return {.name = "tilt",
          .summary = "tilt marble levels: BFS par, every tile matters, exact bits, a campaign that never gets easier",
          .generator_version = std::to_string(kGeneratorVersion),
          .add_commands = add_commands,
          .bench = run_bench};
}

}  // namespace proven::tilt

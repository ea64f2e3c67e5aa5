#include "prism/cli.hpp"

#include <chrono>

#include <fmt/format.h>

#include "core/command.hpp"
#include "cli/pack_commands.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "prism/pack.hpp"
#include "prism/render.hpp"

namespace proven::prism {
namespace {

using GenerateArgs = cli::PackGenerateArgs;

std::string tally_report(const Pack& pack) {
  std::string text;
  std::size_t at = 0;
  for (const auto& t : pack.chapter_tallies) {
    const Level& first = pack.levels[at];
    const ChapterSpec& spec = chapter(first.chapter);
    int par_sum = 0;
    for (int j = 0; j < spec.levels; ++j) par_sum += pack.levels[at + static_cast<std::size_t>(j)].par;
    text += fmt::format("chapter {} {}: {} levels, average par {:.2f}, {:.1f} tries per level\n{}", spec.number, spec.name,
                        spec.levels, static_cast<double>(par_sum) / spec.levels,
                        static_cast<double>(t.tries()) / spec.levels, t.table());
    at += static_cast<std::size_t>(spec.levels);
  }
  return text;
}

void run_generate(const GenerateArgs& args) {
  PackOptions options{.only_chapter = std::nullopt, .jobs = args.jobs};
  if (args.chapter != 0) options.only_chapter = args.chapter;
  int total = 0;
  for (const auto& spec : kChapters)
    if (!options.only_chapter || *options.only_chapter == spec.number) total += spec.levels;
  Progress progress("levels", static_cast<std::uint64_t>(total));
  options.progress = &progress;
  const Pack pack = generate_pack(args.seed, options);
  progress.finish();
  emit(args.out, json_text(to_json(pack)));
  fmt::print(stderr, "{} levels from seed '{}', each proven unique with BFS-checked par\n{}", pack.levels.size(),
             pack.seed, tally_report(pack));
}

Pack read_pack(const std::string& path) { return pack_from_json(read_json_file(path)); }

void run_verify(const std::string& path) {
  const Pack pack = read_pack(path);
  const auto problems = verify_pack(pack);
  fail_on_problems(path, problems);
  fmt::print("{}: all {} levels verified (one solution, it clears the board, par is the BFS minimum)\n", path,
             pack.levels.size());
}

void run_show(const std::string& path, int level_number, const std::string& svg_path) {
  const Pack pack = read_pack(path);
  const Level& level = cli::level_at(pack.levels, level_number, path);
  const Board solved = with_rotations(level.board, level.solution);
  const auto caption = fmt::format("level {} (chapter {} {}, #{}), par {}", level_number, level.chapter,
                                   chapter(level.chapter).name, level.index + 1, level.par);
  fmt::print("{}\nas dealt:\n{}\nsolved:\n{}", caption, to_text(level.board), to_text(solved));
  if (!svg_path.empty()) {
    write_file_atomic(svg_path, render_level_svg(level.board, solved, caption));
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
                      {"tries per level", fmt::format("{:.1f}", static_cast<double>(tries) / static_cast<double>(pack.levels.size()))},
                      {"campaign seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest_hex(json_text(to_json(pack)))};
}

void add_commands(CLI::App& group) {
  cli::add_pack_commands(group, {.chapters = 6,
                                 .generate_help = "generate the 240-level campaign (or one chapter), every level proven",
                                 .chapter_help = "only this chapter (1..6)",
                                 .verify_help = "re-prove every level of a pack from its data alone",
                                 .show_help = "print a level, and draw it with its beams as SVG",
                                 .svg_help = "write an SVG picture (as dealt and solved) here",
                                 .generate = run_generate,
                                 .verify = run_verify,
                                 .show = run_show});
}

}  // namespace

cli::GameEntry cli_entry() {
  return {.name = "prism",
          .summary = "rotation light puzzles: unique solutions, BFS-verified par, a 240-level campaign",
          .generator_version = std::to_string(kGeneratorVersion),
          .add_commands = add_commands,
          .bench = run_bench};
}

}  // namespace proven::prism

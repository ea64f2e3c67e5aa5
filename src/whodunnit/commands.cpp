#include "whodunnit/commands.hpp"

#include <chrono>
#include <optional>

#include <fmt/format.h>

#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "core/range.hpp"
#include "core/range_command.hpp"
#include "core/seeds.hpp"
#include "whodunnit/game.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/proof.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/stats.hpp"

namespace proven::whodunnit {
namespace {

struct SolveArgs {
  std::string path;
  bool explain = false;
  bool hint = false;
  std::vector<std::string> known;
};

struct StatsArgs {
  std::string seeds;
  CaseParams params;
  int top = 30;
  unsigned jobs = 0;
  RangeArgs range;
};

CaseFile read_case(const std::string& path) {
  const nlohmann::json json = read_json_file(path);
  try {
    return case_from_json(json);
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", path, e.what()));
  }
}

void run_solve(const SolveArgs& args) {
  const CaseFile file = read_case(args.path);
  const Case& c = file.content;
  std::vector<Fact> known;
  for (const std::string& k : args.known) known.push_back(parse_known(c.setup, k));
  const Proof proof = reprove(file, args.path);
  for (std::size_t i = 0; i < known.size(); ++i) {
    const Fact& f = known[i];
    if ((proof.solution[at(f.suspect)][at(f.trait.category)] == f.trait.value) != f.holds)
      throw Failure(fmt::format("--known {}: the clues rule this out", args.known[i]));
  }
  const Lattice lattice(c.setup);
  const std::vector<Clue> clues = clue_logic(c);
  // Everything is computed before anything is printed, so a failure never leaves half a report.
  std::string text;
  if (args.hint) {
    const std::optional<Step> step = next_step(lattice, clues, known);
    text = step ? "Hint: " + step_text(c, *step, known) : "Every identity is already fixed.\n";
  } else {
    text = fmt::format("{}: determined by its clues alone: one assignment fits the setup and every clue\n", args.path);
    if (args.explain) {
      const std::vector<Step> steps = explain(lattice, clues, known);
      std::vector<Fact> grid = known;
      for (std::size_t i = 0; i < steps.size(); ++i) {
        text += fmt::format("\nStep {}. {}", i + 1, step_text(c, steps[i], grid));
        grid.insert(grid.end(), steps[i].settled.begin(), steps[i].settled.end());
      }
      PROVEN_CHECK(every_identity_fixed(c.setup, grid), "explain stopped before every identity was fixed");
      text += fmt::format("\nEvery identity is fixed after {} steps:\n", steps.size());
    }
    text += solution_text(c.setup, proof.solution);
    text += fmt::format("Question: {}\nAnswer: {}\n", c.question_prose,
                        suspect_text(c.setup, proof.solution, proof.murderer));
  }
  fmt::print("{}", text);
}

void run_stats(const StatsArgs& args) {
  const SeedList seeds = parse_seed_list(args.seeds, {.min = 0, .max = 999'999'999'999, .max_count = kMaxStatsSeeds});
  Progress progress("cases", seeds.count());
  const RangeOptions options = range_options(args.range, &progress);
  const std::optional<Theme> theme = theme_of(args.params);
  const StatsRequest request{.seeds = seeds,
                             .cast = args.params.cast,
                             .solver_budget = args.params.budget,
                             .theme = theme ? &*theme : nullptr,
                             .jobs = args.jobs,
                             .top_phrases = args.top,
                             .progress = &progress};
  const auto start = std::chrono::steady_clock::now();
  StatsTotals totals;
  const std::int64_t budget = request.solver_budget > 0 ? request.solver_budget : default_solver_budget(request.cast);
  const RangeRun run{
      .name = "whodunnit stats",
      .params = fmt::format("generator {}, cast {}, solver budget {}{}", generator_version(), request.cast, budget,
                            theme ? fmt::format(", theme {} {}", theme->name, theme_digest(*theme)) : ""),
      .range = seeds.text(),
      .count = seeds.count(),
      .chunk = chunk_size(args.range, seeds.count(), 256)};
  const auto report = run_range(
      run, [&](std::uint64_t first, std::uint64_t n) { return StatsTotals::chunk(request, first, n); },
      [&](const nlohmann::json& chunk) { totals.merge(chunk); }, options);
  if (!report) return;  // a worker rank: rank 0 reports
  progress.finish();
  print_range_timing(run, args.range, *report, start);
  fmt::print("{}", totals.report(request));
}

}  // namespace

void Game::add_commands(CLI::App& group) {
  auto solve_args = std::make_shared<SolveArgs>();
  CLI::App* solve = group.add_subcommand("solve", "re-prove a case file from its data alone and print the answer");
  solve->add_option("file", solve_args->path, "a case file (generate writes one)")->required();
  auto* explain = solve->add_flag("--explain", solve_args->explain, "print the working as steps a player can follow");
  auto* hint = solve->add_flag("--hint", solve_args->hint, "print only the next useful step");
  explain->excludes(hint);
  solve->add_option("--known", solve_args->known,
                    "a fact already in your grid, e.g. 3=Abigail, 3!=library, 3=room:library (repeatable)");
  solve->callback([solve_args] { run_solve(*solve_args); });

  auto stats_args = std::make_shared<StatsArgs>();
  CLI::App* stats = group.add_subcommand("stats", "phrase and clue-kind frequencies and figures over seeds");
  stats->add_option("--seeds", stats_args->seeds, "seeds: A, A..B (both included) or a comma list such as 1,5,10..20")
      ->required();
  Game::add_params(*stats, stats_args->params);
  stats->add_option("--top", stats_args->top, "list this many of the most frequent phrases (0: all)")
      ->check(CLI::NonNegativeNumber);
  add_jobs_option(*stats, stats_args->jobs);
  add_range_options(*stats, stats_args->range);
  stats->callback([stats_args] { run_stats(*stats_args); });
}

Fact parse_known(const Setup& setup, const std::string& text) {
  const auto bad = [&](std::string_view why) {
    return UserError(fmt::format("--known '{}': {} (write e.g. 3=Abigail, 3!=library or 3=room:library)", text, why));
  };
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0) throw bad("no '='");
  const bool negated = text[eq - 1] == '!';
  const std::string who = text.substr(0, negated ? eq - 1 : eq);
  std::string what = text.substr(eq + 1);
  int suspect = -1;
  for (int s = 0; s < setup.cast; ++s)
    if (setup.categories[kPortrait].values[at(s)].name == who) suspect = s;
  if (suspect < 0) throw bad(fmt::format("'{}' is not a suspect number (1..{})", who, setup.cast));
  std::string category_name;
  if (const std::size_t colon = what.find(':'); colon != std::string::npos) {
    category_name = what.substr(0, colon);
    what = what.substr(colon + 1);
  }
  std::vector<Term> found;
  for (int c = 1; c < setup.category_count(); ++c) {
    if (!category_name.empty() && setup.categories[at(c)].name != category_name) continue;
    for (int v = 0; v < setup.value_count(c); ++v)
      if (setup.categories[at(c)].values[at(v)].name == what) found.push_back({.category = c, .value = v});
  }
  if (found.empty()) throw bad(fmt::format("'{}' is not a name in play", what));
  if (found.size() > 1) throw bad(fmt::format("'{}' is a name in several categories", what));
  return {.suspect = suspect, .trait = found[0], .holds = !negated};
}

}  // namespace proven::whodunnit

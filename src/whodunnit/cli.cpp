#include "whodunnit/cli.hpp"

#include <chrono>

#include <fmt/format.h>

#include "core/command.hpp"
#include "core/batch.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/stats.hpp"
#include "whodunnit/text.hpp"

namespace proven::whodunnit {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

struct GenerateArgs {
  std::string seed = "1";
  int cast = 6;
  std::int64_t budget = 0;
  std::string format = "text";
  std::string out;
};

struct SolveArgs {
  std::string path;
  bool explain = false;
  bool hint = false;
  std::vector<std::string> known;
};

struct StatsArgs {
  std::string seeds;
  int cast = 6;
  std::int64_t budget = 0;
  int top = 30;
  unsigned jobs = 0;
};

void run_generate(const GenerateArgs& args) {
  const Case c = make_case(args.seed, args.cast, {.solver_budget = args.budget});
  emit(args.out, args.format == "json" ? json_text(to_json(c)) : case_text(c));
  if (!args.out.empty() && args.out != "-")
    fmt::print(stderr, "{}: a cast of {}, {} clues, determined by propagation; obviousness {} of ambiguity {}{}\n",
               args.out, args.cast, c.clues.size(), c.figures.obviousness, c.figures.initial_ambiguity,
               c.figures.gold_standard ? " (gold standard)" : "");
}

CaseFile read_case(const std::string& path) {
  const nlohmann::json json = read_json_file(path);
  try {
    return case_from_json(json);
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", path, e.what()));
  }
}

std::string identities_fixed(const Lattice& lattice, std::span<const Clue> clues) {
  const Setup& setup = lattice.setup();
  const std::vector<Fact> facts = fixed_facts(lattice, {}, clues);
  int row = 0;
  for (int c = 1; c < setup.category_count(); ++c) row += setup.value_count(c);
  std::vector<int> per_suspect(at(setup.cast), 0);
  for (const Fact& f : facts) ++per_suspect[at(f.suspect)];
  const auto fixed = std::ranges::count(per_suspect, row);
  return fmt::format("{} of {} identities", fixed, setup.cast);
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
    text += fmt::format("Question: {}\nAnswer: {}\n", c.question_prose, suspect_text(c.setup, proof.solution, proof.murderer));
  }
  fmt::print("{}", text);
}

void run_stats(const StatsArgs& args) {
  const auto [first, last] = parse_seed_range(args.seeds);
  Progress progress("cases", last - first + 1);
  const std::string report =
      stats_report({.first = first, .last = last, .cast = args.cast, .solver_budget = args.budget, .jobs = args.jobs,
                    .top_phrases = args.top, .progress = &progress});
  progress.finish();
  fmt::print("{}", report);
}

cli::BenchReport run_bench(unsigned jobs) {
  constexpr std::size_t kCases = 12;
  const auto start = std::chrono::steady_clock::now();
  const auto cases = run_batch<Case>(kCases, [](std::size_t i) { return make_case(std::to_string(i + 1), 6); },
                                     {.jobs = jobs});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Digest digest;
  int gold = 0;
  for (const Case& c : cases) {
    digest.add(json_text(to_json(c)));
    gold += c.figures.gold_standard ? 1 : 0;
  }
  return {.figures = {{"cases (cast 6)", std::to_string(kCases)},
                      {"gold standard", fmt::format("{} of {}", gold, kCases)},
                      {"seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest.hex()};
}

void add_case_options(CLI::App& app, int& cast, std::int64_t& budget) {
  app.add_option("--cast", cast, fmt::format("suspects in the case ({}..{})", kMinCast, kMaxCast))
      ->check(CLI::Range(kMinCast, kMaxCast));
  app.add_option("--budget", budget, "the generator's solver calls (0: its default for the cast); part of what a seed means")
      ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
}

void add_commands(CLI::App& group) {
  auto generate_args = std::make_shared<GenerateArgs>();
  CLI::App* generate = group.add_subcommand("generate", "generate a case: portraits, names in play, clues, the question");
  generate->add_option("--seed", generate_args->seed, "seed key (the same seed is always the same case)");
  add_case_options(*generate, generate_args->cast, generate_args->budget);
  generate->add_option("--format", generate_args->format, "text (to read) or json (the case file)")
      ->check(CLI::IsMember({"text", "json"}));
  generate->add_option("--out", generate_args->out, "write here instead of stdout (atomically)");
  generate->callback([generate_args] { run_generate(*generate_args); });

  auto solve_args = std::make_shared<SolveArgs>();
  CLI::App* solve = group.add_subcommand("solve", "re-prove a case file from its data alone and print the answer");
  solve->add_option("file", solve_args->path, "a case file (generate --format json)")->required();
  auto* explain = solve->add_flag("--explain", solve_args->explain, "print the working as steps a player can follow");
  auto* hint = solve->add_flag("--hint", solve_args->hint, "print only the next useful step");
  explain->excludes(hint);
  solve->add_option("--known", solve_args->known,
                    "a fact already in your grid, e.g. 3=Abigail, 3!=library, 3=room:library (repeatable)");
  solve->callback([solve_args] { run_solve(*solve_args); });

  auto stats_args = std::make_shared<StatsArgs>();
  CLI::App* stats = group.add_subcommand("stats", "phrase and clue-kind frequencies and figures over a range of seeds");
  stats->add_option("--seeds", stats_args->seeds, "seed range A..B (both included)")->required();
  add_case_options(*stats, stats_args->cast, stats_args->budget);
  stats->add_option("--top", stats_args->top, "list this many of the most frequent phrases (0: all)")
      ->check(CLI::NonNegativeNumber);
  add_jobs_option(*stats, stats_args->jobs);
  stats->callback([stats_args] { run_stats(*stats_args); });
}

}  // namespace

Proof reprove(const CaseFile& file, const std::string& source) {
  const Case& c = file.content;
  for (std::size_t i = 0; i < c.clues.size(); ++i)
    if (!prose_matches_markup(c.setup, c.clues[i]))
      throw UserError(fmt::format("{}: contradictory: clue {}'s prose does not say what its markup says", source, i + 1));
  const Lattice lattice(c.setup);
  const std::vector<Clue> clues = clue_logic(c);
  const Outcome outcome = solve(lattice, clues);
  if (outcome.status == Status::Contradictory) {
    // The first clue that cannot hold with those before it.
    std::size_t k = 1;
    while (k < clues.size() && solve(lattice, std::span(clues).first(k)).status != Status::Contradictory) ++k;
    throw UserError(fmt::format("{}: contradictory: clue {} cannot hold together with the setup and clues before it",
                                source, k));
  }
  if (outcome.status == Status::Undetermined)
    throw Failure(fmt::format("{}: undetermined: the clues fix {} (ambiguity {} remains)", source,
                              identities_fixed(lattice, clues), outcome.ambiguity));
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(c.setup));
  for (const Clue& clue : clues) bounds.restrict_all(clue.bounds);
  bounds.propagate();
  Proof proof{.solution = bounds.assignment(), .murderer = -1};

  const std::vector<int> named = suspects_matching(proof.solution, c.question.description);
  if (named.size() != 1)
    throw UserError(fmt::format("{}: contradictory: the question's description of the murderer fits {} suspects", source,
                                named.size()));
  proof.murderer = named[0];

  if (!c.solution.empty() && c.solution != proof.solution)
    throw Failure(fmt::format("{}: the stated solution is not the one the clues determine", source));
  if (c.question.murderer >= 0 && c.question.murderer != proof.murderer)
    throw Failure(fmt::format("{}: the stated answer is {}, but the clues make the murderer {}", source,
                              portrait_name(c.question.murderer), portrait_name(proof.murderer)));
  if (file.has_figures) {
    const Figures f = figures(lattice, clues);
    if (f.initial_ambiguity != c.figures.initial_ambiguity || f.obviousness != c.figures.obviousness ||
        f.clue_obviousness != c.figures.clue_obviousness || f.gold_standard != c.figures.gold_standard)
      throw Failure(fmt::format("{}: the stated figures are not the data's (obviousness {} of ambiguity {} recomputed)",
                                source, f.obviousness, f.initial_ambiguity));
  }
  return proof;
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
  if (suspect < 0) throw bad(fmt::format("'{}' is not a portrait (1..{})", who, setup.cast));
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

cli::GameEntry cli_entry() {
  return {.name = "whodunnit",
          .summary = "murder mysteries whose clues determine every identity, solved step by step",
          .generator_version = generator_version(),
          .add_commands = add_commands,
          .bench = run_bench};
}

}  // namespace proven::whodunnit

#include "whodunnit/game.hpp"

#include <chrono>
#include <cmath>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/batch.hpp"
#include "core/check.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/inspect.hpp"
#include "whodunnit/proof.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/seating.hpp"

namespace proven::whodunnit {

std::string Game::generator_version() { return whodunnit::generator_version(); }

void Game::add_params(CLI::App& app, Params& params) {
  app.add_option("--cast", params.cast, fmt::format("suspects in the case ({}..{})", kMinCast, kMaxCast))
      ->check(CLI::Range(kMinCast, kMaxCast))
      ->capture_default_str();
  app.add_option("--budget", params.budget,
                 "the generator's solver calls (0: its default for the cast); part of what a seed means")
      ->check(CLI::Range(std::int64_t{0}, kMaxSolverBudget))
      ->capture_default_str();
  app.add_option("--theme", params.theme_file,
                 "a theme file (docs/whodunnit.md, \"Themes\"): the names and story to draw; default: the country "
                 "house shipped as data/whodunnit/themes/country-house.json");
}

Made<Game::Document> Game::generate(const std::string& seed, const Params& params, const RunOptions& run) {
  if (run.progress) run.progress->set_total(1);
  Tally tally;
  const std::optional<Theme> theme = theme_of(params);
  Case c = make_case(seed, params.cast, {.solver_budget = params.budget, .theme = theme ? &*theme : nullptr}, &tally);
  if (run.progress) run.progress->advance();
  std::string report = fmt::format(
      "a cast of {}, {} clues, determined by propagation; obviousness {} of ambiguity {}{}; {} solver calls of {}\n"
      "what the generator turned down (a candidate may be turned down at several steps and restarts;\n"
      "accepted: the clues kept):\n{}",
      c.setup.cast, c.clues.size(), c.figures.obviousness, c.figures.initial_ambiguity,
      c.figures.gold_standard ? " (gold standard)" : "", c.solver_calls, c.solver_budget, tally.table());
  return {.document = case_file(std::move(c)), .tally = std::move(tally), .report = std::move(report)};
}

std::vector<std::string> Game::verify(const Document& doc, const VerifyOptions&) {
  std::vector<std::string> lines;
  for (const CaseProblem& problem : check_case(doc).problems) lines.push_back(problem.line());
  return lines;
}

std::string Game::show_text(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item == 0, "a whodunnit document holds one case");
  return case_text(doc.content);
}

Inspection Game::inspect(const Document& doc, std::size_t item, const std::vector<std::size_t>& off) {
  PROVEN_CHECK(item == 0, "a whodunnit document holds one case");
  return inspect_case(doc.content, off);
}

std::optional<std::string> Game::show_svg(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item == 0, "a whodunnit document holds one case");
  return seating_svg(doc.content.setup.cast);
}

std::vector<std::string> Game::solution(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item == 0, "a whodunnit document holds one case");
  const CaseCheck check = check_case(doc);
  if (!check.proof) throw UserError(fmt::format("the case has no solution to play: {}", check.problems.front().line()));
  const Setup& setup = doc.content.setup;
  std::vector<std::string> moves;
  for (int s = 0; s < setup.cast; ++s)
    for (int c = 1; c < setup.category_count(); ++c) {
      const Category& category = setup.categories[static_cast<std::size_t>(c)];
      const int v = check.proof->solution[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
      moves.push_back(
          fmt::format("mark {} {} {} yes", s + 1, category.name, category.values[static_cast<std::size_t>(v)].name));
    }
  moves.push_back(fmt::format("accuse {}", check.proof->murderer + 1));
  return moves;
}

BenchReport Game::bench(unsigned jobs) {
  constexpr std::size_t kCases = 12;
  const auto start = std::chrono::steady_clock::now();
  const auto made = run_batch<Made<Document>>(
      kCases, [](std::size_t i) { return generate(std::to_string(i + 1), {.cast = 6}, {}); }, {.jobs = jobs});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Digest digest;
  Tally tally;
  int gold = 0;
  for (const Made<Document>& m : made) {
    digest.add(json_text(document_to_json<Game>(m.document)));
    tally.merge(m.tally);
    gold += m.document.content.figures.gold_standard ? 1 : 0;
  }
  return {.figures = {{"cases (cast 6)", std::to_string(kCases)},
                      {"gold standard", fmt::format("{} of {}", gold, kCases)},
                      {"clues kept", std::to_string(tally.accepted())},
                      {"candidates turned down", std::to_string(tally.rejected_total())},
                      {"seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest.hex()};
}

OnRequest Game::on_request() {
  return {.seed_label = "A case from seed",
          .form_button = "Open the case",
          // On request only what answers in about a second (cast 8: 0.5-0.8 s; 9: 1.7-2.6 s; 12: 12 s,
          // docs/whodunnit.md): larger casts are made with `generate` and served with --data.
          .options = {{.name = "cast", .label = "suspects", .min = kMinCast, .max = kMaxCastOnRequest, .initial = 6}}};
}

std::vector<Figure> Game::figures(const Document& doc) {
  std::vector<Figure> figures = {{"clues", static_cast<double>(doc.content.clues.size())}};
  if (!doc.has_figures) return figures;  // a file that states none: nothing to re-read
  const double a = static_cast<double>(doc.content.figures.initial_ambiguity);
  const double o = static_cast<double>(doc.content.figures.obviousness);
  figures.push_back({"initial ambiguity", a});
  figures.push_back({"obviousness", o});
  figures.push_back({"obviousness per 100 of ambiguity", a > 0 ? std::round(1000.0 * o / a) / 10 : 0.0});
  return figures;
}

}  // namespace proven::whodunnit

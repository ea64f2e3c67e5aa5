#include "whodunnit/case.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/errors.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/statement.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

void sort_terms(std::vector<Bound>& bounds) {
  for (Bound& b : bounds)
    std::ranges::sort(b.traits, [](const Term& x, const Term& y) { return x.category < y.category; });
}

}  // namespace

std::string generator_version() { return fmt::format("{}.{}", kGeneratorVersion, kCaseVersion); }

std::vector<bool> suspects_named(const Setup& setup, const Assignment& solution, const CaseClue& clue) {
  std::vector<bool> named(at(setup.cast), false);
  for (const Bound& b : clue.bounds)
    for (const Term& t : b.traits) {
      if (t.category == kPortrait) named[at(t.value)] = true;
      if (t.category != kPortrait && count_of(setup, t) == 1)
        for (const int s : suspects_matching(solution, std::span(&t, 1))) named[at(s)] = true;
    }
  return named;
}

void assign_tellers(std::vector<CaseClue>& clues, const Setup& setup, const Assignment& solution, Rng rng) {
  const int cast = setup.cast;
  std::vector<int> load(at(cast), 0);
  for (CaseClue& clue : clues) {
    clue.teller = clue.speaker;
    if (clue.speaker >= 0) ++load[at(clue.speaker)];
  }
  for (CaseClue& clue : clues) {
    if (clue.teller >= 0) continue;
    // "Suspect 3 is not called Nigel" reads oddly in suspect 3's own mouth, and "Felix is a
    // Holloway" told by Felix reads as "I am not Felix". A fact names at most three suspects
    // (a subject and two names held once), so in a cast of 4 or more someone else can tell it.
    const std::vector<bool> named = suspects_named(setup, solution, clue);
    PROVEN_CHECK(std::ranges::count(named, false) > 0, "a fact names every suspect: no one can tell it");
    std::vector<int> fewest;
    for (int s = 0; s < cast; ++s) {
      if (named[at(s)]) continue;
      if (!fewest.empty() && load[at(s)] > load[at(fewest[0])]) continue;
      if (!fewest.empty() && load[at(s)] < load[at(fewest[0])]) fewest.clear();
      fewest.push_back(s);
    }
    clue.teller = fewest[at(static_cast<int>(rng.below(fewest.size())))];
    ++load[at(clue.teller)];
  }
  std::ranges::stable_sort(clues, [](const CaseClue& x, const CaseClue& y) { return x.teller < y.teller; });
}

bool prose_matches_markup(const Setup& setup, const CaseClue& clue) {
  if (clue.kind == kDesignerClueKind) return true;
  if (!kind_from_name(clue.kind)) return false;
  std::vector<Bound> bounds = clue.bounds;
  sort_terms(bounds);
  return std::ranges::any_of(parse(setup, clue.prose),
                             [&](const Statement& reading) { return markup(setup, reading) == bounds; });
}

Case make_case(const std::string& seed, int cast, const CaseOptions& options, Tally* tally) {
  const Rng root = Rng::from_key(seed);
  Case c{.seed = seed, .generator_version = generator_version()};
  const Theme& theme = options.theme != nullptr ? *options.theme : default_theme();
  if (theme != default_theme()) c.theme = theme;
  c.setup = themed_setup(cast, root.fork("setup"), theme);
  c.solver_budget = options.solver_budget > 0 ? options.solver_budget : default_solver_budget(cast);
  const std::optional<Mystery> mystery =
      generate_mystery(c.setup, root.fork("mystery"), {.solver_budget = c.solver_budget});
  if (!mystery) throw Failure(fmt::format("seed '{}': the generator found no determined mystery", seed));
  c.solution = mystery->solution;
  c.solver_calls = mystery->solver_calls;
  if (tally != nullptr) *tally = mystery->tally;
  for (const Clue& clue : mystery->clues) {
    CaseClue out{.bounds = clue.bounds, .kind = clue.kind, .prose = clue.prose, .speaker = clue.speaker};
    sort_terms(out.bounds);
    c.clues.push_back(std::move(out));
  }
  assign_tellers(c.clues, c.setup, c.solution, root.fork("tellers"));
  c.story = themed_story(root.fork("story"), theme);
  c.question_prose = mystery->question;
  c.question = {.murderer = mystery->murderer, .description = {mystery->question_names}};
  const Lattice lattice(c.setup);
  c.figures = figures(lattice, clue_logic(c));
  return c;
}

std::vector<Clue> clue_logic(const Case& c) {
  std::vector<Clue> out;
  out.reserve(c.clues.size());
  for (const CaseClue& clue : c.clues) out.push_back(Clue{.bounds = clue.bounds});
  return out;
}

}  // namespace proven::whodunnit

#include "whodunnit/proof.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "whodunnit/explain.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/text.hpp"

namespace proven::whodunnit {
namespace {

// The first clue that cannot hold with the setup and those before it (1-based).
std::size_t first_contradicting_clue(const Lattice& lattice, const std::vector<Clue>& clues) {
  std::size_t k = 1;
  while (k < clues.size() && solve(lattice, std::span(clues).first(k)).status != Status::Contradictory) ++k;
  return k;
}

}  // namespace

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

CaseCheck check_case(const CaseFile& file) {
  const Case& c = file.content;
  CaseCheck check;
  const auto broken = [&](std::string promise, std::string detail, bool contradiction) {
    check.problems.push_back(
        {.promise = std::move(promise), .detail = std::move(detail), .contradiction = contradiction});
  };
  for (std::size_t i = 0; i < c.clues.size(); ++i)
    if (!prose_matches_markup(c.setup, c.clues[i]))
      broken("prose", fmt::format("clue {}'s prose does not say what its markup says", i + 1), true);

  // The question is read like a clue: its prose must name the murderer by the stored description,
  // or a player would look for someone else than verify does.
  const std::vector<Term> asked = question_readings(c.setup, c.question_prose);
  if (c.question.description.size() != 1 || std::ranges::find(asked, c.question.description[0]) == asked.end())
    broken("question", "the question's prose does not name the murderer by its stored description", true);

  const Lattice lattice(c.setup);
  const std::vector<Clue> clues = clue_logic(c);
  const Outcome outcome = solve(lattice, clues);
  if (outcome.status == Status::Contradictory) {
    broken("consistent",
           fmt::format("clue {} cannot hold together with the setup and the clues before it",
                       first_contradicting_clue(lattice, clues)),
           true);
    return check;
  }
  if (outcome.status == Status::Undetermined) {
    broken("determined",
           fmt::format("the clues fix {} (ambiguity {} remains)", identities_fixed(lattice, clues), outcome.ambiguity),
           false);
    return check;
  }
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(c.setup));
  for (const Clue& clue : clues) bounds.restrict_all(clue.bounds);
  bounds.propagate();
  Proof proof{.solution = bounds.assignment(), .murderer = -1};

  const std::vector<int> named = suspects_matching(proof.solution, c.question.description);
  if (named.size() != 1) {
    broken("question", fmt::format("the description of the murderer fits {} suspects, not one", named.size()), true);
    return check;
  }
  proof.murderer = named[0];

  if (!c.solution.empty() && c.solution != proof.solution)
    broken("solution", "the stated solution is not the one the clues determine", false);
  if (c.question.murderer >= 0 && c.question.murderer != proof.murderer)
    broken("answer",
           fmt::format("the stated answer is {}, but the clues make the murderer {}", suspect_name(c.question.murderer),
                       suspect_name(proof.murderer)),
           false);
  if (file.has_figures) {
    const Figures f = figures(lattice, clues);
    if (f.initial_ambiguity != c.figures.initial_ambiguity || f.obviousness != c.figures.obviousness ||
        f.clue_obviousness != c.figures.clue_obviousness || f.gold_standard != c.figures.gold_standard)
      broken("figures",
             fmt::format("the stated figures are not the data's (obviousness {} of ambiguity {} recomputed)",
                         f.obviousness, f.initial_ambiguity),
             false);
  }
  check.proof = std::move(proof);
  return check;
}

Proof reprove(const CaseFile& file, const std::string& source) {
  CaseCheck check = check_case(file);
  if (!check.problems.empty()) {
    const CaseProblem& first = check.problems.front();
    const std::string message = fmt::format("{}: {}", source, first.line());
    if (first.contradiction) throw UserError(message);
    throw Failure(message);
  }
  return std::move(*check.proof);
}

}  // namespace proven::whodunnit

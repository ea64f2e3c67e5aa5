#include "whodunnit/case.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/statement.hpp"
#include "whodunnit/text.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// How many times the generator may start over (a fresh fork each time) before a seed fails.
constexpr int kAttempts = 8;

void sort_terms(std::vector<Bound>& bounds) {
  for (Bound& b : bounds)
    std::ranges::sort(b.traits, [](const Term& x, const Term& y) { return x.category < y.category; });
}

// The statement whose markup is this exact count (the first generator's clues), if any: a yes or
// no on one suspect, or how many suspects have two traits.
std::optional<Statement> statement_of_count(const Setup& setup, const std::vector<Bound>& bounds) {
  if (bounds.size() != 1 || bounds[0].min != bounds[0].max || bounds[0].traits.size() != 2) return std::nullopt;
  const Bound& b = bounds[0];
  Statement st;
  if (b.traits[0].category == kPortrait) {
    if (b.min > 1) return std::nullopt;
    st = {.kind = b.min == 1 ? Kind::Identity : Kind::NotIdentity, .subject = b.traits[0].value, .first = b.traits[1]};
  } else {
    st = {.kind = b.min == 0 ? Kind::NeverTogether : Kind::Exactly, .first = b.traits[0], .second = b.traits[1],
          .count = b.min};
  }
  if (!well_formed(setup, st) || markup(setup, st) != bounds) return std::nullopt;
  return st;
}

}  // namespace

std::string generator_version() { return std::to_string(kCaseVersion); }

std::vector<int> suspects_matching(const Assignment& assignment, std::span<const Term> traits) {
  std::vector<int> out;
  for (int s = 0; s < static_cast<int>(assignment.size()); ++s)
    if (std::ranges::all_of(traits, [&](const Term& t) { return assignment[at(s)][at(t.category)] == t.value; }))
      out.push_back(s);
  return out;
}

Question pose_question(const Setup& setup, const Assignment& solution, const Rng& rng) {
  Rng draws = rng.fork("murderer");
  // Suspects in a drawn order; the first with a description is the murderer.
  std::vector<int> order(at(setup.cast));
  for (int s = 0; s < setup.cast; ++s) order[at(s)] = s;
  draws.shuffle(order);
  for (const int m : order) {
    const std::vector<int>& row = solution[at(m)];
    std::vector<std::vector<Term>> descriptions;
    for (int c = 1; c < setup.category_count(); ++c) {
      const std::vector<Term> one = {{.category = c, .value = row[at(c)]}};
      if (suspects_matching(solution, one).size() == 1) descriptions.push_back(one);
    }
    if (descriptions.empty()) {
      for (int c = 1; c < setup.category_count(); ++c)
        for (int d = c + 1; d < setup.category_count(); ++d) {
          const std::vector<Term> two = {{.category = c, .value = row[at(c)]}, {.category = d, .value = row[at(d)]}};
          if (suspects_matching(solution, two).size() == 1) descriptions.push_back(two);
        }
    }
    if (descriptions.empty()) continue;
    return {.murderer = m, .description = draws.pick(descriptions)};
  }
  throw UserError("no suspect can be told apart by at most two traits");
}

std::string question_text(const Setup& setup, const Question& question, Rng& rng) {
  if (question.description.size() == 1) return murder_question(setup, question.description[0], rng);
  return fmt::format("The murderer {}. Which portrait is the murderer?",
                     predicates(setup, question.description, true, false));
}

CaseClue case_clue(const Setup& setup, const Clue& clue, Rng& rng) {
  CaseClue out{.bounds = clue.bounds, .kind = clue.kind, .prose = clue.prose, .speaker = clue.speaker};
  sort_terms(out.bounds);
  if (!out.prose.empty()) return out;
  if (const std::optional<Statement> st = statement_of_count(setup, out.bounds); st && expressible(setup, *st)) {
    out.kind = std::string(kind_name(st->kind));
    out.prose = render(setup, *st, rng);
    return out;
  }
  out.kind = "markup";
  for (const Bound& b : out.bounds) {
    if (!out.prose.empty()) out.prose += ' ';
    out.prose += read_bound(setup, b);
  }
  return out;
}

bool prose_matches_markup(const Setup& setup, const CaseClue& clue) {
  if (!kind_from_name(clue.kind)) return true;
  std::vector<Bound> bounds = clue.bounds;
  sort_terms(bounds);
  return std::ranges::any_of(parse(setup, clue.prose),
                             [&](const Statement& reading) { return markup(setup, reading) == bounds; });
}

Case make_case(const std::string& seed, int cast) {
  const Rng root = Rng::from_key(seed);
  Case c{.seed = seed, .generator_version = generator_version()};
  c.setup = themed_setup(cast, root.fork("setup"));
  std::optional<Mystery> mystery;
  for (int attempt = 0; attempt < kAttempts && !mystery; ++attempt) {
    mystery = generate_mystery(c.setup, root.fork("mystery", static_cast<std::uint64_t>(attempt)));
  }
  if (!mystery) throw Failure(fmt::format("seed '{}': no determined mystery in {} attempts", seed, kAttempts));
  c.solution = mystery->solution;
  c.solver_calls = mystery->solver_calls;
  const Rng prose = root.fork("prose");
  for (std::size_t i = 0; i < mystery->clues.size(); ++i) {
    Rng rng = prose.fork("clue", i);
    c.clues.push_back(case_clue(c.setup, mystery->clues[i], rng));
  }
  c.question = pose_question(c.setup, c.solution, root.fork("question"));
  Rng question_prose = root.fork("question-prose");
  c.question_prose = question_text(c.setup, c.question, question_prose);
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

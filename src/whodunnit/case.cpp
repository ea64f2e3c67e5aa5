#include "whodunnit/case.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/text.hpp"

namespace proven::whodunnit {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// How many times the generator may start over (a fresh fork each time) before a seed fails.
constexpr int kAttempts = 8;

void sort_terms(std::vector<Bound>& bounds) {
  for (Bound& b : bounds)
    std::ranges::sort(b.traits, [](const Term& x, const Term& y) { return x.category < y.category; });
}

}  // namespace

std::string generator_version() { return std::to_string(kCaseVersion); }

// STAND-IN (see case.hpp): a plain setup so the CLI works before themed_setup is merged.
Setup stand_in_setup(int cast, const Rng& rng) {
  if (cast < kMinCast || cast > kMaxCast)
    throw UserError(fmt::format("cast of {} suspects: must be {}..{}", cast, kMinCast, kMaxCast));
  static constexpr std::array<std::string_view, 8> kForenames = {"Abigail", "Basil", "Cora", "Dorian",
                                                                 "Edith",   "Felix", "Greta", "Hugo"};
  static constexpr std::array<std::string_view, 4> kSurnames = {"Caine", "Pryce", "Vane", "Thorne"};
  static constexpr std::array<std::string_view, 8> kTitles = {"Colonel", "Doctor", "Reverend", "Professor",
                                                              "Captain", "Major",  "Judge",    "Admiral"};
  static constexpr std::array<std::string_view, 3> kRooms = {"library", "study", "ballroom"};
  Rng draws = rng.fork("stand-in");
  // Spreads the cast over `distinct` names, each at least once, the rest one at a time.
  const auto category = [&](std::string name, std::span<const std::string_view> names, int distinct) {
    std::vector<int> counts(at(distinct), 1);
    for (int extra = cast - distinct; extra > 0; --extra) ++counts[draws.below(at(distinct))];
    Category out{.name = std::move(name), .values = {}};
    for (int v = 0; v < distinct; ++v) out.values.push_back({.name = std::string(names[at(v)]), .count = counts[at(v)]});
    return out;
  };
  const int families = static_cast<int>(draws.uniform(2, std::min<std::int64_t>(4, cast - 1)));
  const int rooms = static_cast<int>(draws.uniform(2, 3));
  std::vector<Category> traits;
  traits.push_back(category("forename", kForenames, cast));
  traits.push_back(category("surname", kSurnames, families));
  traits.push_back(category("title", kTitles, cast));
  traits.push_back(category("room", kRooms, rooms));
  return make_setup(cast, std::move(traits));
}

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

std::string question_text(const Setup& setup, const Question& question) {
  return fmt::format("The murderer {}. Which portrait is the murderer?",
                     predicates(setup, question.description, true, false));
}

std::string kind_of_markup(const std::vector<Bound>& bounds) {
  const bool identity = bounds.size() == 1 && bounds[0].min == bounds[0].max && bounds[0].traits.size() == 2 &&
                        std::ranges::any_of(bounds[0].traits, [](const Term& t) { return t.category == kPortrait; });
  return identity ? "identity" : "count";
}

Case make_case(const std::string& seed, int cast) {
  const Rng root = Rng::from_key(seed);
  Case c{.seed = seed, .generator_version = generator_version()};
  c.setup = stand_in_setup(cast, root.fork("setup"));
  std::optional<Mystery> mystery;
  for (int attempt = 0; attempt < kAttempts && !mystery; ++attempt) {
    mystery = generate_mystery(c.setup, root.fork("mystery", static_cast<std::uint64_t>(attempt)));
  }
  if (!mystery) throw Failure(fmt::format("seed '{}': no determined mystery in {} attempts", seed, kAttempts));
  c.solution = mystery->solution;
  c.solver_calls = mystery->solver_calls;
  for (const Clue& clue : mystery->clues) {
    CaseClue out{.bounds = clue.bounds};
    sort_terms(out.bounds);
    out.kind = kind_of_markup(out.bounds);
    // Until clues carry the grammar's prose, the markup read out plainly.
    for (const Bound& b : out.bounds) {
      if (!out.prose.empty()) out.prose += ' ';
      out.prose += read_bound(c.setup, b);
    }
    c.clues.push_back(std::move(out));
  }
  c.question = pose_question(c.setup, c.solution, root.fork("question"));
  c.question_prose = question_text(c.setup, c.question);
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

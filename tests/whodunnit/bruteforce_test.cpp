// Cross-checks the bounds solver against enumeration of every assignment on small casts:
// propagation never excludes a real solution (every solution's counts lie in every cell's
// range; a contradiction means no solution), and determined means exactly one solution.
#include <algorithm>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "support/sanitized.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/generator.hpp"

namespace proven::whodunnit {
namespace {

Setup random_setup(Rng& rng, int cast) {
  std::vector<Category> categories;
  for (int c = 0; c < kMinTraitCategories; ++c) {
    // Split the cast into 2..cast values with random counts (repeats when fewer values).
    const int values = static_cast<int>(rng.uniform(2, cast));
    std::vector<int> counts(at(values), 1);
    for (int extra = cast - values; extra > 0; --extra) {
      const auto v = rng.below(static_cast<std::uint64_t>(values));
      ++counts[v];
    }
    Category category{.name = fmt::format("c{}", c + 1), .values = {}};
    for (int v = 0; v < values; ++v) category.values.push_back({.name = fmt::format("v{}", v), .count = counts[at(v)]});
    categories.push_back(std::move(category));
  }
  return make_setup(cast, std::move(categories));
}

// The generator's own draw (each column a shuffle of its value multiset), from a fork of the
// test's stream: what is under test here is propagation, not how solutions are drawn.
Assignment random_solution(Rng& rng, const Setup& setup) { return draw_solution(setup, rng.fork("solution-draw")); }

// A bound on a random cell set, true of `solution` (exact, at most or at least), or false when
// `lie` (its range misses the true count).
Clue random_clue(Rng& rng, const Setup& setup, const Assignment& solution, bool lie) {
  const int suspect = static_cast<int>(rng.below(at(setup.cast)));
  std::vector<Term> traits;
  if (rng.chance(1, 2)) traits.push_back({.category = kPortrait, .value = suspect});
  const int trait_count = static_cast<int>(rng.uniform(1, 2));
  const std::vector<std::size_t> picked = rng.sample(at(trait_count), at(setup.category_count() - 1));
  for (const std::size_t p : picked) {
    const int c = static_cast<int>(p) + 1;
    // Usually the suspect's own value, so counts are often positive.
    const bool own = rng.chance(2, 3);
    const int value = own ? solution[at(suspect)][at(c)] : static_cast<int>(rng.below(at(setup.value_count(c))));
    traits.push_back({.category = c, .value = value});
  }
  std::ranges::sort(traits, {}, &Term::category);
  const int n = count_matching(solution, traits);
  Bound bound{.traits = traits, .min = n, .max = n};
  const auto shape = rng.below(3);
  if (shape == 1) bound.min = 0;
  if (shape == 2) bound.max = setup.cast;
  if (lie) {
    if (n > 0) {
      bound = {.traits = traits, .min = 0, .max = n - 1};
    } else {
      bound = {.traits = traits, .min = 1, .max = setup.cast};
    }
  }
  return {.bounds = {bound}};
}

// Every assignment fitting the setup and satisfying the clues, by backtracking one category at a
// time over the distinct arrangements of its values; a bound is checked once its last category
// is placed.
class Enumerator {
 public:
  Enumerator(const Setup& setup, const std::vector<Clue>& clues) : setup_(setup) {
    for (const Clue& clue : clues)
      for (const Bound& b : clue.bounds) {
        int last = 0;
        for (const Term& t : b.traits) last = std::max(last, t.category);
        by_last_category_.resize(at(setup.category_count()));
        by_last_category_[at(last)].push_back(b);
      }
    by_last_category_.resize(at(setup.category_count()));
  }

  std::vector<Assignment> all() {
    Assignment a(at(setup_.cast), std::vector<int>(at(setup_.category_count()), 0));
    for (int s = 0; s < setup_.cast; ++s) a[at(s)][kPortrait] = s;
    if (holds(a, kPortrait)) place(a, 1);
    return std::move(found_);
  }

 private:
  bool holds(const Assignment& a, int category) const {
    return std::ranges::all_of(by_last_category_[at(category)], [&](const Bound& b) { return satisfies(a, b); });
  }
  void place(Assignment& a, int category) {
    if (category == setup_.category_count()) {
      found_.push_back(a);
      return;
    }
    std::vector<int> column;
    for (int v = 0; v < setup_.value_count(category); ++v)
      column.insert(column.end(), at(setup_.categories[at(category)].values[at(v)].count), v);
    do {
      for (int s = 0; s < setup_.cast; ++s) a[at(s)][at(category)] = column[at(s)];
      if (holds(a, category)) place(a, category + 1);
    } while (std::ranges::next_permutation(column).found);
  }

  const Setup& setup_;
  std::vector<std::vector<Bound>> by_last_category_;
  std::vector<Assignment> found_;
};

Bounds propagated(const Lattice& lattice, const std::vector<Clue>& clues) {
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(lattice.setup()));
  for (const Clue& c : clues) bounds.restrict_all(c.bounds);
  bounds.propagate();
  return bounds;
}

struct Tallies {
  int determined = 0, undetermined = 0, contradictory = 0;
};

// Checks one clue set against enumeration; returns what the solver said.
Status cross_check(const Lattice& lattice, const std::vector<Clue>& clues, const std::string& where) {
  const Bounds bounds = propagated(lattice, clues);
  const std::vector<Assignment> solutions = Enumerator(lattice.setup(), clues).all();
  if (bounds.contradictory()) {
    EXPECT_TRUE(solutions.empty()) << where << ": contradiction claimed but " << solutions.size() << " solutions";
    return Status::Contradictory;
  }
  for (const Assignment& s : solutions)
    for (int cell = 0; cell < lattice.cell_count(); ++cell) {
      const int n = count_matching(s, lattice.traits_of(cell));
      const Range r = bounds.range(cell);
      if (n < r.min || n > r.max) {
        ADD_FAILURE() << where << ": a real solution has " << n << " in cell " << cell << " bounded [" << r.min << ", "
                      << r.max << "]";
        return Status::Undetermined;
      }
    }
  if (bounds.determined()) {
    EXPECT_EQ(solutions.size(), 1u) << where;
    if (solutions.size() == 1) {
      EXPECT_EQ(solutions[0], bounds.assignment()) << where;
    }
    return Status::Determined;
  }
  return Status::Undetermined;
}

void tally(Tallies& t, Status s) {
  if (s == Status::Determined) ++t.determined;
  if (s == Status::Undetermined) ++t.undetermined;
  if (s == Status::Contradictory) ++t.contradictory;
}

// For each mystery: add true clues until determined (checking the final set and the set without
// its last clue), then add one lie to the determined set.
Tallies run_sample(int cast, int mysteries, std::string_view key) {
  Tallies tallies;
  const Rng root = Rng::from_key(key);
  for (int m = 0; m < mysteries; ++m) {
    Rng rng = root.fork("mystery", static_cast<std::uint64_t>(m));
    const Setup setup = random_setup(rng, cast);
    const Lattice lattice(setup);
    const Assignment solution = random_solution(rng, setup);
    std::vector<Clue> clues;
    const std::string where = fmt::format("{}/mystery{}", key, m);
    for (int step = 0; step < 60; ++step) {
      clues.push_back(random_clue(rng, setup, solution, false));
      if (solve(lattice, clues).status == Status::Determined) break;
    }
    tally(tallies, cross_check(lattice, clues, fmt::format("{} final", where)));
    std::vector<Clue> fewer(clues.begin(), clues.end() - 1);
    tally(tallies, cross_check(lattice, fewer, fmt::format("{} less one", where)));
    std::vector<Clue> lied = clues;
    lied.push_back(random_clue(rng, setup, solution, true));
    tally(tallies, cross_check(lattice, lied, fmt::format("{} with a lie", where)));
    // A lie among too few clues to force a contradiction: the enumeration still decides.
    std::vector<Clue> loose(clues.begin(), clues.begin() + static_cast<std::ptrdiff_t>(clues.size() / 2));
    loose.push_back(random_clue(rng, setup, solution, true));
    tally(tallies, cross_check(lattice, loose, fmt::format("{} half with a lie", where)));
  }
  return tallies;
}

TEST(WhodunnitBruteForce, CastOfFour) {
  const Tallies t = run_sample(4, 150, "bruteforce-4");
  // The sample must exercise every verdict, or the cross-check proves little.
  EXPECT_GT(t.determined, 50);
  EXPECT_GT(t.undetermined, 50);
  EXPECT_GT(t.contradictory, 50);
}

TEST(WhodunnitBruteForce, CastOfFive) {
  if (proven::testing::kSanitized) GTEST_SKIP() << "CastOfFour walks the same code under sanitizers";
  const Tallies t = run_sample(5, 40, "bruteforce-5");
  EXPECT_GT(t.determined, 10);
  EXPECT_GT(t.undetermined, 10);
  EXPECT_GT(t.contradictory, 10);
}

// Generated mysteries on random setups: enumeration finds exactly the generator's solution.
TEST(WhodunnitBruteForce, GeneratedMysteriesHaveExactlyTheirSolution) {
  const Rng root = Rng::from_key("bruteforce-generated");
  for (int cast = 4; cast <= 5; ++cast)
    for (std::uint64_t m = 0; m < 20; ++m) {
      Rng rng = root.fork(fmt::format("cast{}", cast), m);
      const proven::whodunnit::Setup setup = random_setup(rng, cast);
      const std::optional<Mystery> mystery = generate_mystery(setup, rng.fork("mystery"), {.solver_budget = 2000});
      ASSERT_TRUE(mystery.has_value()) << cast << "/" << m;
      const std::vector<Assignment> solutions = Enumerator(setup, mystery->clues).all();
      ASSERT_EQ(solutions.size(), 1u) << cast << "/" << m;
      EXPECT_EQ(solutions[0], mystery->solution) << cast << "/" << m;
    }
}

}  // namespace
}  // namespace proven::whodunnit

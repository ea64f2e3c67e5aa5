#include "whodunnit/generator.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/sanitized.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/figures.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

// Small budgets keep the suite fast (under ASan too); the default budgets are measured in
// docs/whodunnit.md, not here.
constexpr GeneratorOptions kQuick{.solver_budget = 3000};

void expect_sound(const Mystery& m, const std::string& where) {
  const Lattice lattice(m.setup);
  EXPECT_TRUE(fits_setup(m.setup, m.solution)) << where;
  EXPECT_TRUE(satisfies(m.solution, m.clues)) << where;
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(m.setup));
  for (const Clue& c : m.clues) bounds.restrict_all(c.bounds);
  bounds.propagate();
  ASSERT_TRUE(bounds.determined()) << where;
  EXPECT_EQ(bounds.assignment(), m.solution) << where;
  for (std::size_t i = 0; i < m.clues.size(); ++i) {
    std::vector<Clue> without = m.clues;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_EQ(solve(lattice, without).status, Status::Undetermined) << where << ": clue " << i << " adds nothing";
  }
}

// Each clue's prose reads back as its markup, its kind and speaker; the figures are figures().
void expect_presented(const Mystery& m, const std::string& where) {
  for (const Clue& c : m.clues) {
    const std::optional<Kind> kind = kind_from_name(c.kind);
    ASSERT_TRUE(kind.has_value()) << where << ": kind " << c.kind;
    EXPECT_EQ(c.speaker >= 0, is_eyewitness(*kind)) << where << ": " << c.prose;
    const std::vector<Statement> readings = parse(m.setup, c.prose);
    ASSERT_FALSE(readings.empty()) << where << ": " << c.prose;
    for (const Statement& r : readings) {
      EXPECT_EQ(markup(m.setup, r), c.bounds) << where << ": " << c.prose;
      EXPECT_EQ(r.speaker, is_eyewitness(r.kind) ? c.speaker : -1) << where << ": " << c.prose;
    }
  }
  const Figures f = figures(Lattice(m.setup), m.clues);
  EXPECT_EQ(m.initial_ambiguity, f.initial_ambiguity) << where;
  EXPECT_EQ(m.clue_obviousness, f.clue_obviousness) << where;
  EXPECT_EQ(m.obviousness, f.obviousness) << where;
  EXPECT_EQ(m.gold_standard, f.gold_standard) << where;
  ASSERT_GE(m.murderer, 0) << where;
  ASSERT_LT(m.murderer, m.setup.cast) << where;
  EXPECT_FALSE(m.question.empty()) << where;
}

TEST(WhodunnitGenerator, MysteriesAreDeterminedPresentedAndHaveNoSpareClue) {
  const std::uint64_t seeds = proven::testing::kSanitized ? 2 : 4;  // under sanitizers: the same code, fewer seeds
  for (int n = kMinCast; n <= kMaxCast; ++n)
    for (std::uint64_t seed = 0; seed < seeds; ++seed) {
      const Rng rng = Rng::from_seed(seed);
      const std::optional<Mystery> m = generate_mystery(themed_setup(n, rng), rng, kQuick);
      const std::string where = fmt::format("cast {} seed {}", n, seed);
      ASSERT_TRUE(m.has_value()) << where;
      expect_sound(*m, where);
      expect_presented(*m, where);
    }
}

TEST(WhodunnitGenerator, AnotherSeedGivesAnotherMystery) {
  const Rng rng = Rng::from_seed(11);
  const proven::whodunnit::Setup setup = themed_setup(6, rng);
  const std::optional<Mystery> a = generate_mystery(setup, rng, kQuick);
  const std::optional<Mystery> c = generate_mystery(setup, Rng::from_seed(12), kQuick);
  ASSERT_TRUE(a && c);
  const bool same = a->solution == c->solution && a->clues.size() == c->clues.size() &&
                    a->clues.front().prose == c->clues.front().prose;
  EXPECT_FALSE(same);
}

TEST(WhodunnitGenerator, MoreBudgetNeverMeansAWorseScoreAndTheOptimiserHelps) {
  // The same seed runs the same search further with a larger budget, so its best can only
  // improve: the gold standard first, then the score (a set may grow more obvious to read one more
  // kind, never worse in score); over several seeds the optimiser must beat the greedy start
  // (budget 1) in obviousness.
  int greedy_total = 0;
  int optimised_total = 0;
  for (std::uint64_t seed = 0; seed < 5; ++seed) {
    const Rng rng = Rng::from_seed(seed);
    const proven::whodunnit::Setup setup = themed_setup(5, rng);
    std::pair<bool, int> previous;
    for (const std::int64_t budget : {1, 1500, 6000}) {
      const std::optional<Mystery> m = generate_mystery(setup, rng, {.solver_budget = budget});
      ASSERT_TRUE(m.has_value());
      EXPECT_EQ(m->score, m->obviousness + kMissingKindPenalty * m->initial_ambiguity / 100 * m->missing_kinds);
      const std::pair<bool, int> rank{!m->gold_standard, m->score};
      if (budget > 1) {
        EXPECT_LE(rank, previous) << "seed " << seed << " budget " << budget;
      } else {
        greedy_total += m->obviousness;
      }
      previous = rank;
      if (budget == 6000) optimised_total += m->obviousness;
    }
  }
  EXPECT_LT(optimised_total, greedy_total);
}

TEST(WhodunnitGenerator, BudgetBoundsTheOptimiser) {
  const Rng rng = Rng::from_seed(4);
  const proven::whodunnit::Setup setup = themed_setup(6, rng);
  const std::optional<Mystery> greedy = generate_mystery(setup, rng, {.solver_budget = 1});
  const std::optional<Mystery> m = generate_mystery(setup, rng, {.solver_budget = 5000});
  ASSERT_TRUE(greedy && m);
  // The optimiser stops at the budget, give or take the start it must finish.
  EXPECT_LE(m->solver_calls, 5000 + greedy->solver_calls);
  EXPECT_GE(m->solver_calls, 5000);
  EXPECT_GT(default_solver_budget(8), default_solver_budget(4));
}

TEST(WhodunnitGenerator, MostSmallMysteriesMeetTheGoldStandard) {
  int gold = 0;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    const Rng rng = Rng::from_seed(seed);
    const std::optional<Mystery> m = generate_mystery(themed_setup(5, rng), rng, {.solver_budget = 4000});
    ASSERT_TRUE(m.has_value());
    gold += m->gold_standard ? 1 : 0;
  }
  EXPECT_GE(gold, 8);
}

// Variety (KindPlan, placement priority): over a sample of cast-6 mysteries no kind is more than
// a fifth of the clues, and every kind turns up. Before it, three kinds made 63% of clues and exact
// counts, room_all and beside_both almost never appeared; generator 7 still read room_all in only
// about one case in ten. (`stats` reports the full figures at the default budget.)
TEST(WhodunnitGenerator, NoKindCrowdsOutTheOthers) {
  std::vector<int> per_kind(at(kKindCount), 0);
  int total = 0;
  for (std::uint64_t seed = 1; seed <= 24; ++seed) {
    const Rng rng = Rng::from_seed(seed);
    const std::optional<Mystery> m = generate_mystery(themed_setup(6, rng), rng, kQuick);
    ASSERT_TRUE(m.has_value()) << seed;
    for (const Clue& c : m->clues) ++per_kind[at(static_cast<int>(*kind_from_name(c.kind)))];
    total += static_cast<int>(m->clues.size());
  }
  for (int k = 0; k < kKindCount; ++k) {
    EXPECT_LE(per_kind[at(k)] * 100, total * 20) << kind_name(static_cast<Kind>(k)) << " over a fifth of the clues";
  }
  for (int k = 0; k < kKindCount; ++k)
    EXPECT_GT(per_kind[at(k)], 0) << kind_name(static_cast<Kind>(k)) << " never read";
}

TEST(WhodunnitGenerator, CandidatesAreTrueAndCoverManyKinds) {
  const Rng rng = Rng::from_seed(2);
  const proven::whodunnit::Setup setup = themed_setup(7, rng);
  const Assignment solution = draw_solution(setup, rng);
  std::vector<bool> kinds(kKindCount, false);
  for (const Statement& st : candidate_statements(setup, solution)) {
    EXPECT_TRUE(expressible(setup, st));
    EXPECT_TRUE(satisfies(solution, std::vector<Clue>{clue_of(setup, st)})) << kind_name(st.kind);
    kinds[static_cast<std::size_t>(st.kind)] = true;
  }
  int covered = 0;
  for (const bool k : kinds) covered += k ? 1 : 0;
  EXPECT_GE(covered, 14);
}

}  // namespace
}  // namespace proven::whodunnit

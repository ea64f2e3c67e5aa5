#include "whodunnit/bounds.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

using test::exactly;
using test::portrait;
using test::small_setup;
using test::trait;

// Suspect s: forename s, title s; surnames Caine, Caine, Pryce, Vane; rooms L, S, L, S. Every
// fact about suspect 4 (index 3) is left for the solver to deduce from the setup counts.
std::vector<Clue> deducible_clues() {
  return {
      exactly({portrait(0), trait(kForename, 0)}, 1), exactly({portrait(1), trait(kForename, 1)}, 1),
      exactly({portrait(2), trait(kForename, 2)}, 1), exactly({portrait(0), trait(kTitle, 0)}, 1),
      exactly({portrait(1), trait(kTitle, 1)}, 1),    exactly({portrait(2), trait(kTitle, 2)}, 1),
      exactly({portrait(0), trait(kSurname, 0)}, 1),  exactly({portrait(1), trait(kSurname, 0)}, 1),
      exactly({portrait(2), trait(kSurname, 1)}, 1),  exactly({portrait(0), trait(kRoom, 0)}, 1),
      exactly({portrait(1), trait(kRoom, 1)}, 1),     exactly({portrait(2), trait(kRoom, 0)}, 1),
  };
}

TEST(WhodunnitBounds, LatticeHasEveryCellSetAndRoundTripsCells) {
  const Lattice lattice(small_setup());
  // Cell sets: any subset with at most two of the four trait categories, portrait optional.
  for (int cell = 0; cell < lattice.cell_count(); ++cell) {
    const std::vector<Term> traits = lattice.traits_of(cell);
    EXPECT_EQ(lattice.cell_of(traits), cell);
  }
  // 1 + (4+3+4+2) + (pairs: 12+16+8+12+6+8) = 76 cells without the portrait; times 1 + 4 with it.
  EXPECT_EQ(lattice.cell_count(), 76 * 5);
  const Term three[] = {trait(kForename, 0), trait(kSurname, 0), trait(kTitle, 0)};
  EXPECT_EQ(lattice.cell_of(three), -1);
}

TEST(WhodunnitBounds, SetupAloneIsUndeterminedButConsistent) {
  const Lattice lattice(small_setup());
  const Outcome outcome = solve(lattice, {});
  EXPECT_EQ(outcome.status, Status::Undetermined);
  EXPECT_GT(outcome.ambiguity, 0);
}

TEST(WhodunnitBounds, DeducesTheLastSuspectFromCounts) {
  const Lattice lattice(small_setup());
  const std::vector<Clue> clues = deducible_clues();
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(lattice.setup()));
  for (const Clue& c : clues) bounds.restrict_all(c.bounds);
  EXPECT_GT(bounds.propagate(), 0);
  ASSERT_TRUE(bounds.determined());
  const Assignment expected = {{0, 0, 0, 0, 0}, {1, 1, 0, 1, 1}, {2, 2, 1, 2, 0}, {3, 3, 2, 3, 1}};
  EXPECT_EQ(bounds.assignment(), expected);
  // A cell no clue named: two Caines share no room.
  const Term caine_library[] = {trait(kSurname, 0), trait(kRoom, 0)};
  EXPECT_EQ(bounds.range(lattice.cell_of(caine_library)), (Range{.min = 1, .max = 1}));
}

TEST(WhodunnitBounds, DroppingAClueLeavesTwoSuspectsInterchangeable) {
  const Lattice lattice(small_setup());
  std::vector<Clue> clues = deducible_clues();
  clues.erase(clues.begin() + 2);  // Cora's forename: suspects 3 and 4 may swap forenames
  const Outcome outcome = solve(lattice, clues);
  EXPECT_EQ(outcome.status, Status::Undetermined);
  EXPECT_GT(outcome.ambiguity, 0);
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(lattice.setup()));
  for (const Clue& c : clues) bounds.restrict_all(c.bounds);
  bounds.propagate();
  for (int s = 2; s < 4; ++s)
    for (int v = 2; v < 4; ++v) {
      const Term cell[] = {portrait(s), trait(kForename, v)};
      EXPECT_EQ(bounds.range(lattice.cell_of(cell)), (Range{.min = 0, .max = 1})) << s << v;
    }
  const Term basil[] = {portrait(1), trait(kForename, 1)};
  EXPECT_EQ(bounds.range(lattice.cell_of(basil)), (Range{.min = 1, .max = 1}));
}

TEST(WhodunnitBounds, ContradictionThroughARefinement) {
  // Suspect 1 is a Caine and in the library, yet no Caine is in the library.
  const Lattice lattice(small_setup());
  const std::vector<Clue> clues = {exactly({portrait(0), trait(kSurname, 0)}, 1),
                                   exactly({portrait(0), trait(kRoom, 0)}, 1),
                                   exactly({trait(kSurname, 0), trait(kRoom, 0)}, 0)};
  EXPECT_EQ(solve(lattice, clues).status, Status::Contradictory);
  // Any two of the three are consistent.
  for (std::size_t skip = 0; skip < clues.size(); ++skip) {
    std::vector<Clue> two = clues;
    two.erase(two.begin() + static_cast<std::ptrdiff_t>(skip));
    EXPECT_NE(solve(lattice, two).status, Status::Contradictory) << skip;
  }
}

TEST(WhodunnitBounds, CountBeyondTheSetupIsAContradiction) {
  const Lattice lattice(small_setup());
  // Three Caines in a cast with two.
  const std::vector<Clue> clues = {{.bounds = {{.traits = {trait(kSurname, 0)}, .min = 3, .max = 4}}}};
  EXPECT_EQ(solve(lattice, clues).status, Status::Contradictory);
}

TEST(WhodunnitModel, SetupValidationRejectsBadCounts) {
  EXPECT_THROW(make_setup(3, {}), UserError);
  const Category bad{.name = "surname", .values = {{"Caine", 2}, {"Vane", 1}}};
  const Category good{.name = "x", .values = {{"a", 4}}};
  EXPECT_THROW(make_setup(4, {bad, good, Category{.name = "y", .values = {{"a", 4}}},
                              Category{.name = "z", .values = {{"a", 4}}}}),
               UserError);
  EXPECT_THROW(make_setup(4, {good, good, good, good}), UserError);  // repeated category name
  const proven::whodunnit::Setup setup = small_setup();
  EXPECT_THROW(validate_bound(setup, {.traits = {trait(kRoom, 2)}, .min = 0, .max = 1}), UserError);
  EXPECT_THROW(validate_bound(setup, {.traits = {trait(kRoom, 0), trait(kRoom, 1)}, .min = 0, .max = 1}), UserError);
  EXPECT_NO_THROW(validate_bound(setup, {.traits = {trait(kRoom, 1)}, .min = 2, .max = 1}));
}

}  // namespace
}  // namespace proven::whodunnit

#include "whodunnit/clues.hpp"

#include <gtest/gtest.h>

#include "whodunnit/bounds.hpp"
#include "whodunnit/cases.hpp"

namespace proven::whodunnit {
namespace {

using test::trait;

constexpr int kForename = 1, kSurname = 2, kTitle = 3, kRoom = 4;

// Suspect s: forename s, title s; surnames Caine, Caine, Pryce, Vane; rooms L, S, L, S.
const Assignment kSolution = {{0, 0, 0, 0, 0}, {1, 1, 0, 1, 1}, {2, 2, 1, 2, 0}, {3, 3, 2, 3, 1}};

bool holds(const Clue& clue) { return satisfies(kSolution, std::vector<Clue>{clue}); }

TEST(WhodunnitClues, EachKindHoldsExactlyWhenItsSentenceIsTrue) {
  EXPECT_TRUE(holds(is(0, trait(kTitle, 0))));        // suspect 1 is the Duke
  EXPECT_FALSE(holds(is(1, trait(kTitle, 0))));
  EXPECT_TRUE(holds(is_not(1, trait(kRoom, 0))));     // suspect 2 is not in the library
  EXPECT_FALSE(holds(is_not(0, trait(kRoom, 0))));
  EXPECT_TRUE(holds(same_person(trait(kForename, 2), trait(kSurname, 1))));   // Cora is the Pryce
  EXPECT_FALSE(holds(same_person(trait(kForename, 2), trait(kSurname, 0))));
  EXPECT_TRUE(holds(never_together(trait(kSurname, 2), trait(kRoom, 0))));    // no Vane in the library
  EXPECT_FALSE(holds(never_together(trait(kSurname, 0), trait(kRoom, 0))));
  EXPECT_TRUE(holds(at_most({trait(kSurname, 0), trait(kRoom, 1)}, 1)));      // at most one Caine in the study
  EXPECT_FALSE(holds(at_most({trait(kSurname, 0)}, 1)));
  EXPECT_TRUE(holds(at_least({trait(kRoom, 1)}, 2, 4)));
  EXPECT_FALSE(holds(at_least({trait(kSurname, 0), trait(kRoom, 0)}, 2, 4)));
}

TEST(WhodunnitClues, EveryKindIsSolvableMarkup) {
  const Lattice lattice(test::small_setup());
  const std::vector<Clue> clues = {is(0, trait(kTitle, 0)), is_not(1, trait(kRoom, 0)),
                                   same_person(trait(kForename, 2), trait(kSurname, 1)),
                                   never_together(trait(kSurname, 2), trait(kRoom, 0)),
                                   at_most({trait(kSurname, 0), trait(kRoom, 1)}, 1), at_least({trait(kRoom, 1)}, 2, 4)};
  for (const Clue& c : clues)
    for (const Bound& b : c.bounds) {
      EXPECT_NO_THROW(validate_bound(lattice.setup(), b));
      EXPECT_GE(lattice.cell_of(b.traits), 0);
    }
  // True clues never contradict; "suspect 1 is the Duke" and "suspect 1 is not the Duke" do.
  EXPECT_NE(solve(lattice, clues).status, Status::Contradictory);
  const std::vector<Clue> both = {is(0, trait(kTitle, 0)), is_not(0, trait(kTitle, 0))};
  EXPECT_EQ(solve(lattice, both).status, Status::Contradictory);
}

}  // namespace
}  // namespace proven::whodunnit

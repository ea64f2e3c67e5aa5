#include "whodunnit/clues.hpp"

#include <gtest/gtest.h>

#include "whodunnit/bounds.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

using test::trait;

// Suspect s: forename s, title s; surnames Caine, Caine, Pryce, Vane; rooms L, S, L, S.
const Assignment kSolution = {{0, 0, 0, 0, 0}, {1, 1, 0, 1, 1}, {2, 2, 1, 2, 0}, {3, 3, 2, 3, 1}};

bool holds(const Clue& clue) { return satisfies(kSolution, std::vector<Clue>{clue}); }

TEST(WhodunnitClues, EachKindHoldsExactlyWhenItsSentenceIsTrue) {
  EXPECT_TRUE(holds(is(0, trait(kTitle, 0))));  // suspect 1 is the Duke
  EXPECT_FALSE(holds(is(1, trait(kTitle, 0))));
  EXPECT_TRUE(holds(is_not(1, trait(kRoom, 0))));  // suspect 2 is not in the library
  EXPECT_FALSE(holds(is_not(0, trait(kRoom, 0))));
  EXPECT_TRUE(holds(same_person(trait(kForename, 2), trait(kSurname, 1))));  // Cora is the Pryce
  EXPECT_FALSE(holds(same_person(trait(kForename, 2), trait(kSurname, 0))));
  EXPECT_TRUE(holds(never_together(trait(kSurname, 2), trait(kRoom, 0))));  // no Vane in the library
  EXPECT_FALSE(holds(never_together(trait(kSurname, 0), trait(kRoom, 0))));
  EXPECT_TRUE(holds(at_most({trait(kSurname, 0), trait(kRoom, 1)}, 1)));  // at most one Caine in the study
  EXPECT_FALSE(holds(at_most({trait(kSurname, 0)}, 1)));
  EXPECT_TRUE(holds(at_least({trait(kRoom, 1)}, 2, 4)));
  EXPECT_FALSE(holds(at_least({trait(kSurname, 0), trait(kRoom, 0)}, 2, 4)));
}

TEST(WhodunnitClues, SeatingWrapsRoundTheTable) {
  EXPECT_EQ(left_of(0, 4), 3);
  EXPECT_EQ(right_of(3, 4), 0);
  EXPECT_EQ(left_of(2, 4), 1);
  EXPECT_EQ(right_of(2, 4), 3);
}

TEST(WhodunnitClues, EyewitnessAndCompoundKindsHoldExactlyWhenTrue) {
  // Suspect 1 (index 0, the Duke) sits between suspects 4 and 2: Sir and the Baroness, both in
  // the study.
  EXPECT_TRUE(holds(beside_none(0, trait(kTitle, 0), 4)));   // "I sat beside no Duke"
  EXPECT_FALSE(holds(beside_none(0, trait(kTitle, 1), 4)));  // the Baroness sat beside them
  EXPECT_TRUE(holds(beside_both(1, trait(kRoom, 0), 4)));    // suspects 1 and 3 were in the library
  EXPECT_TRUE(holds(beside_both(0, trait(kRoom, 1), 4)));
  EXPECT_FALSE(holds(beside_both(0, trait(kRoom, 0), 4)));
  EXPECT_TRUE(holds(not_both(0, trait(kSurname, 0), trait(kRoom, 1))));  // suspect 1: Caine, library
  EXPECT_FALSE(holds(not_both(0, trait(kSurname, 0), trait(kRoom, 0))));
  EXPECT_FALSE(holds(every(trait(kRoom, 0), trait(kSurname, 0), 2)));  // the Pryce is in the library too
  EXPECT_FALSE(holds(every(trait(kRoom, 1), trait(kTitle, 1), 2)));
  EXPECT_TRUE(holds(same_person(trait(kTitle, 3), trait(kRoom, 1))));     // Sir was in the study
  EXPECT_TRUE(holds(room_none(2, trait(kRoom, 0), trait(kSurname, 2))));  // suspect 3 in the library, no Vane
  EXPECT_FALSE(holds(room_none(2, trait(kRoom, 0), trait(kSurname, 0))));
  EXPECT_FALSE(holds(room_all(3, trait(kRoom, 1), trait(kForename, 1), 2)));
  EXPECT_TRUE(holds(exact_count({trait(kSurname, 0), trait(kRoom, 0)}, 1)));
  EXPECT_FALSE(holds(exact_count({trait(kSurname, 0), trait(kRoom, 0)}, 2)));
}

TEST(WhodunnitClues, EveryKindIsSolvableMarkup) {
  const Lattice lattice(test::small_setup());
  const std::vector<Clue> clues = {is(0, trait(kTitle, 0)),
                                   is_not(1, trait(kRoom, 0)),
                                   same_person(trait(kForename, 2), trait(kSurname, 1)),
                                   never_together(trait(kSurname, 2), trait(kRoom, 0)),
                                   at_most({trait(kSurname, 0), trait(kRoom, 1)}, 1),
                                   at_least({trait(kRoom, 1)}, 2, 4)};
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

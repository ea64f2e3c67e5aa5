#include "whodunnit/figures.hpp"

#include <gtest/gtest.h>

#include "whodunnit/cases.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

using test::exactly;
using test::portrait;
using test::trait;

TEST(WhodunnitFigures, ARestatedSetupCountIsNotObvious) {
  const Lattice lattice(test::small_setup());
  const std::vector<Clue> clues = {exactly({trait(kSurname, 0)}, 2)};  // "two Caines": the setup says so
  const Figures f = figures(lattice, clues);
  EXPECT_GT(f.initial_ambiguity, 0);
  ASSERT_EQ(f.clue_obviousness.size(), 1u);
  EXPECT_EQ(f.clue_obviousness[0], 0);
  EXPECT_TRUE(f.gold_standard);
}

TEST(WhodunnitFigures, IdentityCluesAreObviousAndAddUp) {
  const Lattice lattice(test::small_setup());
  const std::vector<Clue> clues = {exactly({portrait(0), trait(kTitle, 0)}, 1),
                                   exactly({portrait(1), trait(kRoom, 1)}, 1)};
  const Figures f = figures(lattice, clues);
  ASSERT_EQ(f.clue_obviousness.size(), 2u);
  for (const int o : f.clue_obviousness) {
    EXPECT_GT(o, 0);
    EXPECT_LT(o, f.initial_ambiguity);
  }
  EXPECT_EQ(f.obviousness, f.clue_obviousness[0] + f.clue_obviousness[1]);
  // Each clue alone against the setup, by hand.
  const Outcome first_alone = solve(lattice, std::span<const Clue>(clues.data(), 1));
  EXPECT_EQ(f.clue_obviousness[0], f.initial_ambiguity - first_alone.ambiguity);
  EXPECT_EQ(f.gold_standard, f.obviousness < f.initial_ambiguity);
}

TEST(WhodunnitFigures, SpellingOutEveryIdentityMissesTheGoldStandard) {
  // One identity clue per suspect and category determines everything but tells it all at face
  // value: far more obviousness than the initial ambiguity.
  const proven::whodunnit::Setup setup = test::small_setup();
  const Lattice lattice(setup);
  const Assignment solution = {{0, 0, 0, 0, 0}, {1, 1, 0, 1, 1}, {2, 2, 1, 2, 0}, {3, 3, 2, 3, 1}};
  std::vector<Clue> clues;
  for (int s = 0; s < setup.cast; ++s)
    for (int c = 1; c < setup.category_count(); ++c)
      clues.push_back(
          exactly({portrait(s), trait(c, solution[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)])}, 1));
  EXPECT_EQ(solve(lattice, clues).status, Status::Determined);
  const Figures f = figures(lattice, clues);
  EXPECT_GE(f.obviousness, f.initial_ambiguity);
  EXPECT_FALSE(f.gold_standard);
}

}  // namespace
}  // namespace proven::whodunnit

#include "bomb/modules/labyrinth.hpp"

#include <gtest/gtest.h>

#include <set>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::labyrinth_test {
namespace {

constexpr int kUp = 0, kRight = 1, kDown = 2, kLeft = 3;

// A serpentine maze: every row open left-right, rows joined at alternate ends.
Labyrinth::Maze serpentine(std::uint8_t m0, std::uint8_t m1) {
  Labyrinth::Maze maze;
  for (int y = 0; y < 6; ++y)
    for (int x = 0; x < 6; ++x) {
      std::uint8_t open = 0;
      if (x > 0) open |= 1U << kLeft;
      if (x < 5) open |= 1U << kRight;
      const bool join_down = y < 5 && ((y % 2 == 0 && x == 5) || (y % 2 == 1 && x == 0));
      const bool join_up = y > 0 && ((y % 2 == 1 && x == 5) || (y % 2 == 0 && x == 0));
      if (join_down) open |= 1U << kDown;
      if (join_up) open |= 1U << kUp;
      maze.open[static_cast<std::size_t>(y * 6 + x)] = open;
    }
  maze.markers = {m0, m1};
  return maze;
}

Labyrinth::Rules good_rules() {
  Labyrinth::Rules rules;
  for (std::uint8_t m = 0; m < 9; ++m)
    rules.mazes[m] = serpentine(static_cast<std::uint8_t>(2 * m), static_cast<std::uint8_t>(2 * m + 1));
  return rules;
}

TEST(Labyrinth, HintFollowsTheShortestPathAndAWallStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  Labyrinth::State state{{5, 4}, 4, 7};  // markers of maze 2 (either order); from (4,0) to (1,1)
  EXPECT_EQ(Labyrinth::hint(rules, state, ctx), (Action{Verb::Move, kRight}));
  Labyrinth::State bump = state;
  EXPECT_EQ(Labyrinth::apply(rules, bump, {Verb::Move, kDown}, ctx), Outcome::Strike);  // (4,0) has no way down
  int moves = 0;
  Outcome last = Outcome::Ok;
  while (last == Outcome::Ok && moves < 40) {
    last = Labyrinth::apply(rules, state, Labyrinth::hint(rules, state, ctx), ctx);
    ++moves;
  }
  EXPECT_EQ(last, Outcome::Solved);
  EXPECT_EQ(moves, 1 + 1 + 4);  // right to (5,0), down, left four times to (1,1)
}

TEST(Labyrinth, ProofPassesPerfectMazesAndRejectsACutOffCell) {
  EXPECT_TRUE(check_module_solvable<Labyrinth>(good_rules(), Rng::from_key("maze")).passed);
  auto rules = good_rules();
  // Wall in cell 35 (bottom right) on every maze: it cannot be reached or left.
  for (auto& maze : rules.mazes) {
    maze.open[35] = 0;
    maze.open[34] = static_cast<std::uint8_t>(maze.open[34] & ~(1U << kRight));
  }
  const auto proof = check_module_solvable<Labyrinth>(rules, Rng::from_key("maze"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(Labyrinth, ProofRejectsTwoMazesWithTheSameMarkers) {
  auto rules = good_rules();
  rules.mazes[4].markers = rules.mazes[1].markers;
  const auto proof = check_module_solvable<Labyrinth>(rules, Rng::from_key("maze"));
  EXPECT_FALSE(proof.passed);
}

TEST(Labyrinth, GeneratedMazesArePerfectWithDistinctMarkers) {
  const auto build = build_module_rules<Labyrinth>(Rng::from_key("maze-generated"));
  EXPECT_TRUE(build.report.proof.passed);
  std::set<int> markers;
  for (const auto& maze : build.rules.mazes) {
    markers.insert(maze.markers[0]);
    markers.insert(maze.markers[1]);
    // Perfect: 35 passages (each counted from both sides) and every cell reachable from cell 0.
    int sides = 0;
    for (auto open : maze.open) sides += std::popcount(static_cast<unsigned>(open));
    EXPECT_EQ(sides, 2 * 35);
    for (int cell = 1; cell < 36; ++cell) EXPECT_TRUE(Labyrinth::first_step(maze, cell, 0).has_value());
  }
  EXPECT_EQ(markers.size(), 18u);
}

}  // namespace
}  // namespace proven::bomb::labyrinth_test

// The BFS solver against hand-worked boards and against brute force: every tilt sequence up to
// length 6 walked directly with the rules, on random small boards of every tile kind.
#include "tilt/solver.hpp"

#include <gtest/gtest.h>

#include "tilt/generator.hpp"

namespace proven::tilt {
namespace {

TEST(TiltSolver, FindsParAndAShortestSolution) {
  const Board b = from_text("R..#\n.#..\n...r\n");
  Solver solver;
  const Solution s = solver.solve(b);
  ASSERT_EQ(s.status, Status::Solved);
  EXPECT_EQ(s.par, 2);
  EXPECT_EQ(play(b, s.moves), Outcome::Cleared);
}

TEST(TiltSolver, CountsTheRandomPlayersChanceExactly) {
  // From the start only R and D move the marble; R clears at once. P = 1/2: exactly 1 bit.
  const Board b = from_text("R.r\n...\n");
  Solver solver;
  const Solution s = solver.solve(b);
  ASSERT_EQ(s.par, 1);
  EXPECT_EQ(s.chance, Chance{6});  // 6 / 12
  EXPECT_EQ(s.bits_milli, 1000);
}

TEST(TiltSolver, TellsNoSolutionFromTooDeepAndOverBudget) {
  Solver solver;
  EXPECT_EQ(solver.solve(from_text("R#r\n")).status, Status::NoSolution);
  const Board far = from_text("R..#\n.#..\n...r\n");
  EXPECT_EQ(solver.solve(far, {.max_par = 1}).status, Status::ParOverMax);
  EXPECT_EQ(solver
                .solve(from_text("R.......\n.G......\n..B.....\n........\n........\n........\n.......b\ng......r\n"),
                       {.max_par = 20, .state_budget = 10})
                .status,
            Status::OverBudget);
}

TEST(TiltSolver, ChanceTextRoundTrips) {
  const Chance big = Chance{1} << 100;
  EXPECT_EQ(chance_from_text(chance_text(big)), std::optional<Chance>(big));
  EXPECT_EQ(chance_text(Chance{0}), "0");
  EXPECT_FALSE(chance_from_text("12a").has_value());
  EXPECT_FALSE(chance_from_text("").has_value());
}

// 12^left times the chance that a random player (uniform over the tilts that change the board)
// clears it with exactly `left` more tilts, by walking every sequence.
Chance brute_chance(const Rules& rules, const State& s, int left) {
  if (left == 0) return 0;
  std::array<Outcome, 4> outcome{};
  std::array<State, 4> next{};
  unsigned choices = 0;
  for (int d = 0; d < 4; ++d) {
    outcome[static_cast<std::size_t>(d)] = rules.tilt(s, static_cast<Dir>(d), next[static_cast<std::size_t>(d)]);
    choices += outcome[static_cast<std::size_t>(d)] != Outcome::Moved ||
               rules.key(next[static_cast<std::size_t>(d)]) != rules.key(s);
  }
  Chance sum = 0;
  for (int d = 0; d < 4; ++d) {
    const auto u = static_cast<std::size_t>(d);
    if (outcome[u] == Outcome::Moved && rules.key(next[u]) == rules.key(s)) continue;
    if (outcome[u] == Outcome::Cleared && left == 1) sum += 12 / choices;
    if (outcome[u] == Outcome::Moved) sum += (12 / choices) * brute_chance(rules, next[u], left - 1);
  }
  return sum;
}

// The shortest k for which some one of the 4^k sequences clears exactly at its last tilt.
int brute_par(const Board& b, int max_k) {
  for (int k = 1; k <= max_k; ++k) {
    std::vector<Dir> seq(static_cast<std::size_t>(k));
    for (std::uint64_t code = 0; code < (std::uint64_t{1} << (2 * k)); ++code) {
      for (int i = 0; i < k; ++i) seq[static_cast<std::size_t>(i)] = static_cast<Dir>(code >> (2 * i) & 3);
      if (play(b, seq) == Outcome::Cleared) return k;
    }
  }
  return 0;
}

TEST(TiltSolver, AgreesWithBruteForceOnSmallBoardsOfEveryTileKind) {
  const Kind kinds[] = {Kind::Floor,  Kind::StopPad, Kind::Gate,    Kind::PluggedHole, Kind::Spring,
                        Kind::Magnet, Kind::Glass,   Kind::Cracked, Kind::Portal,      Kind::Key};
  Solver solver;
  for (const Kind kind : kinds) {
    const Phase phase{5, 1, 1, 1, Lesson::None, {5, 5, 2, 2, 1, 20, kind, 1, 3, 1, 6}};
    int checked = 0, unsolvable = 0;
    for (std::uint64_t i = 0; checked < 8 && i < 4000; ++i) {
      Rng rng = Rng::from_key("brute").fork("kind", static_cast<std::uint64_t>(kind)).fork("board", i);
      const auto level = propose(phase, rng);
      if (!level) continue;
      const Solution s = solver.solve(level->board, {.max_par = 6, .state_budget = 100000, .count_bits = true});
      if (s.status == Status::NoSolution && unsolvable < 3) {
        EXPECT_EQ(brute_par(level->board, 5), 0) << to_text(level->board);
        ++unsolvable;
      }
      if (s.status != Status::Solved || s.par < 2) continue;
      ++checked;
      EXPECT_EQ(brute_par(level->board, s.par), s.par) << to_text(level->board);
      const Rules rules(level->board);
      EXPECT_EQ(chance_text(brute_chance(rules, rules.start(), s.par)), chance_text(s.chance)) << to_text(level->board);
      EXPECT_EQ(play(level->board, s.moves), Outcome::Cleared);
    }
    EXPECT_EQ(checked, 8) << "too few solvable boards for tile kind " << static_cast<int>(kind);
  }
}

}  // namespace
}  // namespace proven::tilt

// The generator's judging steps on hand-made boards, and its determinism.
#include "tilt/generator.hpp"

#include <gtest/gtest.h>

namespace proven::tilt {
namespace {

TEST(TiltGenerator, IdleTilesComeOffInRoundsAndNeededOnesStay) {
  // The pad at (3, 0) stops the marble over its hole's column; the pad at (0, 2) is never touched.
  const Board b = from_text("R..s.\n.....\ns....\n#..r.\n");
  Solver solver;
  const Solution s = solver.solve(b);
  ASSERT_EQ(s.status, Status::Solved);
  EXPECT_EQ(idle_tile(b, s.par, solver, kGeneratorSolve), 10);
  const Board kept = remove_idle_tiles(b, s.par, solver, kGeneratorSolve);
  EXPECT_EQ(to_text(kept), "R..s.\n.....\n.....\n#..r.\n");
  EXPECT_EQ(idle_tile(kept, s.par, solver, kGeneratorSolve), -1);
}

TEST(TiltGenerator, TwoGatesBlockingOneShortcutLeaveOneBehind) {
  // Either gate alone keeps the marble from rolling straight home along the top row.
  const Board b = from_text("R.<<r\n.....\n");
  Solver solver;
  const Solution s = solver.solve(b);
  ASSERT_EQ(s.status, Status::Solved);
  const Board kept = remove_idle_tiles(b, s.par, solver, kGeneratorSolve);
  EXPECT_EQ(count_kind(kept, Kind::Gate), 1);
  EXPECT_EQ(idle_tile(kept, s.par, solver, kGeneratorSolve), -1);
}

TEST(TiltGenerator, TheRuleHasToMatterBothWays) {
  Solver solver;
  // Helping: without the pad the marble cannot stop over its hole (par 2 becomes 4).
  const Board pad = from_text("R..s.\n.....\n#..r.\n");
  const Solution with_pad = solver.solve(pad);
  ASSERT_EQ(with_pad.status, Status::Solved);
  EXPECT_TRUE(rule_matters(pad, with_pad.par, solver, kGeneratorSolve));
  // Restricting: without the gate the marble rolls home at once (par 1, shorter).
  const Board gate = from_text("R.<.r\n.....\n");
  const Solution with_gate = solver.solve(gate);
  ASSERT_EQ(with_gate.status, Status::Solved);
  EXPECT_GT(with_gate.par, 1);
  EXPECT_TRUE(rule_matters(gate, with_gate.par, solver, kGeneratorSolve));
  // A pad nothing touches does not matter.
  const Board idle = from_text("R...r\ns....\n");
  EXPECT_FALSE(rule_matters(idle, 1, solver, kGeneratorSolve));
}

TEST(TiltGenerator, APitIsInPlayOnlyIfSomeTiltFallsIntoIt) {
  Solver solver;
  const Board live = from_text("R..r\n....\nX...\n");
  EXPECT_TRUE(pits_not_in_play(live, solver.solve(live)).empty());
  const Board dead = from_text("R..r\n####\n...X\n");
  EXPECT_EQ(pits_not_in_play(dead, solver.solve(dead)), std::vector<int>{11});
}

TEST(TiltGenerator, CandidatesAreDeterministicAndEveryGateIsTallied) {
  const Phase& phase = phases()[14];  // one-way gates, first phase
  Solver solver;
  const Rng rng = Rng::from_key("gen-test").fork("candidate", 3);
  const auto a = generate_candidate(phase, rng, solver);
  const auto b = generate_candidate(phase, rng, solver);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.value->board, b.value->board);
  EXPECT_EQ(a.tally, b.tally);
  for (const char* gate :
       {"no path home", "par over the window", "every tile idle", "rule does not matter", "pit not in play"})
    EXPECT_NE(a.tally.table().find(gate), std::string::npos) << gate;
  // The accepted board is judged as it ships: every tile matters, the rule matters, par is in the window.
  const Level& l = *a.value;
  EXPECT_GE(l.par, phase.recipe.par_min);
  EXPECT_LE(l.par, phase.recipe.par_max);
  EXPECT_GT(count_kind(l.board, Kind::Gate), 0);
  EXPECT_EQ(idle_tile(l.board, l.par, solver, kVerifySolve), -1);
  EXPECT_TRUE(rule_matters(l.board, l.par, solver, kVerifySolve));
}

TEST(TiltGenerator, ChaptersNeverShrinkTheirBoardsColoursMarblesOrPits) {
  for (std::size_t p = 1; p < phases().size(); ++p) {
    const Recipe& a = phases()[p - 1].recipe;
    const Recipe& b = phases()[p].recipe;
    if (phases()[p - 1].chapter != phases()[p].chapter) continue;
    EXPECT_GE(b.width * b.height, a.width * a.height) << "phase " << p;
    EXPECT_GE(b.colours, a.colours) << "phase " << p;
    EXPECT_GE(b.marbles, a.marbles) << "phase " << p;
    EXPECT_GE(b.pits, a.pits) << "phase " << p;
  }
}

}  // namespace
}  // namespace proven::tilt

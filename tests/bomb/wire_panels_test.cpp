#include "bomb/modules/wire_panels.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::wire_panels_test {
namespace {

using WP = WirePanels;
constexpr std::uint8_t kRed = 0, kBlue = 1, kBlack = 2;
constexpr std::uint8_t A = 1, B = 2, C = 4;

// Odd occurrences cut at A, even ones at B or C, for every colour.
WP::Rules good_rules() {
  WP::Rules rules;
  for (auto& by_occurrence : rules.cut_letters)
    for (std::size_t i = 0; i < by_occurrence.size(); ++i) by_occurrence[i] = i % 2 == 0 ? A : (B | C);
  return rules;
}

TEST(WirePanels, CutByOccurrenceAndLetterThenMoveOnAndMistakesStrike) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  WP::State state;
  // Panel 1: red->A (1st red: cut), blue->B (1st blue: no). Panel 2: red->C (2nd red: cut).
  state.panels[0].present = 0b011;
  state.panels[0].wires = {{{kRed, 0}, {kBlue, 1}, {}}};
  state.panels[1].present = 0b100;
  state.panels[1].wires = {{{}, {}, {kRed, 2}}};
  state.panels[2].present = 0b001;
  state.panels[2].wires = {{{kBlack, 1}, {}, {}}};  // 1st black at B: no
  state.panels[3].present = 0b010;
  state.panels[3].wires = {{{}, {kBlue, 2}, {}}};  // 2nd blue at C: cut
  EXPECT_EQ(WP::hint(rules, state, ctx), (Action{Verb::Cut, 0}));
  WP::State early = state;
  EXPECT_EQ(WP::apply(rules, early, {Verb::Submit, 0}, ctx), Outcome::Strike);  // wire 1 still whole
  WP::State wrong = state;
  EXPECT_EQ(WP::apply(rules, wrong, {Verb::Cut, 1}, ctx), Outcome::Strike);
  const Action script[] = {{Verb::Cut, 0},    {Verb::Submit, 0}, {Verb::Cut, 2},   {Verb::Submit, 0},
                           {Verb::Submit, 0}, {Verb::Cut, 1},    {Verb::Submit, 0}};
  for (std::size_t i = 0; i < std::size(script); ++i) {
    ASSERT_EQ(WP::hint(rules, state, ctx), script[i]) << i;
    EXPECT_EQ(WP::apply(rules, state, script[i], ctx), i + 1 == std::size(script) ? Outcome::Solved : Outcome::Ok);
  }
}

TEST(WirePanels, EveryWellFormedTableIsFollowableSoTheProofPassesIt) {
  // Any set of letters can be obeyed, so no table fails the proof; what the proof guards is a
  // module showing a colour more often than the table lists (the deal never does).
  EXPECT_TRUE(check_module_solvable<WirePanels>(good_rules(), Rng::from_key("panels")).passed);
  WP::Rules never;  // no wire is ever cut: still followable
  EXPECT_TRUE(check_module_solvable<WirePanels>(never, Rng::from_key("panels")).passed);
  WP::State crowded;
  for (auto& panel : crowded.panels) {
    panel.present = 0b111;
    panel.wires = {{{kRed, 0}, {kRed, 0}, {kRed, 0}}};
  }
  crowded.panel = 3;  // 9 reds before it: the 10th has no line in the table
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  EXPECT_TRUE(WP::hint(good_rules(), crowded, ctx).is_wait());
  EXPECT_EQ(WP::apply(good_rules(), crowded, {Verb::Submit, 0}, ctx), Outcome::Strike);
}

TEST(WirePanels, DealtModulesNeverShowAColourTenTimes) {
  const Edgework edge;
  for (std::uint64_t i = 0; i < 2000; ++i) {
    Rng rng = Rng::from_key("panels-deal").fork("i", i);
    const auto state = WP::deal(rng, edge, good_rules());
    std::array<int, 3> seen{};
    for (const auto& panel : state.panels) {
      EXPECT_NE(panel.present, 0);
      for (std::size_t p = 0; p < 3; ++p)
        if ((panel.present >> p) & 1U) ++seen[panel.wires[p].colour];
    }
    for (int n : seen) EXPECT_LE(n, 9);
  }
}

TEST(WirePanels, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<WirePanels>(Rng::from_key("panels-generated"));
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::wire_panels_test

#include "bomb/modules/tangled_wires.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb {
namespace {

using In = TangledWires::Instruction;
using TW = TangledWires;

// Plain wires cut; red -> serial even; blue -> parallel port; star -> two batteries; LED -> skip;
// every other combination cut.
TW::Rules good_rules() {
  TW::Rules rules;
  rules.table.fill(In::Cut);
  rules.table[TW::kRed] = In::CutIfSerialEven;
  rules.table[TW::kBlue] = In::CutIfParallelPort;
  rules.table[TW::kStar] = In::CutIfTwoBatteries;
  rules.table[TW::kLed] = In::Skip;
  return rules;
}

TEST(TangledWires, CutEveryWireTheTableSaysAndAWrongCutStrikes) {
  const auto rules = good_rules();
  Edgework edge;
  edge.serial = {'A', 'B', 'C', 'D', 'E', '3'};  // odd; no parallel port; no batteries
  const Context ctx{edge, Clock{}, 0};
  TW::State state;
  state.count = 5;
  state.features = {TW::kRed, 0, TW::kLed, TW::kBlue, TW::kRed | TW::kBlue, 0};  // cut wires 1 and 4
  EXPECT_EQ(TW::wires_to_cut(rules, state, edge), 0b10010);
  EXPECT_EQ(TW::hint(rules, state, ctx), (Action{Verb::Cut, 1}));
  TW::State wrong = state;
  EXPECT_EQ(TW::apply(rules, wrong, {Verb::Cut, 0}, ctx), Outcome::Strike);  // red, odd serial
  ASSERT_EQ(TW::apply(rules, state, {Verb::Cut, 1}, ctx), Outcome::Ok);
  EXPECT_EQ(TW::apply(rules, state, {Verb::Cut, 1}, ctx), Outcome::Strike);  // already cut
  EXPECT_EQ(TW::hint(rules, state, ctx), (Action{Verb::Cut, 4}));
  EXPECT_EQ(TW::apply(rules, state, {Verb::Cut, 4}, ctx), Outcome::Solved);
}

TEST(TangledWires, ProofPassesAndRejectsATableThatLeavesSomeCasingNothingToCut) {
  EXPECT_TRUE(check_module_solvable<TangledWires>(good_rules(), Rng::from_key("tangled")).passed);
  // Only "cut if the serial is even" and "do not cut": odd-serial bombs have nothing to cut.
  TW::Rules rules;
  for (std::size_t f = 0; f < 16; ++f) rules.table[f] = f % 2 ? In::Skip : In::CutIfSerialEven;
  const auto proof = check_module_solvable<TangledWires>(rules, Rng::from_key("tangled"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(TangledWires, GeneratedRulesAreAcceptedAndReproducible) {
  const auto build = build_module_rules<TangledWires>(Rng::from_key("tangled-generated"));
  EXPECT_TRUE(build.report.proof.passed);
  EXPECT_EQ(build_module_rules<TangledWires>(Rng::from_key("tangled-generated")).rules, build.rules);
}

}  // namespace
}  // namespace proven::bomb

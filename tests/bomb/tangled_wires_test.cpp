#include "bomb/modules/tangled_wires.hpp"

#include <gtest/gtest.h>

#include "bomb/check.hpp"
#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::tangled_wires_test {
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

// A casing that reads as `casing` to the rules.
Edgework casing_edgework(TW::Casing casing) {
  Edgework edge;
  edge.serial = {'A', 'B', 'C', 'D', 'E', casing.serial_even ? '4' : '3'};
  if (casing.parallel_port) {
    edge.plate_count = 1;
    edge.plates[0] = 1U << static_cast<unsigned>(Port::Parallel);
  }
  if (casing.two_batteries) {
    edge.holder_count = 1;
    edge.holders[0] = 2;
  }
  return edge;
}

TEST(TangledWires, FilterRejectsATableThatLeavesSomeCasingNothingToCut) {
  EXPECT_EQ(TW::dull(good_rules()), std::nullopt);
  // Every wire conditional and none unconditional: an odd serial, no parallel port and fewer
  // than two batteries leave nothing to cut.
  TW::Rules conditional;
  for (std::size_t f = 0; f < 16; ++f)
    conditional.table[f] =
        std::array{In::CutIfSerialEven, In::CutIfParallelPort, In::CutIfTwoBatteries, In::Skip}[f % 4];
  EXPECT_EQ(TW::dull(conditional), TW::kFilterReasons[0]);
  EXPECT_EQ(TW::types_to_cut(conditional, {false, false, false}), 0);
  EXPECT_NE(TW::types_to_cut(conditional, {true, false, false}), 0);
  // One unconditional cut anywhere is enough.
  conditional.table[13] = In::Cut;
  EXPECT_EQ(TW::dull(conditional), std::nullopt);
}

// The deal never gives a bomb with nothing to cut once the filter holds, even when one wire type
// in sixteen is the only one to cut (4 wires drawn at random miss it 77% of the time, and 20
// redraws, generator version 1's way, still missed about once in 200 deals).
TEST(TangledWires, EveryDealtBombHasAWireToCutOnEveryCasing) {
  TW::Rules rules;
  rules.table.fill(In::Skip);
  rules.table[TW::kRed | TW::kStar] = In::Cut;
  rules.table[TW::kBlue] = In::CutIfParallelPort;
  ASSERT_EQ(TW::dull(rules), std::nullopt);
  for (unsigned c = 0; c < TW::kCasings; ++c) {
    const Edgework edge = casing_edgework(TW::Casing::from_index(c));
    const TW::Casing read = TW::Casing::of(edge), meant = TW::Casing::from_index(c);
    ASSERT_TRUE(read.serial_even == meant.serial_even && read.parallel_port == meant.parallel_port &&
                read.two_batteries == meant.two_batteries)
        << "casing " << c;
    Rng rng = Rng::from_key("tangled-deal").fork("casing", c);
    for (int k = 0; k < 2000; ++k) {
      const TW::State state = TW::deal(rng, edge, rules);
      ASSERT_GE(state.count, TW::kMinWires);
      ASSERT_LE(state.count, TW::kMaxWires);
      ASSERT_NE(TW::wires_to_cut(rules, state, edge), 0) << "casing " << c << ", deal " << k;
    }
  }
}

// The full sweep of 1..999,999 on generator version 1 found 2,698 rule books whose Tangled Wires
// dealt a bomb with nothing to cut in the audit; these are the first three.
TEST(TangledWires, SeedsTheFullSweepFoundStallingNowHold) {
  for (const int seed : {573, 682, 1224}) EXPECT_EQ(check_seed(seed).failure, "") << "rule seed " << seed;
}

TEST(TangledWires, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<TangledWires>(Rng::from_key("tangled-generated"));
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::tangled_wires_test

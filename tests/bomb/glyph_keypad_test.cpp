#include "bomb/modules/glyph_keypad.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"
#include "class_check.hpp"

namespace proven::bomb::glyph_keypad_test {
namespace {

// Six columns, each overlapping its neighbours in two or three glyphs, never four.
GlyphKeypad::Rules good_rules() {
  GlyphKeypad::Rules rules;
  rules.columns = {{{0, 1, 2, 3, 4, 5, 6},
                    {5, 6, 7, 8, 9, 10, 11},
                    {10, 11, 12, 13, 14, 15, 16},
                    {15, 16, 17, 18, 19, 20, 21},
                    {20, 21, 22, 23, 24, 25, 26},
                    {25, 26, 27, 28, 29, 0, 1}}};
  return rules;
}

TEST(GlyphKeypad, KeysArePressedInColumnOrderAndAnOutOfOrderPressStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  GlyphKeypad::State state;
  state.keys = {13, 10, 16, 12};  // column 3: order 10, 12, 13, 16 -> keys 1, 3, 0, 2
  EXPECT_EQ(GlyphKeypad::hint(rules, state, ctx), (Action{Verb::Press, 1}));
  GlyphKeypad::State wrong = state;
  EXPECT_EQ(GlyphKeypad::apply(rules, wrong, {Verb::Press, 0}, ctx), Outcome::Strike);
  for (std::int16_t key : {1, 3, 0}) {
    ASSERT_EQ(GlyphKeypad::hint(rules, state, ctx), (Action{Verb::Press, key}));
    EXPECT_EQ(GlyphKeypad::apply(rules, state, {Verb::Press, key}, ctx), Outcome::Ok);
  }
  EXPECT_EQ(GlyphKeypad::apply(rules, state, {Verb::Press, 2}, ctx), Outcome::Solved);
}

TEST(GlyphKeypad, ExhaustiveProofCoversEveryDealableKeypad) {
  const auto proof = check_module_solvable<GlyphKeypad>(good_rules(), Rng::from_key("keypad"));
  EXPECT_TRUE(proof.passed);
  EXPECT_EQ(proof.method, ProofMethod::Exhaustive);
  EXPECT_EQ(proof.cases, 6u * 35u);  // every column's 35 key sets; one arrangement each
}

// The exhaustive proof plays each key set in one arrangement (glyph_keypad.hpp): check that every
// arrangement of every key set plays as that one does, on generated columns (some overlapping in
// four glyphs or more, so some key sets stall) and on the hand-built ones.
TEST(GlyphKeypad, EveryArrangementPlaysAsItsKeySetDoes) {
  const auto key_set = [](GlyphKeypad::State s, const Edgework&, const Clock&) {
    std::sort(s.keys.begin(), s.keys.end());
    return s.keys;
  };
  int failing_sets = 0;
  for (std::uint64_t k = 0; k <= 40; ++k) {
    Rng rng = Rng::from_key("keypad-classes").fork("set", k);
    const GlyphKeypad::Rules rules = k == 40 ? good_rules() : GlyphKeypad::generate_rules(rng);
    const auto every_arrangement = [&](auto&& visit) { GlyphKeypad::for_each_arrangement(rules, visit); };
    const ClassCheck check = check_cases_play_as_their_class<GlyphKeypad>(rules, key_set, every_arrangement);
    ASSERT_FALSE(::testing::Test::HasFailure()) << "set " << k;
    ASSERT_EQ(check.cases, 5040u);
    EXPECT_EQ(check_module_solvable<GlyphKeypad>(rules, rng).passed, check.all_passed) << "set " << k;
    if (!check.all_passed) ++failing_sets;
  }
  EXPECT_GT(failing_sets, 3);  // random columns often share four glyphs: the check saw failures
  EXPECT_LT(failing_sets, 40);
}

TEST(GlyphKeypad, FilterRejectsRepeatedOverlappingAndLonelyColumns) {
  EXPECT_EQ(GlyphKeypad::dull(good_rules()), std::nullopt);
  auto repeated = good_rules();
  repeated.columns[4] = repeated.columns[1];
  EXPECT_EQ(GlyphKeypad::dull(repeated), std::optional<std::string_view>("two columns are the same"));
  auto overlapping = good_rules();
  overlapping.columns[3] = {12, 13, 14, 15, 19, 20, 21};  // 12-15 also in column 2
  EXPECT_EQ(GlyphKeypad::dull(overlapping), std::optional<std::string_view>("two columns share four or more glyphs"));
  // Columns 0-4 use glyphs 0-23 only, so 24-29 can make a column of its own.
  GlyphKeypad::Rules lonely;
  lonely.columns = {{{0, 1, 2, 3, 4, 5, 6},
                     {5, 6, 7, 8, 9, 10, 11},
                     {10, 11, 12, 13, 14, 15, 16},
                     {15, 16, 17, 18, 19, 20, 21},
                     {20, 21, 22, 23, 0, 1, 9},
                     {24, 25, 26, 27, 28, 3, 4}}};  // shares 3 and 4: enough
  EXPECT_EQ(GlyphKeypad::dull(lonely), std::nullopt);
  lonely.columns[5][6] = 29;  // now shares only 3
  EXPECT_EQ(GlyphKeypad::dull(lonely),
            std::optional<std::string_view>("a column shares too few glyphs with the others"));
}

TEST(GlyphKeypad, ProofRejectsKeysThatFitTwoColumns) {
  // Columns 0 and 1 both hold 0, 1, 2, 3 in different orders: the manual cannot say which.
  auto rules = good_rules();
  rules.columns[1] = {3, 2, 1, 0, 7, 8, 9};
  EXPECT_NE(GlyphKeypad::dull(rules), std::nullopt);
  const auto proof = check_module_solvable<GlyphKeypad>(rules, Rng::from_key("keypad"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(GlyphKeypad, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<GlyphKeypad>(Rng::from_key("keypad-generated"));
  EXPECT_EQ(GlyphKeypad::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::glyph_keypad_test

#include "bomb/modules/recall.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::recall_test {
namespace {

using I = Recall::Instruction;
constexpr I pos(std::uint8_t p) { return {I::Kind::Position, p}; }
constexpr I label(std::uint8_t l) { return {I::Kind::Label, l}; }
constexpr I same_pos(std::uint8_t s) { return {I::Kind::SamePositionAs, s}; }
constexpr I same_label(std::uint8_t s) { return {I::Kind::SameLabelAs, s}; }

Recall::Rules good_rules() {
  Recall::Rules rules;
  rules.stages[0] = {pos(1), label(3), pos(0), label(4)};
  rules.stages[1] = {same_pos(0), pos(2), label(1), same_label(0)};
  rules.stages[2] = {label(2), same_label(1), same_pos(0), pos(3)};
  rules.stages[3] = {same_pos(2), pos(0), label(4), same_label(0)};
  rules.stages[4] = {same_label(3), same_pos(1), pos(1), label(1)};
  return rules;
}

TEST(Recall, FiveStagesFollowTheInstructionsAndLookBack) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  Recall::State state;
  state.stages[0] = {2, {4, 2, 3, 1}};  // label 3 -> position 2
  state.stages[1] = {4, {3, 1, 4, 2}};  // same label as stage 1 (3) -> position 0
  state.stages[2] = {3, {1, 2, 3, 4}};  // same position as stage 1 -> 2
  state.stages[3] = {1, {2, 3, 4, 1}};  // same position as stage 3 -> 2
  state.stages[4] = {2, {4, 3, 2, 1}};  // same position as stage 2 -> 0
  const std::int16_t expected[] = {2, 0, 2, 2, 0};
  for (int s = 0; s < 5; ++s) {
    ASSERT_EQ(Recall::hint(rules, state, ctx), (Action{Verb::Press, expected[s]})) << s;
    Recall::State wrong = state;
    EXPECT_EQ(Recall::apply(rules, wrong, {Verb::Press, static_cast<std::int16_t>((expected[s] + 1) % 4)}, ctx),
              Outcome::Strike);
    EXPECT_EQ(Recall::apply(rules, state, {Verb::Press, expected[s]}, ctx), s == 4 ? Outcome::Solved : Outcome::Ok);
  }
}

TEST(Recall, FilterRejectsSameyStagesAndStagesThatNeverLookBack) {
  EXPECT_EQ(Recall::dull(good_rules()), std::nullopt);
  auto samey = good_rules();
  samey.stages[2] = {label(2), label(2), same_pos(0), same_pos(0)};
  EXPECT_EQ(Recall::dull(samey),
            std::optional<std::string_view>("a stage has fewer than three different instructions"));
  auto forgetful = good_rules();
  forgetful.stages[3] = {pos(1), pos(0), label(4), label(1)};
  EXPECT_EQ(Recall::dull(forgetful), std::optional<std::string_view>("a later stage never looks back"));
}

TEST(Recall, ProofPassesGoodRulesAndRejectsALookAtAStageNotYetPlayed) {
  EXPECT_TRUE(check_module_solvable<Recall>(good_rules(), Rng::from_key("recall")).passed);
  auto rules = good_rules();
  rules.stages[1][0] = same_pos(3);  // stage 2 cannot know what stage 4 will press
  EXPECT_EQ(Recall::dull(rules), std::nullopt);
  const auto proof = check_module_solvable<Recall>(rules, Rng::from_key("recall"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(Recall, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<Recall>(Rng::from_key("recall-generated"));
  EXPECT_EQ(Recall::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::recall_test

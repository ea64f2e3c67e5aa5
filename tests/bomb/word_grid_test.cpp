#include "bomb/modules/word_grid.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::word_grid_test {
namespace {

// Display word d reads position d % 6; word w's list is w+1, w+2, ..., w+7 (mod 12), then w.
WordGrid::Rules good_rules() {
  WordGrid::Rules rules;
  for (std::size_t d = 0; d < WordGrid::kDisplayWords; ++d) rules.position[d] = static_cast<std::uint8_t>(d % 6);
  for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w)
    for (std::size_t i = 0; i < WordGrid::kListLength; ++i)
      rules.priority[w][i] = static_cast<std::uint8_t>((w + i + 1) % WordGrid::kButtonWords);
  for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w)
    rules.priority[w][WordGrid::kListLength - 1] = static_cast<std::uint8_t>(w);
  return rules;
}

TEST(WordGrid, TheReadButtonsListPicksThePressAndAWrongPressStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  WordGrid::State state;
  // Round 1: display 2 reads position 2 (word 4, BAKE); its list starts 5, 6, ...; 6 is on
  // button 0, 5 is not on the module -> press button 0.
  state.rounds[0] = {2, {6, 1, 4, 9, 10, 11}};
  state.rounds[1] = {0, {3, 2, 1, 0, 11, 10}};  // reads 3; list 4.. 10: 10 is button 5; 4-9 absent
  state.rounds[2] = {7, {0, 1, 2, 3, 4, 5}};    // reads position 1 (word 1); list 2 -> button 2
  EXPECT_EQ(WordGrid::hint(rules, state, ctx), (Action{Verb::Press, 0}));
  WordGrid::State wrong = state;
  EXPECT_EQ(WordGrid::apply(rules, wrong, {Verb::Press, 2}, ctx), Outcome::Strike);
  ASSERT_EQ(WordGrid::apply(rules, state, {Verb::Press, 0}, ctx), Outcome::Ok);
  EXPECT_EQ(WordGrid::hint(rules, state, ctx), (Action{Verb::Press, 5}));
  ASSERT_EQ(WordGrid::apply(rules, state, {Verb::Press, 5}, ctx), Outcome::Ok);
  EXPECT_EQ(WordGrid::hint(rules, state, ctx), (Action{Verb::Press, 2}));
  EXPECT_EQ(WordGrid::apply(rules, state, {Verb::Press, 2}, ctx), Outcome::Solved);
}

TEST(WordGrid, FilterRejectsAPositionNeverRead) {
  EXPECT_EQ(WordGrid::dull(good_rules()), std::nullopt);
  auto rules = good_rules();
  for (auto& p : rules.position)
    if (p == 4) p = 3;
  EXPECT_EQ(WordGrid::dull(rules), std::optional<std::string_view>("some button position is never read"));
}

TEST(WordGrid, ProofPassesGoodRulesAndRejectsAListWithoutItsOwnWord) {
  EXPECT_TRUE(check_module_solvable<WordGrid>(good_rules(), Rng::from_key("grid")).passed);
  // Word 0's list names only SEAR: a round reading SIMMER without SEAR on a button has no answer.
  auto rules = good_rules();
  rules.priority[0].fill(1);
  const auto proof = check_module_solvable<WordGrid>(rules, Rng::from_key("grid"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(WordGrid, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<WordGrid>(Rng::from_key("grid-generated"));
  EXPECT_EQ(WordGrid::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
  for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w) {
    const auto& list = build.rules.priority[w];
    EXPECT_NE(std::find(list.begin(), list.end(), w), list.end()) << w;
  }
}

}  // namespace
}  // namespace proven::bomb::word_grid_test

#include "bomb/modules/word_grid.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::word_grid_test {
namespace {

// Display word d reads position d % 6; word w's list is w+1, w+2, ..., w+6 (mod 12), then w.
WordGrid::Rules good_rules() {
  WordGrid::Rules rules;
  for (std::size_t d = 0; d < WordGrid::kDisplayWords; ++d) rules.position[d] = static_cast<std::uint8_t>(d % 6);
  for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w) {
    for (std::size_t i = 0; i < WordGrid::kListLength; ++i)
      rules.priority[w][i] = static_cast<std::uint8_t>((w + i + 1) % WordGrid::kButtonWords);
    rules.priority[w][WordGrid::kListLength - 1] = static_cast<std::uint8_t>(w);
    rules.length[w] = WordGrid::kListLength;
  }
  return rules;
}

// Which places of word w's list some round presses: every set of six button words holding w (the
// read button shows w; where the words sit does not change which one the list picks).
unsigned pressed_places(const WordGrid::Rules& rules, std::size_t w) {
  unsigned places = 0;
  for (unsigned words = 0; words < (1U << WordGrid::kButtonWords); ++words) {
    if (std::popcount(words) != WordGrid::kButtons || !((words >> w) & 1U)) continue;
    for (std::size_t i = 0; i < rules.length[w]; ++i)
      if ((words >> rules.priority[w][i]) & 1U) {
        places |= 1U << i;
        break;
      }
  }
  return places;
}

TEST(WordGrid, TheReadButtonsListPicksThePressAndAWrongPressStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  WordGrid::State state;
  // Round 1: display 2 reads position 2 (word 4, BAKE); its list starts 5, 6, ...; 6 is on
  // button 0, 5 is not on the module -> press button 0.
  state.rounds[0] = {2, {6, 1, 4, 9, 10, 11}};
  state.rounds[1] = {0, {9, 2, 1, 0, 11, 10}};  // reads 9; its list starts 10: button 5
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

TEST(WordGrid, FilterRejectsAListWordNoRoundReaches) {
  auto after_own_word = good_rules();  // SIMMER's list: SEAR, SIMMER, then STIR (never read)
  after_own_word.priority[0][1] = 0;
  after_own_word.priority[0][2] = 2;
  after_own_word.length[0] = 3;
  EXPECT_EQ(WordGrid::dull(after_own_word), std::optional<std::string_view>("a list word can never be reached"));
  auto repeated = good_rules();  // SIMMER's list names SEAR twice
  repeated.priority[0][3] = 1;
  EXPECT_EQ(WordGrid::dull(repeated), std::optional<std::string_view>("a list word can never be reached"));
  auto runs_out = good_rules();  // SIMMER's list: six other words only
  runs_out.length[0] = 6;
  EXPECT_EQ(WordGrid::dull(runs_out), std::optional<std::string_view>("a list can run out"));
  auto seven_others = good_rules();  // seven other words: one of them is always on a button
  seven_others.priority[0][6] = 8;
  EXPECT_EQ(WordGrid::dull(seven_others), std::nullopt);
}

TEST(WordGrid, EveryWordOfEveryAcceptedListIsPressedInSomeRound) {
  for (const int seed : {1, 2, 3, 50, 777, 4242}) {
    const RuleBook book = build_rule_book(seed);
    const auto& rules = book.rules_of<WordGrid>();
    for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w) {
      ASSERT_GE(rules.length[w], 1) << seed;
      EXPECT_EQ(pressed_places(rules, w), (1U << rules.length[w]) - 1) << "seed " << seed << " word " << w;
    }
  }
  // The exhaustive count sees what the filter sees: a word after the own word is never pressed.
  auto after_own_word = good_rules();
  after_own_word.priority[0][1] = 0;
  after_own_word.length[0] = 3;
  EXPECT_EQ(pressed_places(after_own_word, 0), 0b011U);
}

TEST(WordGrid, ProofPassesGoodRulesAndRejectsAListWithoutItsOwnWord) {
  EXPECT_TRUE(check_module_solvable<WordGrid>(good_rules(), Rng::from_key("grid")).passed);
  // Word 0's list names only SEAR: a round reading SIMMER without SEAR on a button has no answer.
  auto rules = good_rules();
  rules.priority[0].fill(1);
  rules.length[0] = 1;
  const auto proof = check_module_solvable<WordGrid>(rules, Rng::from_key("grid"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(WordGrid, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<WordGrid>(Rng::from_key("grid-generated"));
  EXPECT_EQ(WordGrid::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
  for (std::size_t w = 0; w < WordGrid::kButtonWords; ++w) {
    const auto* list = build.rules.priority[w].data();
    const auto* end = list + build.rules.length[w];
    // A list ends at its own word, or (when the draw put it eighth) holds seven other words.
    EXPECT_TRUE(std::find(list, end, w) == end - 1 || build.rules.length[w] == WordGrid::kListLength) << w;
  }
}

}  // namespace
}  // namespace proven::bomb::word_grid_test

#include "bomb/modules/big_button.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::big_button_test {
namespace {

using C = BigButton::Condition;
using Move = BigButton::Move;
constexpr std::uint8_t kRed = 0, kBlue = 1, kYellow = 2;

BigButton::Line line(C c, Move m) { return {1, {c, C{}}, m}; }

// red -> hold; "PURGE" -> tap; more than 2 batteries -> hold; lit GND -> tap; otherwise hold.
// Strip: red 1, blue 4, yellow 5, white 9.
BigButton::Rules good_rules() {
  BigButton::Rules rules;
  rules.line_count = 4;
  rules.lines[0] = line({C::Kind::ColourIs, kRed}, Move::Hold);
  rules.lines[1] = line({C::Kind::LabelIs, 1}, Move::Tap);
  rules.lines[2] = line({C::Kind::BatteriesMoreThan, 2}, Move::Hold);
  rules.lines[3] = line({C::Kind::IndicatorLit, 3}, Move::Tap);
  rules.otherwise = Move::Hold;
  rules.release_digit = {1, 4, 5, 9};
  return rules;
}

TEST(BigButton, TapWhenTheRulesSayTapAndHoldingStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  BigButton::State state{kBlue, 1, kYellow, false};  // blue PURGE: line 2 says tap
  const Context ctx{edge, Clock{}, 0};
  EXPECT_EQ(BigButton::hint(rules, state, ctx), (Action{Verb::Tap, 0}));
  BigButton::State copy = state;
  EXPECT_EQ(BigButton::apply(rules, copy, {Verb::Hold, 0}, ctx), Outcome::Strike);
  EXPECT_EQ(BigButton::apply(rules, state, {Verb::Tap, 0}, ctx), Outcome::Solved);
}

TEST(BigButton, HoldThenReleaseOnTheStripDigitAndAnEarlyReleaseStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  BigButton::State state{kRed, 1, kBlue, false};                   // red: hold; blue strip: release on a 4
  Context ctx{edge, Clock{.timer_ms = 125'500, .strikes = 0}, 0};  // 2:05
  EXPECT_EQ(BigButton::hint(rules, state, ctx), (Action{Verb::Hold, 0}));
  BigButton::State tapped = state;
  EXPECT_EQ(BigButton::apply(rules, tapped, {Verb::Tap, 0}, ctx), Outcome::Strike);
  ASSERT_EQ(BigButton::apply(rules, state, {Verb::Hold, 0}, ctx), Outcome::Ok);
  EXPECT_TRUE(state.held);
  EXPECT_TRUE(BigButton::hint(rules, state, ctx).is_wait());  // 2:05 has no 4
  BigButton::State early = state;
  EXPECT_EQ(BigButton::apply(rules, early, {Verb::Release, 0}, ctx), Outcome::Strike);
  // Advance by display changes until the hint says release: 2:04 is 1.5 s later.
  int changes = 0;
  while (BigButton::hint(rules, state, ctx).is_wait()) {
    ctx.now_ms = BigButton::next_event_at(rules, state, ctx).value();
    ++changes;
  }
  EXPECT_EQ(changes, 1);
  EXPECT_EQ(ctx.clock.displayed_seconds(ctx.now_ms), 124);
  EXPECT_EQ(BigButton::apply(rules, state, {Verb::Release, 0}, ctx), Outcome::Solved);
}

TEST(BigButton, FilterRejectsRepeatsSameMovesAndALastLineEqualToTheFallback) {
  EXPECT_EQ(BigButton::dull(good_rules()), std::nullopt);
  auto repeated = good_rules();
  repeated.lines[2] = line({C::Kind::ColourIs, kRed}, Move::Tap);
  EXPECT_EQ(BigButton::dull(repeated), std::optional<std::string_view>("two lines have the same conditions"));
  auto same = good_rules();
  for (auto& l : same.lines) l.move = Move::Hold;
  EXPECT_EQ(BigButton::dull(same), std::optional<std::string_view>("every line gives the same move"));
  auto last = good_rules();
  last.lines[3].move = Move::Hold;
  EXPECT_EQ(BigButton::dull(last), std::optional<std::string_view>("the last line repeats the fallback"));
}

TEST(BigButton, ProofPassesGoodRulesAndRejectsADigitTheClockNeverShows) {
  const auto good = check_module_solvable<BigButton>(good_rules(), Rng::from_key("button"));
  EXPECT_TRUE(good.passed);
  EXPECT_EQ(good.method_text(), "1000 samples");
  auto bad = good_rules();
  bad.release_digit[kYellow] = 10;  // no display shows a "10" digit: holding never ends
  EXPECT_EQ(BigButton::dull(bad), std::nullopt);
  const auto proof = check_module_solvable<BigButton>(bad, Rng::from_key("button"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(BigButton, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<BigButton>(Rng::from_key("button-generated"));
  EXPECT_EQ(BigButton::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::big_button_test

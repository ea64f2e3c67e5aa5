#include "bomb/modules/big_button.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <vector>

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

BigButton::Line both(C a, C b, Move m) { return {2, {a, b}, m}; }

TEST(BigButton, FilterRejectsALineNoSituationReachesOrThatChangesNothing) {
  // Rule seed 4242 before generator 3: "3 or more batteries" below "2 or more batteries" never fires.
  BigButton::Rules shadowed;
  shadowed.line_count = 4;
  shadowed.lines[0] = line({C::Kind::BatteriesMoreThan, 1}, Move::Tap);
  shadowed.lines[1] = line({C::Kind::ColourIs, kRed}, Move::Tap);
  shadowed.lines[2] = line({C::Kind::BatteriesMoreThan, 2}, Move::Hold);
  shadowed.lines[3] = line({C::Kind::ColourIs, 3}, Move::Tap);
  shadowed.otherwise = Move::Hold;
  EXPECT_EQ(BigButton::dull(shadowed), std::optional<std::string_view>("a line never fires"));
  // Two colours at once: never.
  auto contradiction = good_rules();
  contradiction.lines[1] = both({C::Kind::ColourIs, kBlue}, {C::Kind::ColourIs, kYellow}, Move::Tap);
  EXPECT_EQ(BigButton::dull(contradiction), std::optional<std::string_view>("a line never fires"));
  // "3 or more batteries: hold" above "2 or more: hold": the first only repeats the second.
  auto padding = good_rules();
  padding.lines[1] = line({C::Kind::BatteriesMoreThan, 2}, Move::Hold);
  padding.lines[2] = line({C::Kind::BatteriesMoreThan, 1}, Move::Hold);
  EXPECT_EQ(BigButton::dull(padding), std::optional<std::string_view>("a line never changes the move"));
  // Every colour has a line: the otherwise line is dead.
  BigButton::Rules colours;
  colours.line_count = 4;
  for (std::uint8_t c = 0; c < 4; ++c) colours.lines[c] = line({C::Kind::ColourIs, c}, Move::Hold);
  colours.otherwise = Move::Tap;
  EXPECT_EQ(BigButton::dull(colours), std::optional<std::string_view>("the otherwise line is never reached"));
  // "3 or more batteries and 4 or more batteries": the first condition adds nothing.
  auto redundant = good_rules();
  redundant.lines[2] = both({C::Kind::BatteriesMoreThan, 2}, {C::Kind::BatteriesMoreThan, 3}, Move::Hold);
  EXPECT_EQ(BigButton::dull(redundant), std::optional<std::string_view>("a condition never changes the move"));
}

// The situations a casing and button can show, enumerated here from the appendix (0-4 holders of
// 1-2 batteries, up to three indicators of distinct labels), each lit indicator set built as a
// real casing: every accepted line is the first to fire in one, and changes the move there.
TEST(BigButton, EveryAcceptedLineFiresAndMattersOverEverySituation) {
  std::vector<Edgework> casings;
  const int labels = static_cast<int>(kIndicatorLabels.size());
  for (int batteries = 0; batteries <= 8; ++batteries)
    for (unsigned lit = 0; lit < (1U << labels); ++lit) {
      if (std::popcount(lit) > 3) continue;
      Edgework edge;
      for (int left = batteries; left > 0; left -= 2)
        edge.holders[edge.holder_count++] = static_cast<std::uint8_t>(std::min(left, 2));
      for (int l = 0; l < labels; ++l)
        if ((lit >> l) & 1U) edge.indicators[edge.indicator_count++] = {static_cast<std::uint8_t>(l), true};
      casings.push_back(edge);
    }
  for (const int seed : {1, 2, 3, 50, 777, 4242, 99991}) {
    const RuleBook book = build_rule_book(seed);
    const auto& rules = book.rules_of<BigButton>();
    std::vector<bool> first_somewhere(rules.line_count + 1u, false);
    std::vector<bool> changes_somewhere(rules.line_count + 0u, false);
    const auto fires = [&](int i, const BigButton::State& b, const Edgework& e) {
      const auto& l = rules.lines[static_cast<std::size_t>(i)];
      BigButton::Rules alone;  // one line, the other move as the fallback: the module's own test
      alone.line_count = 1;
      alone.lines[0] = l;
      alone.otherwise = l.move == Move::Tap ? Move::Hold : Move::Tap;
      return BigButton::move_for(alone, b, e) == l.move;
    };
    for (const Edgework& edge : casings)
      for (std::uint8_t colour = 0; colour < BigButton::kColours; ++colour)
        for (std::uint8_t label = 0; label < BigButton::kLabels; ++label) {
          const BigButton::State button{colour, label, 0, false};
          int first = 0;
          while (first < rules.line_count && !fires(first, button, edge)) ++first;
          first_somewhere[static_cast<std::size_t>(first)] = true;
          if (first == rules.line_count) continue;
          int next = first + 1;
          while (next < rules.line_count && !fires(next, button, edge)) ++next;
          const Move after =
              next == rules.line_count ? rules.otherwise : rules.lines[static_cast<std::size_t>(next)].move;
          if (after != rules.lines[static_cast<std::size_t>(first)].move)
            changes_somewhere[static_cast<std::size_t>(first)] = true;
        }
    for (int i = 0; i < rules.line_count; ++i) {
      EXPECT_TRUE(first_somewhere[static_cast<std::size_t>(i)]) << "seed " << seed << " line " << i + 1;
      EXPECT_TRUE(changes_somewhere[static_cast<std::size_t>(i)]) << "seed " << seed << " line " << i + 1;
    }
    EXPECT_TRUE(first_somewhere.back()) << "seed " << seed << ": the otherwise line";
  }
  EXPECT_EQ(casings.size(), 9u * 232u);  // 0-8 batteries x (1 + 11 + 55 + 165) lit sets
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

#include "bomb/modules/color_echo.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb {
namespace {

constexpr std::uint8_t kRed = 0, kBlue = 1, kGreen = 2, kYellow = 3;

// Each table a rotation of the pads by a different amount or direction; none the identity.
ColorEcho::Rules good_rules() {
  ColorEcho::Rules rules;
  rules.tables[0] = {{{1, 2, 3, 0}, {2, 3, 0, 1}, {3, 0, 1, 2}}};
  rules.tables[1] = {{{1, 0, 3, 2}, {3, 2, 1, 0}, {2, 0, 3, 1}}};
  return rules;
}

Edgework casing(bool vowel) {
  Edgework edge;
  edge.serial = {vowel ? 'E' : 'K', 'X', '3', 'P', 'B', '7'};
  return edge;
}

TEST(ColorEcho, EachStageAnswersTheWholeSequenceThroughTheTable) {
  const auto rules = good_rules();
  const Edgework edge = casing(false);
  const Context ctx{edge, Clock{.timer_ms = 300'000, .strikes = 1}, 0};  // table {2, 3, 0, 1}
  ColorEcho::State state;
  state.length = 3;
  state.flashes = {kRed, kYellow, kBlue, 0, 0};
  // Stage 1: red -> green. Stage 2: red, yellow -> green, blue. Stage 3: + blue -> yellow.
  const std::int16_t expected[] = {kGreen, kGreen, kBlue, kGreen, kBlue, kYellow};
  for (std::size_t i = 0; i < 6; ++i) {
    ASSERT_EQ(ColorEcho::hint(rules, state, ctx), (Action{Verb::Press, expected[i]})) << i;
    if (i == 2) {
      ColorEcho::State wrong = state;
      EXPECT_EQ(ColorEcho::apply(rules, wrong, {Verb::Press, kRed}, ctx), Outcome::Strike);
    }
    EXPECT_EQ(ColorEcho::apply(rules, state, {Verb::Press, expected[i]}, ctx), i == 5 ? Outcome::Solved : Outcome::Ok);
  }
}

TEST(ColorEcho, TheVowelAndTheStrikesPickTheTable) {
  const auto rules = good_rules();
  ColorEcho::State state;
  state.flashes = {kRed, 0, 0, 0, 0};
  const Edgework vowel = casing(true);
  const Edgework plain = casing(false);
  EXPECT_EQ(ColorEcho::hint(rules, state, Context{plain, Clock{.timer_ms = 1, .strikes = 0}, 0}).arg, kBlue);
  EXPECT_EQ(ColorEcho::hint(rules, state, Context{vowel, Clock{.timer_ms = 1, .strikes = 0}, 0}).arg, kBlue);
  EXPECT_EQ(ColorEcho::hint(rules, state, Context{vowel, Clock{.timer_ms = 1, .strikes = 1}, 0}).arg, kYellow);
  EXPECT_EQ(ColorEcho::hint(rules, state, Context{vowel, Clock{.timer_ms = 1, .strikes = 4}, 0}).arg, kGreen);
}

TEST(ColorEcho, ExhaustiveProofAndFilter) {
  const auto proof = check_module_solvable<ColorEcho>(good_rules(), Rng::from_key("echo"));
  EXPECT_TRUE(proof.passed);
  EXPECT_EQ(proof.method, ProofMethod::Exhaustive);
  EXPECT_EQ(proof.cases, 2u * 3u * (64u + 256u + 1024u));
  EXPECT_EQ(ColorEcho::dull(good_rules()), std::nullopt);
  auto identity = good_rules();
  identity.tables[1][2] = {0, 1, 2, 3};
  EXPECT_EQ(ColorEcho::dull(identity), std::optional<std::string_view>("a table changes nothing"));
  auto twins = good_rules();
  twins.tables[1][1] = twins.tables[0][0];
  EXPECT_EQ(ColorEcho::dull(twins), std::optional<std::string_view>("two tables are the same"));
}

TEST(ColorEcho, ProofRejectsATableNamingAPadThatIsNotThere) {
  // Well-formed tables always have an answer; the proof guards against data that does not.
  auto rules = good_rules();
  rules.tables[1][0][kGreen] = 4;
  EXPECT_EQ(ColorEcho::dull(rules), std::nullopt);
  const auto proof = check_module_solvable<ColorEcho>(rules, Rng::from_key("echo"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(ColorEcho, GeneratedRulesAreAcceptedAndReproducible) {
  const auto build = build_module_rules<ColorEcho>(Rng::from_key("echo-generated"));
  EXPECT_EQ(ColorEcho::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
  EXPECT_EQ(build_module_rules<ColorEcho>(Rng::from_key("echo-generated")).rules, build.rules);
}

}  // namespace
}  // namespace proven::bomb

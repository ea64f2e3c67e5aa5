#include "bomb/modules/color_echo.hpp"

#include <gtest/gtest.h>

#include <tuple>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"
#include "class_check.hpp"

namespace proven::bomb::color_echo_test {
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
  // Vowel x strikes x (length 3: 14 colour sets of up to 3 colours; lengths 4 and 5: all 15).
  EXPECT_EQ(proof.cases, 2u * 3u * (14u + 15u + 15u));
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

// The exhaustive proof plays one representative per class of sequences (color_echo.hpp): check
// that every one of the 8,064 sequences plays as its representative does, on generated tables
// and on tables with entries that name no pad (so some sequences stall).
TEST(ColorEcho, EverySequencePlaysAsItsClassRepresentativeDoes) {
  const auto key_of = [](const ColorEcho::State& s, const Edgework& edge, const Clock& clock) {
    unsigned colours = 0;
    for (int i = 0; i < s.length; ++i) colours |= 1U << s.flashes[static_cast<std::size_t>(i)];
    return std::tuple{edge.serial_has_vowel(), clock.strikes, s.length, colours};
  };
  const auto every_sequence = [](auto&& visit) { ColorEcho::for_each_sequence(visit); };
  int stalling_sets = 0;
  for (std::uint64_t k = 0; k < 60; ++k) {
    Rng rng = Rng::from_key("echo-classes").fork("set", k);
    ColorEcho::Rules rules = ColorEcho::generate_rules(rng);
    for (std::uint64_t broken = k % 3; broken > 0; --broken)  // entries that name no pad
      rules.tables[rng.below(2)][rng.below(3)][rng.below(ColorEcho::kPads)] = ColorEcho::kPads;
    const ClassCheck check = check_cases_play_as_their_class<ColorEcho>(rules, key_of, every_sequence);
    ASSERT_FALSE(::testing::Test::HasFailure()) << "set " << k;
    ASSERT_EQ(check.classes, 264u);
    ASSERT_EQ(check.cases, 8064u);
    EXPECT_EQ(check_module_solvable<ColorEcho>(rules, rng).passed, check.all_passed) << "set " << k;
    if (!check.all_passed) ++stalling_sets;
  }
  EXPECT_EQ(stalling_sets, 40);  // every broken set (k % 3 != 0): some sequence flashes its broken entry
}

TEST(ColorEcho, GeneratedRulesAreAccepted) {
  const auto build = build_module_rules<ColorEcho>(Rng::from_key("echo-generated"));
  EXPECT_EQ(ColorEcho::dull(build.rules), std::nullopt);
  EXPECT_TRUE(build.report.proof.passed);
}

}  // namespace
}  // namespace proven::bomb::color_echo_test

#include "bomb/modules/blinker.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::blinker_test {
namespace {

// Letter l gets the l-th pattern of 1-4 flashes (shortest first); word w transmits on stop 15 - w.
Blinker::Rules good_rules() {
  Blinker::Rules rules;
  std::size_t n = 0;
  for (std::uint8_t length = 1; length <= 4 && n < 26; ++length)
    for (unsigned longs = 0; longs < (1U << length) && n < 26; ++longs)
      rules.code[n++] = {length, static_cast<std::uint8_t>(longs)};
  for (std::size_t w = 0; w < Blinker::kWords; ++w) {
    rules.words[w] = static_cast<std::uint8_t>(w);
    rules.frequency[w] = static_cast<std::uint8_t>(15 - w);
  }
  return rules;
}

Blinker::State blinking(const Blinker::Rules& rules, std::string_view word, std::uint8_t dial) {
  Blinker::State state;
  state.length = static_cast<std::uint8_t>(word.size());
  for (std::size_t i = 0; i < word.size(); ++i) state.signal[i] = rules.code[static_cast<std::size_t>(word[i] - 'A')];
  state.dial = dial;
  return state;
}

TEST(Blinker, DecodeTuneAndTransmitAndAWrongFrequencyStrikes) {
  const auto rules = good_rules();
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  Blinker::State state = blinking(rules, "GRATER", 10);  // word 2 -> stop 13
  ASSERT_EQ(Blinker::stop_to_transmit(rules, state), std::optional<int>(13));
  Blinker::State early = state;
  EXPECT_EQ(Blinker::apply(rules, early, {Verb::Submit, 0}, ctx), Outcome::Strike);
  int turns = 0;
  while (Blinker::hint(rules, state, ctx).verb == Verb::Turn) {
    EXPECT_EQ(Blinker::hint(rules, state, ctx), (Action{Verb::Turn, 1}));
    Blinker::apply(rules, state, Blinker::hint(rules, state, ctx), ctx);
    ++turns;
  }
  EXPECT_EQ(turns, 3);
  EXPECT_EQ(Blinker::frequency_khz(state.dial), 3588);
  EXPECT_EQ(Blinker::apply(rules, state, {Verb::Submit, 0}, ctx), Outcome::Solved);
}

TEST(Blinker, ProofPassesAndRejectsTwoLettersThatBlinkAlike) {
  EXPECT_TRUE(check_module_solvable<Blinker>(good_rules(), Rng::from_key("blinker")).passed);
  auto rules = good_rules();
  rules.code['E' - 'A'] = rules.code['K' - 'A'];  // KNIFE, KETTLE, SKEWER... now decode two ways
  const auto proof = check_module_solvable<Blinker>(rules, Rng::from_key("blinker"));
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
  EXPECT_EQ(proof.method_text().find("samples") != std::string::npos, true);
}

TEST(Blinker, GeneratedRulesAreAcceptedAndUseDistinctPatternsWordsAndStops) {
  const auto build = build_module_rules<Blinker>(Rng::from_key("blinker-generated"));
  EXPECT_TRUE(build.report.proof.passed);
  EXPECT_EQ(build.report.proof.cases, 200u);
  for (std::size_t a = 0; a < 26; ++a)
    for (std::size_t b = 0; b < a; ++b) EXPECT_NE(build.rules.code[a], build.rules.code[b]);
  auto stops = build.rules.frequency;
  std::sort(stops.begin(), stops.end());
  for (std::size_t i = 0; i < stops.size(); ++i) EXPECT_EQ(stops[i], i);
}

}  // namespace
}  // namespace proven::bomb::blinker_test

#include "bomb/modules/passcode.hpp"

#include <gtest/gtest.h>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::passcode_test {
namespace {

Passcode::Rules first_thirty() {
  Passcode::Rules rules;
  for (std::size_t i = 0; i < Passcode::kListed; ++i) rules.words[i] = static_cast<std::uint8_t>(i);
  return rules;
}

Passcode::State wheels_for(std::array<std::string_view, 5> letters) {
  Passcode::State state;
  for (std::size_t w = 0; w < 5; ++w)
    for (std::size_t i = 0; i < 6; ++i) state.wheels[w][i] = letters[w][i];
  return state;
}

TEST(Passcode, TurnToTheOneSpellableWordAndSubmit) {
  const auto rules = first_thirty();  // APRON .. LEMON
  const Edgework edge;
  const Context ctx{edge, Clock{}, 0};
  // Spells BASIL (and no other of the first thirty words).
  Passcode::State state = wheels_for({"XBQZWV", "AQZXWV", "SQZXWV", "QIZXWV", "QZLXWV"});
  ASSERT_EQ(Passcode::answer(rules, state), std::optional<std::string_view>("BASIL"));
  EXPECT_EQ(Passcode::hint(rules, state, ctx), (Action{Verb::Turn, 0}));
  Passcode::State early = state;
  EXPECT_EQ(Passcode::apply(rules, early, {Verb::Submit, 0}, ctx), Outcome::Strike);
  int turns = 0;
  while (Passcode::hint(rules, state, ctx).verb == Verb::Turn) {
    EXPECT_EQ(Passcode::apply(rules, state, Passcode::hint(rules, state, ctx), ctx), Outcome::Ok);
    ++turns;
  }
  EXPECT_EQ(turns, 1 + 0 + 0 + 1 + 2);
  EXPECT_EQ(Passcode::apply(rules, state, {Verb::Submit, 0}, ctx), Outcome::Solved);
}

TEST(Passcode, ProofPassesAndRejectsAListThatRepeatsAWord) {
  EXPECT_TRUE(check_module_solvable<Passcode>(first_thirty(), Rng::from_key("passcode")).passed);
  // With every listed word the same, every dealt module spells "two" listed words.
  Passcode::Rules rules;
  rules.words.fill(3);
  const auto proof =
      check_module_solvable<Passcode>(rules, Rng::from_key("passcode"), {.samples = 20, .allow_exhaustive = true});
  EXPECT_FALSE(proof.passed);
  EXPECT_EQ(proof.failure, PlayEnd::Stalled);
}

TEST(Passcode, DealtWheelsSpellExactlyOneListedWord) {
  const auto build = build_module_rules<Passcode>(Rng::from_key("passcode-generated"));
  EXPECT_TRUE(build.report.proof.passed);
  const Edgework edge;
  for (std::uint64_t i = 0; i < 500; ++i) {
    Rng rng = Rng::from_key("deal").fork("i", i);
    const auto state = Passcode::deal(rng, edge, build.rules);
    int spellable = 0;
    for (auto w : build.rules.words) spellable += Passcode::can_spell(state, Passcode::kWordPool[w]) ? 1 : 0;
    EXPECT_EQ(spellable, 1);
    for (const auto& wheel : state.wheels)
      for (std::size_t a = 0; a < 6; ++a)
        for (std::size_t b = 0; b < a; ++b) EXPECT_NE(wheel[a], wheel[b]);
  }
  EXPECT_TRUE(std::is_sorted(build.rules.words.begin(), build.rules.words.end()));
  EXPECT_EQ(std::adjacent_find(build.rules.words.begin(), build.rules.words.end()), build.rules.words.end());
}

}  // namespace
}  // namespace proven::bomb::passcode_test

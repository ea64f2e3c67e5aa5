// The three needy modules: Pressure Vent, Dial Alignment, Discharge Lever.
#include <gtest/gtest.h>

#include "bomb/modules/dial_alignment.hpp"
#include "bomb/modules/discharge_lever.hpp"
#include "bomb/modules/pressure_vent.hpp"
#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb::needy_test {
namespace {

PressureVent::Rules vent_rules() {
  PressureVent::Rules rules;
  rules.prompts = {0, 2, 4, 6, 8, 9};
  rules.yes = {true, false, true, false, true, false};
  return rules;
}

PressureVent::State vent_asking(std::uint8_t prompt) {
  PressureVent::State state;
  state.timer.gaps.fill(20'000);
  state.timer.wake(0, PressureVent::kWindowMs);
  state.asks.fill(prompt);
  return state;
}

TEST(PressureVent, AnswerThePromptAsListedAndAWrongAnswerStrikes) {
  const auto rules = vent_rules();
  const Edgework edge;
  Context ctx{edge, Clock{}, 1'000};
  PressureVent::State state = vent_asking(4);  // PURGE LINE? -> yes
  EXPECT_EQ(PressureVent::hint(rules, state, ctx), (Action{Verb::Answer, 1}));
  PressureVent::State wrong = state;
  EXPECT_EQ(PressureVent::apply(rules, wrong, {Verb::Answer, 0}, ctx), Outcome::Strike);
  EXPECT_EQ(PressureVent::apply(rules, state, {Verb::Answer, 1}, ctx), Outcome::Ok);
  EXPECT_FALSE(state.timer.active);
  EXPECT_TRUE(PressureVent::hint(rules, state, ctx).is_wait());
  EXPECT_EQ(PressureVent::apply(rules, state, {Verb::Answer, 1}, ctx), Outcome::Strike);  // nothing asked
  EXPECT_EQ(PressureVent::next_event_at(rules, state, ctx), std::optional<std::int64_t>(21'000));
}

TEST(PressureVent, AnUnansweredCountdownStrikes) {
  const auto rules = vent_rules();
  const Edgework edge;
  PressureVent::State state = vent_asking(1);  // SEAL HATCH? is not listed: no answer
  Context ctx{edge, Clock{}, 0};
  EXPECT_TRUE(PressureVent::hint(rules, state, ctx).is_wait());
  ctx.now_ms = PressureVent::next_event_at(rules, state, ctx).value();
  EXPECT_EQ(ctx.now_ms, PressureVent::kWindowMs);
  EXPECT_EQ(PressureVent::tick(rules, state, ctx), Outcome::Strike);
}

TEST(PressureVent, FilterAndProof) {
  EXPECT_EQ(PressureVent::dull(vent_rules()), std::nullopt);
  auto mostly_yes = vent_rules();
  mostly_yes.yes = {true, true, true, false, true, true};
  EXPECT_EQ(PressureVent::dull(mostly_yes), std::optional<std::string_view>("fewer than two yes or two no answers"));
  auto twice = vent_rules();
  twice.prompts[3] = twice.prompts[0];
  EXPECT_EQ(PressureVent::dull(twice), std::optional<std::string_view>("a prompt is listed twice"));
  const auto good = check_module_solvable<PressureVent>(vent_rules(), Rng::from_key("vent"));
  EXPECT_TRUE(good.passed);
  EXPECT_EQ(good.cases, 200u);
  // A prompt listed twice has no answer: the module strikes when its countdown runs out.
  const auto bad = check_module_solvable<PressureVent>(twice, Rng::from_key("vent"));
  EXPECT_FALSE(bad.passed);
  EXPECT_EQ(bad.failure, PlayEnd::Strike);
  const auto build = build_module_rules<PressureVent>(Rng::from_key("vent-generated"));
  EXPECT_TRUE(build.report.proof.passed);
  EXPECT_EQ(PressureVent::dull(build.rules), std::nullopt);
}

DialAlignment::Rules dial_rules() {
  DialAlignment::Rules rules;
  rules.patterns = {0b000000000011, 0b000000001100, 0b000000110000, 0b000011000000,
                    0b001100000000, 0b110000000000, 0b101010101010, 0b010101010101};
  rules.direction = {0, 1, 2, 3, 0, 1, 2, 3};
  return rules;
}

TEST(DialAlignment, TurnToTheListedDirectionBeforeTheCountdownEnds) {
  const auto rules = dial_rules();
  const Edgework edge;
  DialAlignment::State state;
  state.timer.gaps.fill(20'000);
  state.timer.wake(0, DialAlignment::kWindowMs);
  state.shows.fill(0b000011000000);  // -> left (3)
  state.dial = 1;
  Context ctx{edge, Clock{}, 0};
  EXPECT_EQ(DialAlignment::hint(rules, state, ctx), (Action{Verb::Turn, 0}));
  EXPECT_EQ(DialAlignment::apply(rules, state, {Verb::Press, 0}, ctx), Outcome::Strike);  // not a dial move
  // Left where it is (right), the countdown's end strikes.
  DialAlignment::State idle = state;
  ctx.now_ms = DialAlignment::kWindowMs;
  EXPECT_EQ(DialAlignment::tick(rules, idle, ctx), Outcome::Strike);
  ctx.now_ms = 0;
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(DialAlignment::apply(rules, state, DialAlignment::hint(rules, state, ctx), ctx), Outcome::Ok);
  EXPECT_EQ(state.dial, 3);
  EXPECT_TRUE(DialAlignment::hint(rules, state, ctx).is_wait());
  ctx.now_ms = DialAlignment::kWindowMs;
  EXPECT_EQ(DialAlignment::tick(rules, state, ctx), Outcome::Ok);
}

TEST(DialAlignment, FilterAndProof) {
  EXPECT_EQ(DialAlignment::dull(dial_rules()), std::nullopt);
  auto alike = dial_rules();
  alike.patterns[7] = alike.patterns[6] ^ 0b1;  // one light apart
  EXPECT_EQ(DialAlignment::dull(alike), std::optional<std::string_view>("two light patterns look the same"));
  auto unused = dial_rules();
  unused.direction = {0, 1, 2, 0, 1, 2, 0, 1};
  EXPECT_EQ(DialAlignment::dull(unused), std::optional<std::string_view>("a direction is never used"));
  EXPECT_TRUE(check_module_solvable<DialAlignment>(dial_rules(), Rng::from_key("dial")).passed);
  auto same = dial_rules();
  same.patterns[7] = same.patterns[0];  // identical: the manual gives two directions
  const auto bad = check_module_solvable<DialAlignment>(same, Rng::from_key("dial"));
  EXPECT_FALSE(bad.passed);
  EXPECT_EQ(bad.failure, PlayEnd::Strike);
  const auto build = build_module_rules<DialAlignment>(Rng::from_key("dial-generated"));
  EXPECT_TRUE(build.report.proof.passed);
}

TEST(DischargeLever, HoldingDrainsTheMeterAndAFullMeterStrikes) {
  const DischargeLever::Rules rules;
  const Edgework edge;
  DischargeLever::State state;
  Context ctx{edge, Clock{}, 0};
  EXPECT_TRUE(DischargeLever::hint(rules, state, ctx).is_wait());
  EXPECT_EQ(DischargeLever::next_event_at(rules, state, ctx), std::optional<std::int64_t>(DischargeLever::kHoldAt));
  // Ignored, it fills after 45 s and strikes.
  DischargeLever::State ignored = state;
  ctx.now_ms = DischargeLever::kFullMs;
  EXPECT_EQ(DischargeLever::tick(rules, ignored, ctx), Outcome::Strike);
  EXPECT_EQ(ignored.charge, 0);
  ctx.now_ms = DischargeLever::kHoldAt;
  EXPECT_EQ(DischargeLever::hint(rules, state, ctx), (Action{Verb::Hold, 0}));
  EXPECT_EQ(DischargeLever::apply(rules, state, {Verb::Release, 0}, ctx), Outcome::Strike);  // not held
  ASSERT_EQ(DischargeLever::apply(rules, state, {Verb::Hold, 0}, ctx), Outcome::Ok);
  const std::int64_t empty_at = DischargeLever::next_event_at(rules, state, ctx).value();
  EXPECT_EQ(empty_at, DischargeLever::kHoldAt + DischargeLever::kHoldAt / DischargeLever::kDrainRate);
  ctx.now_ms = empty_at;
  EXPECT_EQ(DischargeLever::hint(rules, state, ctx), (Action{Verb::Release, 0}));
}

TEST(DischargeLever, HasNoRulesToProveButItsHintsSurvive) {
  const auto build = build_module_rules<DischargeLever>(Rng::from_key("lever"));
  EXPECT_EQ(build.report.proof.method, ProofMethod::NotNeeded);
  EXPECT_EQ(build.report.tries, 0u);
  const auto played =
      check_module_solvable<DischargeLever>({}, Rng::from_key("lever"), {.samples = 200, .allow_exhaustive = true});
  EXPECT_TRUE(played.passed);
  EXPECT_EQ(played.cases, 200u);
}

}  // namespace
}  // namespace proven::bomb::needy_test

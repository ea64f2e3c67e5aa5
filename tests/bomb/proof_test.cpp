// The proof's play loop, the bomb clock and the edgework, on toy modules built to end each way.
#include "bomb/proof.hpp"

#include <gtest/gtest.h>

#include <set>

#include "bomb/rulebook.hpp"
#include "core/errors.hpp"

namespace proven::bomb::proof_test {
namespace {

// A regular module that must be pressed once the simulated time reaches `ready_ms`; its rules
// say when. Pressing early strikes. With `ready_ms` past the stall limit it can never be done.
struct DelayedButton {
  static constexpr ModuleInfo kInfo{"delayed", "Delayed", ModuleKind::Regular, 50};
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  struct Rules {
    std::int64_t ready_ms = 0;
    bool press_early = false;
  };
  struct State {
    bool unused = false;
  };
  static Rules generate_rules(Rng&) { return {}; }
  static std::optional<std::string_view> dull(const Rules&) { return std::nullopt; }
  static State deal(Rng&, const Edgework&, const Rules&) { return {}; }
  static std::string show(const State&) { return "toy"; }
  static Action hint(const Rules& r, const State&, const Context& ctx) {
    if (ctx.now_ms >= r.ready_ms || r.press_early) return {Verb::Press, 0};
    return Action::wait();
  }
  static Outcome apply(const Rules& r, State&, Action a, const Context& ctx) {
    return a.verb == Verb::Press && ctx.now_ms >= r.ready_ms ? Outcome::Solved : Outcome::Strike;
  }
  static std::optional<std::int64_t> next_event_at(const Rules& r, const State&, const Context& ctx) {
    if (ctx.now_ms < r.ready_ms) return r.ready_ms;
    return std::nullopt;
  }
  static Outcome tick(const Rules&, State&, const Context&) { return Outcome::Ok; }
};

// A regular module whose hint never finishes it: every press is fine and nothing is solved.
struct EndlessButton {
  static constexpr ModuleInfo kInfo{"endless", "Endless", ModuleKind::Regular, 10};
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  struct Rules {};
  struct State {
    int presses = 0;
  };
  static Rules generate_rules(Rng&) { return {}; }
  static std::optional<std::string_view> dull(const Rules&) { return std::nullopt; }
  static State deal(Rng&, const Edgework&, const Rules&) { return {}; }
  static std::string show(const State&) { return "toy"; }
  static Action hint(const Rules&, const State&, const Context&) { return {Verb::Press, 0}; }
  static Outcome apply(const Rules&, State& s, Action, const Context&) {
    ++s.presses;
    return Outcome::Ok;
  }
};

// A needy module that wakes every `period_ms` and strikes if it is not answered by then; the
// rules say whether the hint answers it.
struct ToyNeedy {
  static constexpr ModuleInfo kInfo{"toy-needy", "Toy needy", ModuleKind::Needy, 20};
  static constexpr std::array<std::string_view, 0> kFilterReasons{};
  struct Rules {
    std::int64_t period_ms = 10'000;
    bool answers = true;
  };
  struct State {
    std::int64_t due_ms = 10'000;
    bool active = true;
  };
  static Rules generate_rules(Rng&) { return {}; }
  static std::optional<std::string_view> dull(const Rules&) { return std::nullopt; }
  static State deal(Rng&, const Edgework&, const Rules& r) { return {r.period_ms, true}; }
  static std::string show(const State&) { return "toy"; }
  static Action hint(const Rules& r, const State& s, const Context&) {
    return s.active && r.answers ? Action{Verb::Answer, 1} : Action::wait();
  }
  static Outcome apply(const Rules&, State& s, Action, const Context&) {
    if (!s.active) return Outcome::Strike;
    s.active = false;
    return Outcome::Ok;
  }
  static std::optional<std::int64_t> next_event_at(const Rules&, const State& s, const Context&) { return s.due_ms; }
  static Outcome tick(const Rules& r, State& s, const Context&) {
    const bool missed = s.active;
    s.active = true;
    s.due_ms += r.period_ms;
    return missed ? Outcome::Strike : Outcome::Ok;
  }
};

TEST(BombProof, WaitingForATimedEventThenActingSolves) {
  const auto result =
      check_module_solvable<DelayedButton>({.ready_ms = 179'000, .press_early = false}, Rng::from_key("t"));
  EXPECT_TRUE(result.passed);
  EXPECT_EQ(result.method, ProofMethod::Sampled);
  EXPECT_EQ(result.cases, 50u);
}

TEST(BombProof, NoCorrectActionForThreeMinutesStalls) {
  const auto result =
      check_module_solvable<DelayedButton>({.ready_ms = 181'000, .press_early = false}, Rng::from_key("t"));
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.failure, PlayEnd::Stalled);
  EXPECT_EQ(result.failing_case, 0u);
}

TEST(BombProof, AHintedActionThatStrikesFails) {
  const auto result =
      check_module_solvable<DelayedButton>({.ready_ms = 5'000, .press_early = true}, Rng::from_key("t"));
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.failure, PlayEnd::Strike);
}

TEST(BombProof, APlayPastTheStepCapFails) {
  const auto result = check_module_solvable<EndlessButton>({}, Rng::from_key("t"));
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.failure, PlayEnd::StepCap);
  const Edgework edge;
  EXPECT_EQ(play<EndlessButton>({}, EndlessButton::State{}, edge, Clock{}), PlayEnd::StepCap);
}

TEST(BombProof, ANeedyModuleSurvivesNinetySecondsOrStrikesOnATimedEvent) {
  const auto survived = check_module_solvable<ToyNeedy>({.period_ms = 10'000, .answers = true}, Rng::from_key("t"));
  EXPECT_TRUE(survived.passed);
  const auto struck = check_module_solvable<ToyNeedy>({.period_ms = 10'000, .answers = false}, Rng::from_key("t"));
  EXPECT_FALSE(struck.passed);
  EXPECT_EQ(struck.failure, PlayEnd::Strike);
  // A needy module that is never due inside 90 s survives without doing anything.
  const auto quiet = check_module_solvable<ToyNeedy>({.period_ms = 95'000, .answers = false}, Rng::from_key("t"));
  EXPECT_TRUE(quiet.passed);
}

TEST(BombProof, SamplesAreKeyedSoTheSameStreamGivesTheSameVerdict) {
  EXPECT_EQ(name(PlayEnd::StepCap), "step cap");
  ProofOptions options;
  options.samples = 7;
  const auto a =
      check_module_solvable<DelayedButton>({.ready_ms = 1'000, .press_early = false}, Rng::from_key("t"), options);
  EXPECT_EQ(a.cases, 7u);
  EXPECT_EQ(a.method_text(), "7 samples");
}

TEST(BombClock, DisplayCountsDownFasterWithStrikes) {
  const Clock calm{.timer_ms = 65'000, .strikes = 0};
  EXPECT_EQ(calm.displayed_seconds(0), 65);
  EXPECT_EQ(calm.displayed_seconds(999), 64);  // 64.001 s left shows 1:04
  EXPECT_EQ(calm.displayed_seconds(1'000), 64);
  EXPECT_EQ(calm.displayed_seconds(1'001), 63);
  const Clock hurried{.timer_ms = 65'000, .strikes = 2};  // 1.5x
  EXPECT_EQ(hurried.displayed_seconds(10'000), 50);
  EXPECT_EQ(hurried.displayed_seconds(100'000), 0);               // never negative
  EXPECT_EQ(hurried.next_display_change(100'000), std::nullopt);  // and frozen at 0:00
}

TEST(BombClock, NextDisplayChangeIsTheFirstMillisecondTheDisplayDiffers) {
  for (int strikes = 0; strikes <= 4; ++strikes) {
    const Clock clock{.timer_ms = 123'456, .strikes = strikes};
    std::int64_t now = 0;
    for (int change = 0; change < 50; ++change) {
      const std::int64_t next = clock.next_display_change(now).value();
      ASSERT_GT(next, now);
      EXPECT_NE(clock.displayed_seconds(next), clock.displayed_seconds(now)) << strikes << " " << now;
      EXPECT_EQ(clock.displayed_seconds(next - 1), clock.displayed_seconds(now)) << strikes << " " << now;
      now = next;
    }
  }
}

TEST(BombClock, AStrikeSpeedsTheClockFromThatMomentWithoutAJump) {
  Clock clock{.timer_ms = 100'000, .strikes = 0, .since_ms = 0};
  EXPECT_EQ(clock.remaining_ms(20'000), 80'000);
  clock.strike(20'000);
  EXPECT_EQ(clock.remaining_ms(20'000), 80'000);
  EXPECT_EQ(clock.remaining_ms(28'000), 70'000);  // 8 s at 1.25x
  const std::int64_t next = clock.next_display_change(20'000).value();
  EXPECT_EQ(clock.displayed_seconds(next), 79);
  EXPECT_EQ(clock.displayed_seconds(next - 1), 80);
}

TEST(BombClock, ShowsEveryDigitOfMinutesAndSeconds) {
  const Clock clock{.timer_ms = 247'500, .strikes = 0};  // 4:07
  EXPECT_TRUE(clock.shows_digit(0, 4));
  EXPECT_TRUE(clock.shows_digit(0, 0));
  EXPECT_TRUE(clock.shows_digit(0, 7));
  EXPECT_FALSE(clock.shows_digit(0, 1));
  const Clock short_clock{.timer_ms = 45'000, .strikes = 0};  // 0:45
  EXPECT_TRUE(short_clock.shows_digit(0, 0));
  EXPECT_FALSE(short_clock.shows_digit(0, 6));
}

TEST(BombEdgework, DealtCasingsKeepTheirShapeAndUseEveryFeature) {
  const Rng root = Rng::from_key("edgework-test");
  std::set<int> batteries, indicators, plates;
  bool saw_vowel = false, saw_lit = false, saw_unlit = false;
  for (std::uint64_t i = 0; i < 2000; ++i) {
    Rng rng = root.fork("casing", i);
    const Edgework e = deal_edgework(rng);
    for (int c = 0; c < 5; ++c) {
      EXPECT_NE(kSerialChars.find(e.serial[static_cast<std::size_t>(c)]), std::string_view::npos);
      EXPECT_NE(e.serial[static_cast<std::size_t>(c)], 'I');
      EXPECT_NE(e.serial[static_cast<std::size_t>(c)], 'O');
    }
    EXPECT_TRUE(e.serial[5] >= '0' && e.serial[5] <= '9');
    ASSERT_LE(e.holder_count, 4);
    for (int h = 0; h < e.holder_count; ++h)
      EXPECT_TRUE(e.holders[static_cast<std::size_t>(h)] == 1 || e.holders[static_cast<std::size_t>(h)] == 2);
    ASSERT_LE(e.indicator_count, 3);
    for (int a = 0; a < e.indicator_count; ++a)
      for (int b = 0; b < a; ++b)
        EXPECT_NE(e.indicators[static_cast<std::size_t>(a)].label, e.indicators[static_cast<std::size_t>(b)].label);
    ASSERT_LE(e.plate_count, 3);
    EXPECT_EQ(e.lit_count() + e.unlit_count(), e.indicator_count);
    batteries.insert(e.batteries());
    indicators.insert(e.indicator_count);
    plates.insert(e.plate_count);
    saw_vowel = saw_vowel || e.serial_has_vowel();
    saw_lit = saw_lit || e.lit_count() > 0;
    saw_unlit = saw_unlit || e.unlit_count() > 0;
    Rng again = root.fork("casing", i);
    EXPECT_EQ(deal_edgework(again), e);
  }
  EXPECT_EQ(batteries.size(), 9u);  // 0..8
  EXPECT_EQ(indicators.size(), 4u);
  EXPECT_EQ(plates.size(), 4u);
  EXPECT_TRUE(saw_vowel && saw_lit && saw_unlit);
}

TEST(BombEdgework, QueriesReadTheCasing) {
  Edgework e;
  e.serial = {'K', 'X', '3', 'P', 'A', '7'};
  e.holder_count = 2;
  e.holders = {2, 1, 0, 0};
  e.indicator_count = 2;
  e.indicators[0] = {3, true};   // GND lit
  e.indicators[1] = {7, false};  // PWR unlit
  e.plate_count = 2;
  e.plates = {0b000011, 0b000000, 0};
  EXPECT_EQ(e.serial_last_digit(), 7);
  EXPECT_TRUE(e.serial_last_digit_odd());
  EXPECT_TRUE(e.serial_has_vowel());
  EXPECT_EQ(e.batteries(), 3);
  EXPECT_TRUE(e.lit(3));
  EXPECT_FALSE(e.unlit(3));
  EXPECT_TRUE(e.unlit(7));
  EXPECT_FALSE(e.lit(7));
  EXPECT_FALSE(e.lit(0));
  EXPECT_TRUE(e.has_port(Port::Usb));
  EXPECT_TRUE(e.has_port(Port::Hdmi));
  EXPECT_FALSE(e.has_port(Port::Serial));
  EXPECT_EQ(e.port_count(), 2);
  EXPECT_EQ(describe(e), "serial KX3PA7 · batteries 3 in 2 holders · lit GND · unlit PWR · ports [USB HDMI] []");
  e.holder_count = 1;  // one holder is a holder, as the manual says it
  EXPECT_EQ(describe(e), "serial KX3PA7 · batteries 2 in 1 holder · lit GND · unlit PWR · ports [USB HDMI] []");
}

TEST(BombRuleSeed, OnlyWholeNumbersFromOneTo999999AreSeeds) {
  EXPECT_EQ(parse_rule_seed("1"), 1);
  EXPECT_EQ(parse_rule_seed("999999"), 999'999);
  EXPECT_EQ(parse_rule_seed("4711"), 4711);
  for (const char* bad : {"0", "1000000", "-3", "abc", "", " 5", "5 ", "+5", "1e3", "99999999999999999999", "4.5"}) {
    EXPECT_THROW(parse_rule_seed(bad), UserError) << bad;
  }
  try {
    parse_rule_seed("abc");
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "rule seed must be a whole number from 1 to 999999 (got 'abc')");
  }
  EXPECT_THROW(build_rule_book(0), UserError);
  EXPECT_THROW(build_rule_book(1'000'000), UserError);
}

}  // namespace
}  // namespace proven::bomb::proof_test

#include "bomb/bomb.hpp"

#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven::bomb::bomb_test {
namespace {

TEST(BombDeal, TheBombSeedDecidesTheCaseAndTheSameSeedDealsTheSameBomb) {
  const RuleBook book = build_rule_book(3);
  const Bomb a = deal_bomb(book, 42, 7);
  const Bomb b = deal_bomb(book, 42, 7);
  EXPECT_EQ(json_text(to_json(a)), json_text(to_json(b)));
  EXPECT_NE(json_text(to_json(a)), json_text(to_json(deal_bomb(book, 43, 7))));
  ASSERT_EQ(a.modules.size(), 7u);
  std::set<std::string_view> ids;
  for (const auto& slot : a.modules) ids.insert(info_of(slot).id);
  EXPECT_EQ(ids.size(), 7u);
  EXPECT_EQ(a.fingerprint, fingerprint(book));
  EXPECT_EQ(a.fingerprint.size(), 9u);
  EXPECT_EQ(a.fingerprint[4], '-');
  EXPECT_NE(fingerprint(build_rule_book(4)), a.fingerprint);
  EXPECT_EQ(a.strike_limit, kStrikeLimit);
}

TEST(BombDeal, EveryBombHasARegularModuleAndTheTimerGrowsWithThem) {
  const RuleBook book = build_rule_book(3);
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const Bomb bomb = deal_bomb(book, seed, 1 + static_cast<int>(seed % 3));
    int regular = 0;
    for (const auto& slot : bomb.modules) regular += info_of(slot).kind == ModuleKind::Regular ? 1 : 0;
    EXPECT_GE(regular, 1) << seed;
    EXPECT_EQ(bomb.timer_ms, kTimerBaseMs + kTimerPerModuleMs * regular);
  }
}

TEST(BombDeal, BadSeedsAndCountsAreUserErrors) {
  EXPECT_EQ(parse_bomb_seed("1"), 1u);
  EXPECT_EQ(parse_bomb_seed("999999999"), 999'999'999u);
  for (const char* bad : {"0", "1000000000", "-1", "x", "", "3 "}) EXPECT_THROW(parse_bomb_seed(bad), UserError) << bad;
  const RuleBook book = build_rule_book(3);
  EXPECT_THROW(deal_bomb(book, 1, 0), UserError);
  EXPECT_THROW(deal_bomb(book, 1, 15), UserError);
}

BombSetup setup_of(int modules, std::optional<int> needy = {}, std::optional<std::int64_t> timer_ms = {},
                   int strike_limit = kStrikeLimit) {
  BombSetup setup;
  setup.modules = modules;
  setup.needy = needy;
  setup.timer_ms = timer_ms;
  setup.strike_limit = strike_limit;
  return setup;
}

// The bomb options (BombSetup): the case size, the needy count, the timer and the strike limit
// are what the bomb gets; the standard setup deals what the module count alone always dealt.
TEST(BombSetup, EveryAllowedSetupDealsWhatItAsks) {
  const RuleBook book = build_rule_book(3);
  EXPECT_TRUE(BombSetup{}.standard());
  EXPECT_EQ(describe(BombSetup{}), "14 modules, 3 strikes");  // the leaderboard's default column value
  int dealt = 0;
  for (int modules = 1; modules <= 14; ++modules)
    for (int needy = 0; needy <= 3; ++needy) {
      BombSetup setup;
      setup.modules = modules;
      setup.needy = needy;
      const bool allowed = needy <= modules - 1 && modules - needy <= 11;
      if (!allowed) {
        EXPECT_THROW(check_setup(setup), UserError) << modules << " " << needy;
        continue;
      }
      for (std::uint64_t seed = 1; seed <= 5; ++seed) {
        const Bomb bomb = deal_bomb(book, seed, setup);
        std::set<std::string_view> ids;
        int needy_dealt = 0;
        for (const auto& slot : bomb.modules) {
          ids.insert(info_of(slot).id);
          needy_dealt += info_of(slot).kind == ModuleKind::Needy ? 1 : 0;
        }
        EXPECT_EQ(ids.size(), static_cast<std::size_t>(modules));
        EXPECT_EQ(needy_dealt, needy);
        EXPECT_EQ(bomb.timer_ms, kTimerBaseMs + kTimerPerModuleMs * (modules - needy));
        EXPECT_EQ(bomb.setup, setup);
        ++dealt;
      }
    }
  EXPECT_EQ(dealt, 5 * (14 * 4 - 3 - 2 - 1 - 3 - 2 - 1));  // needy >= modules, and more than 11 regular
  // Needy modules are not always dealt last: the case order is drawn.
  BombSetup two;
  two.modules = 2;
  two.needy = 1;
  std::set<std::string_view> first_kinds;
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    first_kinds.insert(info_of(deal_bomb(book, seed, two).modules[0]).kind == ModuleKind::Needy ? "n" : "r");
  EXPECT_EQ(first_kinds.size(), 2u);
  BombSetup timed;
  timed.modules = 5;
  timed.timer_ms = 90'000;
  timed.strike_limit = 1;
  const Bomb bomb = deal_bomb(book, 9, timed);
  EXPECT_EQ(bomb.timer_ms, 90'000);
  EXPECT_EQ(bomb.strike_limit, 1);
  EXPECT_EQ(json_text(to_json(deal_bomb(book, 9, 5))), json_text(to_json(deal_bomb(book, 9, setup_of(5)))));
  EXPECT_EQ(describe(timed), "5 modules, 1:30, 1 strike");
}

TEST(BombSetup, BadSetupsAndTimesAreUserErrors) {
  EXPECT_EQ(parse_timer("5:00"), 300'000);
  EXPECT_EQ(parse_timer("300"), 300'000);
  EXPECT_EQ(parse_timer("0:30"), 30'000);
  EXPECT_EQ(parse_timer("99:59"), 5'999'000);
  for (const char* bad : {"29", "0:29", "100:00", "5:0", "5:60", "+5:00", " 300", "5:00 ", "0x10", "", ":", "1e3"})
    EXPECT_THROW(parse_timer(bad), UserError) << bad;
  for (const BombSetup& bad : {setup_of(0), setup_of(15), setup_of(3, -1), setup_of(3, {}, 30'500),
                               setup_of(3, {}, 20'000), setup_of(3, {}, {}, 0), setup_of(3, {}, {}, 10)})
    EXPECT_THROW(check_setup(bad), UserError) << describe(bad);
}

TEST(BombAutoplay, FullBombsOfAllFourteenModulesAreDefusedWithoutAStrike) {
  for (int rule_seed : {1, 2, 77, 4711}) {
    const RuleBook book = build_rule_book(rule_seed);
    for (std::uint64_t bomb_seed : {1u, 2u, 3u, 99u, 12345u}) {
      const Bomb bomb = deal_bomb(book, bomb_seed, 14);
      const AutoplayResult run = autoplay(book, bomb);
      EXPECT_TRUE(run.defused) << "rule seed " << rule_seed << " bomb " << bomb_seed << ": " << run.end;
      EXPECT_EQ(run.strikes, 0);
      EXPECT_EQ(run.end, "defused");
      EXPECT_LT(run.elapsed_ms, bomb.timer_ms);
      // Every regular module was solved by a logged action.
      int solved = 0;
      for (const auto& step : run.log) solved += step.outcome == Outcome::Solved ? 1 : 0;
      EXPECT_EQ(solved, 11);
    }
  }
}

}  // namespace
}  // namespace proven::bomb::bomb_test

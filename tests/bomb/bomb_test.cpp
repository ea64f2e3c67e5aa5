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

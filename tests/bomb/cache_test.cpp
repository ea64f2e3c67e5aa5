#include "bomb/cache.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven::bomb::cache_test {
namespace {

TEST(RuleBookCache, BuildsOnceThenSharesTheBook) {
  RuleBookCache cache(4);
  const auto a = cache.get(12);
  const auto b = cache.get(12);
  EXPECT_EQ(a.get(), b.get());
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 1u);
  EXPECT_EQ(json_text(to_json(*a)), json_text(to_json(build_rule_book(12))));
}

TEST(RuleBookCache, DropsTheLeastRecentlyUsedBookAndStaysBounded) {
  RuleBookCache cache(3);
  for (int seed : {2, 3, 4}) cache.get(seed);
  cache.get(2);  // 2 is now the most recent; 3 the least
  cache.get(5);  // evicts 3
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.seeds_by_recency(), (std::list<int>{5, 2, 4}));
  const auto misses = cache.misses();
  cache.get(3);  // rebuilt
  EXPECT_EQ(cache.misses(), misses + 1);
  EXPECT_EQ(cache.seeds_by_recency(), (std::list<int>{3, 5, 2}));
  for (int seed = 6; seed < 16; ++seed) cache.get(seed);
  EXPECT_EQ(cache.size(), 3u);
}

TEST(RuleBookCache, RejectsBadSeedsWithoutCachingThem) {
  RuleBookCache cache(2);
  EXPECT_THROW(cache.get(0), UserError);
  EXPECT_THROW(cache.get(1'000'000), UserError);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(RuleBookCache, ThreadsAskingForTheSameSeedGetEqualBooks) {
  RuleBookCache cache(2);
  std::shared_ptr<const RuleBook> x, y;
  std::thread t1([&] { x = cache.get(30); });
  std::thread t2([&] { y = cache.get(30); });
  t1.join();
  t2.join();
  EXPECT_EQ(json_text(to_json(*x)), json_text(to_json(*y)));
  EXPECT_EQ(cache.size(), 1u);
}

}  // namespace
}  // namespace proven::bomb::cache_test

// Golden vectors pin every stream: the values below come from docs/rng_reference.py, an
// independent Python implementation of docs/rng.md. If one of these fails, a change altered
// what every seed generates; that must be deliberate, documented, and bump generator versions.
#include "core/rng.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <vector>

#include "core/hash.hpp"

namespace proven {
namespace {

TEST(Hash, MatchesPublishedVectors) {
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ULL);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cULL);
  EXPECT_EQ(fnv1a64("foobar"), 0x85944171f73967e8ULL);
  // First output of Vigna's SplitMix64 seeded with 1234567.
  EXPECT_EQ(mix64(1234567 + 0x9e3779b97f4a7c15ULL), 6457827717110365317ULL);
}

TEST(Hash, DigestIsSixteenHexDigitsOfMixedFnv) {
  EXPECT_EQ(digest_hex(""), fmt::format("{:016x}", mix64(fnv1a64(""))));
  EXPECT_EQ(digest_hex("abc"), fmt::format("{:016x}", mix64(fnv1a64("abc"))));
  EXPECT_NE(digest_hex("abc"), digest_hex("abd"));
  Digest pieces;
  pieces.add("ab");
  pieces.add("c");
  EXPECT_EQ(pieces.hex(), digest_hex("abc"));
}

struct Golden {
  const char* key;
  std::uint64_t root_key;
  std::array<std::uint64_t, 3> first;
};

TEST(Rng, GoldenVectorsForRootSeeds) {
  const Golden cases[] = {
      {"0", 0x8bd66332999b4192ULL, {0x45424d9482b49439ULL, 0x57b8701846a9a913ULL, 0x0c34393ba498f0c1ULL}},
      {"1", 0x4687cd939adeafdfULL, {0x218a11c7516be36bULL, 0xe9ddba4240d1c691ULL, 0x5e52d1e5a8e40c70ULL}},
      {"42", 0xa428ce5471163b02ULL, {0x4e0ae4393f55b2f5ULL, 0x7c7cc8710ca16ab1ULL, 0xf301cad466daae10ULL}},
      {"campaign-a", 0xfc27c860c54f5f88ULL, {0x891c5b74dc8cf9f4ULL, 0xe49ca6ccdc1f5a06ULL, 0x289d4f765795f126ULL}},
  };
  for (const auto& c : cases) {
    Rng rng = Rng::from_key(c.key);
    EXPECT_EQ(rng.key(), c.root_key) << c.key;
    for (auto expected : c.first) EXPECT_EQ(rng.next_u64(), expected) << c.key;
  }
}

TEST(Rng, GoldenVectorsForForkPaths) {
  Rng rng = Rng::from_seed(42).fork("wires").fork("try3");
  EXPECT_EQ(rng.path(), "42/wires/try3");
  EXPECT_EQ(rng.next_u64(), 0x031a11e50c310753ULL);
  EXPECT_EQ(rng.next_u64(), 0xaf717b67951b976dULL);
  EXPECT_EQ(rng.next_u64(), 0x5091dfd3c87b657fULL);
  EXPECT_EQ(Rng::from_seed(42).fork("wires").next_u64(), 0xbef1945aefcd994bULL);
}

TEST(Rng, GoldenVectorsForMethods) {
  Rng dice = Rng::from_seed(7);
  std::vector<std::int64_t> rolls;
  for (int i = 0; i < 8; ++i) rolls.push_back(dice.uniform(1, 6));
  EXPECT_EQ(rolls, (std::vector<std::int64_t>{5, 4, 6, 1, 6, 6, 2, 1}));

  std::vector<int> items(10);
  std::iota(items.begin(), items.end(), 0);
  Rng::from_seed(7).fork("shuffle").shuffle(items);
  EXPECT_EQ(items, (std::vector<int>{3, 8, 2, 7, 1, 9, 4, 5, 0, 6}));

  EXPECT_EQ(Rng::from_seed(7).fork("sample").sample(4, 20), (std::vector<std::size_t>{9, 19, 5, 14}));

  Rng weights = Rng::from_seed(7).fork("weighted");
  const std::vector<std::uint64_t> w = {1, 2, 3, 4};
  std::vector<std::size_t> picks;
  for (int i = 0; i < 8; ++i) picks.push_back(weights.weighted(w));
  EXPECT_EQ(picks, (std::vector<std::size_t>{2, 3, 3, 1, 0, 3, 3, 2}));

  EXPECT_EQ(Rng::from_seed(7).fork("big").uniform(INT64_MIN, INT64_MAX), -3591066890095529439LL);
}

TEST(Rng, IntegerSeedIsItsDecimalKey) {
  EXPECT_EQ(Rng::from_seed(999999).key(), Rng::from_key("999999").key());
  EXPECT_EQ(Rng::from_seed(3).fork("try", 12).key(), Rng::from_seed(3).fork("try12").key());
}

TEST(Rng, ForkDoesNotDependOnDrawsOrSiblings) {
  Rng fresh = Rng::from_seed(5);
  Rng used = Rng::from_seed(5);
  for (int i = 0; i < 1000; ++i) used.next_u64();
  (void)used.fork("other");  // forking a sibling changes nothing either
  Rng a = fresh.fork("wires"), b = used.fork("wires");
  for (int i = 0; i < 16; ++i) EXPECT_EQ(a.next_u64(), b.next_u64());
}

TEST(Rng, AnUnnamedForkIsTheSameStreamWithoutItsPath) {
  const Rng parent = Rng::from_seed(9).fork("proof");
  const Rng::UnnamedForks samples = parent.unnamed_forks("sample");
  for (const std::uint64_t index : {0ULL, 7ULL, 999ULL, 18446744073709551615ULL}) {
    Rng named = parent.fork("sample", index);
    Rng unnamed = samples.at(index);
    EXPECT_EQ(unnamed.key(), named.key());
    EXPECT_EQ(unnamed.path(), "");
    EXPECT_EQ(unnamed.fork("deal").key(), named.fork("deal").key());  // its own forks too
    for (int i = 0; i < 16; ++i) EXPECT_EQ(unnamed.next_u64(), named.next_u64());
  }
}

TEST(Rng, DistinctPathsGiveDistinctStreams) {
  const Rng root = Rng::from_seed(1);
  std::map<std::uint64_t, std::string> seen;
  const std::vector<Rng> streams = {root,
                                    root.fork("a"),
                                    root.fork("b"),
                                    root.fork("a").fork("b"),
                                    root.fork("b").fork("a"),  // order of labels matters
                                    root.fork("a").fork("a"),
                                    root.fork("ab"),
                                    Rng::from_seed(2).fork("a")};
  for (auto s : streams) {
    const auto first = s.next_u64();
    EXPECT_TRUE(seen.emplace(first, s.path()).second) << s.path() << " repeats " << seen[first];
  }
}

TEST(Rng, RangesStayInBoundsAndCoverThem) {
  Rng rng = Rng::from_seed(11);
  std::array<int, 7> counts{};
  for (int i = 0; i < 70000; ++i) {
    const auto v = rng.uniform(-3, 3);
    ASSERT_GE(v, -3);
    ASSERT_LE(v, 3);
    counts[static_cast<std::size_t>(v + 3)]++;
  }
  // Each face expects 10000; 6 sigma is about 540.
  for (int c : counts) EXPECT_NEAR(c, 10000, 600);
  EXPECT_EQ(rng.uniform(4, 4), 4);
  EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, BelowHasNoModuloBiasForHugeRanges) {
  // n = 3 * 2^62: plain modulo would make the lowest third of results twice as likely.
  Rng rng = Rng::from_seed(13);
  const std::uint64_t n = 3ULL << 62;
  int low = 0;
  for (int i = 0; i < 30000; ++i) low += rng.below(n) < (1ULL << 62);
  EXPECT_NEAR(low, 10000, 600);  // unbiased: one third
}

TEST(Rng, ChanceAndUnit) {
  Rng rng = Rng::from_seed(17);
  int hits = 0, exact_hits = 0;
  for (int i = 0; i < 40000; ++i) {
    const double u = rng.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    hits += rng.chance(0.25);
    exact_hits += rng.chance(1, 4);
  }
  EXPECT_NEAR(hits, 10000, 600);
  EXPECT_NEAR(exact_hits, 10000, 600);
  EXPECT_FALSE(rng.chance(0.0));
  EXPECT_TRUE(rng.chance(1.0));
  EXPECT_FALSE(rng.chance(0, 5));
  EXPECT_TRUE(rng.chance(5, 5));
}

TEST(Rng, SampleAndShuffleArePermutations) {
  Rng rng = Rng::from_seed(19);
  auto picked = rng.sample(5, 8);
  ASSERT_EQ(picked.size(), 5u);
  std::sort(picked.begin(), picked.end());
  EXPECT_EQ(std::adjacent_find(picked.begin(), picked.end()), picked.end());
  EXPECT_LT(picked.back(), 8u);
  EXPECT_EQ(rng.sample(0, 3).size(), 0u);

  std::vector<int> deck(52);
  std::iota(deck.begin(), deck.end(), 0);
  rng.shuffle(deck);
  auto sorted = deck;
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < 52; ++i) EXPECT_EQ(sorted[static_cast<std::size_t>(i)], i);
}

TEST(Rng, WeightedNeverPicksZeroWeight) {
  Rng rng = Rng::from_seed(23);
  const std::vector<std::uint64_t> w = {0, 5, 0, 5};
  for (int i = 0; i < 1000; ++i) {
    const auto k = rng.weighted(w);
    EXPECT_TRUE(k == 1 || k == 3);
  }
}

TEST(Rng, PickReturnsAnElement) {
  Rng rng = Rng::from_seed(29);
  const std::array<int, 3> options = {10, 20, 30};
  for (int i = 0; i < 100; ++i) {
    const int v = rng.pick(options);
    EXPECT_TRUE(v == 10 || v == 20 || v == 30);
  }
}

TEST(Rng, BrokenContractsThrowInsteadOfAborting) {
  Rng rng = Rng::from_seed(31);
  EXPECT_THROW(rng.below(0), std::logic_error);
  EXPECT_THROW(rng.uniform(2, 1), std::logic_error);
  EXPECT_THROW(rng.sample(4, 3), std::logic_error);
  EXPECT_THROW(rng.weighted(std::vector<std::uint64_t>{0, 0}), std::logic_error);
  EXPECT_THROW(rng.pick(std::vector<int>{}), std::logic_error);
}

}  // namespace
}  // namespace proven

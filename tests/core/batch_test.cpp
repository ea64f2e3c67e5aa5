#include "core/batch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>

#include "core/generate.hpp"
#include "core/hash.hpp"
#include "core/rng.hpp"

namespace proven {
namespace {

// A job with uneven cost, so threads finish out of order.
struct Item {
  std::uint64_t value;
  Tally tally;
};

Item slow_item(const Rng& root, std::size_t i) {
  Rng rng = root.fork("item", i);
  const std::vector<Gate<std::uint64_t>> gates = {
      {"not divisible by 7", [](const std::uint64_t& v) { return v % 7 == 0; }}};
  auto result = generate<std::uint64_t>(rng, [](Rng& r) { return r.next_u64() >> 40; }, gates, {.budget = 10000});
  std::uint64_t spin = *result.value;
  for (std::uint64_t k = 0; k < (spin % 5000); ++k) spin = mix64(spin);  // uneven work
  return {*result.value ^ (spin & 0), result.tally};
}

std::string batch_bytes(unsigned jobs) {
  const Rng root = Rng::from_seed(77);
  auto items = run_batch<Item>(300, [&](std::size_t i) { return slow_item(root, i); }, {.jobs = jobs});
  Tally tally;
  std::string bytes;
  for (const auto& item : items) {
    tally.merge(item.tally);
    bytes += std::to_string(item.value) + ",";
  }
  return bytes + tally.table();
}

TEST(Batch, OutputBytesAreIdenticalForOneTwoAndFourThreads) {
  const std::string one = batch_bytes(1);
  EXPECT_EQ(batch_bytes(2), one);
  EXPECT_EQ(batch_bytes(4), one);
  EXPECT_EQ(batch_bytes(0), one);  // all cores
}

TEST(Batch, ResultsComeBackInIndexOrder) {
  auto squares = run_batch<std::size_t>(1000, [](std::size_t i) { return i * i; }, {.jobs = 4});
  ASSERT_EQ(squares.size(), 1000u);
  for (std::size_t i = 0; i < squares.size(); ++i) EXPECT_EQ(squares[i], i * i);
  EXPECT_TRUE(run_batch<int>(0, [](std::size_t) { return 1; }, {.jobs = 4}).empty());
}

TEST(Batch, RethrowsTheLowestFailingIndexForAnyThreadCount) {
  for (unsigned jobs : {1u, 2u, 4u}) {
    try {
      run_batch<int>(200,
                     [](std::size_t i) -> int {
                       if (i == 150 || i == 37 || i == 90) throw std::runtime_error("item " + std::to_string(i));
                       return 0;
                     },
                     {.jobs = jobs});
      FAIL() << "expected a failure";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "item 37") << "jobs " << jobs;
    }
  }
}

TEST(Batch, AdvancesProgressOncePerJob) {
  Progress progress("items", 64, stderr, /*enabled=*/false);
  run_batch<int>(64, [](std::size_t) { return 0; }, {.jobs = 3, .progress = &progress});
  EXPECT_EQ(progress.done(), 64u);
}

TEST(Batch, ResolvesZeroJobsToAtLeastOneThread) {
  EXPECT_GE(resolve_jobs(0), 1u);
  EXPECT_EQ(resolve_jobs(3), 3u);
}

}  // namespace
}  // namespace proven

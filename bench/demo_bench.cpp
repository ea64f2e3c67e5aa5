// Demo game: how fast blocks are proven unique, one at a time and as a batch.
#include <benchmark/benchmark.h>

#include "demo/blocks.hpp"

namespace {

void BM_GenerateBlock(benchmark::State& state) {
  const proven::Rng root = proven::Rng::from_key("bench");
  std::uint64_t i = 0, tries = 0;
  for (auto _ : state) {
    auto result = proven::demo::generate_block(root.fork("block", i++));
    tries += result.tries;
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["tries/s"] = benchmark::Counter(static_cast<double>(tries), benchmark::Counter::kIsRate);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateBlock);

void BM_CountSolutions2x3(benchmark::State& state) {
  const proven::demo::Clues clues{2, 3, {15, 12}, {9, 8, 10}};
  for (auto _ : state) benchmark::DoNotOptimize(proven::demo::count_solutions(clues, 2));
}
BENCHMARK(BM_CountSolutions2x3);

void BM_Sheet(benchmark::State& state) {
  const auto jobs = static_cast<unsigned>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(proven::demo::generate_sheet("bench", {.count = 2000}, {.jobs = jobs}));
  state.SetItemsProcessed(state.iterations() * 2000);
}
BENCHMARK(BM_Sheet)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

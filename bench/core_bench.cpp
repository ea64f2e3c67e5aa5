// Core throughput: raw RNG draws, bounded draws, forks, the gated loop and batch overhead.
#include <benchmark/benchmark.h>

#include "core/batch.hpp"
#include "core/generate.hpp"
#include "core/rng.hpp"

namespace {

void BM_RngNext(benchmark::State& state) {
  proven::Rng rng = proven::Rng::from_seed(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.next_u64());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngNext);

void BM_RngUniform(benchmark::State& state) {
  proven::Rng rng = proven::Rng::from_seed(1);
  for (auto _ : state) benchmark::DoNotOptimize(rng.uniform(1, 6));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngUniform);

void BM_RngFork(benchmark::State& state) {
  const proven::Rng rng = proven::Rng::from_seed(1).fork("module");
  std::uint64_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(rng.fork("try", i++).key());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngFork);

void BM_RngForkUnnamed(benchmark::State& state) {
  const proven::Rng rng = proven::Rng::from_seed(1).fork("module");
  std::uint64_t i = 0;
  const proven::Rng::UnnamedForks samples = rng.unnamed_forks("sample");
  for (auto _ : state) benchmark::DoNotOptimize(samples.at(i++).key());
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RngForkUnnamed);

void BM_GatedLoop(benchmark::State& state) {
  // About one try in ten passes: measures loop + fork + tally overhead per try.
  const std::vector<proven::Gate<std::uint64_t>> gates = {{"cheap", [](const std::uint64_t& v) { return v % 2 == 0; }},
                                                          {"proof", [](const std::uint64_t& v) { return v % 5 == 0; }}};
  std::uint64_t seed = 0, tries = 0;
  for (auto _ : state) {
    auto result = proven::generate<std::uint64_t>(proven::Rng::from_seed(seed++),
                                                  [](proven::Rng& r) { return r.next_u64(); }, gates, {.budget = 1000});
    tries += result.tries;
    benchmark::DoNotOptimize(result.value);
  }
  state.counters["tries/s"] = benchmark::Counter(static_cast<double>(tries), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_GatedLoop);

void BM_Batch(benchmark::State& state) {
  const auto jobs = static_cast<unsigned>(state.range(0));
  for (auto _ : state) {
    auto out = proven::run_batch<std::uint64_t>(
        4096, [](std::size_t i) { return proven::Rng::from_seed(i).next_u64(); }, {.jobs = jobs});
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * 4096);
}
BENCHMARK(BM_Batch)->Arg(1)->Arg(2)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

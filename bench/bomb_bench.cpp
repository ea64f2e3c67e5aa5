// Bomb manual figures (issue 3): median time to build one full rule book (no cache), samples
// played per second per module, and the wall time of `check` over seeds 2..500 on 2 threads.
// Printed figures, not a timed test: run build/release/bench/bomb_bench.
#include <benchmark/benchmark.h>

#include "bomb/check.hpp"
#include "bomb/rulebook.hpp"
#include "core/batch.hpp"

namespace {

using namespace proven::bomb;

void BM_RuleBook(benchmark::State& state) {
  int seed = 2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(build_rule_book(seed));
    seed = seed == 500 ? 2 : seed + 1;
  }
  state.SetLabel("one full rule book, seeds 2..500 in turn");
}
BENCHMARK(BM_RuleBook)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);

// Samples played per second by each module's sampled proof, on seed 2's accepted rules.
template <class M>
void BM_Samples(benchmark::State& state) {
  const auto rules = build_module_rules<M>(proven::Rng::from_seed(2)).rules;
  const proven::Rng rng = proven::Rng::from_key("bench-samples");
  std::uint64_t played = 0;
  for (auto _ : state) {
    const auto proof = check_module_solvable<M>(rules, rng, {.samples = 200, .allow_exhaustive = false});
    played += proof.cases;
    benchmark::DoNotOptimize(proof);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(played));
  state.SetLabel("samples/s");
}

template <class... Ms>
void register_samples(ModuleList<Ms...>) {
  (..., [] {
    if constexpr (has_rules<Ms>())
      benchmark::RegisterBenchmark((std::string("BM_Samples/") + std::string(Ms::kInfo.id)).c_str(), BM_Samples<Ms>)
          ->Unit(benchmark::kMicrosecond);
  }());
}

void BM_CheckSeeds2To500(benchmark::State& state) {
  for (auto _ : state) {
    const auto results = proven::run_batch<SeedCheck>(
        499, [](std::size_t i) { return check_seed(static_cast<int>(i) + 2); }, {.jobs = 2, .progress = nullptr});
    benchmark::DoNotOptimize(results);
  }
  state.SetLabel("rebuild + audit seeds 2..500, 2 threads");
}
BENCHMARK(BM_CheckSeeds2To500)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  register_samples(Catalog{});
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Bomb manual figures (issue 3): median time to build one full rule book (no cache; on one
// thread, and with its modules on 2), each module's share of it (BM_Build/<id>), samples played
// per second per module, the wall time of `check` over seeds 2..500 on 2 threads, and (issue 16)
// run-log replays per second.
// Printed figures, not a timed test: run build/release/bench/bomb_bench.
#include <benchmark/benchmark.h>

#include <vector>

#include <fmt/format.h>

#include "bomb/check.hpp"
#include "bomb/replay.hpp"
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

// The same with the book's modules built on 2 threads, as the CLI builds the one book it needs.
void BM_RuleBook2Threads(benchmark::State& state) {
  int seed = 2;
  for (auto _ : state) {
    benchmark::DoNotOptimize(build_rule_book(seed, 2));
    seed = seed == 500 ? 2 : seed + 1;
  }
  state.SetLabel("one full rule book, its modules on 2 threads, seeds 2..500 in turn");
}
BENCHMARK(BM_RuleBook2Threads)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

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

// One module's share of a rule book: build_module_rules (every try's filter and proof) for
// seeds 2..500 in turn, to see where a rule book's time goes.
template <class M>
void BM_Build(benchmark::State& state) {
  int seed = 2;
  std::uint64_t tries = 0;
  for (auto _ : state) {
    const auto build = build_module_rules<M>(proven::Rng::from_seed(static_cast<std::uint64_t>(seed)));
    tries += build.report.tries;
    benchmark::DoNotOptimize(build);
    seed = seed == 500 ? 2 : seed + 1;
  }
  state.counters["tries"] = benchmark::Counter(static_cast<double>(tries), benchmark::Counter::kAvgIterations);
  state.SetLabel("build_module_rules, seeds 2..500 in turn");
}

// One module's share of `bomb check`'s audit: its plays (1,000, or 200) on each of seeds 2..500's
// accepted rules in turn, each sample dealing its own setting (the audit proper deals one per
// bomb for every module: BM_AuditBook). With BM_Build, the per-module cost table of a sweep.
template <class M>
void BM_Audit(benchmark::State& state) {
  std::vector<typename M::Rules> rules;
  for (int seed = 2; seed <= 500; ++seed)
    rules.push_back(build_module_rules<M>(proven::Rng::from_seed(static_cast<std::uint64_t>(seed))).rules);
  std::size_t i = 0;
  for (auto _ : state) {
    const proven::Rng audit = proven::Rng::from_seed(i + 2).fork("audit").fork(M::kInfo.id);
    const auto proof = check_module_solvable<M>(rules[i], audit, {.samples = std::nullopt, .allow_exhaustive = false});
    if (!proof.passed) state.SkipWithError("an audit failed");
    benchmark::DoNotOptimize(proof);
    i = (i + 1) % rules.size();
  }
  state.SetLabel("the module's audit plays, seeds 2..500 in turn");
}

// check_seed's audit as it runs: 1,000 whole bombs on each of seeds 2..500's rule books in turn.
void BM_AuditBook(benchmark::State& state) {
  std::vector<RuleBook> books;
  for (int seed = 2; seed <= 500; ++seed) books.push_back(build_rule_book(seed));
  std::size_t i = 0;
  for (auto _ : state) {
    const AuditResult audit = audit_rule_book(books[i], proven::Rng::from_seed(i + 2).fork("audit"));
    if (!audit.passed) state.SkipWithError("an audit failed");
    benchmark::DoNotOptimize(audit);
    i = (i + 1) % books.size();
  }
  state.SetLabel("check_seed's audit of a whole book, seeds 2..500 in turn");
}
BENCHMARK(BM_AuditBook)->Unit(benchmark::kMicrosecond);

template <class... Ms>
void register_per_module(ModuleList<Ms...>) {
  (..., [] {
    if constexpr (has_rules<Ms>())
      benchmark::RegisterBenchmark((std::string("BM_Build/") + std::string(Ms::kInfo.id)).c_str(), BM_Build<Ms>)
          ->Unit(benchmark::kMicrosecond);
  }());
  (..., [] {
    if constexpr (has_rules<Ms>())
      benchmark::RegisterBenchmark((std::string("BM_Audit/") + std::string(Ms::kInfo.id)).c_str(), BM_Audit<Ms>)
          ->Unit(benchmark::kMicrosecond);
  }());
  (..., [] {
    if constexpr (has_rules<Ms>())
      benchmark::RegisterBenchmark((std::string("BM_Samples/") + std::string(Ms::kInfo.id)).c_str(), BM_Samples<Ms>)
          ->Unit(benchmark::kMicrosecond);
  }());
}

// Issue 16: replay-verifications per second of full 14-module run logs (autoplayed defusals of
// bombs 1..32 of manual 7, replayed in turn on one core, the book already built), the work a
// server does for each submitted run. Goal: >= 2,000/s.
void BM_ReplayRunLog(benchmark::State& state) {
  const RuleBook book = build_rule_book(7);
  std::vector<RunLog> logs;
  std::size_t actions = 0;
  for (std::uint64_t b = 1; b <= 32; ++b) {
    const Bomb bomb = deal_bomb(book, b, static_cast<int>(Catalog::size));
    logs.push_back(run_log_of(book, bomb, autoplay(book, bomb)));
    actions += logs.back().actions.size();
  }
  std::size_t i = 0;
  for (auto _ : state) {
    const Replay replay = replay_run(book, logs[i]);
    if (!replay.verified()) state.SkipWithError(replay.refusal.c_str());
    benchmark::DoNotOptimize(replay);
    i = (i + 1) % logs.size();
  }
  state.counters["replays/s"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.SetLabel(fmt::format("14 modules, {:.0f} actions per log on average", static_cast<double>(actions) / 32.0));
}
BENCHMARK(BM_ReplayRunLog)->Unit(benchmark::kMicrosecond);

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
  register_per_module(Catalog{});
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

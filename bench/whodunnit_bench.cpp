// WHODUNNIT figures (issues 5 and 17): generation time (median and p90) for casts of 5 to 12
// with four trait categories besides the portrait (make_case: the country house, generator at
// its default budget, figures), propagation steps (group visits) per second, solver calls per
// mystery, clues, obviousness / a, the share meeting the gold standard, and explain's time.
// Figures only, on one core; nothing here is a timed test.
//
//   build/rel/bench/whodunnit_bench                   # 20 seeds per cast to 8, 5 above (~12 min)
//   build/rel/bench/whodunnit_bench --cases=100 --large-cases=20 --casts=8..12
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "whodunnit/bounds.hpp"
#include "whodunnit/case.hpp"
#include "whodunnit/explain.hpp"
#include "whodunnit/stats.hpp"

namespace {

using namespace proven::whodunnit;

int cases_per_cast = 20;
int cases_per_large_cast = 5;  // casts above 8 take seconds each
int first_cast = 5, last_cast = kMaxCast;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Cast-8 cases, solved from scratch with every clue: the solver's unit of work is a group visit.
void BM_PropagationCast8(benchmark::State& state) {
  std::vector<Case> cases;
  for (int seed = 1; seed <= 8; ++seed) cases.push_back(make_case("bench-" + std::to_string(seed), 8));
  std::vector<Lattice> lattices;
  std::vector<std::vector<Clue>> clues;
  for (const Case& c : cases) {
    lattices.emplace_back(c.setup);
    clues.push_back(clue_logic(c));
  }
  std::int64_t visits = 0;
  for (auto _ : state)
    for (std::size_t i = 0; i < cases.size(); ++i) {
      const Outcome outcome = solve(lattices[i], clues[i]);
      benchmark::DoNotOptimize(outcome.ambiguity);
      visits += outcome.work;
    }
  state.SetItemsProcessed(visits);
  state.SetLabel("propagation steps (group visits) per second, full solves of cast-8 cases");
}
BENCHMARK(BM_PropagationCast8)->Unit(benchmark::kMicrosecond);

struct CastFigures {
  int cast = 0;
  Spread generate_ms, explain_ms, solver_calls, clues, obviousness_share;
  int gold = 0;
};

CastFigures measure(int cast, int cases) {
  std::vector<double> generate_ms, explain_ms, calls, clues, share;
  int gold = 0;
  for (int seed = 1; seed <= cases; ++seed) {
    const auto start = std::chrono::steady_clock::now();
    const Case c = make_case(std::to_string(seed), cast);
    generate_ms.push_back(1000 * seconds_since(start));
    calls.push_back(static_cast<double>(c.solver_calls));
    clues.push_back(static_cast<double>(c.clues.size()));
    share.push_back(static_cast<double>(c.figures.obviousness) / c.figures.initial_ambiguity);
    gold += c.figures.gold_standard ? 1 : 0;
    const auto explain_start = std::chrono::steady_clock::now();
    const Lattice lattice(c.setup);
    benchmark::DoNotOptimize(explain(lattice, clue_logic(c)).size());
    explain_ms.push_back(1000 * seconds_since(explain_start));
  }
  return {.cast = cast,
          .generate_ms = spread_of(generate_ms),
          .explain_ms = spread_of(explain_ms),
          .solver_calls = spread_of(calls),
          .clues = spread_of(clues),
          .obviousness_share = spread_of(share),
          .gold = gold};
}

}  // namespace

int main(int argc, char** argv) {
  // Our own flag first, so Google Benchmark does not reject it.
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--cases=", 8) == 0) {
      cases_per_cast = std::max(1, std::atoi(argv[i] + 8));
    } else if (std::strncmp(argv[i], "--large-cases=", 14) == 0) {
      cases_per_large_cast = std::max(1, std::atoi(argv[i] + 14));
    } else if (std::strncmp(argv[i], "--casts=", 8) == 0) {
      if (std::sscanf(argv[i] + 8, "%d..%d", &first_cast, &last_cast) != 2 || first_cast < kMinCast ||
          last_cast > kMaxCast || first_cast > last_cast) {
        std::fprintf(stderr, "whodunnit_bench: --casts=A..B with %d <= A <= B <= %d\n", kMinCast, kMaxCast);
        return 2;
      }
    } else {
      args.push_back(argv[i]);
    }
  }
  int count = static_cast<int>(args.size());
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
  benchmark::RunSpecifiedBenchmarks();

  std::printf("\nwhodunnit generation, seeds 1..N per cast, one core (generator %s)\n", generator_version().c_str());
  std::printf("%-5s %12s %10s %14s %8s %12s %10s %14s\n", "cast", "median ms", "p90 ms", "solver calls", "clues",
              "obv./a mean", "gold/N", "explain p50 ms");
  for (int cast = first_cast; cast <= last_cast; ++cast) {
    const int cases = cast <= 8 ? cases_per_cast : cases_per_large_cast;
    const CastFigures f = measure(cast, cases);
    std::printf("%-5d %12.2f %10.2f %14.1f %8.1f %12.2f %6d/%-3d %14.2f\n", f.cast, f.generate_ms.median,
                f.generate_ms.p90, f.solver_calls.mean, f.clues.mean, f.obviousness_share.mean, f.gold, cases,
                f.explain_ms.median);
    std::fflush(stdout);
  }
  benchmark::Shutdown();
  return 0;
}

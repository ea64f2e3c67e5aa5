// TILT figures (issue 6): solver states per second, generator attempts per second, accepted
// candidates per 1,000 attempts per chapter, and the whole campaign on 2 cores (printed after
// the run with every chapter's tally).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <vector>

#include "tilt/pack.hpp"

namespace {

using namespace proven::tilt;

// Accepted boards of the last phase (keys and locks, par 15-19 on 7x7): the deepest searches.
const std::vector<Board>& deep_boards() {
  static const std::vector<Board> boards = [] {
    std::vector<Board> out;
    Solver solver;
    const Phase& phase = phases().back();
    for (std::uint64_t i = 0; out.size() < 8; ++i) {
      auto result = generate_candidate(phase, proven::Rng::from_key("bench").fork("deep", i), solver);
      if (result.value) out.push_back(result.value->board);
    }
    return out;
  }();
  return boards;
}

void BM_SolverStates(benchmark::State& state) {
  Solver solver;
  std::size_t states = 0;
  for (auto _ : state)
    for (const Board& b : deep_boards()) {
      const Solution s = solver.solve(b, kVerifySolve);
      benchmark::DoNotOptimize(s.chance);
      states += s.states;
    }
  state.SetItemsProcessed(static_cast<std::int64_t>(states));
  state.SetLabel("states discovered per second (BFS with bits), chapter 13 boards");
}
BENCHMARK(BM_SolverStates)->Unit(benchmark::kMillisecond);

// One phase's candidates, as the generator runs them: items are attempts (tries).
void attempts(benchmark::State& state, std::size_t phase_index) {
  Solver solver;
  const Phase& phase = phases()[phase_index];
  std::uint64_t tries = 0, accepted = 0, i = 0;
  for (auto _ : state) {
    const auto result = generate_candidate(phase, proven::Rng::from_key("bench").fork("attempts", i++), solver);
    tries += result.tries;
    accepted += result.ok();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(tries));
  state.counters["accepted_per_1000_attempts"] = 1000.0 * static_cast<double>(accepted) / static_cast<double>(tries);
  state.SetLabel(std::string("attempts per second, ") + chapter(phase.chapter).name);
}
void BM_AttemptsPlain(benchmark::State& state) { attempts(state, 11); }
void BM_AttemptsCrackedFloor(benchmark::State& state) { attempts(state, 25); }
BENCHMARK(BM_AttemptsPlain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_AttemptsCrackedFloor)->Unit(benchmark::kMillisecond);

std::vector<proven::Tally> campaign_tallies;  // of the campaign run, printed after the run
std::vector<int> campaign_chapters;

void BM_CampaignTwoCores(benchmark::State& state) {
  std::uint64_t tries = 0;
  std::size_t levels = 0;
  for (auto _ : state) {
    const Pack pack = generate_pack("1", {.only_chapter = std::nullopt, .jobs = 2});
    tries = proven::total_tries(pack.chapter_tallies);
    campaign_tallies = pack.chapter_tallies;
    levels = pack.levels.size();
  }
  state.counters["levels"] = static_cast<double>(levels);
  state.counters["attempts"] = static_cast<double>(tries);
  state.counters["jobs"] = 2;
}
BENCHMARK(BM_CampaignTwoCores)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  for (std::size_t k = 0; k < campaign_tallies.size(); ++k) {
    const auto& t = campaign_tallies[k];
    std::printf("\nchapter %zu %s: %.1f accepted per 1,000 attempts (%llu of %llu)\n%s", k + 1,
                chapter(static_cast<int>(k + 1)).name,
                1000.0 * static_cast<double>(t.accepted()) / static_cast<double>(t.tries()),
                static_cast<unsigned long long>(t.accepted()), static_cast<unsigned long long>(t.tries()),
                t.table().c_str());
  }
  benchmark::Shutdown();
  return 0;
}

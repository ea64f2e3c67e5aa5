// PRISM figures (issue 4): tracer throughput; time to prove one board unique at product spaces
// around 2e5, 1e7 and 1e9 states, on connected boards and on boards of walled-apart
// parts; the whole 240-level campaign on the machine's cores, with tries per level and the
// tally of every chapter printed after the run.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "prism/pack.hpp"

namespace {

using namespace proven::prism;

// A large board recipe outside the campaign: 14x14, every piece kind. Par is kept at 2 so the
// generator's BFS par check stays cheap; par does not change how hard uniqueness is.
// Placement stalls when no lit floor cell is left that keeps every piece lit, so the draw asks
// for more pieces than the board needs and the caller filters by state space.
ChapterSpec large_board_spec(int pieces) {
  return {7,
          "Bench",
          1,
          2,
          2,
          1.0,
          14,
          14,
          2,
          pieces * 2 / 3,
          pieces + 12,
          6,
          14,
          {Kind::Mirror, Kind::Splitter, Kind::Filter, Kind::Prism},
          Phenomenon::Convergence};
}

struct BenchBoard {
  Board board;
  int parts = 0;
};

// A generated, proven-unique board whose light is all one part (no split helps the prover) and
// whose rotation space lies in [target, 10 * target).
const BenchBoard& connected_board_near(double target) {
  static std::map<double, BenchBoard> cache;
  if (auto it = cache.find(target); it != cache.end()) return it->second;
  const int pieces = static_cast<int>(std::log2(target) / 1.2);  // about 1.2 bits per piece
  const ChapterSpec spec = large_board_spec(pieces);
  const auto root =
      proven::Rng::from_key("bench-connected").fork("space", static_cast<std::uint64_t>(std::log10(target) * 10));
  for (std::uint64_t i = 0;; ++i) {
    auto result = generate_level(spec, 0, root.fork("board", i));
    if (!result.value) continue;
    const double space = state_space(result.value->board);
    if (space < target || space >= 10 * target) continue;
    const auto proof = prove_unique(result.value->board);
    if (proof.parts != 1) continue;
    return cache.emplace(target, BenchBoard{result.value->board, proof.parts}).first->second;
  }
}

// Campaign levels set side by side, walled apart, until the space is within a factor 2 of
// `target`: a unique board with several parts, which the prover finds for itself. Chapter VI
// tiles go first; small chapter I tiles (from 4 states) fill the last factor.
const BenchBoard& composite_board_near(double target) {
  static std::map<double, BenchBoard> cache;
  if (auto it = cache.find(target); it != cache.end()) return it->second;
  Board board;
  double space = 1;
  for (std::uint64_t i = 0; space < target / 2; ++i) {
    const auto tile_rng = proven::Rng::from_key("bench-board").fork("tile", i);
    Level level = generate_level(chapter(6), 40, tile_rng).take();
    if (space * state_space(level.board) > target * 2) level = generate_level(chapter(1), 0, tile_rng).take();
    const double tile_space = state_space(level.board);
    if (space * tile_space > target * 2) continue;
    space *= tile_space;
    const Board& tile = level.board;
    const int offset = board.width == 0 ? 0 : board.width + 1;
    const int height = std::max(board.height, tile.height);
    Board wider{offset + tile.width, height,
                std::vector<Cell>(static_cast<std::size_t>((offset + tile.width) * height))};
    for (int y = 0; y < height; ++y) {
      if (offset > 0) wider.at(offset - 1, y) = Cell{Kind::Wall};
      for (int x = 0; x < board.width && y < board.height; ++x) wider.at(x, y) = board.at(x, y);
      for (int x = 0; x < tile.width && y < tile.height; ++x) wider.at(offset + x, y) = tile.at(x, y);
    }
    board = std::move(wider);
  }
  const int parts = prove_unique(board).parts;
  return cache.emplace(target, BenchBoard{std::move(board), parts}).first->second;
}

void BM_TraceStates(benchmark::State& state) {
  const Board& board = connected_board_near(1e9).board;
  Tracer tracer;
  for (auto _ : state) benchmark::DoNotOptimize(tracer.run(board).received.data());
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("rotation states traced per second, 14x14 board");
}
BENCHMARK(BM_TraceStates);

void prove(benchmark::State& state, const BenchBoard& bench) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const auto proof = prove_unique(bench.board, {.node_budget = kProofNodeBudget});
    state.SetLabel(to_string(proof.verdict));  // the label says whether the proof finished
    nodes = proof.nodes;
  }
  state.counters["state_space"] = state_space(bench.board);
  state.counters["pieces"] = static_cast<double>(piece_cells(bench.board).size());
  state.counters["parts"] = bench.parts;
  state.counters["search_nodes"] = static_cast<double>(nodes);
}

void BM_ProveUniqueConnected(benchmark::State& state) {
  prove(state, connected_board_near(static_cast<double>(state.range(0))));
}
BENCHMARK(BM_ProveUniqueConnected)->Arg(200'000)->Arg(10'000'000)->Arg(1'000'000'000)->Unit(benchmark::kMillisecond);

void BM_ProveUniqueWalledParts(benchmark::State& state) {
  prove(state, composite_board_near(static_cast<double>(state.range(0))));
}
BENCHMARK(BM_ProveUniqueWalledParts)->Arg(200'000)->Arg(10'000'000)->Arg(1'000'000'000)->Unit(benchmark::kMillisecond);

std::vector<proven::Tally> campaign_tallies;  // of the last campaign run, printed after the run

void BM_Campaign(benchmark::State& state) {
  std::uint64_t tries = 0;
  for (auto _ : state) {
    const Pack pack = generate_pack("bench", {.only_chapter = std::nullopt, .jobs = 0});
    tries = proven::total_tries(pack.chapter_tallies);
    campaign_tallies = pack.chapter_tallies;
  }
  state.counters["levels"] = 240;
  state.counters["tries"] = static_cast<double>(tries);
  state.counters["tries_per_level"] = static_cast<double>(tries) / 240.0;
  state.counters["jobs"] = proven::resolve_jobs(0);
}
BENCHMARK(BM_Campaign)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  for (std::size_t k = 0; k < campaign_tallies.size(); ++k) {
    const ChapterSpec& spec = kChapters[k];
    std::printf("\nchapter %d %s: %.1f tries per level\n%s", spec.number, spec.name,
                static_cast<double>(campaign_tallies[k].tries()) / spec.levels, campaign_tallies[k].table().c_str());
  }
  benchmark::Shutdown();
  return 0;
}

// PRISM figures (issue 4): tracer throughput, time to prove one board unique at product spaces
// around 2e5, 1e7 and 1e9 states, and the whole 240-level campaign on the machine's cores.
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>

#include "prism/pack.hpp"

namespace {

using namespace proven::prism;

// A unique board whose rotation space is within a factor 2 of `target`: chapter VI levels set
// side by side, walled apart. Light cannot cross the walls, so the halves are independent and the
// composite has exactly one solution with the product of their state spaces: a real, large board
// for the prover, which is not told about the structure.
const Board& board_near(double target) {
  static std::map<double, Board> cache;
  if (auto it = cache.find(target); it != cache.end()) return it->second;
  const ChapterSpec& spec = chapter(6);
  Board board;
  double space = 1;
  for (std::uint64_t i = 0; space < target / 2; ++i) {
    const Level level = generate_level(spec, 40, proven::Rng::from_key("bench-board").fork("tile", i)).take();
    const double tile_space = state_space(level.board);
    if (space * tile_space > target * 2) continue;
    space *= tile_space;
    const Board& tile = level.board;
    const int offset = board.width == 0 ? 0 : board.width + 1;
    Board wider{offset + tile.width, tile.height, std::vector<Cell>(static_cast<std::size_t>((offset + tile.width) * tile.height))};
    for (int y = 0; y < tile.height; ++y) {
      for (int x = 0; x < board.width; ++x) wider.at(x, y) = board.at(x, y);
      if (offset > 0) wider.at(offset - 1, y) = Cell{Kind::Wall};
      for (int x = 0; x < tile.width; ++x) wider.at(offset + x, y) = tile.at(x, y);
    }
    board = std::move(wider);
  }
  return cache.emplace(target, std::move(board)).first->second;
}

void BM_TraceStates(benchmark::State& state) {
  const Board& board = board_near(1e7);
  for (auto _ : state) benchmark::DoNotOptimize(trace(board));
  state.SetItemsProcessed(state.iterations());
  state.SetLabel("tracer runs/s, composite board");
}
BENCHMARK(BM_TraceStates);

void BM_ProveUnique(benchmark::State& state) {
  const double target = static_cast<double>(state.range(0));
  const Board& board = board_near(target);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    // The budget keeps the benchmark bounded; the label says whether the proof finished.
    const auto proof = prove_unique(board, {.node_budget = 2'000'000});
    state.SetLabel(to_string(proof.verdict));
    nodes = proof.nodes;
  }
  state.counters["state_space"] = state_space(board);
  state.counters["search_nodes"] = static_cast<double>(nodes);
}
BENCHMARK(BM_ProveUnique)->Arg(200'000)->Arg(10'000'000)->Arg(1'000'000'000)->Unit(benchmark::kMillisecond)->Iterations(3);

void BM_Campaign(benchmark::State& state) {
  std::uint64_t tries = 0;
  for (auto _ : state) {
    const Pack pack = generate_pack("bench", {.only_chapter = std::nullopt, .jobs = 0});
    tries = 0;
    for (const auto& t : pack.chapter_tallies) tries += t.tries();
  }
  state.counters["levels"] = 240;
  state.counters["tries"] = static_cast<double>(tries);
}
BENCHMARK(BM_Campaign)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();

#include "tilt/campaign.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "tilt/solver.hpp"

namespace proven::tilt {
namespace {

std::vector<Dir> mapped(const std::vector<Dir>& moves, int symmetry) {
  std::vector<Dir> out;
  for (const Dir d : moves) out.push_back(transform_dir(d, symmetry));
  return out;
}

int pits(const Board& b) { return count_kind(b, Kind::Pit); }

}  // namespace

Shapes shapes_of(const Board& board) {
  Shapes s;
  for (int k = 0; k < 8; ++k) {
    s.boards[static_cast<std::size_t>(k)] = transformed(board, k);
    s.rows[static_cast<std::size_t>(k)] = to_rows(s.boards[static_cast<std::size_t>(k)]);
  }
  return s;
}

std::optional<std::string> near_copy(const Level& a, const Shapes& a_shapes, const Level& b) {
  const auto b_rows = to_rows(b.board);
  const int area = b.board.area();
  for (int k = 0; k < 8; ++k) {
    const Board& turned = a_shapes.boards[static_cast<std::size_t>(k)];
    if (turned.width != b.board.width || turned.height != b.board.height) continue;
    int differ = 0;
    for (int y = 0; y < b.board.height; ++y)
      for (int x = 0; x < b.board.width; ++x)
        differ +=
            a_shapes.rows[static_cast<std::size_t>(k)][static_cast<std::size_t>(y)][static_cast<std::size_t>(x)] !=
            b_rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
    if (differ * 10 < area * 3) return fmt::format("only {} of {} cells differ (30% needed)", differ, area);
    if (differ * 2 >= area || a.par != b.par) continue;
    if (play(b.board, mapped(a.solution, k)) == Outcome::Cleared || play(turned, b.solution) == Outcome::Cleared)
      return fmt::format("plays the same shortest solution and only {} of {} cells differ (50% needed)", differ, area);
  }
  return std::nullopt;
}

std::optional<std::string> easier_than(const Level& previous, const Level& next) {
  auto bits = [](const Level& l) { return fmt::format("{:.3f}", static_cast<double>(l.bits_milli) / 1000); };
  if (next.par < previous.par) return fmt::format("par {} drops below {}", next.par, previous.par);
  if (next.bits_milli < previous.bits_milli) {
    if (next.chapter <= 10) return fmt::format("bits {} drop below {} (chapters 1-10)", bits(next), bits(previous));
    if (next.par == previous.par)
      return fmt::format("bits {} drop below {} at the same par {}", bits(next), bits(previous), next.par);
  }
  if (next.chapter != previous.chapter) return std::nullopt;
  if (next.board.area() < previous.board.area())
    return fmt::format("takes away room ({} cells after {})", next.board.area(), previous.board.area());
  if (colour_count(next.board) < colour_count(previous.board)) return "takes away a colour";
  if (next.board.marbles.size() < previous.board.marbles.size()) return "takes away a marble";
  if (pits(next.board) < pits(previous.board)) return "takes away a pit";
  return std::nullopt;
}

bool same_difficulty(const Level& a, const Level& b) {
  return a.par == b.par && (a.bits_milli + 50) / 100 == (b.bits_milli + 50) / 100;
}

std::vector<Level> select_run(std::span<const Level> before, std::span<const Shapes> before_shapes,
                              std::span<const Level> pool, const Phase& phase) {
  const int count = phase.levels;
  const Level* last = before.empty() ? nullptr : &before.back();
  // The target curve: from the lowest to the pool's 5th percentile of bits (among levels that may
  // follow the last one), in even steps, never below the last level's bits; a slow climb leaves
  // room for the phases after this one.
  std::vector<std::int64_t> pool_bits;
  for (const Level& l : pool)
    if (!last || (l.par >= last->par && l.bits_milli >= last->bits_milli)) pool_bits.push_back(l.bits_milli);
  if (pool_bits.empty()) return {};
  std::sort(pool_bits.begin(), pool_bits.end());
  const std::int64_t lo = pool_bits.front(), hi = pool_bits[pool_bits.size() / 20];
  const std::int64_t floor_bits = last ? last->bits_milli : 0;
  std::vector<Shapes> pool_shapes;
  for (const Level& l : pool) pool_shapes.push_back(shapes_of(l.board));

  std::vector<std::size_t> chosen;
  std::vector<bool> used(pool.size(), false);
  long budget = 20000;                          // search nodes: a work unit, so the result never depends on speed
  auto level_at = [&](int k) -> const Level& {  // k-th level counting back from the newest
    const auto c = static_cast<int>(chosen.size());
    return k < c ? pool[chosen[static_cast<std::size_t>(c - 1 - k)]]
                 : before[before.size() - 1 - static_cast<std::size_t>(k - c)];
  };
  auto feasible = [&](std::size_t i) {
    const Level& l = pool[i];
    const auto have = static_cast<int>(before.size() + chosen.size());
    if (have > 0 && easier_than(level_at(0), l)) return false;
    int run = 1;
    while (run <= kMaxSameRun && run <= have && same_difficulty(level_at(run - 1), l)) ++run;
    if (run > kMaxSameRun) return false;
    for (std::size_t j = 0; j < before.size(); ++j)
      if (near_copy(before[j], before_shapes[j], l)) return false;
    for (const std::size_t j : chosen)
      if (near_copy(pool[j], pool_shapes[j], l)) return false;
    return true;
  };
  auto search = [&](auto&& self) -> bool {
    const auto j = static_cast<int>(chosen.size());
    if (j == count) return true;
    if (--budget < 0) return false;
    const std::int64_t target = std::max(floor_bits, count == 1 ? hi : lo + (hi - lo) * j / (count - 1));
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < pool.size(); ++i)
      if (!used[i]) order.push_back(i);
    auto score = [&](std::size_t i) {
      std::int64_t s = std::llabs(pool[i].bits_milli - target) + 300 * (pool[i].par - (last ? last->par : 0));
      if (phase.lesson != Lesson::None) s += 1000 * count_kind(pool[i].board, Kind::Wall);  // tidy first
      return s;
    };
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return score(a) < score(b); });
    for (const std::size_t i : order) {
      if (!feasible(i)) continue;
      used[i] = true;
      chosen.push_back(i);
      if (self(self)) return true;
      chosen.pop_back();
      used[i] = false;
      if (budget < 0) return false;
    }
    return false;
  };
  if (!search(search)) return {};
  std::vector<Level> run;
  for (const std::size_t i : chosen) run.push_back(pool[i]);
  return run;
}

}  // namespace proven::tilt

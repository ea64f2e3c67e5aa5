#include "demo/blocks.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <numeric>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"
#include "core/svg.hpp"

namespace proven::demo {
namespace {

constexpr int kMaxCells = kMaxSide * kMaxSide;

// possible_digits for every (cells, sum), from all 511 non-empty digit sets.
const std::array<std::array<std::uint16_t, 46>, 10>& digit_table() {
  static const auto table = [] {
    std::array<std::array<std::uint16_t, 46>, 10> t{};
    for (unsigned set = 1; set < 512; ++set) {
      int sum = 0;
      for (int d = 1; d <= 9; ++d)
        if (set & (1u << (d - 1))) sum += d;
      t[static_cast<std::size_t>(std::popcount(set))][static_cast<std::size_t>(sum)] |=
          static_cast<std::uint16_t>(set << 1);  // bit d for digit d
    }
    return t;
  }();
  return table;
}

// The digits each cell may hold by its own two runs alone.
std::array<std::uint16_t, kMaxCells> local_masks(const Clues& clues) {
  std::array<std::uint16_t, kMaxCells> masks{};
  for (int r = 0; r < clues.rows; ++r)
    for (int c = 0; c < clues.cols; ++c)
      masks[static_cast<std::size_t>(r * clues.cols + c)] =
          possible_digits(clues.cols, clues.row_sums[static_cast<std::size_t>(r)]) &
          possible_digits(clues.rows, clues.col_sums[static_cast<std::size_t>(c)]);
  return masks;
}

struct Search {
  const Clues& clues;
  std::array<std::uint16_t, kMaxCells> masks;
  std::array<int, kMaxSide> row_total{}, col_total{};
  std::array<std::uint16_t, kMaxSide> row_used{}, col_used{};
  int limit;
  int found = 0;

  void run(int cell) {
    if (found >= limit) return;
    if (cell == clues.rows * clues.cols) {
      ++found;
      return;
    }
    const int r = cell / clues.cols, c = cell % clues.cols;
    const bool row_ends = c == clues.cols - 1, col_ends = r == clues.rows - 1;
    const int row_goal = clues.row_sums[static_cast<std::size_t>(r)];
    const int col_goal = clues.col_sums[static_cast<std::size_t>(c)];
    for (int d = 1; d <= 9; ++d) {
      const std::uint16_t bit = static_cast<std::uint16_t>(1u << d);
      if (!(masks[static_cast<std::size_t>(cell)] & bit) || (row_used[r] & bit) || (col_used[c] & bit)) continue;
      const int row_sum = row_total[r] + d, col_sum = col_total[c] + d;
      // A run must hit its clue exactly at its last cell and stay below it before.
      if (row_ends ? row_sum != row_goal : row_sum >= row_goal) continue;
      if (col_ends ? col_sum != col_goal : col_sum >= col_goal) continue;
      row_total[r] = row_sum, col_total[c] = col_sum;
      row_used[r] |= bit, col_used[c] |= bit;
      run(cell + 1);
      row_total[r] -= d, col_total[c] -= d;
      row_used[r] &= static_cast<std::uint16_t>(~bit), col_used[c] &= static_cast<std::uint16_t>(~bit);
    }
  }
};

Block propose_block(Rng& rng) {
  static constexpr std::array<std::array<int, 2>, 3> kShapes = {{{2, 2}, {2, 3}, {3, 2}}};
  const auto& shape = rng.pick(kShapes);
  Block block{shape[0], shape[1], {}};
  // Build the answer first: each cell a digit not yet used in its row or column.
  for (int r = 0; r < block.rows; ++r) {
    for (int c = 0; c < block.cols; ++c) {
      std::vector<int> allowed;
      for (int d = 1; d <= 9; ++d) {
        bool used = false;
        for (int k = 0; k < c; ++k) used |= block.at(r, k) == d;
        for (int k = 0; k < r; ++k) used |= block.at(k, c) == d;
        if (!used) allowed.push_back(d);
      }
      block.digits.push_back(rng.pick(allowed));
    }
  }
  return block;
}

const std::vector<Gate<Block>>& block_gates() {
  static const std::vector<Gate<Block>> gates = {
      {std::string(kGateGiveaway), [](const Block& b) { return !is_giveaway(b.clues()); }},
      {std::string(kGateNotUnique), [](const Block& b) { return count_solutions(b.clues(), 2) == 1; }},
  };
  return gates;
}

}  // namespace

Clues Block::clues() const {
  Clues clues{rows, cols, std::vector<int>(static_cast<std::size_t>(rows)),
              std::vector<int>(static_cast<std::size_t>(cols))};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      clues.row_sums[static_cast<std::size_t>(r)] += at(r, c);
      clues.col_sums[static_cast<std::size_t>(c)] += at(r, c);
    }
  return clues;
}

std::uint16_t possible_digits(int cells, int sum) {
  if (cells < 1 || cells > 9 || sum < 0 || sum > 45) return 0;
  return digit_table()[static_cast<std::size_t>(cells)][static_cast<std::size_t>(sum)];
}

int count_solutions(const Clues& clues, int limit) {
  PROVEN_CHECK(clues.rows >= 1 && clues.rows <= kMaxSide && clues.cols >= 1 && clues.cols <= kMaxSide,
               "count_solutions: block size out of range");
  Search search{clues, local_masks(clues), {}, {}, {}, {}, limit};
  search.run(0);
  return search.found;
}

bool is_giveaway(const Clues& clues) {
  // Naked singles only: a cell whose two runs leave one digit takes it, and that digit leaves
  // the other cells of both runs; repeat. If that fills the block, no real deduction was needed.
  auto masks = local_masks(clues);
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = 0; cell < clues.rows * clues.cols; ++cell) {
      const auto mask = masks[static_cast<std::size_t>(cell)];
      if (std::popcount(mask) != 1) continue;
      const int r = cell / clues.cols, c = cell % clues.cols;
      for (int other = 0; other < clues.rows * clues.cols; ++other) {
        const bool shares_run = other / clues.cols == r || other % clues.cols == c;
        auto& m = masks[static_cast<std::size_t>(other)];
        if (other == cell || !shares_run || !(m & mask)) continue;
        m = static_cast<std::uint16_t>(m & ~mask);
        changed = true;
      }
    }
  }
  for (int i = 0; i < clues.rows * clues.cols; ++i)
    if (std::popcount(masks[static_cast<std::size_t>(i)]) != 1) return false;
  return true;
}

Generated<Block> generate_block(const Rng& rng) {
  return generate<Block>(rng, propose_block, block_gates(), {.budget = kTryBudget});
}

Sheet generate_sheet(const std::string& seed, const SheetParams& params, const BatchOptions& batch) {
  PROVEN_CHECK(params.count >= 1 && params.count <= kMaxCount, "generate_sheet: count out of range");
  const Rng root = Rng::from_key(seed);
  auto results = run_batch<Generated<Block>>(
      static_cast<std::size_t>(params.count), [&](std::size_t i) { return generate_block(root.fork("block", i)); },
      batch);
  Sheet sheet;
  sheet.seed = seed;
  sheet.params = params;
  for (auto& result : results) {
    sheet.tally.merge(result.tally);  // index order: the same table for any jobs count
    sheet.blocks.push_back(std::move(result).take());
  }
  return sheet;
}

nlohmann::json sheet_body_json(const Sheet& sheet) {
  nlohmann::json blocks = nlohmann::json::array();
  for (const auto& b : sheet.blocks) {
    const Clues clues = b.clues();
    nlohmann::json grid = nlohmann::json::array();
    for (int r = 0; r < b.rows; ++r) {
      std::vector<int> row(b.digits.begin() + r * b.cols, b.digits.begin() + (r + 1) * b.cols);
      grid.push_back(row);
    }
    blocks.push_back({{"rows", b.rows},
                      {"cols", b.cols},
                      {"row_sums", clues.row_sums},
                      {"col_sums", clues.col_sums},
                      {"solution", grid},
                      {"proof", {{"solutions", count_solutions(clues, 2)}, {"giveaway", is_giveaway(clues)}}}});
  }
  return {{"blocks", blocks}, {"tally", sheet.tally.to_json()}};
}

Sheet sheet_from_json(const std::string& seed, const SheetParams& params, const nlohmann::json& body) {
  using namespace json_read;
  Sheet sheet{.seed = seed, .params = params, .blocks = {}, .tally = {}};
  const auto& blocks = array(field(body, "blocks", "body"), static_cast<std::size_t>(params.count),
                             static_cast<std::size_t>(params.count), "blocks (one per params.count)");
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const auto& j = blocks[i];
    const std::string where = fmt::format("block {}", i + 1);
    Block b;
    b.rows = integer(field(j, "rows", where), kMinSide, kMaxSide, at(where, "rows"));
    b.cols = integer(field(j, "cols", where), kMinSide, kMaxSide, at(where, "cols"));
    const auto& rows = array(field(j, "solution", where), static_cast<std::size_t>(b.rows),
                             static_cast<std::size_t>(b.rows), at(where, "solution"));
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto& row = array(rows[r], static_cast<std::size_t>(b.cols), static_cast<std::size_t>(b.cols),
                              at(at(where, "solution"), r));
      for (std::size_t c = 0; c < row.size(); ++c)
        b.digits.push_back(integer(row[c], 1, 9, at(at(at(where, "solution"), r), c)));
    }
    const Clues clues = b.clues();
    for (const auto& [key, sums] : {std::pair{"row_sums", &clues.row_sums}, std::pair{"col_sums", &clues.col_sums}}) {
      const auto& stated = array(field(j, key, where), sums->size(), sums->size(), at(where, key));
      for (std::size_t k = 0; k < sums->size(); ++k)
        if (integer(stated[k], 0, 45, at(at(where, key), k)) != (*sums)[k])
          fail(at(where, key), "does not match the solution");
    }
    const auto& proof = field(j, "proof", where);
    b.stated_solutions =
        integer(field(proof, "solutions", at(where, "proof")), 0, 2, at(at(where, "proof"), "solutions"));
    b.stated_giveaway = boolean(field(proof, "giveaway", at(where, "proof")), at(at(where, "proof"), "giveaway"));
    sheet.blocks.push_back(std::move(b));
  }
  sheet.tally = Tally::from_json(field(body, "tally", "body"), "tally");
  return sheet;
}

std::vector<std::string> verify_sheet(const Sheet& sheet) {
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < sheet.blocks.size(); ++i) {
    const Block& b = sheet.blocks[i];
    for (int r = 0; r < b.rows; ++r)
      for (int c = 0; c < b.cols; ++c)
        for (int k = 0; k < c; ++k)
          if (b.at(r, k) == b.at(r, c))
            problems.push_back(fmt::format("block {}: row {} repeats a digit", i + 1, r + 1));
    for (int c = 0; c < b.cols; ++c)
      for (int r = 0; r < b.rows; ++r)
        for (int k = 0; k < r; ++k)
          if (b.at(k, c) == b.at(r, c))
            problems.push_back(fmt::format("block {}: column {} repeats a digit", i + 1, c + 1));
    const Clues clues = b.clues();
    const int n = count_solutions(clues, 2);
    if (n != 1)
      problems.push_back(
          fmt::format("block {}: the clues allow {} fillings, not exactly one", i + 1, n >= 2 ? "2 or more" : "no"));
    if (b.stated_solutions != n)
      problems.push_back(fmt::format("block {}: proof.solutions says {}, the clues allow {}", i + 1, b.stated_solutions,
                                     n >= 2 ? "2 or more" : std::to_string(n)));
    const bool giveaway = is_giveaway(clues);
    if (giveaway) problems.push_back(fmt::format("block {}: a giveaway (naked singles fill it)", i + 1));
    if (b.stated_giveaway != giveaway)
      problems.push_back(fmt::format("block {}: proof.giveaway says {}, naked singles {} it", i + 1, b.stated_giveaway,
                                     giveaway ? "fill" : "do not fill"));
  }
  return problems;
}

std::string render_svg(const Sheet& sheet) {
  constexpr double kCell = 36, kTileW = (kMaxSide + 2) * kCell, kTileH = (kMaxSide + 2) * kCell, kColumns = 4;
  const double rows = std::max(1.0, std::ceil(static_cast<double>(sheet.blocks.size()) / kColumns));
  const double width = kColumns * kTileW, height = rows * kTileH + 40;
  Svg svg(width, height);
  svg.rect(0, 0, width, height, R"(fill="#fdfcf7")");
  svg.text(12, 24, fmt::format("Kakuro blocks, seed {}: fill each block, every row and column a run", sheet.seed),
           R"(font-family="sans-serif" font-size="15" fill="#222")");
  const auto clue_style = R"(fill="#3a3a3a" stroke="#222")";
  const auto cell_style = R"(fill="#fff" stroke="#222" stroke-width="1.5")";
  const auto sum_style = R"(font-family="sans-serif" font-size="12" fill="#fff" text-anchor="middle")";
  for (std::size_t i = 0; i < sheet.blocks.size(); ++i) {
    const Block& b = sheet.blocks[i];
    const Clues clues = b.clues();
    const double ox = static_cast<double>(i % 4) * kTileW + kCell / 2;
    const double oy = 40 + static_cast<double>(i / 4) * kTileH;
    svg.open_group(fmt::format(R"(id="block-{}")", i + 1));
    svg.rect(ox, oy, kCell, kCell, clue_style);
    for (int c = 0; c < b.cols; ++c) {  // column clues above, in the lower-left half of the clue cell
      const double x = ox + (c + 1) * kCell;
      svg.rect(x, oy, kCell, kCell, clue_style);
      svg.line(x, oy, x + kCell, oy + kCell, R"(stroke="#bbb")");
      svg.text(x + kCell * 0.3, oy + kCell * 0.85, std::to_string(clues.col_sums[static_cast<std::size_t>(c)]),
               sum_style);
    }
    for (int r = 0; r < b.rows; ++r) {  // row clues at the left, in the upper-right half
      const double y = oy + (r + 1) * kCell;
      svg.rect(ox, y, kCell, kCell, clue_style);
      svg.line(ox, y, ox + kCell, y + kCell, R"(stroke="#bbb")");
      svg.text(ox + kCell * 0.7, y + kCell * 0.4, std::to_string(clues.row_sums[static_cast<std::size_t>(r)]),
               sum_style);
      for (int c = 0; c < b.cols; ++c) svg.rect(ox + (c + 1) * kCell, y, kCell, kCell, cell_style);
    }
    std::string answer;
    for (std::size_t k = 0; k < b.digits.size(); ++k)
      answer += (k == 0 ? "" : k % static_cast<std::size_t>(b.cols) == 0 ? " / " : " ") + std::to_string(b.digits[k]);
    svg.text(ox, oy + (b.rows + 1) * kCell + 16, fmt::format("#{}  answer {}", i + 1, answer),
             R"(font-family="sans-serif" font-size="11" fill="#999")");
    svg.close_group();
  }
  return svg.str();
}

}  // namespace proven::demo

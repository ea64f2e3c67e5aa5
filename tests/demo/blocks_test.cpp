#include "demo/blocks.hpp"
#include "demo/game.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "support/breakages.hpp"

namespace proven::demo {
namespace {

// Independent of the backtracking solver: try every assignment of digits 1..9 to the cells.
int brute_force_solutions(const Clues& clues) {
  const int cells = clues.rows * clues.cols;
  std::vector<int> g(static_cast<std::size_t>(cells), 1);
  int solutions = 0;
  // Run `k` of a line: cell index = start + k * step. Rows step by 1, columns by cols.
  auto run_holds = [&](int start, int step, int length, int goal) {
    int sum = 0;
    for (int k = 0; k < length; ++k) {
      const int digit = g[static_cast<std::size_t>(start + k * step)];
      sum += digit;
      for (int j = 0; j < k; ++j)
        if (g[static_cast<std::size_t>(start + j * step)] == digit) return false;
    }
    return sum == goal;
  };
  for (;;) {
    bool ok = true;
    for (int r = 0; r < clues.rows; ++r)
      ok = ok && run_holds(r * clues.cols, 1, clues.cols, clues.row_sums[static_cast<std::size_t>(r)]);
    for (int c = 0; c < clues.cols; ++c)
      ok = ok && run_holds(c, clues.cols, clues.rows, clues.col_sums[static_cast<std::size_t>(c)]);
    solutions += ok;
    int i = 0;
    while (i < cells && g[static_cast<std::size_t>(i)] == 9) g[static_cast<std::size_t>(i++)] = 1;
    if (i == cells) return solutions;
    ++g[static_cast<std::size_t>(i)];
  }
}

TEST(Blocks, SolverAgreesWithBruteForceOnEvery2x2ClueSet) {
  // Every 2x2 clue set with row and column sums 3..17: 15^4 cases, exhaustively.
  int unique = 0;
  for (int a = 3; a <= 17; ++a)
    for (int b = 3; b <= 17; ++b)
      for (int c = 3; c <= 17; ++c)
        for (int d = 3; d <= 17; ++d) {
          if (a + b != c + d) continue;  // both add up to the whole block
          const Clues clues{2, 2, {a, b}, {c, d}};
          const int expected = brute_force_solutions(clues);
          ASSERT_EQ(count_solutions(clues, 1000), expected) << a << " " << b << " " << c << " " << d;
          ASSERT_EQ(count_solutions(clues, 2), std::min(expected, 2));
          unique += expected == 1;
        }
  EXPECT_GT(unique, 0);
}

TEST(Blocks, SolverAgreesWithBruteForceOnGenerated2x3Blocks) {
  const Sheet sheet = generate_sheet("cross-check", {.count = 20});
  int checked = 0;
  for (const auto& b : sheet.blocks) {
    if (b.rows * b.cols != 6) continue;
    EXPECT_EQ(brute_force_solutions(b.clues()), 1);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(Blocks, PossibleDigitsKnowsTheClassicRuns) {
  EXPECT_EQ(possible_digits(2, 3), (1u << 1) | (1u << 2));              // 1+2
  EXPECT_EQ(possible_digits(2, 17), (1u << 8) | (1u << 9));             // 8+9
  EXPECT_EQ(possible_digits(3, 6), (1u << 1) | (1u << 2) | (1u << 3));  // 1+2+3
  EXPECT_EQ(possible_digits(2, 2), 0u);                                 // impossible
  EXPECT_EQ(possible_digits(0, 0), 0u);
}

TEST(Blocks, GeneratedSheetsAreProvenAndVerify) {
  const Sheet sheet = generate_sheet("7", {.count = 12});
  ASSERT_EQ(sheet.blocks.size(), 12u);
  EXPECT_EQ(sheet.tally.accepted(), 12u);
  EXPECT_GT(sheet.tally.rejected(kGateNotUnique), 0u);
  for (const auto& b : sheet.blocks) {
    EXPECT_EQ(count_solutions(b.clues(), 2), 1);
    EXPECT_FALSE(is_giveaway(b.clues()));
  }
  EXPECT_TRUE(verify_sheet(sheet).empty());
}

TEST(Blocks, SeedsReproduceAndThreadCountNeverChangesTheBytes) {
  const auto one = json_text(document_to_json<Game>(generate_sheet("abc", {.count = 40}, {.jobs = 1})));
  EXPECT_EQ(json_text(document_to_json<Game>(generate_sheet("abc", {.count = 40}, {.jobs = 2}))), one);
  EXPECT_EQ(json_text(document_to_json<Game>(generate_sheet("abc", {.count = 40}, {.jobs = 4}))), one);
  EXPECT_NE(json_text(document_to_json<Game>(generate_sheet("abd", {.count = 40}, {.jobs = 1}))), one);
}

TEST(Blocks, JsonRoundTripsAndVerifyCatchesTampering) {
  const Sheet sheet = generate_sheet("9", {.count = 6});
  const auto json = document_to_json<Game>(sheet);
  const Sheet back = document_from_json<Game>(json);
  EXPECT_EQ(back.blocks, sheet.blocks);

  // A consistent but non-unique block (every sum rewritten from a tampered solution).
  Sheet bad = back;
  bad.blocks[2] = Block{2, 2, {1, 2, 2, 1}};  // sums 3,3 / 3,3: the mirror 2,1,1,2 also fits
  bad.blocks[2].stated_solutions = 2;         // the file states the truth: only the promise breaks
  auto problems = verify_sheet(bad);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("block 3: the clues allow 2 or more fillings"), std::string::npos) << problems[0];
  bad.blocks[2].stated_solutions = 1;  // and when it claims the proof it does not have, that too
  problems = verify_sheet(bad);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_NE(problems[1].find("block 3: proof.solutions says 1, the clues allow 2 or more"), std::string::npos)
      << problems[1];

  // Giveaways: naked singles fill them (found by scanning every 2x2 answer).
  int giveaways = 0;
  for (int a = 1; a <= 9; ++a)
    for (int b = 1; b <= 9; ++b)
      for (int c = 1; c <= 9; ++c)
        for (int d = 1; d <= 9; ++d) {
          const Block block{2, 2, {a, b, c, d}};
          if (a == b || c == d || a == c || b == d || !is_giveaway(block.clues())) continue;
          ++giveaways;
          EXPECT_EQ(count_solutions(block.clues(), 2), 1);  // singles leave no choice
          Sheet giveaway = back;
          giveaway.blocks[0] = block;
          giveaway.blocks[0].stated_giveaway = true;
          const auto found = verify_sheet(giveaway);
          ASSERT_EQ(found.size(), 1u);
          EXPECT_NE(found[0].find("giveaway"), std::string::npos) << found[0];
        }
  EXPECT_GT(giveaways, 0);
}

TEST(Blocks, MalformedSheetsAreUserErrorsNotCrashes) {
  auto json = document_to_json<Game>(generate_sheet("9", {.count = 2}));
  const std::vector<proven::testing::Breakage> breakages = {
      [](nlohmann::json& j) { j = nlohmann::json::array(); },
      [](nlohmann::json& j) { j["format"] = "something-else/1"; },
      [](nlohmann::json& j) { j["game"] = "prism"; },
      [](nlohmann::json& j) { j["generator_version"] = "0"; },
      [](nlohmann::json& j) { j["params"]["count"] = 3; },
      [](nlohmann::json& j) { j["params"]["count"] = 1.5; },
      [](nlohmann::json& j) { j["body"].erase("blocks"); },
      [](nlohmann::json& j) { j["body"]["blocks"][0] = 5; },
      [](nlohmann::json& j) { j["body"]["blocks"][0]["rows"] = 40; },
      [](nlohmann::json& j) { j["body"]["blocks"][0]["solution"][0][0] = 12; },
      [](nlohmann::json& j) { j["body"]["blocks"][0]["solution"][0][0] = "x"; },
      [](nlohmann::json& j) { j["body"]["blocks"][0]["solution"].erase(0); },
      [](nlohmann::json& j) { j["body"]["blocks"][0]["row_sums"][0] = 44; },
      [](nlohmann::json& j) { j["body"]["blocks"][1]["col_sums"] = nullptr; },
  };
  proven::testing::expect_each_breakage_rejected(json, breakages,
                                                 [](const nlohmann::json& j) { return document_from_json<Game>(j); });
}

}  // namespace
}  // namespace proven::demo

#include "core/generate.hpp"

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

namespace proven {
namespace {

// A toy candidate: a number drawn from the try's stream.
struct Number {
  std::int64_t value = 0;
  std::string origin;
};

Number propose_number(Rng& rng) { return {rng.uniform(0, 99), rng.path()}; }

TEST(Generate, AcceptsTheFirstCandidatePassingEveryGateAndTalliesTheRest) {
  const std::vector<Gate<Number>> gates = {
      {"odd", [](const Number& n) { return n.value % 2 == 0; }},
      {"too small", [](const Number& n) { return n.value >= 50; }},
  };
  const Rng rng = Rng::from_seed(3).fork("numbers");
  auto result = generate<Number>(rng, propose_number, gates);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value->value % 2, 0);
  EXPECT_GE(result.value->value, 50);
  // The accepted candidate came from its own try fork.
  EXPECT_EQ(result.value->origin, "3/numbers/try" + std::to_string(result.accepted_try));
  EXPECT_EQ(result.tries, result.accepted_try + 1);
  EXPECT_EQ(result.tally.accepted(), 1u);
  EXPECT_EQ(result.tally.tries(), result.tries);
  EXPECT_EQ(result.tally.rejected("odd") + result.tally.rejected("too small"), result.tries - 1);

  // Replaying the same tries by hand gives the same verdicts: the loop is a pure function.
  std::uint64_t odd = 0, small = 0;
  for (std::uint64_t i = 0; i < result.accepted_try; ++i) {
    Rng try_rng = rng.fork("try", i);
    const auto v = try_rng.uniform(0, 99);
    if (v % 2 != 0)
      ++odd;
    else if (v < 50)
      ++small;
    else
      FAIL() << "try " << i << " should have been accepted";
  }
  EXPECT_EQ(result.tally.rejected("odd"), odd);
  EXPECT_EQ(result.tally.rejected("too small"), small);
}

TEST(Generate, LaterGatesRunOnlyOnSurvivorsOfEarlierOnes) {
  int expensive_calls = 0;
  const std::vector<Gate<Number>> gates = {
      {"cheap", [](const Number& n) { return n.value < 10; }},
      {"proof",
       [&](const Number&) {
         ++expensive_calls;
         return true;
       }},
  };
  auto result = generate<Number>(Rng::from_seed(4), propose_number, gates, {.budget = 500});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(expensive_calls, 1);  // only the accepted candidate reached the proof
  EXPECT_EQ(result.tally.rejected("cheap"), result.tries - 1);
}

TEST(Generate, AGateCanNameItsOwnRejectionReasonAndAnnotateTheCandidate) {
  const std::vector<Gate<Number>> gates = {
      {"prover",
       [](Number& n) {
         if (n.value < 30) return Verdict::reject("over proof budget");
         if (n.value < 60) return Verdict::reject("not unique");
         n.origin = "proved";
         return Verdict::pass();
       },
       {"over proof budget", "not unique"}},
  };
  auto result = generate<Number>(Rng::from_seed(5), propose_number, gates);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.value->origin, "proved");
  EXPECT_EQ(result.tally.rejected("prover"), 0u);
  EXPECT_EQ(result.tally.rejected("over proof budget") + result.tally.rejected("not unique"), result.tries - 1);
  ASSERT_EQ(result.tally.rows().size(), 3u);  // declared rows, in declaration order
  EXPECT_EQ(result.tally.rows()[1].reason, "over proof budget");
}

TEST(Generate, ProposalsThatFailAreCounted) {
  const std::vector<Gate<Number>> none;
  auto propose = [](Rng& rng) -> std::optional<Number> {
    if (rng.chance(1, 2)) return std::nullopt;
    return Number{1, rng.path()};
  };
  auto result = generate<Number>(Rng::from_seed(6), propose, none);
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result.tally.rejected(kProposalFailed), result.tries - 1);
}

TEST(Generate, GatesMayDrawFromForksOfTheTryStream) {
  const std::vector<Gate<Number>> gates = {
      {"coin", [](Number&, const Rng& try_rng) { return try_rng.fork("coin").chance(1, 3); }},
  };
  auto a = generate<Number>(Rng::from_seed(8), propose_number, gates);
  auto b = generate<Number>(Rng::from_seed(8), propose_number, gates);
  EXPECT_EQ(a.accepted_try, b.accepted_try);
  EXPECT_EQ(a.tally, b.tally);
}

TEST(Generate, ExhaustedBudgetFailsWithSeedBudgetAndTally) {
  const std::vector<Gate<Number>> gates = {
      {"cheap", [](const Number&) { return true; }},
      {"impossible", [](const Number&) { return false; }},
  };
  auto result = generate<Number>(Rng::from_seed(9).fork("module"), propose_number, gates, {.budget = 25});
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(result.tries, 25u);
  EXPECT_EQ(result.tally.rejected("impossible"), 25u);
  EXPECT_EQ(result.tally.rejected("cheap"), 0u);
  try {
    std::move(result).take();
    FAIL() << "take() must throw when nothing was accepted";
  } catch (const GenerationFailed& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'9/module'"), std::string::npos) << message;
    EXPECT_NE(message.find("25 tries"), std::string::npos) << message;
    EXPECT_NE(message.find("impossible"), std::string::npos) << message;
    EXPECT_EQ(e.tally().rejected("impossible"), 25u);
  }
}

TEST(Tally, MergesInOrderAndPrintsATable) {
  Tally a, b;
  a.declare("too easy");
  a.reject("too easy", 3);
  a.accept();
  b.reject("not unique", 2);
  b.reject("too easy");
  b.accept(2);
  a.merge(b);
  EXPECT_EQ(a.rejected("too easy"), 4u);
  EXPECT_EQ(a.rejected("not unique"), 2u);
  EXPECT_EQ(a.rejected("never seen"), 0u);
  EXPECT_EQ(a.accepted(), 3u);
  EXPECT_EQ(a.tries(), 9u);
  ASSERT_EQ(a.rows().size(), 2u);
  EXPECT_EQ(a.rows()[0].reason, "too easy");
  const std::string table = a.table();
  EXPECT_NE(table.find("too easy"), std::string::npos);
  EXPECT_NE(table.find("44.4%"), std::string::npos) << table;  // 4 of 9
  EXPECT_NE(table.find("tries"), std::string::npos);
  EXPECT_EQ(a.to_json()["accepted"], 3);
}

TEST(Tally, TotalTriesAddsEveryTallysTries) {
  std::vector<Tally> chapters(3);
  chapters[0].reject("too easy", 5);
  chapters[1].accept(2);
  chapters[2].reject("not unique");
  chapters[2].accept();
  EXPECT_EQ(total_tries(chapters), 9u);
  EXPECT_EQ(total_tries({}), 0u);
}

}  // namespace
}  // namespace proven

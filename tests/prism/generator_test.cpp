#include "prism/generator.hpp"

#include <gtest/gtest.h>

#include "core/batch.hpp"
#include "support/sanitized.hpp"

namespace proven::prism {
namespace {

TEST(PrismGenerator, TargetParsRiseWithinChaptersAndAveragesRiseAcrossThem) {
  double previous_average = 0;
  for (const auto& spec : kChapters) {
    double sum = 0;
    for (int j = 0; j < spec.levels; ++j) {
      const int par = target_par(spec, j);
      EXPECT_GE(par, spec.par_min);
      EXPECT_LE(par, spec.par_max);
      if (j > 0) {
        EXPECT_GE(par, target_par(spec, j - 1));
      }
      sum += par;
    }
    EXPECT_EQ(target_par(spec, 0), spec.par_min);
    EXPECT_EQ(target_par(spec, spec.levels - 1), spec.par_max);
    const double average = sum / spec.levels;
    EXPECT_GT(average, previous_average) << spec.name;
    previous_average = average;
  }
  int total = 0;
  for (const auto& spec : kChapters) total += spec.levels;
  EXPECT_EQ(total, 240);
}

TEST(PrismGenerator, LevelsOfEveryChapterAreProven) {
  const Rng root = Rng::from_key("generator-test");
  for (const auto& spec : kChapters) {
    // Under sanitizers, each chapter's first level: every phenomenon's code path, a tenth of the time.
    for (int index : {0, spec.levels - 1}) {
      if (proven::testing::kSanitized && index > 0) continue;
      const Rng rng = root.fork("chapter", static_cast<std::uint64_t>(spec.number))
                          .fork("level", static_cast<std::uint64_t>(index));
      auto result = generate_level(spec, index, rng);
      ASSERT_TRUE(result.ok()) << result.failure_message();
      const Level& level = *result.value;
      std::printf("chapter %d level %d: %llu tries, par %d, %llu proof nodes\n%s", spec.number, index,
                  static_cast<unsigned long long>(result.tries), level.par,
                  static_cast<unsigned long long>(level.proof_nodes), result.tally.table().c_str());
      // Independent re-checks of what the generator claims.
      EXPECT_EQ(level.par, target_par(spec, index));
      EXPECT_EQ(count_solutions_by_enumeration(level.board, 1u << 22).value_or(1), 1u) << to_text(level.board);
      const ParSearch bfs = bfs_par(level.board, level.par, 1u << 22);
      EXPECT_EQ(bfs.verdict, ParVerdict::Found);
      EXPECT_EQ(bfs.par, level.par);
      EXPECT_EQ(taps_to(level.board, level.solution), level.par);
      EXPECT_FALSE(is_solved(level.board));
      const Board solved = with_rotations(level.board, level.solution);
      EXPECT_TRUE(is_solved(solved));
      EXPECT_TRUE(shows(solved, trace(solved), spec.phenomenon)) << spec.name;
    }
  }
}

}  // namespace
}  // namespace proven::prism

// The promises between levels, on hand-made levels: never easier, no six alike in a row.
#include "tilt/campaign.hpp"

#include <gtest/gtest.h>

namespace proven::tilt {
namespace {

Level level(int chapter, int par, std::int64_t bits_milli, const std::string& board) {
  Level l;
  l.chapter = chapter;
  l.par = par;
  l.bits_milli = bits_milli;
  l.board = from_text(board);
  return l;
}

TEST(TiltCampaignRules, ParNeverDropsAndBitsOnlyAsTheChapterAllows) {
  const std::string b = "R..r\n....\n";
  EXPECT_FALSE(easier_than(level(3, 5, 9000, b), level(3, 5, 9000, b)));
  EXPECT_EQ(easier_than(level(3, 5, 9000, b), level(4, 4, 9500, b)), "par 4 drops below 5");
  // Up to chapter 10 bits never drop, even when par rises.
  EXPECT_EQ(easier_than(level(9, 5, 9000, b), level(10, 6, 8900, b)), "bits 8.900 drop below 9.000 (chapters 1-10)");
  // From chapter 11 bits may drop when par rises, but not within one par.
  EXPECT_FALSE(easier_than(level(11, 5, 9000, b), level(11, 6, 8900, b)));
  EXPECT_EQ(easier_than(level(11, 6, 9000, b), level(11, 6, 8900, b)), "bits 8.900 drop below 9.000 at the same par 6");
}

TEST(TiltCampaignRules, WithinAChapterNothingIsTakenAway) {
  const Level two = level(5, 5, 9000, "R..r\nG..g\n");
  EXPECT_EQ(easier_than(two, level(5, 5, 9000, "R..r\n....\n")), "takes away a colour");
  EXPECT_EQ(easier_than(level(5, 5, 9000, "RR.r\n....\n"), level(5, 5, 9000, "R..r\n....\n")), "takes away a marble");
  EXPECT_EQ(easier_than(level(5, 5, 9000, "R..r\n...X\n"), level(5, 5, 9000, "R..r\n....\n")), "takes away a pit");
  EXPECT_EQ(easier_than(level(5, 5, 9000, "R..r\n....\n"), level(5, 5, 9000, "R.r\n...\n")),
            "takes away room (6 cells after 8)");
  // A new chapter may start smaller.
  EXPECT_FALSE(easier_than(two, level(6, 5, 9000, "R.r\n...\n")));
}

TEST(TiltCampaignRules, SameDifficultyIsTheSameParAndBitsToATenth) {
  const std::string b = "R..r\n";
  EXPECT_TRUE(same_difficulty(level(1, 5, 9040, b), level(1, 5, 8960, b)));
  EXPECT_FALSE(same_difficulty(level(1, 5, 9040, b), level(1, 5, 9060, b)));
  EXPECT_FALSE(same_difficulty(level(1, 5, 9000, b), level(1, 6, 9000, b)));
}

}  // namespace
}  // namespace proven::tilt

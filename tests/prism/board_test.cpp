#include "prism/board.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"

namespace proven::prism {
namespace {

Colour at(const Board& b, const Light& l, int x, int y) {
  return l.received[static_cast<std::size_t>(y * b.width + x)];
}

TEST(PrismTrace, MirrorsReflectBothWays) {
  // White light from the left hits "/" and goes up; with "\" it goes down.
  const Board slash = from_text(
      "..*W..\n"
      ">W/m..\n"
      "..*R..\n");
  const Light l = trace(slash);
  EXPECT_EQ(at(slash, l, 1, 0), kWhite);
  EXPECT_EQ(at(slash, l, 1, 2), 0);
  EXPECT_FALSE(is_solved(slash, l));  // the red crystal gets nothing

  Board backslash = slash;
  backslash.at(1, 1).rotation = 1;
  const Light l2 = trace(backslash);
  EXPECT_EQ(at(backslash, l2, 1, 0), 0);
  EXPECT_EQ(at(backslash, l2, 1, 2), kWhite);
}

TEST(PrismTrace, EveryReflectionOfBothMirrors) {
  // A mirror in the middle of a 3x3 board, lit from each side in turn.
  const struct {
    Dir in;
    int rotation;
    int out_x, out_y;
  } cases[] = {
      {Dir::East, 0, 1, 0}, {Dir::North, 0, 2, 1}, {Dir::West, 0, 1, 2}, {Dir::South, 0, 0, 1},
      {Dir::East, 1, 1, 2}, {Dir::South, 1, 2, 1}, {Dir::West, 1, 1, 0}, {Dir::North, 1, 0, 1},
  };
  for (const auto& c : cases) {
    Board b{3, 3, std::vector<Cell>(9)};
    b.at(1, 1) = {Kind::Mirror, 0, Dir::North, c.rotation};
    // The emitter sits on the side the light comes from, facing the mirror.
    const int ex = 1 - kDx[static_cast<std::size_t>(c.in)], ey = 1 - kDy[static_cast<std::size_t>(c.in)];
    b.at(ex, ey) = {Kind::Emitter, kRed, c.in, 0};
    b.at(c.out_x, c.out_y) = {Kind::Crystal, kRed, Dir::North, 0};
    EXPECT_TRUE(is_solved(b)) << "in " << static_cast<int>(c.in) << " rotation " << c.rotation << "\n" << to_text(b);
  }
}

TEST(PrismTrace, SplittersPassAndReflect) {
  const Board b = from_text(
      "..*B..\n"
      ">B/s*B\n");
  EXPECT_TRUE(is_solved(b));
}

TEST(PrismTrace, PrismsDisperseLightArrivingAlongTheirAxisOnly) {
  const Board b = from_text(
      "..*G..\n"
      ">WP>*R\n"
      "..*B..\n");
  EXPECT_TRUE(is_solved(b));
  Board turned = b;
  turned.at(1, 1).rotation = 2;  // axis West: the white beam now hits the housing
  const Light l = trace(turned);
  EXPECT_EQ(at(turned, l, 2, 1), 0);
  EXPECT_EQ(at(turned, l, 1, 0), 0);
}

TEST(PrismTrace, FiltersPassTheirColoursAlongTheirAxis) {
  const Board b = from_text(">W=Y*Y\n");
  EXPECT_TRUE(is_solved(b));
  Board across = b;
  across.at(1, 0).rotation = 1;  // vertical: blocks horizontal light
  EXPECT_FALSE(is_solved(across));
  EXPECT_EQ(trace(across).received[2], 0);
}

TEST(PrismTrace, CrystalsMixConvergingBeams) {
  const Board b = from_text(">R*M<B\n");
  EXPECT_TRUE(is_solved(b));
  Board wrong = b;
  wrong.at(1, 0).colour = kRed;  // receives magenta, asks for red: not solved
  EXPECT_FALSE(is_solved(wrong));
}

TEST(PrismTrace, LoopsTerminate) {
  // Four mirrors make a ring; the splitter feeds it and is fed by it again: the beam would
  // circulate forever, and the tracer stops once no (cell, direction) gains a colour.
  const Board b = from_text(
      "/m..\\m\n"
      "..*R..\n"
      "\\m/s/m\n"
      "..^R..\n");
  const Light l = trace(b);
  EXPECT_EQ(at(b, l, 0, 1), kRed);  // the far side of the ring is lit
  EXPECT_EQ(l.entering[static_cast<std::size_t>(1 * 4 + static_cast<int>(Dir::West))], kRed);
  EXPECT_TRUE(is_solved(b, l));
}

TEST(PrismTrace, WallsAndEdgesStopLight) {
  const Board b = from_text(">W##*W\n");
  EXPECT_FALSE(is_solved(b));
  EXPECT_EQ(trace(b).received[2], 0);
  EXPECT_FALSE(is_solved(from_text(">W....\n")));  // no crystal: nothing to solve
}

TEST(PrismText, RoundTripsEveryToken) {
  const std::string text =
      "..##^R>G\n"
      "vB<Y*M*C\n"
      "/m\\m/s\\s\n"
      "P^P>PvP<\n"
      "=R|G=W|B\n";
  const Board b = from_text(text);
  EXPECT_EQ(b.width, 4);
  EXPECT_EQ(b.height, 5);
  EXPECT_EQ(to_text(b), text);
  EXPECT_EQ(piece_cells(b).size(), 12u);
  EXPECT_EQ(radix_of(Kind::Prism), 4);
  EXPECT_EQ(radix_of(Kind::Mirror), 2);
}

TEST(PrismText, MalformedTextIsAUserError) {
  for (const std::string bad : {"", "...\n", "....\n..\n", "?x\n", "*X\n", ">.\n"})
    EXPECT_THROW(from_text(bad), UserError) << bad;
}

}  // namespace
}  // namespace proven::prism

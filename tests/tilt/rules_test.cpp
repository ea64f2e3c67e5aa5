// One test per rule of docs/tilt.md, "Rules": each board is tiny and its outcome worked out by hand.
#include "tilt/rules.hpp"

#include <gtest/gtest.h>

#include "core/errors.hpp"
#include "tilt/solver.hpp"

namespace proven::tilt {
namespace {

// The board after tilting `moves` in order (stops at a loss or a clear), as text, or "lost".
std::string after(const std::string& text, const std::string& moves) {
  const Board b = from_text(text);
  const Rules rules(b);
  State s = rules.start();
  for (const char m : moves) {
    const Dir d = static_cast<Dir>(std::string_view("URDL").find(m));
    const Outcome o = rules.tilt(s, d, s);
    if (o == Outcome::Lost) return "lost";
    if (o == Outcome::Cleared) return "cleared";
  }
  // Draw the marbles where they are now (tiles under them are not shown).
  Board now = b;
  now.marbles.clear();
  for (int m = 0; m < rules.marbles(); ++m)
    if (s.pos[static_cast<std::size_t>(m)] != kHome)
      now.marbles.push_back({b.marbles[static_cast<std::size_t>(m)].colour, s.pos[static_cast<std::size_t>(m)]});
  sort_marbles(now);
  std::string out = to_text(now);
  out.pop_back();
  for (char& c : out)
    if (c == '\n') c = '|';
  return out;
}

TEST(TiltRules, AMarbleRollsUntilAWallOrTheEdge) {
  EXPECT_EQ(after("R..#.r", "R"), "..R#.r");
  EXPECT_EQ(after("..R..r\n......", "L"), "R....r|......");
  EXPECT_EQ(after(".r\n..\nR.", "U"), "Rr|..|..");
}

TEST(TiltRules, LeadingMarblesMoveFirstAndBlockTheOnesBehind) {
  EXPECT_EQ(after("RR..#.\n.....r", "R"), "..RR#.|.....r");
  EXPECT_EQ(after("R.R.B\n....r\n....b", "R"), "..RRB|....r|....b");
}

TEST(TiltRules, AMarbleDropsIntoAHoleOfItsColourAndRollsOverOthers) {
  EXPECT_EQ(after("R.g..r\nG.....", "R"), "..g..r|.....G");
  EXPECT_EQ(after("R.g...\nG....r", "R"), "..g..R|.....G");
  // A marble that drops home frees its lane at once: the one behind rolls home too.
  EXPECT_EQ(after("RR..r", "R"), "cleared");
}

TEST(TiltRules, APitLosesTheLevel) {
  EXPECT_EQ(after("R.X.r", "R"), "lost");
  EXPECT_EQ(after("R.X.r\n....r", "L"), "R.X.r|....r");  // a tilt that moves nothing
}

TEST(TiltRules, StopPadsStopAMarbleOnThem) {
  EXPECT_EQ(after("R.s..r", "R"), "..R..r");
  EXPECT_EQ(after("R.s..r", "RR"), "cleared");
}

TEST(TiltRules, OneWayGatesLetMarblesInOnlyAlongTheirArrow) {
  EXPECT_EQ(after("R.>..r", "R"), "cleared");
  EXPECT_EQ(after("r..<.R", "L"), "cleared");
  EXPECT_EQ(after("r..>.R", "L"), "r..>R.");
  // A marble resting on a gate may leave it in any direction.
  EXPECT_EQ(after("R>#\n.r.", "R"), ".R#|.r.");
  EXPECT_EQ(after("R>#\n.r.", "RD"), "cleared");
}

TEST(TiltRules, APlugIsKnockedOutByTheMarbleItStops) {
  EXPECT_EQ(after("R..1", "R"), "..R1");      // the plug stops it and is knocked out
  EXPECT_EQ(after("R..1", "RR"), "cleared");  // then the hole is open
  EXPECT_EQ(after("R..1\nG..g", "RL"), "R..1|...g");
}

TEST(TiltRules, SpringsTurnAMarbleBackOnceThenStopIt) {
  EXPECT_EQ(after("r.R.z.", "R"), "cleared");                // bounced back into its hole
  EXPECT_EQ(after("z.R.z.\nr.....", "R"), "R...z.|r.....");  // the second spring stops it
}

TEST(TiltRules, MagnetsCatchAMarbleThatRollsNextToThem) {
  EXPECT_EQ(after("R....r\n...m..", "R"), "...R.r|...m..");
  EXPECT_EQ(after("R..m.r", "R"), "..Rm.r");  // a magnet is solid
}

TEST(TiltRules, GlassBreaksUnderARestingMarble) {
  EXPECT_EQ(after("R.+#.r", "R"), "lost");     // comes to rest on glass
  EXPECT_EQ(after("R.+..r", "R"), "cleared");  // rolls over it
}

TEST(TiltRules, CrackedFloorCollapsesAfterAMarbleLeavesIt) {
  EXPECT_EQ(after("R.c..#\n.....r", "R"), "..c.R#|.....r");
  EXPECT_EQ(after("R.c..#\n.....r", "RL"), "lost");
  // Stopping on cracked floor is safe; leaving it collapses it.
  EXPECT_EQ(after("R.c#\n...r", "R"), "..R#|...r");
}

TEST(TiltRules, TwinPortalsSendAMarbleOnFromTheOtherPortal) {
  EXPECT_EQ(after("R.O#..\n....O.\nr.....", "R"), "..O#..|....OR|r.....");
  // A marble teleports once per tilt: meeting a portal again, it rolls over it as floor.
  EXPECT_EQ(after("O.RO.#\nr.....", "R"), "O..OR#|r.....");
}

TEST(TiltRules, LocksStayShutUntilAMarbleRollsOverTheKey) {
  EXPECT_EQ(after("R.L.r\n.....\n.k...", "R"), ".RL.r|.....|.k...");
  EXPECT_EQ(after("..L.r\n.R...\n.k...", "DUR"), "cleared");
}

TEST(TiltRules, StateKeysIgnoreWhichOfTwoSameColourMarblesIsWhere) {
  const Board b = from_text("R..R\n...r");
  const Rules rules(b);
  State s = rules.start();
  State swapped = s;
  std::swap(swapped.pos[0], swapped.pos[1]);
  State a, c;
  rules.tilt(s, Dir::Down, a);
  rules.tilt(swapped, Dir::Down, c);
  EXPECT_EQ(rules.key(a), rules.key(c));
  EXPECT_EQ(rules.unpack(rules.key(a)), a);
}

TEST(TiltBoard, TextRoundTripsAndBadBoardsAreUserErrors) {
  const std::string text = "#.R1\nX>sz\nm+cO\nkLOr\n";
  EXPECT_EQ(to_text(from_text(text)), text);
  EXPECT_THROW(from_text("R.?\n..r"), UserError);
  EXPECT_THROW(from_text("R..\n.r"), UserError);                     // ragged
  EXPECT_THROW(from_text("R..g"), UserError);                        // no red hole
  EXPECT_THROW(from_text("R.Or"), UserError);                        // one portal
  EXPECT_THROW(from_text("R.Lr"), UserError);                        // a lock without a key
  EXPECT_THROW(from_text(std::string(9, '.') + "R\nr"), UserError);  // too wide
}

TEST(TiltBoard, TheEightSymmetriesAreTurnsAndMirrors) {
  const Board b = from_text("R.>\n.#r\n");
  EXPECT_EQ(to_text(transformed(b, 1)), ".R\n#.\nrv\n");
  EXPECT_EQ(to_text(transformed(b, 4)), "<.R\nr#.\n");
  EXPECT_EQ(transformed(transformed(transformed(transformed(b, 1), 1), 1), 1), b);
  // A solution turned with its board still clears it.
  const Board level = from_text("R..#\n.#..\n...r\n");
  const std::vector<Dir> solution = {Dir::Down, Dir::Right};
  ASSERT_EQ(play(level, solution), Outcome::Cleared);
  for (int s = 0; s < 8; ++s) {
    std::vector<Dir> turned;
    for (const Dir d : solution) turned.push_back(transform_dir(d, s));
    EXPECT_EQ(play(transformed(level, s), turned), Outcome::Cleared) << "symmetry " << s;
  }
}

}  // namespace
}  // namespace proven::tilt

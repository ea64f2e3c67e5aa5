#include "prism/prover.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace proven::prism {
namespace {

// A random board built the way levels are, so its pieces interact: emitters anywhere, each
// piece where light already passes, crystals where light lands asking for what arrives. Then
// some boards are spoiled on purpose, so every verdict occurs: a crystal asks for another
// colour (often no solution), or a piece goes where no light is (a dark piece). Finally every
// piece is turned at random.
struct Shape {
  int min_side = 4, max_side = 5;
  int max_emitters = 2;
  int max_pieces = 8;
};

std::vector<std::size_t> lit_floor(const Board& b) {
  const Light light = trace(b);
  std::vector<std::size_t> cells;
  for (std::size_t i = 0; i < b.cells.size(); ++i)
    if (b.cells[i].kind == Kind::Empty && light.received[i]) cells.push_back(i);
  return cells;
}

Board random_board_once(Rng& rng, Shape shape) {
  const int w = static_cast<int>(rng.uniform(shape.min_side, shape.max_side));
  const int h = static_cast<int>(rng.uniform(shape.min_side, shape.max_side));
  Board b{w, h, std::vector<Cell>(static_cast<std::size_t>(w * h))};
  const std::vector<Kind> piece_kinds = {Kind::Mirror, Kind::Splitter, Kind::Prism, Kind::Filter};
  const int emitters = static_cast<int>(rng.uniform(1, shape.max_emitters));
  for (int i = 0; i < emitters; ++i) {
    const std::size_t cell = rng.below(b.cells.size());
    const int x = static_cast<int>(cell) % w, y = static_cast<int>(cell) / w;
    const Dir inward = x < w / 2 ? Dir::East : y < h / 2 ? Dir::South : y >= h - 1 ? Dir::North : Dir::West;
    b.cells[cell] = {Kind::Emitter, static_cast<Colour>(rng.uniform(1, 7)), inward, 0};
  }
  const int pieces = static_cast<int>(rng.uniform(1, shape.max_pieces));
  for (int i = 0; i < pieces; ++i) {
    const auto sites = lit_floor(b);
    if (sites.empty()) break;
    const std::size_t site = rng.pick(sites);
    const Kind kind = rng.pick(piece_kinds);
    const auto colour = static_cast<Colour>(rng.uniform(1, 6));
    b.cells[site] = {kind, colour, Dir::North, static_cast<int>(rng.below(static_cast<std::uint64_t>(radix_of(kind))))};
  }
  const int crystals = static_cast<int>(rng.uniform(1, 4));
  for (int i = 0; i < crystals; ++i) {
    const auto sites = lit_floor(b);
    if (sites.empty()) break;
    b.cells[rng.pick(sites)] = {Kind::Crystal, kWhite, Dir::North, 0};
  }
  const Light light = trace(b);
  std::vector<std::size_t> crystal_cells;
  for (std::size_t i = 0; i < b.cells.size(); ++i) {
    if (b.cells[i].kind != Kind::Crystal) continue;
    if (!light.received[i]) {
      b.cells[i] = Cell{Kind::Wall};  // a later piece or crystal took its light; walls absorb alike
      continue;
    }
    b.cells[i].colour = light.received[i];
    crystal_cells.push_back(i);
  }
  if (!crystal_cells.empty() && rng.chance(1, 8))
    b.cells[rng.pick(crystal_cells)].colour = static_cast<Colour>(rng.uniform(1, 7));
  if (rng.chance(1, 8)) {
    const std::size_t cell = rng.below(b.cells.size());
    if (b.cells[cell].kind == Kind::Empty && !light.received[cell]) b.cells[cell] = {Kind::Mirror, 0, Dir::North, 0};
  }
  for (int cell : piece_cells(b)) {
    Cell& c = b.cells[static_cast<std::size_t>(cell)];
    c.rotation = static_cast<int>(rng.below(static_cast<std::uint64_t>(radix_of(c.kind))));
  }
  return b;
}

// Boards without a crystal are never solved and teach the cross-check nothing: draw again.
Board random_board(Rng rng, Shape shape) {
  for (;;) {
    Board b = random_board_once(rng, shape);
    for (const Cell& c : b.cells)
      if (c.kind == Kind::Crystal) return b;
  }
}

struct VerdictCounts {
  int unique = 0, not_unique = 0, none = 0, split = 0;
};

// The prover's verdict must match the count of solved states by plain enumeration, and a
// unique board's solution must solve it.
void expect_agrees_with_enumeration(const Board& b, VerdictCounts& counts) {
  const auto count = count_solutions_by_enumeration(b, 1u << 18);
  ASSERT_TRUE(count.has_value());
  const auto proof = prove_unique(b);
  counts.split += proof.parts >= 2;
  switch (proof.verdict) {
    case Uniqueness::Unique: {
      ASSERT_EQ(*count, 1u) << to_text(b);
      EXPECT_TRUE(is_solved(with_rotations(b, proof.solution))) << to_text(b);
      ++counts.unique;
      break;
    }
    case Uniqueness::NotUnique:
      ASSERT_GE(*count, 2u) << to_text(b);
      ++counts.not_unique;
      break;
    case Uniqueness::NoSolution:
      ASSERT_EQ(*count, 0u) << to_text(b);
      ++counts.none;
      break;
    case Uniqueness::OverBudget:
      FAIL() << "tiny boards never exhaust the budget";
  }
}

TEST(PrismProver, AgreesWithPlainEnumerationOnThousandsOfBoards) {
  const Rng root = Rng::from_key("prover-cross-check");
  VerdictCounts counts;
  for (std::uint64_t i = 0; i < 5000; ++i)
    expect_agrees_with_enumeration(random_board(root.fork("board", i), {}), counts);
  // The sample must exercise every verdict, or the cross-check proves little.
  EXPECT_GT(counts.unique, 100);
  EXPECT_GT(counts.not_unique, 100);
  EXPECT_GT(counts.none, 0);
}

TEST(PrismProver, AgreesWithPlainEnumerationWhenBoardsSplitIntoParts) {
  // Larger boards with up to four emitters often split into light-independent parts, whose
  // counts the prover multiplies; enumeration knows nothing of parts.
  const Rng root = Rng::from_key("prover-parts-cross-check");
  VerdictCounts counts;
  for (std::uint64_t i = 0; i < 1500; ++i)
    expect_agrees_with_enumeration(
        random_board(root.fork("board", i), {.min_side = 6, .max_side = 7, .max_emitters = 4, .max_pieces = 9}),
        counts);
  EXPECT_GT(counts.split, 100);
  EXPECT_GT(counts.unique, 20);
  EXPECT_GT(counts.not_unique, 20);
  EXPECT_GT(counts.none, 20);
}

TEST(PrismProver, AnUnlitPieceMakesASolvedBoardNotUnique) {
  // The mirror in the corner is never lit: both its rotations leave the board solved.
  const Board b = from_text(
      ">R*R..\n"
      "....\\m\n");
  const auto proof = prove_unique(b);
  EXPECT_EQ(proof.verdict, Uniqueness::NotUnique);
  EXPECT_LE(proof.nodes, 2u);  // found at the root, without enumerating the mirror
}

TEST(PrismProver, RunsOutOfBudgetHonestly) {
  // A proof that needs n nodes gives the same verdict with a budget of exactly n, and runs out
  // with n - 1: the budget is a hard, exact limit, never a verdict by default.
  const Rng root = Rng::from_key("budget");
  int capped_proofs = 0;
  for (std::uint64_t i = 0; i < 1000; ++i) {
    const Board b = random_board(root.fork("board", i), {});
    const auto full = prove_unique(b);
    if (full.nodes < 2) continue;
    EXPECT_EQ(prove_unique(b, {.node_budget = full.nodes}).verdict, full.verdict) << to_text(b);
    const auto capped = prove_unique(b, {.node_budget = full.nodes - 1});
    EXPECT_EQ(capped.verdict, Uniqueness::OverBudget) << to_text(b);
    EXPECT_EQ(capped.nodes, full.nodes - 1);
    ++capped_proofs;
  }
  EXPECT_GT(capped_proofs, 200);
}

TEST(PrismPar, BfsAgreesWithTapsOnUniqueBoards) {
  const Rng root = Rng::from_key("par-cross-check");
  int checked = 0;
  for (std::uint64_t i = 0; i < 2000; ++i) {
    const Board b = random_board(root.fork("board", i), {.max_pieces = 8});
    const auto proof = prove_unique(b);
    if (proof.verdict != Uniqueness::Unique) continue;
    const int par = taps_to(b, proof.solution);
    const ParSearch bfs = bfs_par(b, 40, 1u << 20);
    EXPECT_EQ(bfs.verdict, ParVerdict::Found) << to_text(b);
    EXPECT_EQ(bfs.par, par) << to_text(b);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(PrismPar, BfsFindsZeroOnSolvedBoardsAndNothingOnUnsolvable) {
  const ParSearch one_tap = bfs_par(from_text(">R/m\n..*R\n"), 5, 100);  // "/" sends it up; "\" down
  EXPECT_EQ(one_tap.verdict, ParVerdict::Found);
  EXPECT_EQ(one_tap.par, 1);
  const ParSearch solved = bfs_par(from_text(">R\\m\n..*R\n"), 5, 100);
  EXPECT_EQ(solved.verdict, ParVerdict::Found);
  EXPECT_EQ(solved.par, 0);
  const ParSearch unsolvable = bfs_par(from_text(">R/m\n..*G\n"), 5, 100);
  EXPECT_EQ(unsolvable.verdict, ParVerdict::Unsolvable);
  EXPECT_EQ(unsolvable.states, 2u);
}

// A board 26 wide: an emitter and a mirror over a crystal, then rows of `pieces` unlit tokens.
Board corner_and_pieces(const std::string& mirror, const std::string& crystal, const std::string& token, int pieces) {
  const std::string rest(2 * 24, '.');
  std::string text = ">R" + mirror + rest + "\n.." + crystal + rest + "\n";
  for (int row_start = 0; row_start < pieces; row_start += 26) {
    for (int x = 0; x < 26; ++x) text += row_start + x < pieces ? token : "..";
    text += "\n";
  }
  return from_text(text);
}

// Running out, or a space too large to encode, is its own verdict: never a disproof, never a signal.
TEST(PrismPar, BfsSaysWhenItCannotDecide) {
  const ParSearch within = bfs_par(from_text(">R/m\n..*R\n"), 0, 100);
  EXPECT_EQ(within.verdict, ParVerdict::NoneWithinDepth);
  // No rotation lights the green crystal: 2^41 states, far over a budget of 1000.
  const ParSearch over = bfs_par(corner_and_pieces("/m", "*G", "/m", 40), 10, 1000);
  EXPECT_EQ(over.verdict, ParVerdict::OverBudget);
  EXPECT_GT(over.states, 1000u);
  // 32 prisms and a mirror: 2^65 states (the issue's 65-piece board divided by zero here).
  const Board huge = corner_and_pieces("\\m", "*R", "P^", 32);
  EXPECT_GE(state_space(huge), 0x1p64);
  EXPECT_EQ(bfs_par(huge, 10, 1000).verdict, ParVerdict::TooLarge);
  // 2^63 states still fit: solved at once.
  const ParSearch fits = bfs_par(corner_and_pieces("\\m", "*R", "/m", 62), 10, 1000);
  EXPECT_EQ(fits.verdict, ParVerdict::Found);
  EXPECT_EQ(fits.par, 0);
}

}  // namespace
}  // namespace proven::prism

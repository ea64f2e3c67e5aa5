#include "prism/prover.hpp"

#include <gtest/gtest.h>

#include "core/rng.hpp"

namespace proven::prism {
namespace {

// A random solved board, built answer-first: random emitters, pieces and crystal sites; the
// crystals that light reaches ask for what they receive, the others become walls (both absorb),
// and unlit pieces become empty (they send nothing anyway): the light does not change. Then
// every piece is turned at random.
Board random_board(Rng rng, int max_pieces) {
  const int w = static_cast<int>(rng.uniform(4, 5)), h = static_cast<int>(rng.uniform(4, 5));
  Board b{w, h, std::vector<Cell>(static_cast<std::size_t>(w * h))};
  const std::vector<Kind> piece_kinds = {Kind::Mirror, Kind::Splitter, Kind::Prism, Kind::Filter};
  const int emitters = static_cast<int>(rng.uniform(1, 2));
  const int pieces = static_cast<int>(rng.uniform(1, max_pieces));
  const int crystals = static_cast<int>(rng.uniform(2, 5));
  const auto cells = rng.sample(static_cast<std::size_t>(emitters + pieces + crystals), b.cells.size());
  std::size_t k = 0;
  for (int i = 0; i < emitters; ++i)
    b.cells[cells[k++]] = {Kind::Emitter, static_cast<Colour>(rng.uniform(1, 7)), static_cast<Dir>(rng.below(4)), 0};
  for (int i = 0; i < pieces; ++i) {
    const Kind kind = rng.pick(piece_kinds);
    b.cells[cells[k++]] = {kind, static_cast<Colour>(rng.uniform(1, 6)), Dir::North,
                           static_cast<int>(rng.below(static_cast<std::uint64_t>(radix_of(kind))))};
  }
  std::vector<std::size_t> sites(cells.begin() + static_cast<std::ptrdiff_t>(k), cells.end());
  for (auto s : sites) b.cells[s] = {Kind::Crystal, kWhite, Dir::North, 0};
  const Light light = trace(b);
  for (auto s : sites) {
    if (light.received[s]) b.cells[s].colour = light.received[s];
    else b.cells[s] = {Kind::Wall, 0, Dir::North, 0};
  }
  for (int cell : piece_cells(b))
    if (!light.received[static_cast<std::size_t>(cell)]) b.cells[static_cast<std::size_t>(cell)] = Cell{};
  for (int cell : piece_cells(b)) {
    Cell& c = b.cells[static_cast<std::size_t>(cell)];
    c.rotation = static_cast<int>(rng.below(static_cast<std::uint64_t>(radix_of(c.kind))));
  }
  return b;
}

TEST(PrismProver, AgreesWithPlainEnumerationOnThousandsOfBoards) {
  const Rng root = Rng::from_key("prover-cross-check");
  int unique = 0, not_unique = 0, none = 0;
  for (std::uint64_t i = 0; i < 3000; ++i) {
    const Board b = random_board(root.fork("board", i), 7);
    const auto count = count_solutions_by_enumeration(b, 1u << 16);
    ASSERT_TRUE(count.has_value());
    const auto proof = prove_unique(b);
    switch (proof.verdict) {
      case Uniqueness::Unique: {
        ASSERT_EQ(*count, 1u) << to_text(b);
        Board solved = b;
        const auto pieces = piece_cells(b);
        for (std::size_t k = 0; k < pieces.size(); ++k) solved.cells[static_cast<std::size_t>(pieces[k])].rotation = proof.solution[k];
        EXPECT_TRUE(is_solved(solved)) << to_text(b);
        ++unique;
        break;
      }
      case Uniqueness::NotUnique: ASSERT_GE(*count, 2u) << to_text(b); ++not_unique; break;
      case Uniqueness::NoSolution: ASSERT_EQ(*count, 0u) << to_text(b); ++none; break;
      case Uniqueness::OverBudget: FAIL() << "tiny boards never exhaust the budget";
    }
  }
  // The sample must exercise every verdict, or the cross-check proves little.
  EXPECT_GT(unique, 100);
  EXPECT_GT(not_unique, 100);
  EXPECT_GT(none, 0);
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
  // Any board whose full proof needs more than a few nodes runs out of a 3-node budget.
  const Rng root = Rng::from_key("budget");
  for (std::uint64_t i = 0; i < 100; ++i) {
    const Board b = random_board(root.fork("board", i), 7);
    const auto full = prove_unique(b);
    if (full.nodes <= 10 || full.verdict == Uniqueness::NotUnique) continue;
    const auto capped = prove_unique(b, {.node_budget = 3});
    EXPECT_EQ(capped.verdict, Uniqueness::OverBudget) << to_text(b);
    return;
  }
  FAIL() << "no board needed more than 10 nodes";
}

TEST(PrismPar, BfsAgreesWithTapsOnUniqueBoards) {
  const Rng root = Rng::from_key("par-cross-check");
  int checked = 0;
  for (std::uint64_t i = 0; i < 400; ++i) {
    const Board b = random_board(root.fork("board", i), 6);
    const auto proof = prove_unique(b);
    if (proof.verdict != Uniqueness::Unique) continue;
    const int par = taps_to(b, proof.solution);
    EXPECT_EQ(bfs_par(b, 40, 1u << 20), par) << to_text(b);
    ++checked;
  }
  EXPECT_GT(checked, 20);
}

TEST(PrismPar, BfsFindsZeroOnSolvedBoardsAndNothingOnUnsolvable) {
  EXPECT_EQ(bfs_par(from_text(">R/m\n..*R\n"), 5, 100), std::optional<int>(1));  // "/" sends it up; "\" down
  EXPECT_EQ(bfs_par(from_text(">R\\m\n..*R\n"), 5, 100), std::optional<int>(0));
  EXPECT_EQ(bfs_par(from_text(">R/m\n..*G\n"), 5, 100), std::nullopt);
}

}  // namespace
}  // namespace proven::prism

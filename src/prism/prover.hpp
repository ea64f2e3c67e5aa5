#pragma once
// Proofs about a PRISM board: exactly one solved rotation state, and the true minimum taps (par).
//
//   auto proof = proven::prism::prove_unique(board, {.node_budget = 2'000'000});
//   if (proof.verdict == Uniqueness::Unique) par = taps_to(board, proof.solution);
//
// prove_unique searches rotations instead of enumerating them. Pieces are fixed in the order
// light reaches them; after each choice the light through fixed cells is traced with free pieces
// as unknown cells. That light reaches crystals whatever the free pieces do, and light is never
// taken away by adding pieces' outputs, so a crystal already receiving a colour it does not ask
// for kills the branch. When no free piece is lit, the light is final: if it solves the board,
// every rotation of each unlit piece is a solution too, so one unlit piece with radix > 1 makes
// the board non-unique at once (the original's "dead pieces" effect, found without enumeration).
// Budgets count search nodes, never seconds.
#include <cstdint>
#include <optional>
#include <vector>

#include "prism/board.hpp"

namespace proven::prism {

enum class Uniqueness { Unique, NotUnique, NoSolution, OverBudget };
const char* to_string(Uniqueness verdict);

struct UniquenessOptions {
  std::uint64_t node_budget = 5'000'000;
};

struct UniquenessProof {
  Uniqueness verdict = Uniqueness::NoSolution;
  std::vector<int> solution;  // when Unique: a rotation per piece, in piece_cells order
  std::uint64_t nodes = 0;    // search nodes visited
};

UniquenessProof prove_unique(const Board& board, const UniquenessOptions& options = {});

// Solved states among all rotation combinations, by plain enumeration (no pruning): the
// independent check the tests hold prove_unique to. Returns nullopt above max_states.
std::optional<std::uint64_t> count_solutions_by_enumeration(const Board& board, std::uint64_t max_states);

// The product of the pieces' radices: the size of the rotation state space.
double state_space(const Board& board);

// Taps from the board's current rotations to `solution`: sum over pieces of (target - now) mod radix.
int taps_to(const Board& board, const std::vector<int>& solution);

// The fewest taps that solve the board, by breadth-first search over rotation states from the
// board as it is, assuming nothing about uniqueness. nullopt if unsolvable within max_depth taps
// or after visiting max_states states.
std::optional<int> bfs_par(const Board& board, int max_depth, std::uint64_t max_states);

}  // namespace proven::prism

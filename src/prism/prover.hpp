#pragma once
// Proofs about a PRISM board: exactly one solved rotation state, and the true minimum taps (par).
//
//   auto proof = proven::prism::prove_unique(board, {.node_budget = 2'000'000});
//   if (proof.verdict == Uniqueness::Unique) par = taps_to(board, proof.solution);
//
// prove_unique searches rotations instead of enumerating them. First it splits the board into
// light-independent parts (emitters whose light could never meet at a piece or crystal, under any
// rotations): the board's solution count is the product of the parts' counts, so a board of
// 10^9 states made of three parts of 10^3 costs three small searches, not one large one. Within
// a part, pieces are fixed in the order light reaches them, and two traces bound every
// completion: with free pieces opaque (light that reaches a crystal this way reaches it whatever
// they do; light only grows as pieces are fixed, so an extra colour kills the branch) and with
// free pieces in all rotations at once (everything light could still reach; a crystal missing a
// colour there kills the branch). When no free piece is lit, the light is final: if it solves
// the part, every rotation of each unlit piece does too, so one unlit piece makes the board
// non-unique at once (the original's "dead pieces" effect, found without enumeration).
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
  std::uint64_t nodes = 0;    // search nodes visited, over all parts
  int parts = 0;              // light-independent parts the board split into
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
// board as it is, assuming nothing about uniqueness. Every way the search can end is its own
// verdict, so running out of budget is never mistaken for a disproof:
enum class ParVerdict {
  Found,            // `par` taps solve it, and no fewer do
  NoneWithinDepth,  // every state within max_depth taps was visited: none is solved
  Unsolvable,       // every reachable state was visited: none is solved
  OverBudget,       // more than max_states states were needed: nothing proven
  TooLarge,         // 2^64 or more rotation states: beyond the search's state codes, nothing proven
};

struct ParSearch {
  ParVerdict verdict = ParVerdict::OverBudget;
  int par = -1;              // when Found
  std::uint64_t states = 0;  // distinct states visited (memory: about 16 bytes each)
};

ParSearch bfs_par(const Board& board, int max_depth, std::uint64_t max_states);

}  // namespace proven::prism

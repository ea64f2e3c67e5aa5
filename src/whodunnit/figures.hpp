#pragma once
// How obvious a mystery is (docs/whodunnit.md): with a the ambiguity of the setup alone and a_n
// the ambiguity with clue n alone, clue n's obviousness is a − a_n and the mystery's is the sum.
// The gold standard Σ(a − a_n) < a: the clues together say more than the sum of their parts.
#include <span>
#include <vector>

#include "whodunnit/bounds.hpp"

namespace proven::whodunnit {

struct Figures {
  int initial_ambiguity = 0;          // a
  std::vector<int> clue_obviousness;  // a − a_n, per clue
  int obviousness = 0;                // Σ (a − a_n)
  bool gold_standard = false;         // obviousness < initial_ambiguity
};

// Each clue must be consistent with the setup on its own (a contract: contradictory clues never
// reach a mystery).
Figures figures(const Lattice& lattice, std::span<const Clue> clues);

}  // namespace proven::whodunnit

#include "whodunnit/figures.hpp"

#include "core/check.hpp"

namespace proven::whodunnit {

Figures figures(const Lattice& lattice, std::span<const Clue> clues) {
  Figures result;
  const Outcome setup_only = solve(lattice, {});
  PROVEN_CHECK(setup_only.status != Status::Contradictory, "setup contradicts itself");
  result.initial_ambiguity = setup_only.ambiguity;
  for (const Clue& clue : clues) {
    const Outcome alone = solve(lattice, std::span<const Clue>(&clue, 1));
    PROVEN_CHECK(alone.status != Status::Contradictory, "a clue contradicts the setup on its own");
    const int obviousness = result.initial_ambiguity - alone.ambiguity;
    result.clue_obviousness.push_back(obviousness);
    result.obviousness += obviousness;
  }
  result.gold_standard = result.obviousness < result.initial_ambiguity;
  return result;
}

}  // namespace proven::whodunnit

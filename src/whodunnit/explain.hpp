#pragma once
// The solver's working as steps a player can follow. A player keeps a grid of facts (portrait s
// is, or is not, <trait>); each step cites the fewest clues that, with the setup and the facts
// already in the grid, fix at least one new fact by propagation, and writes down every fact they
// fix. The steps end when every identity is fixed.
//
//   std::vector<Step> steps = explain(setup, clues);        // clues determine the mystery
//   std::optional<Step> hint = next_step(setup, clues, known);
//
// Citations: first no clue at all (elimination from the grid and the counts, if it gives more
// than facts that follow at once; those are written down with the next step), then every single
// clue, then pairs, then triples, taking at each size the citation that fixes the most facts
// (ties: the earliest clues). If no three clues do, a citation is found by dropping clues from
// the whole set one at a time while it still fixes something, so no cited clue can be left out.
// Clues the grid already implies are never cited: they add nothing.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "whodunnit/bounds.hpp"

namespace proven::whodunnit {

// Portrait `suspect` has (holds) or has not `trait` (a trait category, not the portrait).
struct Fact {
  int suspect = 0;
  Term trait = {};
  bool holds = true;
  friend bool operator==(const Fact&, const Fact&) = default;
};

Bound fact_bound(const Fact& fact);

struct Step {
  std::vector<int> clues = {};     // clue indices, increasing; empty: by elimination
  std::vector<Fact> settled = {};  // the new facts, in grid order (suspect, category, value)
  bool uses_grid = false;          // the cited clues need facts from the grid (not only the setup)
};

// The facts fixed by the setup, `known` facts and `clues`, after propagation; the state is
// contradictory if they cannot all hold (then the result is empty).
std::vector<Fact> fixed_facts(const Lattice& lattice, std::span<const Fact> known, std::span<const Clue> clues);

// The next step from the facts in `known`, or nullopt if nothing new can be fixed (every
// identity fixed, or the clues do not determine more). `known` must hold in every solution of
// the clues (a contract: a wrong fact could make propagation contradictory).
std::optional<Step> next_step(const Lattice& lattice, std::span<const Clue> clues, std::span<const Fact> known);

// Every step from the grid `known` (empty: from the setup alone) until nothing new can be fixed;
// for clues that determine the mystery, that is until every identity is fixed.
std::vector<Step> explain(const Lattice& lattice, std::span<const Clue> clues, std::span<const Fact> known = {});

// A negative fact a player writes without thinking once the positives are in: the suspect has
// another value of that category, or every holder of the value is among `positives`.
bool follows_at_once(const Setup& setup, const Fact& fact, std::span<const Fact> positives);

// True once every portrait-trait fact is in `grid` (each suspect's every trait is known).
bool every_identity_fixed(const Setup& setup, std::span<const Fact> grid);

}  // namespace proven::whodunnit

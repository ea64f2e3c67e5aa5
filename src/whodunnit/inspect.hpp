#pragma once
// The designer's grid (Game::inspect, core/game.hpp InspectedGame): the bounds solver's cells
// for a case with any of its clues switched off, as the original's "Little Grey Cells" debug
// tool shows them. Each cell of the picture is the range [min, max] of suspects having two
// names (or being portrait k and having a name) after propagation; the summary says what the
// solver concludes (determined, undetermined with its ambiguity, or contradictory) and each
// clue's switch says what it adds.
//
//   Inspection view = inspect_case(c, {2, 5});   // clues 3 and 6 off
//   view.summary      // "14 of 16 clues on: undetermined, ambiguity 6 (the setup alone: 212)"
//   view.switches[2]  // {"clue 3", prose, "obviousness 10; switching it on: ambiguity 2", false}
#include <cstddef>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/case.hpp"

namespace proven::whodunnit {

// The setup's bounds and those of the clues marked on, propagated (to a fixpoint or the first
// contradiction).
Bounds bounds_with(const Lattice& lattice, const Case& c, const std::vector<bool>& clue_on);

// The grid of a state, laid out as a logic-grid puzzle is printed: the portrait and trait
// categories across the top, the trait categories down the side, one block per pair of
// categories (each pair once), each cell showing its range: a settled count on a tint (green
// for at least one suspect, grey for none), a range on white, a contradiction (min > max) in red.
std::string bounds_grid_svg(const Bounds& bounds);

// `off`: 0-based clue indices switched off (UserError naming one out of range).
Inspection inspect_case(const Case& c, const std::vector<std::size_t>& off);

}  // namespace proven::whodunnit

#pragma once
// TILT pictures: a level as dealt, then the board after each tilt of its solution, as SVG.
#include <string>

#include "tilt/generator.hpp"
#include "tilt/rules.hpp"

namespace proven::tilt {

std::string render_level_svg(const Level& level, const std::string& caption);

// The board being played, for a browser: column letters and row numbers around it; the board is
// a group <g class="board" data-cell="32" data-x="24" data-y="24"> (cell size and top-left corner)
// and each marble a circle with data-marble="k" (0-based, the order of a move's "marbles"), so a
// page can roll each marble along the path the engine reports before drawing the new position.
std::string render_play_svg(const Board& board, const Rules& rules, const State& state);

}  // namespace proven::tilt

#pragma once
// TILT pictures: a level as dealt, then the board after each tilt of its solution, as SVG.
#include <string>

#include "tilt/generator.hpp"
#include "tilt/rules.hpp"

namespace proven::tilt {

std::string render_level_svg(const Level& level, const std::string& caption);

// The board being played, for a browser: column letters and row numbers around it; the board is
// a group <g class="board" data-cell="32" data-x="24" data-y="24"> (cell size and top-left corner)
// and each marble a circle with data-at="C3" (its cell), so a page can roll each marble along
// the path a move reports (which starts at that cell) before drawing the new position.
std::string render_play_svg(const Board& board, const Rules& rules, const State& state);

}  // namespace proven::tilt

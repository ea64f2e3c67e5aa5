#pragma once
// Pictures of PRISM boards: an SVG with the board's cells and the beams light takes.
#include <string>
#include <vector>

#include "prism/board.hpp"

namespace proven::prism {

// One board with its traced beams; `caption` goes above it.
std::string render_svg(const Board& board, const std::string& caption);

// The scrambled board and its solved state side by side.
std::string render_level_svg(const Board& scrambled, const Board& solved, const std::string& caption);

// The board being played, for a browser: column letters and row numbers around it, and each
// cell in `tappable` (cell indices) a target carrying data-move="tap C3" (core/play.hpp).
std::string render_play_svg(const Board& board, const std::vector<int>& tappable);

}  // namespace proven::prism

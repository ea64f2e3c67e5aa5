#pragma once
// TILT pictures: a level as dealt, then the board after each tilt of its solution, as SVG.
#include <string>

#include "tilt/generator.hpp"

namespace proven::tilt {

std::string render_level_svg(const Level& level, const std::string& caption);

}  // namespace proven::tilt

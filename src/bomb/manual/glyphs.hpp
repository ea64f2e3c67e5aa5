#pragma once
// Drawings of the Glyph Keypad's 30 glyphs, by the names the manual gives them.
#include <string_view>

#include "core/svg.hpp"

namespace proven::bomb {

// Draws the glyph called `name` into a 100 x 100 box of `svg`, in strokes that inherit the
// enclosing group's stroke (filled parts say their own fill). False if there is no such glyph.
bool draw_glyph(Svg& svg, std::string_view name);

}  // namespace proven::bomb

#pragma once
// The seating as the player reads it and sees it. The clues' seating (clues.hpp, left_of and
// right_of) says suspect s sat between s − 1 on their left and s + 1 on their right, round one
// table; a player cannot guess which way "left" runs, so every case states it (case_text), draws
// it in ASCII (the same text) and as SVG (show_svg, and above the notebook of the play page).
//
// Geometry: everyone faces the table's centre. Seen from above, a suspect's right hand points
// counterclockwise round the table, so portrait numbers increase counterclockwise. Both pictures
// put suspect 1 at the bottom, facing up the page as the reader does, so suspect 1's left and
// right are the reader's.
#include <string>

#include "core/svg.hpp"

namespace proven::whodunnit {

// The "Seating" paragraph of the case text for a cast of 4..8: the sentence, then the ASCII
// picture (indented four spaces, under 80 columns; one digit per seat, suspect 1's row reading
// "(left: N) <-- 1 --> (right: 2)"), then a line on how to read it. Ends with a newline.
std::string seating_text(int cast);

// The seating drawn into `svg` with its top-left corner at (x, y): the table, one seat per
// suspect (a group `class="seat" data-seat="k"` holding a circle and the number), arrows from
// seat 1 to its left and right neighbours, and the caption beside it. No clickable targets.
inline constexpr double kSeatingWidth = 760, kSeatingHeight = 320;
void draw_seating(Svg& svg, int cast, double x, double y);

// A standalone SVG document of the seating on the dark background the other games' pictures use.
std::string seating_svg(int cast);

}  // namespace proven::whodunnit

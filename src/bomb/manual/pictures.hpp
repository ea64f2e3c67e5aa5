#pragma once
// The manual's pictures as inline SVG (for the HTML manual), drawn from the document's data.
#include <string>
#include <string_view>

#include "bomb/manual/document.hpp"

namespace proven::bomb {

// Inline SVG (no XML declaration) of a picture, with a <title> saying what it shows.
std::string picture_svg(const Picture& picture);
// The CSS class of a picture's kind ("maze", "glyph", "lights", "swatch", "dial", "flashes", "wire").
std::string_view picture_kind(const Picture& picture);

}  // namespace proven::bomb

// Every picture in whole-number coordinates (geometry.hpp); the page's CSS sets printed sizes,
// and the viewBox scales the drawing to them.
#include "bomb/manual/pictures.hpp"

#include <array>
#include <vector>

#include <fmt/format.h>

#include "bomb/manual/geometry.hpp"
#include "bomb/manual/glyphs.hpp"
#include "bomb/modules/glyph_keypad.hpp"
#include "core/check.hpp"
#include "core/svg.hpp"

namespace proven::bomb {
namespace {

using geometry::Point;
constexpr std::array<std::string_view, 4> kDirections = {"up", "right", "down", "left"};

// Walls as in the Markdown drawing: each cell's top and right side, the left and bottom border.
// Column numbers above, row numbers to the left: the bomb names cells as (column,row).
std::string maze_svg(const MazePicture& maze) {
  constexpr int n = MazePicture::kSize, cell = 10, margin = 9, size = n * cell + margin + 3;
  Svg svg(size, size);
  svg.title(
      "a maze of 6 x 6 cells, columns numbered 1-6 from the left and rows 1-6 from the top; the rings mark "
      "its two marker cells");
  svg.open_group(R"(font-family="sans-serif" font-size="6" fill="#555" text-anchor="middle")");
  for (int i = 0; i < n; ++i) {
    svg.text(margin + i * cell + cell / 2.0, margin - 2.5, std::to_string(i + 1), "");
    svg.text(margin / 2.0 - 0.5, margin + i * cell + cell / 2.0 + 2, std::to_string(i + 1), "");
  }
  svg.close_group();
  svg.open_group(R"(stroke="#bbb" stroke-width="0.4")");
  for (int i = 1; i < n; ++i) {
    svg.line(margin + i * cell, margin, margin + i * cell, margin + n * cell, "");
    svg.line(margin, margin + i * cell, margin + n * cell, margin + i * cell, "");
  }
  svg.close_group();
  svg.open_group(R"(stroke="#111" stroke-width="1.6" stroke-linecap="square")");
  svg.line(margin, margin, margin, margin + n * cell, "");
  svg.line(margin, margin + n * cell, margin + n * cell, margin + n * cell, "");
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) {
      const std::uint8_t open = maze.open[static_cast<std::size_t>(y * n + x)];
      const int left = margin + x * cell, top = margin + y * cell;
      if (!(open & 1U)) svg.line(left, top, left + cell, top, "");
      if (!(open & 2U)) svg.line(left + cell, top, left + cell, top + cell, "");
    }
  svg.close_group();
  for (const std::uint8_t marker : maze.markers)
    svg.circle(margin + (marker % n) * cell + cell / 2, margin + (marker / n) * cell + cell / 2, 3,
               R"(fill="none" stroke="#111" stroke-width="1.2")");
  return svg.str(false);
}

std::string glyph_svg(const GlyphPicture& glyph) {
  PROVEN_CHECK(glyph.glyph >= 0 && glyph.glyph < GlyphKeypad::kGlyphs, "a glyph index is in range");
  const std::string_view name = GlyphKeypad::kGlyphNames[static_cast<std::size_t>(glyph.glyph)];
  Svg svg(100, 100);
  svg.title(fmt::format("the glyph {}", name));
  svg.open_group(R"(fill="none" stroke="#111" stroke-width="6" stroke-linecap="round" stroke-linejoin="round")");
  PROVEN_CHECK(draw_glyph(svg, name), "every glyph has a drawing");
  svg.close_group();
  return svg.str(false);
}

// Lit lights are large and filled, dark ones small and hollow: readable in black and white too.
std::string lights_svg(const LightsPicture& lights) {
  constexpr int pitch = 12;
  Svg svg(lights.columns * pitch, lights.rows * pitch);
  int lit = 0;
  for (int i = 0; i < lights.rows * lights.columns; ++i) lit += (lights.lit >> i) & 1U;
  svg.title(fmt::format("{} rows of {} lights, {} lit", lights.rows, lights.columns, lit));
  for (int r = 0; r < lights.rows; ++r)
    for (int c = 0; c < lights.columns; ++c) {
      const bool on = (lights.lit >> (r * lights.columns + c)) & 1U;
      svg.circle(
          c * pitch + pitch / 2, r * pitch + pitch / 2, on ? 5 : 3,
          on ? R"(fill="#f2b705" stroke="#111" stroke-width="1.4")" : R"(fill="none" stroke="#888" stroke-width="1")");
    }
  return svg.str(false);
}

std::string_view colour_value(const std::string& colour) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kColours = {{{"red", "#d62828"},
                                                                                             {"blue", "#1f5fbf"},
                                                                                             {"green", "#2a9d3a"},
                                                                                             {"yellow", "#f2c400"},
                                                                                             {"white", "#ffffff"},
                                                                                             {"black", "#111111"}}};
  for (const auto& [name, value] : kColours)
    if (name == colour) return value;
  PROVEN_CHECK(false, "a swatch names a known colour, not '" + colour + "'");
  return {};
}

std::string swatch_svg(const SwatchPicture& swatch) {
  Svg svg(16, 10);
  svg.title(swatch.colour);
  svg.rect(1, 1, 14, 8, fmt::format(R"(fill="{}" stroke="#111" stroke-width="1")", colour_value(swatch.colour)));
  return svg.str(false);
}

// A round dial with four ticks and a pointer; the pointer is drawn pointing up and turned.
std::string dial_svg(const DialPicture& dial) {
  PROVEN_CHECK(dial.direction >= 0 && dial.direction < 4, "a dial direction is 0..3");
  Svg svg(24, 24);
  svg.title(fmt::format("the dial turned {}", kDirections[static_cast<std::size_t>(dial.direction)]));
  svg.circle(12, 12, 10, R"(fill="#fff" stroke="#111" stroke-width="1.4")");
  svg.open_group(fmt::format("transform=\"rotate({} 12 12)\"", dial.direction * 90));
  svg.polygon("12,3 16,11 12,9 8,11", R"(fill="#111")");
  svg.line(12, 9, 12, 16, R"(stroke="#111" stroke-width="2")");
  svg.close_group();
  return svg.str(false);
}

// Short flashes as dots, long ones as bars, left to right.
std::string flashes_svg(const FlashesPicture& flashes) {
  constexpr int pitch = 14;
  Svg svg(std::max(1, flashes.length) * pitch, 10);
  std::string words;
  for (int f = 0; f < flashes.length; ++f) {
    if (f) words += ' ';
    words += ((flashes.longs >> f) & 1U) ? "long" : "short";
  }
  svg.title(words);
  for (int f = 0; f < flashes.length; ++f) {
    if ((flashes.longs >> f) & 1U)
      svg.rect(f * pitch + 1, 3, 12, 4, R"(fill="#111")");
    else
      svg.circle(f * pitch + 7, 5, 2.5, R"(fill="#111")");
  }
  return svg.str(false);
}

// LED on top (filled when lit), the wire as a band with red and/or blue stripes, a star or
// nothing below.
std::string tangled_wire_svg(const TangledWirePicture& wire) {
  Svg svg(30, 80);
  std::string says = wire.red && wire.blue ? "striped red and blue"
                     : wire.red            ? "striped red"
                     : wire.blue           ? "striped blue"
                                           : "no stripes";
  svg.title(
      fmt::format("a wire with {}, {}, the LED {}", says, wire.star ? "a star" : "no star", wire.led ? "lit" : "dark"));
  svg.circle(15, 9, 6,
             wire.led ? R"(fill="#f2b705" stroke="#111" stroke-width="2")"
                      : R"(fill="#fff" stroke="#888" stroke-width="1.5")");
  svg.rect(10, 19, 10, 38, R"(fill="#f4f4f4" stroke="#111" stroke-width="1.5")");
  for (int band = 0; band < 4; ++band) {
    const bool red_band = wire.red && wire.blue ? band % 2 == 0 : wire.red;
    if (!wire.red && !wire.blue) break;
    svg.polygon(fmt::format("10,{} 20,{} 20,{} 10,{}", 25 + band * 8, 20 + band * 8, 24 + band * 8, 29 + band * 8),
                red_band ? R"(fill="#d62828")" : R"(fill="#1f5fbf")");
  }
  if (wire.star) {
    std::vector<Point> points;
    for (int k = 0; k < 10; ++k) points.push_back(geometry::polar({15, 69}, k % 2 ? 3 : 8, 270 + k * 36));
    svg.polygon(geometry::points_text(points), R"(fill="#111")");
  }
  return svg.str(false);
}

}  // namespace

std::string picture_svg(const Picture& picture) {
  struct Draw {
    std::string operator()(const MazePicture& p) const { return maze_svg(p); }
    std::string operator()(const GlyphPicture& p) const { return glyph_svg(p); }
    std::string operator()(const LightsPicture& p) const { return lights_svg(p); }
    std::string operator()(const SwatchPicture& p) const { return swatch_svg(p); }
    std::string operator()(const DialPicture& p) const { return dial_svg(p); }
    std::string operator()(const FlashesPicture& p) const { return flashes_svg(p); }
    std::string operator()(const TangledWirePicture& p) const { return tangled_wire_svg(p); }
  };
  return std::visit(Draw{}, picture);
}

std::string_view picture_kind(const Picture& picture) {
  static constexpr std::array<std::string_view, std::variant_size_v<Picture>> kKinds = {
      "maze", "glyph", "lights", "swatch", "dial", "flashes", "wire"};
  return kKinds[picture.index()];
}

}  // namespace proven::bomb

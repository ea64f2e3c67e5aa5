#include "prism/render.hpp"

#include <array>

#include <fmt/format.h>

#include "core/coords.hpp"
#include "core/svg.hpp"

namespace proven::prism {
namespace {

constexpr double kCell = 40;
constexpr std::array<const char*, 8> kHex = {"#000000", "#ff453a", "#30d158", "#ffd60a",
                                             "#0a84ff", "#ff3bd4", "#40e0ff", "#ffffff"};

void draw_board(Svg& svg, const Board& b, double ox, double oy) {
  const Light light = trace(b);
  svg.rect(ox, oy, b.width * kCell, b.height * kCell, R"(fill="#15171c")");
  for (int y = 0; y < b.height; ++y) {
    for (int x = 0; x < b.width; ++x) {
      const double cx = ox + (x + 0.5) * kCell, cy = oy + (y + 0.5) * kCell;
      const Cell& c = b.at(x, y);
      const auto i = static_cast<std::size_t>(y * b.width + x);
      svg.rect(ox + x * kCell, oy + y * kCell, kCell, kCell, R"(fill="none" stroke="#2a2d35")");
      // Beams first, pieces on top: each colour that enters the cell from a side, and leaves.
      for (int d = 0; d < 4; ++d) {
        const Colour in = light.entering[i * 4 + static_cast<std::size_t>(d)];
        if (!in) continue;
        const auto style =
            fmt::format(R"(stroke="{}" stroke-width="3" stroke-linecap="round" opacity="0.85")", kHex[in]);
        svg.line(cx - kDx[static_cast<std::size_t>(d)] * kCell / 2, cy - kDy[static_cast<std::size_t>(d)] * kCell / 2,
                 cx, cy, style);
        const auto out = interact(c, static_cast<Dir>(d), in);
        for (int o = 0; o < 4; ++o)
          if (out[static_cast<std::size_t>(o)])
            svg.line(cx, cy, cx + kDx[static_cast<std::size_t>(o)] * kCell / 2,
                     cy + kDy[static_cast<std::size_t>(o)] * kCell / 2,
                     fmt::format(R"(stroke="{}" stroke-width="3" stroke-linecap="round" opacity="0.85")",
                                 kHex[out[static_cast<std::size_t>(o)]]));
      }
      const double r = kCell * 0.36;
      switch (c.kind) {
        case Kind::Empty:
          break;
        case Kind::Wall:
          svg.rect(ox + x * kCell + 2, oy + y * kCell + 2, kCell - 4, kCell - 4, R"(fill="#4a4d55")");
          break;
        case Kind::Emitter: {
          svg.circle(cx, cy, r * 0.8, fmt::format(R"(fill="{}" stroke="#ddd")", kHex[c.colour]));
          const auto f = static_cast<std::size_t>(c.facing);
          svg.line(cx, cy, cx + kDx[f] * r, cy + kDy[f] * r, R"(stroke="#111" stroke-width="3")");
          break;
        }
        case Kind::Crystal: {
          const bool lit = light.received[i] == c.colour;
          svg.polygon(fmt::format("{},{} {},{} {},{} {},{}", cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy),
                      fmt::format(R"(fill="{}" stroke="{}" stroke-width="{}" fill-opacity="{}")", kHex[c.colour],
                                  lit ? "#fff" : "#777", lit ? 3 : 1.5, lit ? 1.0 : 0.45));
          break;
        }
        case Kind::Mirror:
        case Kind::Splitter: {
          const double s = c.rotation == 1 ? 1 : -1;  // "/" rises to the right
          svg.line(cx - r, cy - s * r, cx + r, cy + s * r,
                   c.kind == Kind::Mirror ? R"(stroke="#e8e8f0" stroke-width="4")"
                                          : R"(stroke="#9ad" stroke-width="4" stroke-dasharray="5 3")");
          break;
        }
        case Kind::Prism: {
          const auto a = static_cast<std::size_t>(c.rotation);
          const double tx = cx + kDx[a] * r, ty = cy + kDy[a] * r;  // apex along the axis
          const double bx = cx - kDx[a] * r, by = cy - kDy[a] * r;
          svg.polygon(fmt::format("{},{} {},{} {},{}", tx, ty, bx + kDy[a] * r, by - kDx[a] * r, bx - kDy[a] * r,
                                  by + kDx[a] * r),
                      R"(fill="#cfe8ff" fill-opacity="0.35" stroke="#cfe8ff" stroke-width="2")");
          break;
        }
        case Kind::Filter: {
          const bool horizontal = c.rotation == 0;
          svg.rect(horizontal ? cx - r * 0.25 : cx - r, horizontal ? cy - r : cy - r * 0.25,
                   horizontal ? r * 0.5 : 2 * r, horizontal ? 2 * r : r * 0.5,
                   fmt::format(R"(fill="{}" fill-opacity="0.7" stroke="#ddd")", kHex[c.colour]));
          break;
        }
      }
    }
  }
}

}  // namespace

std::string render_svg(const Board& board, const std::string& caption) {
  Svg svg(board.width * kCell + 20, board.height * kCell + 50);
  svg.rect(0, 0, board.width * kCell + 20, board.height * kCell + 50, R"(fill="#0c0d10")");
  svg.text(10, 24, caption, R"(font-family="sans-serif" font-size="14" fill="#ddd")");
  draw_board(svg, board, 10, 40);
  return svg.str();
}

std::string render_play_svg(const Board& board, const std::vector<int>& tappable) {
  constexpr double kMargin = 24;  // room for the column letters and row numbers
  const double w = board.width * kCell, h = board.height * kCell;
  Svg svg(w + kMargin + 8, h + kMargin + 8);
  svg.rect(0, 0, w + kMargin + 8, h + kMargin + 8, R"(fill="#0c0d10")");
  svg.grid_labels(board.width, board.height, kCell, kMargin);
  draw_board(svg, board, kMargin, kMargin);
  for (const int cell : tappable) {
    const int x = cell % board.width, y = cell / board.width;
    const std::string move = "tap " + cell_name({x, y});
    svg.open_group(fmt::format(R"(class="act" data-move="{}")", move));
    svg.title(move);
    svg.rect(kMargin + x * kCell, kMargin + y * kCell, kCell, kCell, R"(fill="#fff" fill-opacity="0")");
    svg.close_group();
  }
  return svg.str(false);
}

std::string render_level_svg(const Board& scrambled, const Board& solved, const std::string& caption) {
  const double w = scrambled.width * kCell, h = scrambled.height * kCell;
  Svg svg(2 * w + 30, h + 70);
  svg.rect(0, 0, 2 * w + 30, h + 70, R"(fill="#0c0d10")");
  svg.text(10, 24, caption, R"(font-family="sans-serif" font-size="14" fill="#ddd")");
  svg.text(10, h + 62, "as dealt", R"(font-family="sans-serif" font-size="12" fill="#999")");
  svg.text(w + 20, h + 62, "solved", R"(font-family="sans-serif" font-size="12" fill="#999")");
  draw_board(svg, scrambled, 10, 40);
  draw_board(svg, solved, w + 20, 40);
  return svg.str();
}

}  // namespace proven::prism

#include "tilt/render.hpp"

#include <array>

#include <fmt/format.h>

#include "core/coords.hpp"
#include "core/svg.hpp"
#include "tilt/rules.hpp"

namespace proven::tilt {
namespace {

constexpr double kCell = 32;
constexpr double kGap = 24;
constexpr std::array<const char*, 4> kHex = {"#ff453a", "#30d158", "#0a84ff", "#ffd60a"};

void draw_cell(Svg& svg, const Cell& c, double x, double y) {
  const double cx = x + kCell / 2, cy = y + kCell / 2, r = kCell * 0.32;
  svg.rect(x, y, kCell, kCell,
           c.kind == Kind::Wall ? R"(fill="#4a4d55" stroke="#2a2d35")" : R"(fill="#1d2027" stroke="#2a2d35")");
  switch (c.kind) {
    case Kind::Floor:
    case Kind::Wall:
      break;
    case Kind::Hole:
      svg.circle(cx, cy, r, fmt::format(R"(fill="#000" stroke="{}" stroke-width="3")", kHex[c.colour]));
      break;
    case Kind::PluggedHole:
      svg.circle(cx, cy, r, fmt::format(R"(fill="#6b5a3a" stroke="{}" stroke-width="3")", kHex[c.colour]));
      break;
    case Kind::Pit:
      svg.circle(cx, cy, r * 1.2, R"(fill="#000")");
      break;
    case Kind::StopPad:
      svg.rect(cx - r, cy - r, 2 * r, 2 * r, R"(fill="none" stroke="#ddd" stroke-width="2")");
      break;
    case Kind::Gate: {
      const auto d = static_cast<std::size_t>(c.dir);
      const double tx = cx + kDx[d] * r, ty = cy + kDy[d] * r;
      const double lx = cx - kDx[d] * r * 0.5 - kDy[d] * r * 0.7, ly = cy - kDy[d] * r * 0.5 + kDx[d] * r * 0.7;
      const double rx = cx - kDx[d] * r * 0.5 + kDy[d] * r * 0.7, ry = cy - kDy[d] * r * 0.5 - kDx[d] * r * 0.7;
      svg.polygon(fmt::format("{},{} {},{} {},{}", tx, ty, lx, ly, rx, ry), R"(fill="#c8c8d0")");
      break;
    }
    case Kind::Spring:
      svg.polyline(fmt::format("{},{} {},{} {},{} {},{} {},{}", cx - r, cy, cx - r / 2, cy - r, cx, cy + r, cx + r / 2,
                               cy - r, cx + r, cy),
                   R"(fill="none" stroke="#7fd" stroke-width="2")");
      break;
    case Kind::Magnet:
      svg.rect(x + 3, y + 3, kCell - 6, kCell - 6, R"(fill="#a33" stroke="#ddd")");
      break;
    case Kind::Glass:
      svg.rect(x + 4, y + 4, kCell - 8, kCell - 8, R"(fill="#9cf" fill-opacity="0.35" stroke="#9cf")");
      break;
    case Kind::Cracked:
      svg.polyline(fmt::format("{},{} {},{} {},{} {},{}", x + 4, y + 6, cx, cy, x + kCell - 6, cy - 3, x + kCell - 4,
                               y + kCell - 4),
                   R"(fill="none" stroke="#888" stroke-width="2")");
      break;
    case Kind::Portal:
      svg.circle(cx, cy, r, R"(fill="none" stroke="#c6f" stroke-width="3" stroke-dasharray="4 2")");
      break;
    case Kind::Key:
      svg.circle(cx, cy, r * 0.6, R"(fill="#fc3")");
      break;
    case Kind::Lock:
      svg.rect(x + 3, y + 3, kCell - 6, kCell - 6, R"(fill="#fc3" fill-opacity="0.5" stroke="#fc3")");
      break;
  }
}

// One board in `state`: collapsed cracks drawn as pits, opened plugs and locks as open cells.
void draw_board(Svg& svg, const Board& b, const Rules& rules, const State& s, double ox, double oy,
                bool tag_marbles = false) {
  int plug = 0, crack = 0;
  for (int i = 0; i < b.area(); ++i) {
    Cell c = b.cells[static_cast<std::size_t>(i)];
    if (c.kind == Kind::PluggedHole && (s.plugs_out >> plug++ & 1)) c.kind = Kind::Hole;
    if (c.kind == Kind::Cracked && (s.collapsed >> crack++ & 1)) c.kind = Kind::Pit;
    if ((c.kind == Kind::Key || c.kind == Kind::Lock) && s.key_taken) c.kind = Kind::Floor;
    draw_cell(svg, c, ox + (i % b.width) * kCell, oy + (i / b.width) * kCell);
  }
  for (int m = 0; m < rules.marbles(); ++m) {
    const int p = s.pos[static_cast<std::size_t>(m)];
    if (p == kHome) continue;
    svg.circle(
        ox + (p % b.width + 0.5) * kCell, oy + (p / b.width + 0.5) * kCell, kCell * 0.36,
        fmt::format(
            R"(fill="{}" stroke="#fff" stroke-width="1.5"{})", kHex[b.marbles[static_cast<std::size_t>(m)].colour],
            tag_marbles ? fmt::format(R"( data-at="{}")", cell_name({p % b.width, p / b.width})) : std::string()));
  }
}

}  // namespace

std::string render_play_svg(const Board& board, const Rules& rules, const State& state) {
  constexpr double kMargin = 24;  // room for the column letters and row numbers
  const double w = board.width * kCell, h = board.height * kCell;
  Svg svg(w + kMargin + 8, h + kMargin + 8);
  svg.rect(0, 0, w + kMargin + 8, h + kMargin + 8, R"(fill="#0f1115")");
  svg.grid_labels(board.width, board.height, kCell, kMargin);
  svg.open_group(fmt::format(R"(class="board" data-cell="{}" data-x="{}" data-y="{}")", kCell, kMargin, kMargin));
  draw_board(svg, board, rules, state, kMargin, kMargin, true);
  svg.close_group();
  return svg.str(false);
}

std::string render_level_svg(const Level& level, const std::string& caption) {
  const Board& b = level.board;
  const Rules rules(b);
  const auto frames = level.solution.size() + 1;
  const double bw = b.width * kCell, bh = b.height * kCell;
  const int per_row = 6;
  const auto rows = (frames + per_row - 1) / per_row;
  const double width = std::min<std::size_t>(frames, per_row) * (bw + kGap) + kGap;
  const double height = 40 + static_cast<double>(rows) * (bh + 36);
  Svg svg(width, height);
  svg.rect(0, 0, width, height, R"(fill="#0f1115")");
  svg.text(kGap, 24, caption, R"(fill="#eee" font-family="sans-serif" font-size="14")");
  State s = rules.start();
  for (std::size_t f = 0; f < frames; ++f) {
    const double ox = kGap + static_cast<double>(f % per_row) * (bw + kGap);
    const double oy = 40 + static_cast<double>(f / per_row) * (bh + 36);
    if (f > 0) rules.tilt(s, level.solution[f - 1], s);  // a shipped solution never loses
    draw_board(svg, b, rules, s, ox, oy);
    const std::string label =
        f == 0 ? "as dealt"
               : fmt::format("{}. tilt {}", f, kDirLetter[static_cast<std::size_t>(level.solution[f - 1])]);
    svg.text(ox, oy + bh + 18, label, R"(fill="#aaa" font-family="sans-serif" font-size="12")");
  }
  return svg.str();
}

}  // namespace proven::tilt

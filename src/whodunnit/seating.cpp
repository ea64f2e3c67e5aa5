#include "whodunnit/seating.hpp"

#include <array>
#include <cmath>
#include <numbers>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "core/check.hpp"
#include "whodunnit/clues.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit {
namespace {

// Seat s (0-based) on a circle, counterclockwise from the bottom (math angle, y up): the order
// in which right-hand neighbours follow one another when everyone faces the centre.
double seat_angle(int s, int cast) {
  return -std::numbers::pi / 2 + 2 * std::numbers::pi * static_cast<double>(s) / static_cast<double>(cast);
}

// Nearest whole number, a hair above .5 rounding up: sin(30°) may come out a bit under or over
// one half depending on the maths library, and the picture must be the same everywhere.
int grid_round(double v) { return static_cast<int>(std::floor(v + 0.5 + 1e-9)); }

// SVG coordinates to a tenth of a pixel: the same bytes whatever the last bit of sin and cos.
double tenth(double v) { return std::round(v * 10) / 10; }

void check_cast(int cast) {
  PROVEN_CHECK(cast >= kMinCast && cast <= kMaxCast, "the seating is drawn for casts of 4..12");
}

}  // namespace

std::string seating_text(int cast) {
  check_cast(cast);
  const int left = left_of(0, cast) + 1, right = right_of(0, cast) + 1;
  std::string text = fmt::format(
      "Seating: the suspects sat round one table in number order, each facing its\n"
      "centre: a suspect's right-hand neighbour is the next number, their left-hand\n"
      "neighbour the previous one, and the last suspect, {0}, sat beside the first,\n"
      "on suspect 1's left. Seen from above, suspect 1 nearest you and facing the\n"
      "centre as you do, so their left is your left:\n\n",
      cast);
  // A 49 x 11 character grid: seats on an ellipse four characters wide per line high (a character
  // is about twice as tall as wide, so it reads as a round table seen a little flattened); the
  // table a box inside it.
  constexpr int kWidth = 49, kHeight = 11, kCenterX = 24, kCenterY = 5;
  constexpr double kRadiusX = 20, kRadiusY = 5;
  std::vector<std::string> grid(kHeight, std::string(kWidth, ' '));
  constexpr int kBoxLeft = 13, kBoxRight = 35, kBoxTop = 3, kBoxBottom = 7;
  for (int col = kBoxLeft; col <= kBoxRight; ++col) grid[kBoxTop][at(col)] = grid[kBoxBottom][at(col)] = '-';
  for (int row = kBoxTop; row <= kBoxBottom; ++row) grid[at(row)][kBoxLeft] = grid[at(row)][kBoxRight] = '|';
  for (const int row : {kBoxTop, kBoxBottom})
    for (const int col : {kBoxLeft, kBoxRight}) grid[at(row)][at(col)] = '+';
  // Words go in character by character: GCC 12 warns falsely (-Wrestrict) on std::string::replace.
  const auto put = [&grid](int row, int col, std::string_view word) {
    for (std::size_t i = 0; i < word.size(); ++i) grid[at(row)][at(col) + i] = word[i];
  };
  put(kCenterY, kCenterX - 2, "TABLE");
  for (int s = 0; s < cast; ++s) {
    const double a = seat_angle(s, cast);
    // Screen rows grow downwards: up on the page is minus.
    const int col = grid_round(kCenterX + kRadiusX * std::cos(a));
    const int row = grid_round(kCenterY - kRadiusY * std::sin(a));
    // Two-digit numbers run outwards from the seat, away from the table.
    const std::string label = std::to_string(s + 1);
    put(row, std::cos(a) < -1e-9 ? col - static_cast<int>(label.size()) + 1 : col, label);
  }
  // Suspect 1 sits alone on the bottom row (the nearest other seat is 45 degrees round), so the
  // row can name their neighbours, each on the side it is on.
  const std::string bottom = fmt::format("(left: {}) <-- 1 --> (right: {})", left, right);
  put(kHeight - 1, kCenterX - static_cast<int>(bottom.find(" 1 ") + 1), bottom);
  for (std::string& row : grid) {
    while (!row.empty() && row.back() == ' ') row.pop_back();
    text += row.empty() ? std::string("\n") : "    " + row + "\n";
  }
  text += fmt::format("\nSuspect numbers run counterclockwise seen from above; {} sat beside 1.\n", cast);
  return text;
}

void draw_seating(Svg& svg, int cast, double x, double y) {
  check_cast(cast);
  constexpr double kRing = 112, kSeat = 19, kTable = 66;
  const double cx = x + 160, cy = y + 165;
  constexpr auto kAccent = "#e0b050";
  std::vector<std::array<double, 2>> seat(at(cast));
  for (int s = 0; s < cast; ++s) {
    const double a = seat_angle(s, cast);
    seat[at(s)] = {tenth(cx + kRing * std::cos(a)), tenth(cy - kRing * std::sin(a))};
  }
  svg.circle(cx, cy, kTable, R"(fill="#3a2c1e" stroke="#8a6a44" stroke-width="2")");
  svg.text(cx, cy + 5, "table", R"(font-family="sans-serif" font-size="14" fill="#b89a70" text-anchor="middle")");
  // Suspect 1's neighbours: an arrow from seat 1 to each, named by the hand it is on.
  for (const auto& [target, hand] : {std::pair{right_of(0, cast), "right"}, std::pair{left_of(0, cast), "left"}}) {
    const auto [x0, y0] = seat[0];
    const auto [x1, y1] = seat[at(target)];
    const double length = std::hypot(x1 - x0, y1 - y0);
    const double ux = (x1 - x0) / length, uy = (y1 - y0) / length;
    const double gap = kSeat + 3;
    const double sx = tenth(x0 + ux * gap), sy = tenth(y0 + uy * gap);
    const double ex = tenth(x1 - ux * gap), ey = tenth(y1 - uy * gap);
    svg.line(sx, sy, ex, ey, fmt::format(R"(stroke="{}" stroke-width="2")", kAccent));
    // The arrowhead: a triangle 9 long and 10 wide with its tip at the line's end.
    const double bx = ex - ux * 9, by = ey - uy * 9;
    svg.polygon(fmt::format("{},{} {},{} {},{}", ex, ey, tenth(bx - uy * 5), tenth(by + ux * 5), tenth(bx + uy * 5),
                            tenth(by - ux * 5)),
                fmt::format(R"(fill="{}")", kAccent));
    // The hand's name outside the chord, away from the table; one word, so that at a cast of 8,
    // where the chord is short, it clears seat 1.
    const double mx = (x0 + x1) / 2, my = (y0 + y1) / 2;
    const double out = std::hypot(mx - cx, my - cy);
    svg.text(tenth(mx + (mx - cx) / out * 24), tenth(my + (my - cy) / out * 24 + 4), hand,
             fmt::format(R"(font-family="sans-serif" font-size="12" fill="{}" text-anchor="middle")", kAccent));
  }
  for (int s = 0; s < cast; ++s) {
    const auto [sx, sy] = seat[at(s)];
    svg.open_group(fmt::format(R"(class="seat" data-seat="{}")", s + 1));
    svg.circle(sx, sy, kSeat,
               s == 0 ? fmt::format(R"(fill="#1d2027" stroke="{}" stroke-width="2")", kAccent)
                      : std::string(R"(fill="#1d2027" stroke="#888")"));
    svg.text(sx, sy + 6, std::to_string(s + 1),
             R"(font-family="sans-serif" font-size="16" fill="#eee" text-anchor="middle")");
    svg.close_group();
  }
  const std::array<std::string, 7> caption = {
      "The seating, seen from above",
      "Suspect k sat in seat k, facing the table's centre:",
      "each suspect's right-hand neighbour is the next",
      "number, their left-hand neighbour the previous.",
      "The arrows: suspect 1, at the bottom, faces up the page",
      fmt::format("as you do, so suspect {} is on their right, {} on their left.", right_of(0, cast) + 1,
                  left_of(0, cast) + 1),
      fmt::format("Numbers run counterclockwise; {} sat beside 1.", cast),
  };
  for (std::size_t i = 0; i < caption.size(); ++i)
    svg.text(x + 330, y + 60 + 26 * static_cast<double>(i), caption[i],
             i == 0 ? R"(font-family="sans-serif" font-size="16" fill="#eee")"
                    : R"(font-family="sans-serif" font-size="14" fill="#ccc")");
}

std::string seating_svg(int cast) {
  Svg svg(kSeatingWidth, kSeatingHeight);
  svg.rect(0, 0, kSeatingWidth, kSeatingHeight, R"(fill="#0f1115")");
  svg.title(fmt::format("The seating of a cast of {}: suspect numbers counterclockwise round one table", cast));
  draw_seating(svg, cast, 0, 0);
  return svg.str();
}

}  // namespace proven::whodunnit

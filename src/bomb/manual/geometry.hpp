#pragma once
// Whole-number geometry for the manual's pictures. Points on circles come from a table of sines
// (in thousandths, one per degree) and integer rounding, never from std::sin, so every machine
// and compiler writes the same coordinates and therefore the same bytes.
#include <array>
#include <string>
#include <vector>

namespace proven::bomb::geometry {

struct Point {
  int x = 0;
  int y = 0;
};

// sin(d degrees) * 1000, rounded, for d in 0..90.
inline constexpr std::array<int, 91> kSin1000 = {
    0,   17,  35,  52,  70,  87,  105, 122, 139, 156, 174, 191, 208, 225, 242, 259, 276, 292, 309, 326, 342,  358, 375,
    391, 407, 423, 438, 454, 469, 485, 500, 515, 530, 545, 559, 574, 588, 602, 616, 629, 643, 656, 669, 682,  695, 707,
    719, 731, 743, 755, 766, 777, 788, 799, 809, 819, 829, 839, 848, 857, 866, 875, 883, 891, 899, 906, 914,  921, 927,
    934, 940, 946, 951, 956, 961, 966, 970, 974, 978, 982, 985, 988, 990, 993, 995, 996, 998, 999, 999, 1000, 1000};

constexpr int sin1000(int degrees) {
  const int d = ((degrees % 360) + 360) % 360;
  if (d <= 90) return kSin1000[static_cast<std::size_t>(d)];
  if (d <= 180) return kSin1000[static_cast<std::size_t>(180 - d)];
  if (d <= 270) return -kSin1000[static_cast<std::size_t>(d - 180)];
  return -kSin1000[static_cast<std::size_t>(360 - d)];
}
constexpr int cos1000(int degrees) { return sin1000(degrees + 90); }

// value * thousandths / 1000, rounded half away from zero.
constexpr int scaled(int value, int thousandths) {
  const int product = value * thousandths;
  return product >= 0 ? (product + 500) / 1000 : -((-product + 500) / 1000);
}

// The point at `degrees` clockwise from three o'clock (SVG's y axis points down) on a circle.
constexpr Point polar(Point centre, int radius, int degrees) {
  return {centre.x + scaled(radius, cos1000(degrees)), centre.y + scaled(radius, sin1000(degrees))};
}

// Appends the points of an arc from `from` to `to` degrees (either way round), every `step`.
inline void arc(std::vector<Point>& out, Point centre, int radius, int from, int to, int step = 10) {
  const int dir = to >= from ? 1 : -1;
  for (int d = from; dir * (to - d) >= 0; d += dir * step) out.push_back(polar(centre, radius, d));
  if ((to - from) % step != 0) out.push_back(polar(centre, radius, to));
}

// "x,y x,y ..." for polyline and polygon.
inline std::string points_text(const std::vector<Point>& points) {
  std::string text;
  for (const Point& p : points) {
    if (!text.empty()) text += ' ';
    text += std::to_string(p.x);
    text += ',';
    text += std::to_string(p.y);
  }
  return text;
}

}  // namespace proven::bomb::geometry

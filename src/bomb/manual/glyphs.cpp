// Our own glyph shapes: simple strokes on a 100 x 100 box, whole-number coordinates only
// (geometry.hpp), so a glyph is the same bytes everywhere.
#include "bomb/manual/glyphs.hpp"

#include <array>
#include <utility>
#include <vector>

#include "bomb/manual/geometry.hpp"

namespace proven::bomb {
namespace {

using geometry::arc;
using geometry::Point;
using geometry::points_text;
using geometry::polar;
constexpr std::string_view kFill = R"(fill="#111")";

// The strokes a glyph is made of.
struct Pen {
  Svg& svg;
  void line(int x1, int y1, int x2, int y2) const { svg.line(x1, y1, x2, y2, ""); }
  void path(const std::vector<Point>& points) const { svg.polyline(points_text(points), ""); }
  void outline(const std::vector<Point>& points) const { svg.polygon(points_text(points), ""); }
  void solid(const std::vector<Point>& points) const { svg.polygon(points_text(points), kFill); }
  void ring(int x, int y, int r) const { svg.circle(x, y, r, ""); }
  void dot(int x, int y, int r) const { svg.circle(x, y, r, kFill); }
  void rays(Point centre, int from_r, int to_r, int count, int first_degrees) const {
    for (int k = 0; k < count; ++k) {
      const int d = first_degrees + k * 360 / count;
      const Point a = polar(centre, from_r, d), b = polar(centre, to_r, d);
      line(a.x, a.y, b.x, b.y);
    }
  }
};

std::vector<Point> arc_points(Point centre, int radius, int from, int to, int step = 10) {
  std::vector<Point> points;
  arc(points, centre, radius, from, to, step);
  return points;
}

void anchor(const Pen& p) {
  p.ring(50, 16, 7);
  p.line(50, 23, 50, 86);
  p.line(34, 36, 66, 36);
  p.path(arc_points({50, 56}, 30, 0, 180));
  p.line(20, 56, 12, 48);
  p.line(80, 56, 88, 48);
}
void arch(const Pen& p) {
  std::vector<Point> pts{{22, 88}, {22, 52}};
  arc(pts, {50, 52}, 28, 180, 360);
  pts.push_back({78, 88});
  p.path(pts);
  p.line(12, 88, 32, 88);
  p.line(68, 88, 88, 88);
}
void bell(const Pen& p) {
  std::vector<Point> pts{{16, 76}, {28, 66}, {30, 44}};
  arc(pts, {50, 44}, 20, 180, 360);
  pts.insert(pts.end(), {{70, 66}, {84, 76}});
  p.outline(pts);
  p.dot(50, 86, 7);
  p.line(50, 24, 50, 14);
}
void bolt(const Pen& p) { p.solid({{60, 6}, {22, 56}, {46, 56}, {36, 94}, {78, 40}, {54, 40}, {68, 6}}); }
void bow(const Pen& p) {
  p.outline({{50, 50}, {14, 28}, {14, 72}});
  p.outline({{50, 50}, {86, 28}, {86, 72}});
  p.dot(50, 50, 9);
  p.line(46, 58, 34, 90);
  p.line(54, 58, 66, 90);
}
void comb(const Pen& p) {
  p.svg.rect(12, 20, 76, 18, kFill);
  for (int x = 17; x <= 83; x += 11) p.line(x, 38, x, 80);
}
void comet(const Pen& p) {
  p.dot(68, 32, 15);
  p.line(56, 44, 12, 88);
  p.line(52, 30, 16, 56);
  p.line(70, 48, 44, 88);
}
void crown(const Pen& p) {
  p.outline({{14, 76}, {14, 30}, {32, 54}, {50, 22}, {68, 54}, {86, 30}, {86, 76}});
  p.line(14, 88, 86, 88);
  p.dot(50, 60, 6);
}
void cup(const Pen& p) {
  p.path({{22, 18}, {30, 62}, {70, 62}, {78, 18}});
  p.line(22, 18, 78, 18);
  p.path(arc_points({78, 40}, 12, 270, 450));
  p.line(50, 62, 50, 84);
  p.line(32, 86, 68, 86);
}
void diamond(const Pen& p) {
  p.outline({{30, 16}, {70, 16}, {90, 40}, {50, 92}, {10, 40}});
  p.line(10, 40, 90, 40);
  p.path({{30, 16}, {40, 40}, {50, 92}, {60, 40}, {70, 16}});
}
void drop(const Pen& p) {
  std::vector<Point> pts{{50, 8}};
  arc(pts, {50, 62}, 28, -30, 210);
  p.outline(pts);
}
void eye(const Pen& p) {
  std::vector<Point> pts = arc_points({50, 86}, 50, 220, 320);
  arc(pts, {50, 22}, 50, 40, 140);
  p.outline(pts);
  p.ring(50, 54, 14);
  p.dot(50, 54, 6);
}
void feather(const Pen& p) {
  p.outline(
      {{78, 8}, {88, 28}, {82, 48}, {66, 62}, {70, 66}, {50, 76}, {32, 78}, {30, 64}, {40, 44}, {36, 40}, {54, 20}});
  p.line(12, 94, 74, 16);
  p.line(56, 46, 72, 50);
  p.line(46, 58, 58, 70);
}
void flag(const Pen& p) {
  p.line(24, 8, 24, 94);
  p.solid({{24, 12}, {84, 28}, {24, 50}});
}
void fork(const Pen& p) {
  p.path({{30, 8}, {30, 38}, {38, 48}, {62, 48}, {70, 38}, {70, 8}});
  p.line(43, 8, 43, 44);
  p.line(57, 8, 57, 44);
  p.line(50, 48, 50, 94);
}
void gate(const Pen& p) {
  p.line(14, 16, 14, 92);
  p.line(86, 16, 86, 92);
  p.line(14, 34, 86, 34);
  p.line(14, 74, 86, 74);
  for (int x = 32; x <= 68; x += 18) p.line(x, 34, x, 74);
  p.line(14, 74, 86, 34);
}
void harp(const Pen& p) {
  p.path({{26, 90}, {26, 12}, {50, 16}, {70, 32}, {82, 56}, {86, 90}, {26, 90}});
  p.line(38, 14, 38, 90);
  p.line(50, 16, 50, 90);
  p.line(62, 25, 62, 90);
  p.line(74, 40, 74, 90);
}
void hook(const Pen& p) {
  p.ring(62, 12, 7);
  std::vector<Point> pts{{62, 19}, {62, 60}};
  arc(pts, {45, 60}, 17, 0, 180);
  pts.push_back({28, 46});
  p.path(pts);
}
void key(const Pen& p) {
  p.ring(26, 50, 16);
  p.line(42, 50, 92, 50);
  p.line(66, 50, 66, 62);
  p.line(78, 50, 78, 68);
  p.line(90, 50, 90, 62);
}
void knot(const Pen& p) {
  p.ring(50, 32, 20);
  p.ring(34, 60, 20);
  p.ring(66, 60, 20);
}
void ladder(const Pen& p) {
  p.line(30, 6, 30, 94);
  p.line(70, 6, 70, 94);
  for (int y = 20; y <= 80; y += 20) p.line(30, y, 70, y);
}
void leaf(const Pen& p) {
  std::vector<Point> pts = arc_points({12, 50}, 52, -45, 45, 5);
  arc(pts, {86, 50}, 52, 135, 225, 5);
  p.outline(pts);
  p.line(49, 14, 49, 94);
  p.line(49, 40, 58, 30);
  p.line(49, 56, 40, 46);
  p.line(49, 70, 58, 60);
}
void moon(const Pen& p) {
  std::vector<Point> pts = arc_points({50, 50}, 38, 60, 300);
  arc(pts, {69, 50}, 33, 270, 90);
  p.solid(pts);
}
void spiral(const Pen& p) {
  std::vector<Point> pts;
  for (int k = 0; k <= 30; ++k) pts.push_back(polar({50, 50}, 42 - k * 4 / 3, k * 30));
  p.path(pts);
}
void star(const Pen& p) {
  std::vector<Point> pts;
  for (int k = 0; k < 10; ++k) pts.push_back(polar({50, 54}, k % 2 ? 18 : 44, 270 + k * 36));
  p.outline(pts);
}
void sun(const Pen& p) {
  p.ring(50, 50, 17);
  p.rays({50, 50}, 26, 42, 8, 0);
}
void sword(const Pen& p) {
  p.outline({{50, 6}, {57, 18}, {57, 64}, {43, 64}, {43, 18}});
  p.line(26, 66, 74, 66);
  p.line(50, 66, 50, 86);
  p.dot(50, 90, 6);
}
void tower(const Pen& p) {
  p.path({{30, 92}, {34, 36}, {66, 36}, {70, 92}});
  p.path({{28, 36},
          {28, 14},
          {38, 14},
          {38, 22},
          {46, 22},
          {46, 14},
          {54, 14},
          {54, 22},
          {62, 22},
          {62, 14},
          {72, 14},
          {72, 36}});
  std::vector<Point> door{{43, 92}, {43, 74}};
  arc(door, {50, 74}, 7, 180, 360, 30);
  door.push_back({57, 92});
  p.path(door);
  p.line(16, 92, 84, 92);
}
void wave(const Pen& p) {
  for (int base : {36, 64}) {
    std::vector<Point> pts;
    for (int x = 8; x <= 92; x += 4)
      pts.push_back({x, base - geometry::scaled(12, geometry::sin1000((x - 8) * 360 / 42))});
    p.path(pts);
  }
}
void wheel(const Pen& p) {
  p.ring(50, 50, 40);
  p.dot(50, 50, 8);
  p.rays({50, 50}, 8, 40, 6, 30);
}

constexpr std::array<std::pair<std::string_view, void (*)(const Pen&)>, 30> kDrawings = {{
    {"anchor", anchor}, {"arch", arch},   {"bell", bell},       {"bolt", bolt},     {"bow", bow},
    {"comb", comb},     {"comet", comet}, {"crown", crown},     {"cup", cup},       {"diamond", diamond},
    {"drop", drop},     {"eye", eye},     {"feather", feather}, {"flag", flag},     {"fork", fork},
    {"gate", gate},     {"harp", harp},   {"hook", hook},       {"key", key},       {"knot", knot},
    {"ladder", ladder}, {"leaf", leaf},   {"moon", moon},       {"spiral", spiral}, {"star", star},
    {"sun", sun},       {"sword", sword}, {"tower", tower},     {"wave", wave},     {"wheel", wheel},
}};

}  // namespace

bool draw_glyph(Svg& svg, std::string_view name) {
  for (const auto& [glyph, draw] : kDrawings)
    if (glyph == name) {
      draw(Pen{svg});
      return true;
    }
  return false;
}

}  // namespace proven::bomb

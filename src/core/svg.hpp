#pragma once
// A minimal SVG builder for the pictures every game draws (boards, beams, mazes). Attributes are
// written in call order and numbers in shortest round-trip form, so the same picture is always
// the same bytes. Text is XML-escaped.
#include <string>
#include <string_view>

namespace proven {

std::string xml_escape(std::string_view text);

class Svg {
 public:
  Svg(double width, double height);

  // Raw elements; `style` is inserted verbatim as attributes (e.g. R"(fill="#222")").
  Svg& rect(double x, double y, double w, double h, std::string_view style);
  Svg& circle(double cx, double cy, double r, std::string_view style);
  Svg& line(double x1, double y1, double x2, double y2, std::string_view style);
  Svg& polyline(std::string_view points, std::string_view style);
  Svg& polygon(std::string_view points, std::string_view style);
  Svg& text(double x, double y, std::string_view content, std::string_view style);
  Svg& open_group(std::string_view attributes);
  Svg& close_group();
  Svg& title(std::string_view content);
  // The names of a grid's cells around it, as every game names cells (core/coords.hpp): column
  // letters above, row numbers at the left, in a margin of `margin` before a grid of square
  // cells of size `cell` whose top-left corner is (margin, margin).
  Svg& grid_labels(int columns, int rows, double cell, double margin);

  // The complete document (with XML declaration when standalone, without for inline HTML).
  std::string str(bool standalone = true) const;

 private:
  double width_, height_;
  std::string body_;
};

}  // namespace proven

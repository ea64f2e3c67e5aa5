#include "core/svg.hpp"

#include <fmt/format.h>

namespace proven {

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

Svg::Svg(double width, double height) : width_(width), height_(height) {}

Svg& Svg::rect(double x, double y, double w, double h, std::string_view style) {
  body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {}/>\n", x, y, w, h, style);
  return *this;
}

Svg& Svg::circle(double cx, double cy, double r, std::string_view style) {
  body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>\n", cx, cy, r, style);
  return *this;
}

Svg& Svg::line(double x1, double y1, double x2, double y2, std::string_view style) {
  body_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" {}/>\n", x1, y1, x2, y2, style);
  return *this;
}

Svg& Svg::polyline(std::string_view points, std::string_view style) {
  body_ += fmt::format("<polyline points=\"{}\" {}/>\n", points, style);
  return *this;
}

Svg& Svg::polygon(std::string_view points, std::string_view style) {
  body_ += fmt::format("<polygon points=\"{}\" {}/>\n", points, style);
  return *this;
}

Svg& Svg::text(double x, double y, std::string_view content, std::string_view style) {
  body_ += fmt::format("<text x=\"{}\" y=\"{}\" {}>{}</text>\n", x, y, style, xml_escape(content));
  return *this;
}

Svg& Svg::open_group(std::string_view attributes) {
  body_ += fmt::format("<g {}>\n", attributes);
  return *this;
}

Svg& Svg::close_group() {
  body_ += "</g>\n";
  return *this;
}

Svg& Svg::title(std::string_view content) {
  body_ += fmt::format("<title>{}</title>\n", xml_escape(content));
  return *this;
}

Svg& Svg::grid_labels(int columns, int rows, double cell, double margin) {
  constexpr auto kLabel = R"(font-family="sans-serif" font-size="12" fill="#999" text-anchor="middle")";
  for (int x = 0; x < columns; ++x)
    text(margin + (x + 0.5) * cell, 16, std::string(1, static_cast<char>('A' + x)), kLabel);
  for (int y = 0; y < rows; ++y) text(margin / 2, margin + (y + 0.5) * cell + 4, std::to_string(y + 1), kLabel);
  return *this;
}

std::string Svg::str(bool standalone) const {
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  out += fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\">\n",
      width_, height_);
  out += body_;
  out += "</svg>\n";
  return out;
}

}  // namespace proven

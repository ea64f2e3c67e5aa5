// The seating the player reads and sees (seating.hpp): for every cast, the picture's seats are
// read back from the text and the SVG, and each suspect's neighbours, as a person facing the
// table's centre sees them, must be clues.hpp's left_of and right_of.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "whodunnit/clues.hpp"
#include "whodunnit/model.hpp"
#include "whodunnit/seating.hpp"

namespace proven::whodunnit {
namespace {

struct Point {
  double x = 0, y = 0;  // y up (as seen from above, north up), whatever the picture's own axes
};

// Everything a reader may conclude from seat positions alone: seen from above, each suspect faces
// `centre`; the seat next round counterclockwise is the one on their right (their right hand
// points that way), the one next clockwise on their left. Those must be right_of and left_of.
void expect_seating(const std::map<int, Point>& seats, Point centre, int cast, const std::string& picture) {
  ASSERT_EQ(static_cast<int>(seats.size()), cast) << picture;
  for (int s = 0; s < cast; ++s) ASSERT_EQ(seats.count(s + 1), 1u) << "no seat " << s + 1 << "\n" << picture;
  // Seats in counterclockwise order round the centre, starting anywhere.
  std::vector<std::pair<double, int>> round;
  for (const auto& [number, p] : seats) round.emplace_back(std::atan2(p.y - centre.y, p.x - centre.x), number - 1);
  std::ranges::sort(round);
  for (std::size_t i = 0; i < round.size(); ++i) {
    const int s = round[i].second;
    const int ccw = round[(i + 1) % round.size()].second;
    const int cw = round[(i + round.size() - 1) % round.size()].second;
    EXPECT_EQ(ccw, right_of(s, cast)) << "seat " << s + 1 << "'s counterclockwise neighbour\n" << picture;
    EXPECT_EQ(cw, left_of(s, cast)) << "seat " << s + 1 << "'s clockwise neighbour\n" << picture;
    // And directly: facing the centre, the right hand is the facing direction turned clockwise.
    const Point p = seats.at(s + 1);
    const double fx = centre.x - p.x, fy = centre.y - p.y;
    const double rx = fy, ry = -fx;
    const auto side = [&](int other) {
      const Point q = seats.at(other + 1);
      return (q.x - p.x) * rx + (q.y - p.y) * ry;
    };
    EXPECT_GT(side(right_of(s, cast)), 0) << "suspect " << s + 1 << "'s right-hand neighbour\n" << picture;
    EXPECT_LT(side(left_of(s, cast)), 0) << "suspect " << s + 1 << "'s left-hand neighbour\n" << picture;
  }
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(WhodunnitSeating, TheTextStatesTheSeatingAndItsPictureShowsIt) {
  for (int cast = kMinCast; cast <= kMaxCast; ++cast) {
    SCOPED_TRACE(fmt::format("cast {}", cast));
    const std::string text = seating_text(cast);
    // Unwrapped, the paragraph says each part of the rule.
    std::string flat = text;
    std::ranges::replace(flat, '\n', ' ');
    EXPECT_EQ(text.rfind("Seating: the suspects sat round one table in number order", 0), 0u) << text;
    EXPECT_NE(flat.find("right-hand neighbour is the next number"), std::string::npos) << text;
    EXPECT_NE(flat.find("left-hand neighbour the previous"), std::string::npos) << text;
    EXPECT_NE(flat.find(fmt::format("the last suspect, {}, sat beside the first, on suspect 1's left", cast)),
              std::string::npos)
        << text;
    EXPECT_EQ(text.back(), '\n');

    // The picture: the indented lines after the paragraph's blank line.
    const std::vector<std::string> lines = lines_of(text);
    const auto blank = std::ranges::find(lines, std::string());
    ASSERT_NE(blank, lines.end()) << text;
    std::vector<std::string> picture;
    for (auto it = blank + 1; it != lines.end() && (it->empty() || it->rfind("    ", 0) == 0); ++it)
      picture.push_back(*it);
    while (!picture.empty() && picture.back().empty()) picture.pop_back();
    ASSERT_GE(picture.size(), 5u) << text;
    std::map<int, Point> seats;
    double left_edge = 1e9, right_edge = -1e9, top_edge = 1e9, bottom_edge = -1e9;  // the table's corners
    int annotation_row = -1;
    for (std::size_t row = 0; row < picture.size(); ++row) {
      const std::string& line = picture[row];
      EXPECT_LE(line.size(), 80u) << line;
      EXPECT_TRUE(line.empty() || line.back() != ' ') << "trailing space: '" << line << "'";
      if (line.find("<--") != std::string::npos) annotation_row = static_cast<int>(row);
      for (std::size_t col = 0; col < line.size(); ++col) {
        const char ch = line[col];
        // A seat is a lone number (one or two digits); the neighbours named in "(left: 6)" are
        // followed by ')'. Its place is the number's middle.
        std::size_t end = col;
        while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end]))) ++end;
        const bool lone = end > col && (col == 0 || line[col - 1] == ' ') && (end == line.size() || line[end] == ' ');
        if (lone) {
          const int number = std::stoi(line.substr(col, end - col));
          EXPECT_EQ(seats.count(number), 0u) << "seat " << number << " twice\n" << text;
          // Columns right, rows down the page: y up is minus the row.
          seats[number] = {static_cast<double>(col + end - 1) / 2, -static_cast<double>(row)};
          col = end - 1;
          continue;
        }
        if (ch == '+') {
          left_edge = std::min(left_edge, static_cast<double>(col));
          right_edge = std::max(right_edge, static_cast<double>(col));
          top_edge = std::min(top_edge, static_cast<double>(row));
          bottom_edge = std::max(bottom_edge, static_cast<double>(row));
        }
      }
    }
    ASSERT_LT(left_edge, right_edge) << "no table drawn\n" << text;
    const Point centre{(left_edge + right_edge) / 2, -(top_edge + bottom_edge) / 2};
    expect_seating(seats, centre, cast, text);

    // Suspect 1 is nearest the reader (lowest on the page), and their row names the neighbour on
    // each side as it is drawn.
    ASSERT_EQ(seats.count(1), 1u);
    for (const auto& [number, p] : seats)
      if (number != 1) {
        EXPECT_GT(p.y, seats[1].y) << "seat " << number << " is below seat 1\n" << text;
      }
    ASSERT_GE(annotation_row, 0) << text;
    // Parsed by hand: std::regex trips GCC 12's false -Wmaybe-uninitialized in the ASan build.
    const std::string& row = picture[static_cast<std::size_t>(annotation_row)];
    const std::size_t start = row.find("(left: ");
    ASSERT_NE(start, std::string::npos) << row;
    int left = 0, right = 0;
    ASSERT_EQ(std::sscanf(row.c_str() + start, "(left: %d) <-- 1 --> (right: %d)", &left, &right), 2) << row;
    EXPECT_EQ(left, left_of(0, cast) + 1);
    EXPECT_EQ(right, right_of(0, cast) + 1);
    EXPECT_EQ(-seats[1].y, static_cast<double>(annotation_row)) << "the annotation is on seat 1's row";
    EXPECT_LT(seats[left].x, seats[1].x) << "suspect 1's left-hand neighbour is drawn on the reader's left\n" << text;
    EXPECT_GT(seats[right].x, seats[1].x) << "and the right-hand one on the right\n" << text;
  }
}

// "<g class="seat" data-seat="3">\n<circle cx="…" cy="…" …/>\n<text …>3</text>": each seat's centre.
std::map<int, Point> svg_seats(const std::string& svg) {
  std::map<int, Point> seats;
  const std::string opening = "<g class=\"seat\" data-seat=\"";
  for (std::size_t at = svg.find(opening); at != std::string::npos; at = svg.find(opening, at + 1)) {
    int number = 0, label = 0;
    double x = 0, y = 0;
    const int read =
        std::sscanf(svg.c_str() + at + opening.size(), "%d\">\n<circle cx=\"%lf\" cy=\"%lf\"", &number, &x, &y);
    EXPECT_EQ(read, 3) << svg.substr(at, 120);
    const std::size_t text = svg.find("<text ", at), end = svg.find("</g>", at);
    EXPECT_LT(text, end) << svg.substr(at, 200);
    if (read != 3 || text >= end) break;  // reported above; the seats found so far are returned
    EXPECT_EQ(std::sscanf(svg.c_str() + svg.find('>', text) + 1, "%d</text>", &label), 1);
    EXPECT_EQ(label, number) << "seat " << number << " is labelled " << label;
    EXPECT_EQ(seats.count(number), 0u) << "seat " << number << " twice";
    seats[number] = {x, -y};  // SVG's y runs down the page
  }
  return seats;
}

TEST(WhodunnitSeating, TheSvgDrawsOneSeatPerSuspectRoundTheTable) {
  for (int cast = kMinCast; cast <= kMaxCast; ++cast) {
    SCOPED_TRACE(fmt::format("cast {}", cast));
    const std::string svg = seating_svg(cast);
    ASSERT_EQ(svg.rfind("<?xml", 0), 0u);
    EXPECT_EQ(svg, seating_svg(cast)) << "the same bytes every time";
    EXPECT_EQ(svg.find("data-move"), std::string::npos) << "a picture, nothing to click";
    EXPECT_EQ(std::ranges::count(svg, '<') - std::ranges::count(svg, '>'), 0);
    const std::map<int, Point> seats = svg_seats(svg);
    // The seats are evenly spaced round the table: its centre is theirs.
    Point centre;
    for (const auto& [number, p] : seats) {
      centre.x += p.x / static_cast<double>(seats.size());
      centre.y += p.y / static_cast<double>(seats.size());
    }
    expect_seating(seats, centre, cast, svg);
    const int left = left_of(0, cast) + 1, right = right_of(0, cast) + 1;
    EXPECT_NE(svg.find(fmt::format("so suspect {} is on their right, {} on their left.", right, left)),
              std::string::npos)
        << svg;
    // Each arrow's word lies nearer the neighbour it names than the other one.
    for (const auto& [word, near, far] : {std::tuple{"right", right, left}, std::tuple{"left", left, right}}) {
      const std::size_t word_at = svg.find(fmt::format(">{}<", word));
      ASSERT_NE(word_at, std::string::npos) << word;
      const std::size_t text = svg.rfind("<text x=\"", word_at);
      ASSERT_NE(text, std::string::npos) << word;
      Point label;
      ASSERT_EQ(std::sscanf(svg.c_str() + text, "<text x=\"%lf\" y=\"%lf\"", &label.x, &label.y), 2) << word;
      label.y = -label.y;
      const auto distance = [&](int seat) {
        return std::hypot(seats.at(seat).x - label.x, seats.at(seat).y - label.y);
      };
      EXPECT_LT(distance(near), distance(far)) << word;
    }
  }
}

}  // namespace
}  // namespace proven::whodunnit

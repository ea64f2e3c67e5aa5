#include "whodunnit/inspect.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/svg.hpp"
#include "whodunnit/report.hpp"

namespace proven::whodunnit {
namespace {

// Picture metrics (pixels). Names are measured in characters: the picture only needs to leave
// room for them, and a monospace estimate keeps the bytes independent of any font.
constexpr double kCellWidth = 34, kCellHeight = 20, kCharWidth = 7, kBand = 18, kGap = 6;

std::string range_text(Range r) {
  if (r.min == r.max) return std::to_string(r.min);
  return fmt::format("{}\u2013{}", r.min, r.max);
}

// A state's verdict in words, as the summary and the switches say it.
std::string verdict(const Bounds& bounds) {
  if (bounds.contradictory()) return "contradictory";
  if (bounds.ambiguity() == 0) return "determined, exactly one solution";
  return fmt::format("undetermined, ambiguity {}", bounds.ambiguity());
}

std::string short_verdict(const Bounds& bounds) {
  return bounds.contradictory() ? "contradictory" : fmt::format("ambiguity {}", bounds.ambiguity());
}

}  // namespace

Bounds bounds_with(const Lattice& lattice, const Case& c, const std::vector<bool>& clue_on) {
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(c.setup));
  for (std::size_t i = 0; i < c.clues.size(); ++i)
    if (clue_on[i]) bounds.restrict_all(c.clues[i].bounds);
  if (!bounds.contradictory()) bounds.propagate();
  return bounds;
}

std::string bounds_grid_svg(const Bounds& bounds) {
  const Setup& setup = bounds.lattice().setup();
  const int categories = setup.category_count();
  std::size_t longest = 0;
  for (const Category& category : setup.categories)
    for (const ValueCount& value : category.values) longest = std::max(longest, value.name.size());
  const double names = kCharWidth * static_cast<double>(longest) + 8;
  // Columns: categories 0 .. K-2; rows: categories K-1 down to 1; block (column a, row b) is
  // drawn when a < b, so every pair of categories appears once, as a staircase.
  std::vector<double> column_x(at(categories), 0), row_y(at(categories), 0);
  double x = kBand + names;
  for (int a = 0; a + 1 < categories; ++a) {
    column_x[at(a)] = x;
    x += kCellWidth * setup.value_count(a) + kGap;
  }
  double y = kBand + names;
  for (int b = categories - 1; b >= 1; --b) {
    row_y[at(b)] = y;
    y += kCellHeight * setup.value_count(b) + kGap;
  }
  Svg svg(x, y);
  svg.rect(0, 0, x, y, R"(fill="#fff")");
  const std::string label = R"(font-family="monospace" font-size="12" fill="#333")";
  for (int a = 0; a + 1 < categories; ++a) {
    const double left = column_x[at(a)];
    svg.text(left + kCellWidth * setup.value_count(a) / 2, kBand - 5, setup.categories[at(a)].name,
             R"(font-family="sans-serif" font-size="12" font-weight="bold" text-anchor="middle")");
    for (int v = 0; v < setup.value_count(a); ++v) {
      const double cx = left + kCellWidth * (v + 0.5) + 4;
      svg.text(cx, kBand + names - 4, setup.categories[at(a)].values[at(v)].name,
               label + fmt::format(R"x( transform="rotate(-90 {} {})")x", cx, kBand + names - 4));
    }
  }
  for (int b = categories - 1; b >= 1; --b) {
    const double top = row_y[at(b)];
    const double middle = top + kCellHeight * setup.value_count(b) / 2;
    svg.text(kBand - 5, middle, setup.categories[at(b)].name,
             R"(font-family="sans-serif" font-size="12" font-weight="bold" text-anchor="middle")" +
                 fmt::format(R"x( transform="rotate(-90 {} {})")x", kBand - 5, middle));
    for (int v = 0; v < setup.value_count(b); ++v)
      svg.text(kBand + names - 4, top + kCellHeight * (v + 0.5) + 4, setup.categories[at(b)].values[at(v)].name,
               label + R"( text-anchor="end")");
    for (int a = 0; a < b; ++a)
      for (int row = 0; row < setup.value_count(b); ++row)
        for (int column = 0; column < setup.value_count(a); ++column) {
          const Term pair[] = {{a, column}, {b, row}};
          const Range r = bounds.range(bounds.lattice().cell_of(pair));
          const char* fill = r.min > r.max ? "#ef9a9a" : r.min < r.max ? "#fff" : r.min > 0 ? "#c8e6c9" : "#eee";
          const double cx = column_x[at(a)] + kCellWidth * column, cy = top + kCellHeight * row;
          svg.rect(cx, cy, kCellWidth, kCellHeight, fmt::format(R"(fill="{}" stroke="#999" stroke-width="0.5")", fill));
          svg.text(cx + kCellWidth / 2, cy + 14, range_text(r),
                   fmt::format(R"(font-family="monospace" font-size="11" text-anchor="middle" fill="{}"{})",
                               r.min == r.max && r.min == 0 ? "#999" : "#000",
                               r.min == r.max && r.min > 0 ? R"( font-weight="bold")" : ""));
        }
  }
  return svg.str(false);
}

Inspection inspect_case(const Case& c, const std::vector<std::size_t>& off) {
  const std::size_t count = c.clues.size();
  std::vector<bool> on(count, true);
  for (const std::size_t i : off) {
    if (i >= count) throw UserError(fmt::format("there is no clue {}: this case has clues 1..{}", i + 1, count));
    on[i] = false;
  }
  const Lattice lattice(c.setup);
  const Bounds setup_only = bounds_with(lattice, c, std::vector<bool>(count, false));
  const Bounds now = bounds_with(lattice, c, on);
  Inspection view;
  view.legend =
      "The solver's bounds: each cell is how many suspects have both names, after propagation. Switch clues off "
      "and on to see what each one adds.";
  const auto on_count = std::count(on.begin(), on.end(), true);
  view.summary = fmt::format("{} of {} clues on: {} (the setup alone: ambiguity {})", on_count, count, verdict(now),
                             setup_only.ambiguity());
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<bool> alone(count, false);
    alone[i] = true;
    const Bounds only_this = bounds_with(lattice, c, alone);
    std::vector<bool> flipped = on;
    flipped[i] = !on[i];
    const Bounds other = bounds_with(lattice, c, flipped);
    const std::string obviousness = only_this.contradictory()
                                        ? std::string("contradicts the setup on its own")
                                        : fmt::format("obviousness {}", setup_only.ambiguity() - only_this.ambiguity());
    view.switches.push_back(
        {.label = fmt::format("clue {}", i + 1),
         .text = clue_line(c, static_cast<int>(i)),
         .note = fmt::format("{}; switching it {}: {}", obviousness, on[i] ? "off" : "on", short_verdict(other)),
         .on = on[i]});
  }
  view.svg = bounds_grid_svg(now);
  return view;
}

}  // namespace proven::whodunnit

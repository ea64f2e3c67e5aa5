#pragma once
// How every game names a cell to a player: the column as a letter, then the row as a number,
// both from the top left, as on a chess board turned so that row 1 is at the top: "A1" is the
// top-left cell, "C2" the third column of the second row. Boards are at most 26 columns wide.
// Files keep their own 0-based layouts; only what a player reads and types uses these names.
#include <optional>
#include <string>
#include <string_view>

namespace proven {

struct GridCell {
  int col = 0, row = 0;  // 0-based
  bool operator==(const GridCell&) const = default;
};

// "C2" for col 2, row 1 (0-based).
std::string cell_name(GridCell cell);
// The cell a player named, if it lies on a width x height board: a letter (either case) and a
// row number from 1, nothing else ("c2", "C2"; not "C02", "C 2", "C0").
std::optional<GridCell> parse_cell(std::string_view name, int width, int height);
// "columns A..H, rows 1..6": what an error message tells a player about a board's names.
std::string cell_range_text(int width, int height);

}  // namespace proven

#include "core/coords.hpp"

#include <fmt/format.h>

#include "core/check.hpp"

namespace proven {

std::string cell_name(GridCell cell) {
  PROVEN_CHECK(cell.col >= 0 && cell.col < 26 && cell.row >= 0, "cell_name: column out of A..Z");
  return fmt::format("{}{}", static_cast<char>('A' + cell.col), cell.row + 1);
}

std::optional<GridCell> parse_cell(std::string_view name, int width, int height) {
  if (name.size() < 2 || name.size() > 4) return std::nullopt;
  const char letter = name[0];
  int col = -1;
  if (letter >= 'A' && letter <= 'Z') col = letter - 'A';
  if (letter >= 'a' && letter <= 'z') col = letter - 'a';
  if (col < 0 || col >= width || name[1] == '0') return std::nullopt;
  int row = 0;
  for (const char c : name.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    row = row * 10 + (c - '0');
  }
  if (row < 1 || row > height) return std::nullopt;
  return GridCell{col, row - 1};
}

std::string cell_range_text(int width, int height) {
  return fmt::format("columns A..{}, rows 1..{}", static_cast<char>('A' + width - 1), height);
}

}  // namespace proven

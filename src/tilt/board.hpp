#pragma once
// TILT boards: the cells, the marbles, their text form and the 8 turns and mirrors.
// The rules these cells follow are in docs/tilt.md and rules.hpp.
//
//   Board b = from_text("#.r\n.R.\n");   // a wall, a red hole, a red marble
//   std::string text = to_text(b);       // the same two rows back
//
// One character per cell (docs/tilt.md, "Board text"): '.' floor, '#' wall, 'r' 'g' 'b' 'y'
// holes, 'R' 'G' 'B' 'Y' marbles on floor, '1'-'4' plugged holes (red..yellow), 'X' pit,
// 's' stop pad, '^' 'v' '<' '>' one-way gates, 'z' spring, 'm' magnet, '+' glass,
// 'c' cracked floor, 'O' twin portal (a board has none or two), 'k' key, 'L' lock.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace proven::tilt {

inline constexpr int kMaxSide = 8;  // boards are at most 8x8: a cell set fits one uint64
inline constexpr int kMaxCells = 64;
inline constexpr int kMaxColours = 4;
inline constexpr int kMaxMarbles = 6;
inline constexpr int kMaxPlugs = 4;
inline constexpr int kMaxCracked = 8;

enum class Dir : std::uint8_t { Up, Right, Down, Left };
inline constexpr std::array<Dir, 4> kDirs = {Dir::Up, Dir::Right, Dir::Down, Dir::Left};
inline constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
inline constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};
inline constexpr std::array<char, 4> kDirLetter = {'U', 'R', 'D', 'L'};
inline Dir reverse(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 2) % 4); }

enum class Kind : std::uint8_t {
  Floor,
  Wall,
  Hole,
  Pit,
  // the special tiles, in the order the chapters bring them
  StopPad,
  Gate,
  PluggedHole,
  Spring,
  Magnet,
  Glass,
  Cracked,
  Portal,
  Key,
  Lock,
};

struct Cell {
  Kind kind = Kind::Floor;
  std::uint8_t colour = 0;  // holes and plugged holes: 0..3 (red, green, blue, yellow)
  Dir dir = Dir::Up;        // gates: the one direction a marble may enter in
  bool operator==(const Cell&) const = default;
};

struct Marble {
  std::uint8_t colour = 0;
  std::uint8_t cell = 0;  // y * width + x
  bool operator==(const Marble&) const = default;
};

struct Board {
  int width = 0, height = 0;
  std::vector<Cell> cells;      // row-major
  std::vector<Marble> marbles;  // sorted by (colour, cell): one board, one representation
  Cell& at(int x, int y) { return cells[static_cast<std::size_t>(y * width + x)]; }
  const Cell& at(int x, int y) const { return cells[static_cast<std::size_t>(y * width + x)]; }
  int area() const { return width * height; }
  bool operator==(const Board&) const = default;
};

char colour_letter(int colour);    // 'r' 'g' 'b' 'y'
char cell_char(const Cell& cell);  // the cell's character in board text (no marble)

// UserError on anything that is not a valid board (bad character, ragged rows, too big, a
// marble without a hole of its colour, an odd portal count, locks without a key...).
Board from_text(const std::string& text);
std::string to_text(const Board& board);  // rows joined by '\n', trailing '\n'
std::vector<std::string> to_rows(const Board& board);

void sort_marbles(Board& board);

// True for the tiles judged one by one ("every tile has to matter"); portals, keys and locks
// work in pairs and are judged as a whole by the rule test.
bool is_single_tile(Kind kind);
bool is_tile(Kind kind);  // any special tile
// The plain form of a tile cell: floor, or an ordinary hole for a plug.
Cell plain(const Cell& cell);
// The board with every special tile turned plain (the "rule has to matter" comparison).
Board plain_board(const Board& board);

// The 8 turns and mirrors. Symmetry s in 0..7: s & 3 quarter turns clockwise, then a left-right
// mirror when s >= 4. transform_dir maps a tilt the same way, so a solution follows its board.
Board transformed(const Board& board, int symmetry);
Dir transform_dir(Dir d, int symmetry);

// Cells that are not walls (the board's "room").
int open_cells(const Board& board);
int count_kind(const Board& board, Kind kind);
int colour_count(const Board& board);

}  // namespace proven::tilt

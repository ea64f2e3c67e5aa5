#include "tilt/board.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/errors.hpp"

namespace proven::tilt {
namespace {

constexpr std::string_view kColourLetters = "rgby";
constexpr std::string_view kGateLetters = "^>v<";  // indexed by Dir, the one table both ways

char gate_letter(Dir d) { return kGateLetters[static_cast<std::size_t>(d)]; }

// Board turned a quarter clockwise: old (x, y) lands on (H-1-y, x).
Board turned(const Board& b) {
  Board out{b.height, b.width, std::vector<Cell>(b.cells.size()), b.marbles};
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) out.at(b.height - 1 - y, x) = b.at(x, y);
  for (Marble& m : out.marbles) {
    const int x = m.cell % b.width, y = m.cell / b.width;
    m.cell = static_cast<std::uint8_t>(x * out.width + (b.height - 1 - y));
  }
  for (Cell& c : out.cells)
    if (c.kind == Kind::Gate) c.dir = static_cast<Dir>((static_cast<int>(c.dir) + 1) % 4);
  return out;
}

Board mirrored(const Board& b) {
  Board out = b;
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) out.at(b.width - 1 - x, y) = b.at(x, y);
  for (Marble& m : out.marbles) {
    const int x = m.cell % b.width, y = m.cell / b.width;
    m.cell = static_cast<std::uint8_t>(y * b.width + (b.width - 1 - x));
  }
  for (Cell& c : out.cells)
    if (c.kind == Kind::Gate && (c.dir == Dir::Left || c.dir == Dir::Right)) c.dir = reverse(c.dir);
  return out;
}

}  // namespace

char cell_char(const Cell& c) {
  switch (c.kind) {
    case Kind::Floor:
      return '.';
    case Kind::Wall:
      return '#';
    case Kind::Hole:
      return kColourLetters[c.colour];
    case Kind::Pit:
      return 'X';
    case Kind::StopPad:
      return 's';
    case Kind::Gate:
      return gate_letter(c.dir);
    case Kind::PluggedHole:
      return static_cast<char>('1' + c.colour);
    case Kind::Spring:
      return 'z';
    case Kind::Magnet:
      return 'm';
    case Kind::Glass:
      return '+';
    case Kind::Cracked:
      return 'c';
    case Kind::Portal:
      return 'O';
    case Kind::Key:
      return 'k';
    case Kind::Lock:
      return 'L';
  }
  return '?';
}

char colour_letter(int colour) { return kColourLetters[static_cast<std::size_t>(colour)]; }

void sort_marbles(Board& board) {
  std::sort(board.marbles.begin(), board.marbles.end(), [](const Marble& a, const Marble& b) {
    return a.colour != b.colour ? a.colour < b.colour : a.cell < b.cell;
  });
}

Board from_text(const std::string& text) {
  std::vector<std::string> rows;
  for (std::size_t start = 0; start < text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    rows.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (rows.empty() || rows[0].empty()) throw UserError("a board needs at least one non-empty row");
  const int height = static_cast<int>(rows.size()), width = static_cast<int>(rows[0].size());
  if (width > kMaxSide || height > kMaxSide)
    throw UserError(fmt::format("boards are at most {0}x{0}, this one is {1}x{2}", kMaxSide, width, height));
  Board b{width, height, std::vector<Cell>(static_cast<std::size_t>(width * height)), {}};
  for (int y = 0; y < height; ++y) {
    if (static_cast<int>(rows[static_cast<std::size_t>(y)].size()) != width)
      throw UserError(fmt::format("board row {} has {} cells, the first row has {}", y + 1,
                                  rows[static_cast<std::size_t>(y)].size(), width));
    for (int x = 0; x < width; ++x) {
      const char ch = rows[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)];
      Cell& c = b.at(x, y);
      const auto colour = kColourLetters.find(static_cast<char>(ch | 0x20));
      if (colour != std::string_view::npos && ch >= 'a') {
        c = {Kind::Hole, static_cast<std::uint8_t>(colour), Dir::Up};
      } else if (colour != std::string_view::npos) {
        b.marbles.push_back({static_cast<std::uint8_t>(colour), static_cast<std::uint8_t>(y * width + x)});
      } else if (ch >= '1' && ch <= '4') {
        c = {Kind::PluggedHole, static_cast<std::uint8_t>(ch - '1'), Dir::Up};
      } else if (const auto g = kGateLetters.find(ch); g != std::string_view::npos) {
        c = {Kind::Gate, 0, kDirs[g]};
      } else {
        switch (ch) {
          case '.':
            break;
          case '#':
            c.kind = Kind::Wall;
            break;
          case 'X':
            c.kind = Kind::Pit;
            break;
          case 's':
            c.kind = Kind::StopPad;
            break;
          case 'z':
            c.kind = Kind::Spring;
            break;
          case 'm':
            c.kind = Kind::Magnet;
            break;
          case '+':
            c.kind = Kind::Glass;
            break;
          case 'c':
            c.kind = Kind::Cracked;
            break;
          case 'O':
            c.kind = Kind::Portal;
            break;
          case 'k':
            c.kind = Kind::Key;
            break;
          case 'L':
            c.kind = Kind::Lock;
            break;
          default:
            throw UserError(fmt::format("board cell ({}, {}) has unknown character '{}'", x + 1, y + 1, ch));
        }
      }
    }
  }
  if (b.marbles.empty()) throw UserError("a board needs at least one marble");
  if (b.marbles.size() > kMaxMarbles) throw UserError(fmt::format("a board holds at most {} marbles", kMaxMarbles));
  for (const Marble& m : b.marbles) {
    const bool has_hole = std::any_of(b.cells.begin(), b.cells.end(), [&](const Cell& c) {
      return (c.kind == Kind::Hole || c.kind == Kind::PluggedHole) && c.colour == m.colour;
    });
    if (!has_hole)
      throw UserError(fmt::format("a {} marble has no {} hole", colour_letter(m.colour), colour_letter(m.colour)));
  }
  const int portals = count_kind(b, Kind::Portal), keys = count_kind(b, Kind::Key), locks = count_kind(b, Kind::Lock);
  if (portals != 0 && portals != 2) throw UserError(fmt::format("a board has no portals or one pair, not {}", portals));
  if (keys > 1 || (locks > 0) != (keys > 0))
    throw UserError("a board has no key and no locks, or one key and its locks");
  if (count_kind(b, Kind::PluggedHole) > kMaxPlugs)
    throw UserError(fmt::format("a board holds at most {} plugs", kMaxPlugs));
  if (count_kind(b, Kind::Cracked) > kMaxCracked)
    throw UserError(fmt::format("a board holds at most {} cracked cells", kMaxCracked));
  sort_marbles(b);
  return b;
}

std::vector<std::string> to_rows(const Board& board) {
  std::vector<std::string> rows;
  for (int y = 0; y < board.height; ++y) {
    std::string row;
    for (int x = 0; x < board.width; ++x) row += cell_char(board.at(x, y));
    rows.push_back(row);
  }
  for (const Marble& m : board.marbles)
    rows[static_cast<std::size_t>(m.cell / board.width)][static_cast<std::size_t>(m.cell % board.width)] =
        static_cast<char>(colour_letter(m.colour) - 0x20);
  return rows;
}

std::string to_text(const Board& board) {
  std::string text;
  for (const auto& row : to_rows(board)) text += row + "\n";
  return text;
}

bool is_single_tile(Kind kind) {
  switch (kind) {
    case Kind::StopPad:
    case Kind::Gate:
    case Kind::PluggedHole:
    case Kind::Spring:
    case Kind::Magnet:
    case Kind::Glass:
    case Kind::Cracked:
      return true;
    default:
      return false;
  }
}

bool is_tile(Kind kind) {
  return is_single_tile(kind) || kind == Kind::Portal || kind == Kind::Key || kind == Kind::Lock;
}

Cell plain(const Cell& cell) {
  if (cell.kind == Kind::PluggedHole) return {Kind::Hole, cell.colour, Dir::Up};
  if (is_tile(cell.kind)) return {};
  return cell;
}

Board plain_board(const Board& board) {
  Board out = board;
  for (Cell& c : out.cells) c = plain(c);
  return out;
}

Board transformed(const Board& board, int symmetry) {
  PROVEN_CHECK(symmetry >= 0 && symmetry < 8, "symmetry index out of range");
  Board b = board;
  for (int q = 0; q < (symmetry & 3); ++q) b = turned(b);
  if (symmetry >= 4) b = mirrored(b);
  sort_marbles(b);
  return b;
}

Dir transform_dir(Dir d, int symmetry) {
  Dir out = static_cast<Dir>((static_cast<int>(d) + (symmetry & 3)) % 4);
  if (symmetry >= 4 && (out == Dir::Left || out == Dir::Right)) out = reverse(out);
  return out;
}

int open_cells(const Board& board) {
  return static_cast<int>(
      std::count_if(board.cells.begin(), board.cells.end(), [](const Cell& c) { return c.kind != Kind::Wall; }));
}

int count_kind(const Board& board, Kind kind) {
  return static_cast<int>(
      std::count_if(board.cells.begin(), board.cells.end(), [&](const Cell& c) { return c.kind == kind; }));
}

int colour_count(const Board& board) {
  unsigned mask = 0;
  for (const Marble& m : board.marbles) mask |= 1u << m.colour;
  return __builtin_popcount(mask);
}

}  // namespace proven::tilt

#include "prism/board.hpp"

#include <sstream>

#include "core/check.hpp"
#include "core/errors.hpp"

namespace proven::prism {
namespace {

constexpr std::array<char, 4> kArrows = {'^', '>', 'v', '<'};
constexpr std::string_view kColourLetters = ".RGYBMCW";  // indexed by the colour bit set

// "/" sends East-travel North and North-travel East; "\\" sends East South and South East.
Dir reflect(Dir in, bool backslash) {
  static constexpr std::array<Dir, 4> kSlash = {Dir::East, Dir::North, Dir::West, Dir::South};
  static constexpr std::array<Dir, 4> kBackslash = {Dir::West, Dir::South, Dir::East, Dir::North};
  return (backslash ? kBackslash : kSlash)[static_cast<std::size_t>(in)];
}

Colour parse_colour(char letter, int line) {
  const auto at = kColourLetters.find(letter);
  if (at == std::string_view::npos || at == 0)
    throw UserError("board text line " + std::to_string(line) + ": '" + std::string(1, letter) +
                    "' is not a colour letter (R G B Y M C W)");
  return static_cast<Colour>(at);
}

int arrow_index(char c) {
  for (std::size_t i = 0; i < kArrows.size(); ++i)
    if (kArrows[i] == c) return static_cast<int>(i);
  return -1;
}

}  // namespace

char colour_letter(Colour colour) { return kColourLetters[colour & kWhite]; }

std::array<Colour, 4> interact(const Cell& cell, Dir in, Colour colour) {
  std::array<Colour, 4> out{};
  auto send = [&out](Dir d, Colour c) { out[static_cast<std::size_t>(d)] |= c; };
  switch (cell.kind) {
    case Kind::Empty:
      send(in, colour);
      break;
    case Kind::Wall:
    case Kind::Emitter:
    case Kind::Crystal:
      break;  // absorbed
    case Kind::Mirror:
      send(reflect(in, cell.rotation == 1), colour);
      break;
    case Kind::Splitter:
      send(in, colour);
      send(reflect(in, cell.rotation == 1), colour);
      break;
    case Kind::Prism: {
      // Only light travelling along the prism's axis enters; the housing absorbs the rest.
      const Dir axis = static_cast<Dir>(cell.rotation);
      if (in != axis) break;
      send(axis, colour & kRed);
      send(turn_left(axis), colour & kGreen);
      send(turn_right(axis), colour & kBlue);
      break;
    }
    case Kind::Filter: {
      const bool horizontal = cell.rotation == 0;
      const bool along = (in == Dir::East || in == Dir::West) == horizontal;
      if (along) send(in, colour & cell.colour);
      break;
    }
  }
  return out;
}

namespace {

// What every rotation of a piece would send, together: an over-approximation of its output.
std::array<Colour, 4> interact_any_rotation(Cell cell, Dir in, Colour colour) {
  std::array<Colour, 4> out{};
  for (int r = 0; r < radix_of(cell.kind); ++r) {
    cell.rotation = r;
    const auto one = interact(cell, in, colour);
    for (std::size_t d = 0; d < 4; ++d) out[d] |= one[d];
  }
  return out;
}

}  // namespace

Light trace(const Board& board) { return Tracer().run(board); }

const Light& Tracer::run(const Board& board, const std::vector<PieceMode>& modes) {
  const auto n = static_cast<std::size_t>(board.width * board.height);
  light_.received.assign(n, 0);
  light_.entering.assign(n * 4, 0);
  pending_.clear();
  auto step = [&](int x, int y, Dir d, Colour c) {
    const int nx = x + kDx[static_cast<std::size_t>(d)], ny = y + kDy[static_cast<std::size_t>(d)];
    if (c != 0 && nx >= 0 && ny >= 0 && nx < board.width && ny < board.height) pending_.push_back({nx, ny, d, c});
  };
  for (int y = 0; y < board.height; ++y)
    for (int x = 0; x < board.width; ++x)
      if (const Cell& c = board.at(x, y); c.kind == Kind::Emitter) step(x, y, c.facing, c.colour);
  // Every rule is a union-preserving map of colours, so processing only colours new to a
  // (cell, direction) reaches the same fixed point in any order, and stops on loops.
  while (!pending_.empty()) {
    const Beam beam = pending_.back();
    pending_.pop_back();
    const auto cell = static_cast<std::size_t>(beam.y * board.width + beam.x);
    Colour& seen = light_.entering[cell * 4 + static_cast<std::size_t>(beam.dir)];
    const Colour fresh = static_cast<Colour>(beam.colour & ~seen);
    if (fresh == 0) continue;
    seen |= fresh;
    light_.received[cell] |= fresh;
    const PieceMode mode = modes.empty() ? PieceMode::AsRotated : modes[cell];
    if (mode == PieceMode::Unknown && is_piece(board.cells[cell].kind)) continue;
    const auto out = mode == PieceMode::AnyRotation ? interact_any_rotation(board.cells[cell], beam.dir, fresh)
                                                    : interact(board.cells[cell], beam.dir, fresh);
    for (int d = 0; d < 4; ++d) step(beam.x, beam.y, static_cast<Dir>(d), out[static_cast<std::size_t>(d)]);
  }
  return light_;
}

bool is_solved(const Board& board, const Light& light) {
  bool any_crystal = false;
  for (std::size_t i = 0; i < board.cells.size(); ++i) {
    if (board.cells[i].kind != Kind::Crystal) continue;
    any_crystal = true;
    if (light.received[i] != board.cells[i].colour) return false;
  }
  return any_crystal;
}

std::vector<int> piece_cells(const Board& board) {
  std::vector<int> pieces;
  for (std::size_t i = 0; i < board.cells.size(); ++i)
    if (is_piece(board.cells[i].kind)) pieces.push_back(static_cast<int>(i));
  return pieces;
}

void tap(Cell& piece) { piece.rotation = (piece.rotation + 1) % radix_of(piece.kind); }

Board with_rotations(const Board& board, const std::vector<int>& rotations) {
  const auto pieces = piece_cells(board);
  PROVEN_CHECK(rotations.size() == pieces.size(), "one rotation per piece");
  Board turned = board;
  for (std::size_t k = 0; k < pieces.size(); ++k)
    turned.cells[static_cast<std::size_t>(pieces[k])].rotation = rotations[k];
  return turned;
}

std::string to_text(const Board& board) {
  std::string out;
  for (int y = 0; y < board.height; ++y) {
    for (int x = 0; x < board.width; ++x) {
      const Cell& c = board.at(x, y);
      const char slash = c.rotation == 1 ? '\\' : '/';
      switch (c.kind) {
        case Kind::Empty:
          out += "..";
          break;
        case Kind::Wall:
          out += "##";
          break;
        case Kind::Emitter:
          out += {kArrows[static_cast<std::size_t>(c.facing)], colour_letter(c.colour)};
          break;
        case Kind::Crystal:
          out += {'*', colour_letter(c.colour)};
          break;
        case Kind::Mirror:
          out += {slash, 'm'};
          break;
        case Kind::Splitter:
          out += {slash, 's'};
          break;
        case Kind::Prism:
          out += {'P', kArrows[static_cast<std::size_t>(c.rotation)]};
          break;
        case Kind::Filter:
          out += {c.rotation == 0 ? '=' : '|', colour_letter(c.colour)};
          break;
      }
    }
    out += '\n';
  }
  return out;
}

Board from_text(const std::string& text) {
  Board board;
  std::istringstream in(text);
  std::string row;
  int line = 0;
  while (std::getline(in, row)) {
    ++line;
    if (row.empty()) continue;
    if (row.size() % 2 != 0) throw UserError("board text line " + std::to_string(line) + ": cells take two characters");
    const int width = static_cast<int>(row.size() / 2);
    if (board.height == 0) board.width = width;
    if (width != board.width) throw UserError("board text line " + std::to_string(line) + ": rows differ in length");
    for (std::size_t i = 0; i < row.size(); i += 2) {
      const char a = row[i], b = row[i + 1];
      Cell c;
      const std::string token{a, b};
      if (token == "..") {
      } else if (token == "##") {
        c.kind = Kind::Wall;
      } else if (arrow_index(a) >= 0) {
        c = {Kind::Emitter, parse_colour(b, line), static_cast<Dir>(arrow_index(a)), 0};
      } else if (a == '*') {
        c = {Kind::Crystal, parse_colour(b, line), Dir::North, 0};
      } else if ((a == '/' || a == '\\') && (b == 'm' || b == 's')) {
        c = {b == 'm' ? Kind::Mirror : Kind::Splitter, 0, Dir::North, a == '\\' ? 1 : 0};
      } else if (a == 'P' && arrow_index(b) >= 0) {
        c = {Kind::Prism, 0, Dir::North, arrow_index(b)};
      } else if (a == '=' || a == '|') {
        c = {Kind::Filter, parse_colour(b, line), Dir::North, a == '|' ? 1 : 0};
      } else {
        throw UserError("board text line " + std::to_string(line) + ": unknown cell '" + token + "'");
      }
      board.cells.push_back(c);
    }
    ++board.height;
  }
  if (board.height == 0 || board.width == 0) throw UserError("board text is empty");
  return board;
}

}  // namespace proven::prism

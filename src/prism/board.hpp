#pragma once
// PRISM boards: the model and the light tracer. docs/prism.md states the rules exactly; this file
// is their one implementation, shared by the prover, the generator, verification and pictures.
//
//   proven::prism::Board board = ...;             // cells, row-major
//   proven::prism::Light light = trace(board);    // what every cell receives, per direction
//   bool done = is_solved(board, light);          // every crystal gets exactly its colours
//
// Colours are additive RGB sets in three bits. Light is traced per (cell, travel direction) with
// a colour set each: a colour reaching a (cell, direction) it has already reached adds nothing,
// so tracing always terminates, loops included. What light reaches is decided by cell and
// direction alone, never by drawing coordinates.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace proven::prism {

using Colour = std::uint8_t;  // bit set: kRed | kGreen | kBlue
inline constexpr Colour kRed = 1, kGreen = 2, kBlue = 4, kWhite = 7;

enum class Dir : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };
inline constexpr std::array<int, 4> kDx = {0, 1, 0, -1};
inline constexpr std::array<int, 4> kDy = {-1, 0, 1, 0};
constexpr Dir turn_right(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 1) % 4); }
constexpr Dir turn_left(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 3) % 4); }
constexpr Dir reverse(Dir d) { return static_cast<Dir>((static_cast<int>(d) + 2) % 4); }

// The kinds of cell, in one table: name, whether a tap rotates it, its radix (distinct rotations).
enum class Kind : std::uint8_t { Empty, Wall, Emitter, Crystal, Mirror, Splitter, Prism, Filter };
struct KindInfo {
  Kind kind;
  const char* name;
  int radix;  // 1 for fixed cells
};
inline constexpr std::array<KindInfo, 8> kKinds = {{
    {Kind::Empty, "empty", 1},
    {Kind::Wall, "wall", 1},
    {Kind::Emitter, "emitter", 1},
    {Kind::Crystal, "crystal", 1},
    {Kind::Mirror, "mirror", 2},      // "/" and "\": a half turn is the same mirror
    {Kind::Splitter, "splitter", 2},  // a half-silvered "/" or "\"
    {Kind::Prism, "prism", 4},        // disperses light arriving along its axis, one of 4 ways
    {Kind::Filter, "filter", 2},      // passes its colours along its axis, horizontal or vertical
}};
constexpr int radix_of(Kind k) { return kKinds[static_cast<std::size_t>(k)].radix; }
constexpr bool is_piece(Kind k) { return radix_of(k) > 1; }

struct Cell {
  Kind kind = Kind::Empty;
  Colour colour = 0;        // emitter: what it emits; crystal: what it asks for; filter: what passes
  Dir facing = Dir::North;  // emitter: where it shines
  int rotation = 0;         // pieces: 0 .. radix-1; each tap adds one (mod radix)
  bool operator==(const Cell&) const = default;
};

struct Board {
  int width = 0, height = 0;
  std::vector<Cell> cells;  // row-major, y * width + x
  const Cell& at(int x, int y) const { return cells[static_cast<std::size_t>(y * width + x)]; }
  Cell& at(int x, int y) { return cells[static_cast<std::size_t>(y * width + x)]; }
  bool operator==(const Board&) const = default;
};

// The directions and colours light leaves a cell with, given it arrived travelling `in` with
// colours `colour`. Index the result by outgoing direction. Pure: the rules in one function.
std::array<Colour, 4> interact(const Cell& cell, Dir in, Colour colour);

struct Light {
  // received[cell] = union of colours arriving in the cell (what a crystal sees).
  std::vector<Colour> received;
  // entering[cell * 4 + dir] = colours that entered the cell travelling in `dir`.
  std::vector<Colour> entering;
};

// How the tracer treats a rotatable piece. The two bounds are what the uniqueness prover prunes
// with: light traced with some pieces Unknown reaches its cells whatever those pieces turn out to
// be; light traced with them AnyRotation covers everything light could reach under any of them.
enum class PieceMode : std::uint8_t {
  AsRotated,    // the piece as it stands
  Unknown,      // light entering is recorded there but goes no further (a lower bound)
  AnyRotation,  // sends the union of what each of its rotations would send (an upper bound)
};

// A tracer that keeps its buffers: after the first call on a board size it does not allocate,
// which is what lets the prover trace at every search node. `modes` is empty (every piece as
// rotated) or holds one entry per cell.
class Tracer {
 public:
  const Light& run(const Board& board, const std::vector<PieceMode>& modes = {});

 private:
  struct Beam {
    int x, y;
    Dir dir;
    Colour colour;
  };
  Light light_;
  std::vector<Beam> pending_;
};

Light trace(const Board& board);
// Every crystal receives exactly its colour set.
bool is_solved(const Board& board, const Light& light);
inline bool is_solved(const Board& board) { return is_solved(board, trace(board)); }

// The indices of the rotatable pieces, row-major.
std::vector<int> piece_cells(const Board& board);

// One tap on a piece: its rotation advances by one, modulo its radix.
void tap(Cell& piece);
// The board with each piece turned to `rotations` (one per piece, piece_cells order): a level's
// solved board from its dealt board and solution.
Board with_rotations(const Board& board, const std::vector<int>& rotations);

// The board as text, two characters per cell and one line per row (docs/prism.md lists the
// tokens), and back. from_text throws UserError on anything it cannot read.
std::string to_text(const Board& board);
Board from_text(const std::string& text);

// Colour letters: R G B, Y = R+G, M = R+B, C = G+B, W = R+G+B.
char colour_letter(Colour colour);

}  // namespace proven::prism

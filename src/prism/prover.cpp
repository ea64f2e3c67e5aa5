#include "prism/prover.hpp"

#include <algorithm>
#include <limits>

namespace proven::prism {
namespace {

bool is_crystal(const Cell& c) { return c.kind == Kind::Crystal; }

// The board with only `emitters` shining: the others become walls, which absorb arriving light
// exactly as an emitter does.
Board with_only_emitters(const Board& board, const std::vector<int>& emitters) {
  Board part = board;
  for (Cell& c : part.cells)
    if (c.kind == Kind::Emitter) c = Cell{Kind::Wall};
  for (int e : emitters) part.cells[static_cast<std::size_t>(e)] = board.cells[static_cast<std::size_t>(e)];
  return part;
}

// Light-independent parts of a board. Emitters join one part when light from both could reach a
// common piece or crystal, tracing every piece in every rotation at once. Beams that share only
// floor cross without meeting, so two parts never influence each other: the board's solutions
// are the products of the parts' solutions, and each part is proven on its own. Pieces no light
// can ever reach are "dark": they turn freely in any solution. Crystals no light can reach
// make the board unsolvable.
struct Part {
  std::vector<int> emitters, pieces, crystals;
};
struct Decomposition {
  std::vector<Part> parts;  // ordered by their first emitter, row-major
  std::vector<int> dark_pieces, dark_crystals;
};

Decomposition decompose(const Board& board) {
  const std::size_t n = board.cells.size();
  std::vector<int> emitters;
  for (std::size_t i = 0; i < n; ++i)
    if (board.cells[i].kind == Kind::Emitter) emitters.push_back(static_cast<int>(i));
  // Union-find over emitters; `owner` remembers the first emitter whose light reached a cell.
  std::vector<std::size_t> parent(emitters.size());
  for (std::size_t e = 0; e < parent.size(); ++e) parent[e] = e;
  auto root = [&parent](std::size_t e) {
    while (parent[e] != e) e = parent[e] = parent[parent[e]];
    return e;
  };
  std::vector<int> owner(n, -1);
  const std::vector<PieceMode> any_rotation(n, PieceMode::AnyRotation);
  Tracer tracer;
  for (std::size_t e = 0; e < emitters.size(); ++e) {
    const Light& reach = tracer.run(with_only_emitters(board, {emitters[e]}), any_rotation);
    for (std::size_t i = 0; i < n; ++i) {
      if (!reach.received[i] || !(is_piece(board.cells[i].kind) || is_crystal(board.cells[i]))) continue;
      if (owner[i] < 0)
        owner[i] = static_cast<int>(e);
      else
        parent[root(e)] = root(static_cast<std::size_t>(owner[i]));
    }
  }
  Decomposition d;
  std::vector<int> part_of_root(emitters.size(), -1);
  for (std::size_t e = 0; e < emitters.size(); ++e) {
    int& part = part_of_root[root(e)];
    if (part < 0) {
      part = static_cast<int>(d.parts.size());
      d.parts.emplace_back();
    }
    d.parts[static_cast<std::size_t>(part)].emitters.push_back(emitters[e]);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const Cell& c = board.cells[i];
    if (!is_piece(c.kind) && !is_crystal(c)) continue;
    if (owner[i] < 0) {
      (is_crystal(c) ? d.dark_crystals : d.dark_pieces).push_back(static_cast<int>(i));
      continue;
    }
    Part& part = d.parts[static_cast<std::size_t>(part_of_root[root(static_cast<std::size_t>(owner[i]))])];
    (is_crystal(c) ? part.crystals : part.pieces).push_back(static_cast<int>(i));
  }
  return d;
}

// The search over one part's rotations. Pieces are fixed in the order light reaches them. At each
// node two traces bound the light of every completion: the lower bound (free pieces Unknown)
// reaches crystals whatever the free pieces do, so a crystal already receiving a colour it does
// not ask for kills the branch; the upper bound (free pieces AnyRotation) covers everything
// light could still reach, so a crystal missing a colour there kills it too. When no free piece
// is lit, none ever will be and the light is final; every rotation of each unlit free piece then
// solves the part equally, so such a piece means two solutions at once.
class PartSearch {
 public:
  PartSearch(const Board& board, const Part& part, std::uint64_t& nodes, std::uint64_t budget)
      : board_(with_only_emitters(board, part.emitters)),
        part_(part),
        nodes_(nodes),
        budget_(budget),
        lower_modes_(board.cells.size(), PieceMode::AsRotated),
        upper_modes_(board.cells.size(), PieceMode::AsRotated) {
    for (int cell : part.pieces) set_free(static_cast<std::size_t>(cell), true);
  }

  void run() {
    if (found_ >= 2 || over_budget_) return;
    if (++nodes_ > budget_) {
      over_budget_ = true;
      return;
    }
    const Light& lower = lower_tracer_.run(board_, lower_modes_);
    for (int c : part_.crystals)
      if (lower.received[static_cast<std::size_t>(c)] & ~board_.cells[static_cast<std::size_t>(c)].colour) return;
    int next = -1;
    for (int cell : part_.pieces)
      if (lower_modes_[static_cast<std::size_t>(cell)] == PieceMode::Unknown &&
          lower.received[static_cast<std::size_t>(cell)]) {
        next = cell;
        break;
      }
    if (next < 0) return count_final(lower);
    const Light& upper = upper_tracer_.run(board_, upper_modes_);
    for (int c : part_.crystals)
      if (board_.cells[static_cast<std::size_t>(c)].colour & ~upper.received[static_cast<std::size_t>(c)]) return;
    const auto cell = static_cast<std::size_t>(next);
    Cell& piece = board_.cells[cell];
    const int original = piece.rotation;
    set_free(cell, false);
    for (int r = 0; r < radix_of(piece.kind) && found_ < 2 && !over_budget_; ++r) {
      piece.rotation = r;
      run();
    }
    piece.rotation = original;
    set_free(cell, true);
  }

  std::uint64_t found() const { return found_; }  // capped at 2
  bool over_budget() const { return over_budget_; }
  int rotation_of(int cell) const { return solution_[static_cast<std::size_t>(cell)]; }

 private:
  void set_free(std::size_t cell, bool free) {
    lower_modes_[cell] = free ? PieceMode::Unknown : PieceMode::AsRotated;
    upper_modes_[cell] = free ? PieceMode::AnyRotation : PieceMode::AsRotated;
  }

  // The light is final: count the part's solutions it stands for.
  void count_final(const Light& light) {
    for (int c : part_.crystals)
      if (light.received[static_cast<std::size_t>(c)] != board_.cells[static_cast<std::size_t>(c)].colour) return;
    std::uint64_t completions = 1;
    for (int cell : part_.pieces)
      if (lower_modes_[static_cast<std::size_t>(cell)] == PieceMode::Unknown) completions = 2;  // every radix is >= 2
    if (found_ == 0 && completions == 1) {
      solution_.assign(board_.cells.size(), 0);
      for (int cell : part_.pieces)
        solution_[static_cast<std::size_t>(cell)] = board_.cells[static_cast<std::size_t>(cell)].rotation;
    }
    found_ = std::min<std::uint64_t>(2, found_ + completions);
  }

  Board board_;  // the part's emitters only; rotations of fixed pieces are live here
  const Part& part_;
  std::uint64_t& nodes_;  // shared by every part of one proof
  const std::uint64_t budget_;
  std::vector<PieceMode> lower_modes_, upper_modes_;
  Tracer lower_tracer_, upper_tracer_;
  std::uint64_t found_ = 0;
  bool over_budget_ = false;
  std::vector<int> solution_;  // by cell, once found
};

// Rotation states as mixed-radix integers over the pieces, first piece least significant.
struct StateCodec {
  std::vector<int> cells;
  std::vector<int> radices;
  std::uint64_t encode(const Board& b) const {
    std::uint64_t code = 0;
    for (std::size_t k = cells.size(); k-- > 0;)
      code = code * static_cast<std::uint64_t>(radices[k]) +
             static_cast<std::uint64_t>(b.cells[static_cast<std::size_t>(cells[k])].rotation);
    return code;
  }
  void decode(std::uint64_t code, Board& b) const {
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const auto radix = static_cast<std::uint64_t>(radices[k]);
      b.cells[static_cast<std::size_t>(cells[k])].rotation = static_cast<int>(code % radix);
      code /= radix;
    }
  }
};

StateCodec codec_for(const Board& board) {
  StateCodec codec{piece_cells(board), {}};
  for (int cell : codec.cells) codec.radices.push_back(radix_of(board.cells[static_cast<std::size_t>(cell)].kind));
  return codec;
}

}  // namespace

const char* to_string(Uniqueness verdict) {
  switch (verdict) {
    case Uniqueness::Unique:
      return "unique";
    case Uniqueness::NotUnique:
      return "not unique";
    case Uniqueness::NoSolution:
      return "no solution";
    case Uniqueness::OverBudget:
      return "over proof budget";
  }
  return "?";
}

UniquenessProof prove_unique(const Board& board, const UniquenessOptions& options) {
  UniquenessProof proof;
  const Decomposition d = decompose(board);
  proof.parts = static_cast<int>(d.parts.size());
  const bool any_crystal = std::any_of(board.cells.begin(), board.cells.end(), is_crystal);
  const bool dark_crystal_wants_light = std::any_of(d.dark_crystals.begin(), d.dark_crystals.end(), [&board](int c) {
    return board.cells[static_cast<std::size_t>(c)].colour != 0;
  });
  if (!any_crystal || dark_crystal_wants_light) return proof;  // NoSolution
  std::vector<int> rotation(board.cells.size(), 0);
  bool over_budget = false, several = !d.dark_pieces.empty();
  for (const Part& part : d.parts) {
    PartSearch search(board, part, proof.nodes, options.node_budget);
    search.run();
    if (search.over_budget()) {
      over_budget = true;  // the budget is shared, so no later part could be searched either
      break;
    }
    if (search.found() == 0) return proof;  // one part without a solution: the board has none
    several |= search.found() >= 2;
    if (search.found() == 1)
      for (int cell : part.pieces) rotation[static_cast<std::size_t>(cell)] = search.rotation_of(cell);
  }
  proof.nodes = std::min(proof.nodes, options.node_budget);
  if (over_budget) {
    proof.verdict = Uniqueness::OverBudget;
  } else if (several) {
    proof.verdict = Uniqueness::NotUnique;
  } else {
    proof.verdict = Uniqueness::Unique;
    for (int cell : piece_cells(board)) proof.solution.push_back(rotation[static_cast<std::size_t>(cell)]);
  }
  return proof;
}

double state_space(const Board& board) {
  double states = 1;
  for (const Cell& c : board.cells) states *= radix_of(c.kind);
  return states;
}

std::optional<std::uint64_t> count_solutions_by_enumeration(const Board& board, std::uint64_t max_states) {
  if (state_space(board) > static_cast<double>(max_states)) return std::nullopt;
  const StateCodec codec = codec_for(board);
  const auto total = static_cast<std::uint64_t>(state_space(board));
  Board work = board;
  std::uint64_t solved = 0;
  for (std::uint64_t code = 0; code < total; ++code) {
    codec.decode(code, work);
    solved += is_solved(work);
  }
  return solved;
}

int taps_to(const Board& board, const std::vector<int>& solution) {
  const auto pieces = piece_cells(board);
  int taps = 0;
  for (std::size_t k = 0; k < pieces.size() && k < solution.size(); ++k) {
    const Cell& c = board.cells[static_cast<std::size_t>(pieces[k])];
    const int radix = radix_of(c.kind);
    taps += ((solution[k] - c.rotation) % radix + radix) % radix;
  }
  return taps;
}

namespace {

// The visited set of the par search: rotation-state codes in open addressing, 8 bytes a slot at
// most half full (a node-based set takes about 40 bytes a state). Only the distance leaves the
// search, so the layout can never reach output.
class CodeSet {
 public:
  // Codes are below the state count, itself at most 2^64 - 1: the top value marks a free slot.
  static constexpr std::uint64_t kFree = std::numeric_limits<std::uint64_t>::max();
  CodeSet() : slots_(1024, kFree) {}
  std::size_t size() const { return size_; }
  bool insert(std::uint64_t code) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    if (!place(slots_, code)) return false;
    ++size_;
    return true;
  }

 private:
  static std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser: neighbours spread apart
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
  }
  static bool place(std::vector<std::uint64_t>& slots, std::uint64_t code) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = mix(code) & mask;; i = (i + 1) & mask) {
      if (slots[i] == code) return false;
      if (slots[i] == kFree) {
        slots[i] = code;
        return true;
      }
    }
  }
  void grow() {
    std::vector<std::uint64_t> bigger(slots_.size() * 2, kFree);
    for (std::uint64_t code : slots_)
      if (code != kFree) place(bigger, code);
    slots_.swap(bigger);
  }
  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
};

}  // namespace

ParSearch bfs_par(const Board& board, int max_depth, std::uint64_t max_states) {
  const StateCodec codec = codec_for(board);
  // The weight of each piece's digit. The state count must fit the 64-bit codes: checked before
  // multiplying, since a wrapped weight of 0 would later divide by zero.
  std::vector<std::uint64_t> place(codec.cells.size(), 1);
  std::uint64_t total = 1;
  for (std::size_t k = 0; k < place.size(); ++k) {
    const auto radix = static_cast<std::uint64_t>(codec.radices[k]);
    place[k] = total;
    if (total > std::numeric_limits<std::uint64_t>::max() / radix) return {.verdict = ParVerdict::TooLarge};
    total *= radix;
  }
  Board work = board;
  CodeSet seen;
  std::vector<std::uint64_t> layer = {codec.encode(board)}, next;
  seen.insert(layer[0]);
  for (int depth = 0; depth <= max_depth; ++depth) {
    for (std::uint64_t code : layer) {
      codec.decode(code, work);
      if (is_solved(work)) return {.verdict = ParVerdict::Found, .par = depth, .states = seen.size()};
    }
    if (depth == max_depth) break;
    next.clear();
    for (std::uint64_t code : layer) {
      for (std::size_t k = 0; k < place.size(); ++k) {
        const auto radix = static_cast<std::uint64_t>(codec.radices[k]);
        const std::uint64_t digit = code / place[k] % radix;
        const std::uint64_t tapped = code - digit * place[k] + (digit + 1) % radix * place[k];
        if (seen.insert(tapped)) next.push_back(tapped);
      }
      if (seen.size() > max_states) return {.verdict = ParVerdict::OverBudget, .states = seen.size()};
    }
    layer.swap(next);
    if (layer.empty()) return {.verdict = ParVerdict::Unsolvable, .states = seen.size()};
  }
  return {.verdict = ParVerdict::NoneWithinDepth, .states = seen.size()};
}

}  // namespace proven::prism

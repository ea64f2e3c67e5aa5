#include "prism/prover.hpp"

#include <algorithm>
#include <unordered_set>

namespace proven::prism {
namespace {

// Crystals receive no colour they do not ask for. Light only grows as free pieces are fixed,
// so once this fails under a partial assignment it fails for every completion.
bool no_extra_colour(const Board& board, const Light& light) {
  for (std::size_t i = 0; i < board.cells.size(); ++i)
    if (board.cells[i].kind == Kind::Crystal && (light.received[i] & ~board.cells[i].colour)) return false;
  return true;
}

struct Search {
  Search(const Board& b, std::uint64_t node_budget)
      : board(b), pieces(piece_cells(b)), unknown(b.cells.size(), 0), budget(node_budget) {
    for (int cell : pieces) unknown[static_cast<std::size_t>(cell)] = 1;
  }
  Board board;  // rotations of fixed pieces are live here
  const std::vector<int> pieces;
  std::vector<std::uint8_t> unknown;
  std::uint64_t budget;
  std::uint64_t nodes = 0;
  std::uint64_t found = 0;  // capped at 2
  bool over_budget = false;
  std::vector<int> solution;

  void run() {
    if (found >= 2 || over_budget) return;
    if (++nodes > budget) {
      over_budget = true;
      return;
    }
    const Light light = trace_partial(board, unknown);
    if (!no_extra_colour(board, light)) return;
    int next = -1;
    for (std::size_t k = 0; k < pieces.size() && next < 0; ++k) {
      const auto cell = static_cast<std::size_t>(pieces[k]);
      if (unknown[cell] && light.received[cell]) next = static_cast<int>(k);
    }
    if (next < 0) {
      // No free piece is lit, so none ever will be: this light is final.
      if (!is_solved(board, light)) return;
      std::uint64_t completions = 1;
      for (int cell : pieces)
        if (unknown[static_cast<std::size_t>(cell)]) completions *= static_cast<std::uint64_t>(radix_of(board.cells[static_cast<std::size_t>(cell)].kind));
      if (found == 0 && completions == 1) {
        for (int cell : pieces) solution.push_back(board.cells[static_cast<std::size_t>(cell)].rotation);
      }
      found = std::min<std::uint64_t>(2, found + completions);
      return;
    }
    const auto cell = static_cast<std::size_t>(pieces[static_cast<std::size_t>(next)]);
    Cell& piece = board.cells[cell];
    const int original = piece.rotation;
    unknown[cell] = 0;
    for (int r = 0; r < radix_of(piece.kind) && found < 2 && !over_budget; ++r) {
      piece.rotation = r;
      run();
    }
    piece.rotation = original;
    unknown[cell] = 1;
  }
};

// Rotation states as mixed-radix integers over the pieces, first piece least significant.
struct StateCodec {
  std::vector<int> cells;
  std::vector<int> radices;
  std::uint64_t encode(const Board& b) const {
    std::uint64_t code = 0;
    for (std::size_t k = cells.size(); k-- > 0;)
      code = code * static_cast<std::uint64_t>(radices[k]) + static_cast<std::uint64_t>(b.cells[static_cast<std::size_t>(cells[k])].rotation);
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
    case Uniqueness::Unique: return "unique";
    case Uniqueness::NotUnique: return "not unique";
    case Uniqueness::NoSolution: return "no solution";
    case Uniqueness::OverBudget: return "over proof budget";
  }
  return "?";
}

UniquenessProof prove_unique(const Board& board, const UniquenessOptions& options) {
  Search search(board, options.node_budget);
  search.run();
  UniquenessProof proof;
  proof.nodes = search.nodes;
  if (search.found >= 2) {
    proof.verdict = Uniqueness::NotUnique;
  } else if (search.over_budget) {
    proof.verdict = Uniqueness::OverBudget;
  } else if (search.found == 1) {
    proof.verdict = Uniqueness::Unique;
    proof.solution = std::move(search.solution);
  } else {
    proof.verdict = Uniqueness::NoSolution;
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

std::optional<int> bfs_par(const Board& board, int max_depth, std::uint64_t max_states) {
  const StateCodec codec = codec_for(board);
  std::vector<std::uint64_t> place(codec.cells.size(), 1);  // weight of each piece's digit
  for (std::size_t k = 1; k < place.size(); ++k) place[k] = place[k - 1] * static_cast<std::uint64_t>(codec.radices[k - 1]);
  Board work = board;
  // Only the distance leaves this function, so the set's iteration order cannot reach output.
  std::unordered_set<std::uint64_t> seen;
  std::vector<std::uint64_t> layer = {codec.encode(board)}, next;
  seen.insert(layer[0]);
  for (int depth = 0; depth <= max_depth; ++depth) {
    for (std::uint64_t code : layer) {
      codec.decode(code, work);
      if (is_solved(work)) return depth;
    }
    next.clear();
    for (std::uint64_t code : layer) {
      for (std::size_t k = 0; k < place.size(); ++k) {
        const auto radix = static_cast<std::uint64_t>(codec.radices[k]);
        const std::uint64_t digit = code / place[k] % radix;
        const std::uint64_t tapped = code - digit * place[k] + (digit + 1) % radix * place[k];
        if (seen.insert(tapped).second) next.push_back(tapped);
      }
      if (seen.size() > max_states) return std::nullopt;
    }
    layer.swap(next);
    if (layer.empty()) return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace proven::prism

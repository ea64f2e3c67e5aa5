#include "prism/generator.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace proven::prism {
namespace {

struct Candidate {
  Board solved, scrambled;
  Light light;  // of the solved board
  std::vector<int> solution;
  int par = 0;
  std::uint64_t proof_nodes = 0;
};

std::vector<std::size_t> lit_empty_cells(const Board& board, const Light& light) {
  std::vector<std::size_t> cells;
  for (std::size_t i = 0; i < board.cells.size(); ++i)
    if (board.cells[i].kind == Kind::Empty && light.received[i]) cells.push_back(i);
  return cells;
}

bool faces_into_board(const Board& b, std::size_t cell, Dir d) {
  const int x = static_cast<int>(cell) % b.width + kDx[static_cast<std::size_t>(d)];
  const int y = static_cast<int>(cell) / b.width + kDy[static_cast<std::size_t>(d)];
  return x >= 0 && y >= 0 && x < b.width && y < b.height;
}

// Whether every piece and crystal receives light. A new cell that takes the light away from an
// earlier piece would leave that piece free to turn, so the board could never be unique; one
// that darkens a crystal wastes it.
bool everything_lit(const Board& b) {
  const Light light = trace(b);
  for (std::size_t i = 0; i < b.cells.size(); ++i)
    if ((is_piece(b.cells[i].kind) || b.cells[i].kind == Kind::Crystal) && !light.received[i]) return false;
  return true;
}

// Where light lands: lit floor cells from which every beam goes next off the board or into a
// wall or emitter. A crystal there takes no light from anything downstream.
std::vector<std::size_t> landing_cells(const Board& b, const Light& light) {
  std::vector<std::size_t> cells;
  for (std::size_t i : lit_empty_cells(b, light)) {
    bool lands = true;
    for (int d = 0; d < 4 && lands; ++d) {
      if (!light.entering[i * 4 + static_cast<std::size_t>(d)]) continue;
      const int x = static_cast<int>(i) % b.width + kDx[static_cast<std::size_t>(d)];
      const int y = static_cast<int>(i) / b.width + kDy[static_cast<std::size_t>(d)];
      const bool on_board = x >= 0 && y >= 0 && x < b.width && y < b.height;
      lands = !on_board || b.at(x, y).kind == Kind::Wall || b.at(x, y).kind == Kind::Emitter;
    }
    if (lands) cells.push_back(i);
  }
  return cells;
}

// Whether `cell` placed at `site` sends on some of the light that reaches the site now.
bool passes_light(const Cell& cell, std::size_t site, const Light& light) {
  for (int d = 0; d < 4; ++d) {
    const Colour in = light.entering[site * 4 + static_cast<std::size_t>(d)];
    if (in == 0) continue;
    for (Colour out : interact(cell, static_cast<Dir>(d), in))
      if (out) return true;
  }
  return false;
}

// Puts `cell` on a lit floor cell, keeping every earlier piece and crystal lit; a piece is turned
// to one of the rotations that pass light on, so beams end only where crystals can catch them.
// Up to kSiteAttempts sites are tried, each drawn afresh. Returns whether one was found.
inline constexpr int kSiteAttempts = 8;
bool place_where_light_passes(Board& b, Cell cell, Rng& rng) {
  for (int attempt = 0; attempt < kSiteAttempts; ++attempt) {
    const Light light = trace(b);
    const auto sites = lit_empty_cells(b, light);
    if (sites.empty()) return false;
    const std::size_t site = rng.pick(sites);
    if (is_piece(cell.kind)) {
      std::vector<int> passing;
      for (int r = 0; r < radix_of(cell.kind); ++r) {
        cell.rotation = r;
        if (passes_light(cell, site, light)) passing.push_back(r);
      }
      if (passing.empty()) continue;
      cell.rotation = rng.pick(passing);
    }
    b.cells[site] = cell;
    if (everything_lit(b)) return true;
    b.cells[site] = Cell{};
  }
  return false;
}

// The solved board: emitters, then pieces where light already passes, then crystals where it
// lands, each placed only where it keeps every earlier piece lit. Crystals that end unlit become
// walls: both absorb, so the light does not change.
Board build_solved(const ChapterSpec& spec, int par, Rng& rng) {
  Board b{spec.width, spec.height, std::vector<Cell>(static_cast<std::size_t>(spec.width * spec.height))};
  static constexpr std::array<Colour, 5> kEmitterColours = {kRed, kGreen, kBlue, kWhite, kWhite};
  const int emitters = static_cast<int>(rng.uniform(1, spec.emitters_max));
  for (int i = 0; i < emitters; ++i) {
    const auto cell = static_cast<std::size_t>(rng.below(b.cells.size()));
    if (b.cells[cell].kind != Kind::Empty) continue;
    std::vector<Dir> inward;
    for (int d = 0; d < 4; ++d)
      if (faces_into_board(b, cell, static_cast<Dir>(d))) inward.push_back(static_cast<Dir>(d));
    b.cells[cell] = {Kind::Emitter, rng.pick(kEmitterColours), rng.pick(inward), 0};
  }
  std::vector<Kind> kinds;
  for (Kind k : spec.kinds)
    if (k != Kind::Empty) kinds.push_back(k);
  // At least `par` pieces, so the scramble has room (a two-way piece takes one tap at most).
  const int pieces =
      static_cast<int>(rng.uniform(std::min(spec.pieces_max, std::max(spec.pieces_min, par)), spec.pieces_max));
  for (int i = 0; i < pieces; ++i) {
    const Kind kind = rng.pick(kinds);
    const auto colour = static_cast<Colour>(kind == Kind::Filter ? rng.uniform(1, 6) : 0);
    if (!place_where_light_passes(b, {kind, colour, Dir::North, 0}, rng)) break;
  }
  const int crystals = static_cast<int>(rng.uniform(spec.crystals_min, spec.crystals_max));
  for (int i = 0; i < crystals; ++i) {
    const Cell crystal{Kind::Crystal, kWhite, Dir::North, 0};
    const auto landings = landing_cells(b, trace(b));
    if (!landings.empty())
      b.cells[rng.pick(landings)] = crystal;
    else if (!place_where_light_passes(b, crystal, rng))
      break;
  }
  const Light light = trace(b);
  for (std::size_t i = 0; i < b.cells.size(); ++i) {
    Cell& c = b.cells[i];
    if (c.kind != Kind::Crystal) continue;
    if (light.received[i])
      c.colour = light.received[i];
    else
      c = {Kind::Wall, 0, Dir::North, 0};
  }
  return b;
}

std::optional<Candidate> propose(const ChapterSpec& spec, int par, Rng& rng) {
  Candidate c;
  c.solved = build_solved(spec, par, rng);
  c.light = trace(c.solved);
  c.par = par;
  const auto pieces = piece_cells(c.solved);
  for (int cell : pieces) c.solution.push_back(c.solved.cells[static_cast<std::size_t>(cell)].rotation);
  // Scramble backwards by exactly `par` taps, no piece turned a full circle.
  std::vector<int> taps(pieces.size(), 0);
  for (int left = par; left > 0; --left) {
    std::vector<std::size_t> turnable;
    for (std::size_t k = 0; k < pieces.size(); ++k)
      if (taps[k] < radix_of(c.solved.cells[static_cast<std::size_t>(pieces[k])].kind) - 1) turnable.push_back(k);
    if (turnable.empty()) return std::nullopt;  // too few pieces for this par
    ++taps[rng.pick(turnable)];
  }
  c.scrambled = c.solved;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    Cell& piece = c.scrambled.cells[static_cast<std::size_t>(pieces[k])];
    const int radix = radix_of(piece.kind);
    piece.rotation = ((piece.rotation - taps[k]) % radix + radix) % radix;
  }
  return c;
}

int count_kind(const Board& b, Kind kind) {
  int n = 0;
  for (const Cell& c : b.cells) n += c.kind == kind;
  return n;
}

std::vector<Gate<Candidate>> gates_for(const ChapterSpec& spec) {
  return {
      {std::string(kTooFewPieces),
       [&spec](const Candidate& c) { return static_cast<int>(c.solution.size()) >= spec.pieces_min; }},
      {std::string(kTooFewCrystals),
       [&spec](const Candidate& c) { return count_kind(c.solved, Kind::Crystal) >= spec.crystals_min; }},
      {std::string(kNeverBends), [](const Candidate& c) { return shows(c.solved, c.light, Phenomenon::Reflection); }},
      {std::string(kNoPhenomenon), [&spec](const Candidate& c) { return shows(c.solved, c.light, spec.phenomenon); }},
      {std::string(kTooEasy),
       [](const Candidate& c) {
         // One piece, or every tap on the same piece, is spinning, not solving.
         const auto pieces = piece_cells(c.solved);
         int turned = 0;
         for (std::size_t k = 0; k < pieces.size(); ++k)
           turned += c.scrambled.cells[static_cast<std::size_t>(pieces[k])].rotation != c.solution[k];
         return pieces.size() >= 2 && (c.par < 2 || turned >= 2);
       }},
      {std::string(kAlreadySolved), [](const Candidate& c) { return !is_solved(c.scrambled); }},
      {std::string(kNotUnique),
       [](Candidate& c) {
         const auto proof = prove_unique(c.scrambled, {.node_budget = kProofNodeBudget});
         c.proof_nodes = proof.nodes;
         if (proof.verdict == Uniqueness::OverBudget) return Verdict::reject(kOverBudget);
         if (proof.verdict != Uniqueness::Unique) return Verdict::reject(kNotUnique);
         PROVEN_CHECK(proof.solution == c.solution, "a unique board's solution is the one it was built from");
         return Verdict::pass();
       },
       {std::string(kOverBudget)}},
      {std::string(kParMismatch),
       [](const Candidate& c) {
         // A search over budget rejects too (none has in the shipped campaign): only a proven
         // par is accepted.
         const ParSearch bfs = bfs_par(c.scrambled, c.par, kBfsStateBudget);
         return bfs.verdict == ParVerdict::Found && bfs.par == c.par;
       }},
  };
}

}  // namespace

const ChapterSpec& chapter(int number) {
  PROVEN_CHECK(number >= 1 && number <= static_cast<int>(kChapters.size()), "chapter number out of range");
  return kChapters[static_cast<std::size_t>(number - 1)];
}

int target_par(const ChapterSpec& spec, int index) {
  const double t = spec.levels > 1 ? static_cast<double>(index) / (spec.levels - 1) : 0.0;
  return spec.par_min + static_cast<int>(std::lround((spec.par_max - spec.par_min) * std::pow(t, spec.par_curve)));
}

bool shows(const Board& b, const Light& light, Phenomenon phenomenon) {
  auto entering = [&](std::size_t cell, Dir d) { return light.entering[cell * 4 + static_cast<std::size_t>(d)]; };
  bool bends = false, splits = false, disperses = false, mixes = false, filters = false;
  for (std::size_t i = 0; i < b.cells.size(); ++i) {
    const Cell& c = b.cells[i];
    if (!light.received[i]) continue;
    switch (c.kind) {
      case Kind::Mirror:
        bends = true;
        break;
      case Kind::Splitter:
        bends = splits = true;
        break;
      case Kind::Prism: {
        const Colour along = entering(i, static_cast<Dir>(c.rotation));
        bends |= (along & (kGreen | kBlue)) != 0;
        disperses |= std::popcount(along) >= 2;
        break;
      }
      case Kind::Filter:
        for (int d = 0; d < 4; ++d) {
          const bool along = (d % 2 == 1) == (c.rotation == 0);  // East/West along a horizontal filter
          const Colour in = entering(i, static_cast<Dir>(d));
          filters |= along && (in & c.colour) && (in & ~c.colour);
        }
        break;
      case Kind::Crystal: {
        // Mixed: two or more colours, and no single incoming beam carries them all.
        bool one_beam_suffices = false;
        for (int d = 0; d < 4; ++d) one_beam_suffices |= entering(i, static_cast<Dir>(d)) == light.received[i];
        mixes |= std::popcount(light.received[i]) >= 2 && !one_beam_suffices;
        break;
      }
      default:
        break;
    }
  }
  switch (phenomenon) {
    case Phenomenon::Reflection:
      return bends;
    case Phenomenon::Splitting:
      return splits;
    case Phenomenon::Dispersion:
      return disperses;
    case Phenomenon::Mixing:
      return mixes;
    case Phenomenon::Filtering:
      return filters;
    case Phenomenon::Convergence:
      return int(disperses) + int(mixes) + int(filters) >= 2;
  }
  return false;
}

Generated<Level> generate_level(const ChapterSpec& spec, int index, const Rng& level_rng) {
  const int par = target_par(spec, index);
  auto result = generate<Candidate>(level_rng, [&](Rng& rng) { return propose(spec, par, rng); }, gates_for(spec),
                                    {.budget = kTryBudget});
  Generated<Level> out{std::nullopt,     result.tries, result.accepted_try, std::move(result.tally),
                       result.seed_path, result.budget};
  if (result.value) {
    out.value = Level{spec.number,
                      index,
                      std::move(result.value->scrambled),
                      std::move(result.value->solution),
                      result.value->par,
                      result.value->proof_nodes};
  }
  return out;
}

}  // namespace proven::prism

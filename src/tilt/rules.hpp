#pragma once
// The TILT rules as a fast transition function (docs/tilt.md, "Rules", is the normative text).
//
//   const Rules rules(board);
//   State s = rules.start();
//   Outcome o = rules.tilt(s, Dir::Right, next);   // Moved / Cleared / Lost
//
// A Rules object precomputes, per cell and direction, the neighbour a marble steps to (or none:
// edge, wall, magnet), the cells next to a magnet, and an index for every stateful tile (plugs,
// cracked floor), so a tilt touches no heap memory. A State is small and packs into a 64-bit key
// with interchangeable marbles of one colour sorted, so equal positions have equal keys.
#include <array>
#include <cstdint>
#include <vector>

#include "tilt/board.hpp"

namespace proven::tilt {

inline constexpr std::uint8_t kHome = 0x7f;  // a marble that dropped into its hole
inline constexpr std::uint8_t kLost = 0x7e;  // a marble that fell or broke glass (reported tilts only)

struct State {
  std::array<std::uint8_t, kMaxMarbles> pos{};  // cell, or kHome
  std::uint8_t plugs_out = 0;                   // bit i: plug i has been knocked out
  std::uint8_t collapsed = 0;                   // bit i: cracked cell i has become a pit
  std::uint8_t key_taken = 0;                   // 1 once a marble has rolled over the key
  bool operator==(const State&) const = default;
};

enum class Outcome : std::uint8_t { Moved, Cleared, Lost };

// What one tilt did, for pictures, tests and the "pit in play" promise.
struct TiltTrace {
  std::uint64_t pits_entered = 0;  // bit per cell: pits (incl. collapsed floor) a marble fell into
  int longest_roll = 0;            // most cells one marble travelled
  int longest_roll_home = 0;       // most cells travelled by a marble that dropped into its hole
};

// Everything one tilt did, marble by marble and step by step, for play: a front end animates the
// paths and explains a loss from the fates. Only Rules::tilt with a TiltReport fills it; the
// solver's tilts never build one.
enum class Fate : std::uint8_t { Stopped, Home, FellInPit, FellThroughCrack, BrokeGlass };
enum class StepEvent : std::uint8_t { Rolled, Teleported, Bounced, TookKey };
struct Step {
  std::uint8_t cell = 0;
  StepEvent event = StepEvent::Rolled;  // how the marble came to this cell (the first step: where it starts)
};
struct MarblePath {
  std::uint8_t colour = 0;
  std::vector<Step> steps;  // steps[0] is the cell the marble starts the tilt on; the last, where it ends
  Fate fate = Fate::Stopped;
};
enum class TileChange : std::uint8_t { PlugKnockedOut, FloorCollapsed, KeyTaken, GlassBroke };
struct TileEvent {
  std::uint8_t cell = 0;
  TileChange change = TileChange::PlugKnockedOut;
};
struct TiltReport {
  std::vector<MarblePath>
      marbles;  // in the order they moved (leading marble first); marbles home before the tilt are absent
  std::vector<TileEvent> tiles;  // in the order they happened
};

class Rules {
 public:
  explicit Rules(const Board& board);

  State start() const { return start_; }
  int marbles() const { return marbles_; }
  // Applies one tilt to `from`, writing the result to `to` (which may alias `from`).
  Outcome tilt(const State& from, Dir d, State& to, TiltTrace* trace = nullptr) const;
  // The same tilt, reported step by step (cleared first). `to` is written even when the tilt
  // loses: a lost marble's cell is kLost there. A separate instantiation, so the solver's tilt
  // above pays nothing for it.
  Outcome tilt(const State& from, Dir d, State& to, TiltReport& report) const;
  std::uint64_t key(const State& s) const;  // canonical: same-colour marbles sorted
  State unpack(std::uint64_t key) const;
  bool cleared(const State& s) const;
  // A plug's or cracked cell's index (State's plugs_out / collapsed bit), -1 for any other cell.
  int tile_index(int cell) const { return tile_index_[static_cast<std::size_t>(cell)]; }

 private:
  // The marble slides, mutating `s` (plugs, cracks, key) and `occupied`; false if it is lost.
  template <bool kReport>
  bool slide(State& s, int m, Dir d, std::uint64_t& occupied, TiltTrace* trace, TiltReport* report) const;
  template <bool kReport>
  Outcome tilt_impl(const State& from, Dir d, State& to, TiltTrace* trace, TiltReport* report) const;
  void canonicalise(State& s) const;

  int width_, height_, marbles_;
  std::array<std::uint8_t, kMaxMarbles> colour_{};
  std::array<std::array<std::int8_t, 4>, kMaxCells> step_{};  // -1: edge, wall or magnet
  std::array<Kind, kMaxCells> kind_{};
  std::array<std::uint8_t, kMaxCells> cell_colour_{};
  std::array<Dir, kMaxCells> gate_dir_{};
  std::array<std::int8_t, kMaxCells> tile_index_{};  // plug or cracked index, -1 otherwise
  std::array<std::int8_t, kMaxCells> twin_{};        // portals: the other portal
  std::uint64_t magnet_side_ = 0;                    // cells next to a magnet
  State start_;
};

}  // namespace proven::tilt

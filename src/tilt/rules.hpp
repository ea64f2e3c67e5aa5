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

#include "tilt/board.hpp"

namespace proven::tilt {

inline constexpr std::uint8_t kHome = 0x7f;  // a marble that dropped into its hole

struct State {
  std::array<std::uint8_t, kMaxMarbles> pos{};  // cell, or kHome
  std::uint8_t plugs_out = 0;   // bit i: plug i has been knocked out
  std::uint8_t collapsed = 0;   // bit i: cracked cell i has become a pit
  std::uint8_t key_taken = 0;   // 1 once a marble has rolled over the key
  bool operator==(const State&) const = default;
};

enum class Outcome : std::uint8_t { Moved, Cleared, Lost };

// What one tilt did, for pictures, tests and the "pit in play" promise.
struct TiltTrace {
  std::uint64_t pits_entered = 0;  // bit per cell: pits (incl. collapsed floor) a marble fell into
  int longest_roll = 0;            // most cells one marble travelled
  int longest_roll_home = 0;       // most cells travelled by a marble that dropped into its hole
};

class Rules {
 public:
  explicit Rules(const Board& board);

  State start() const { return start_; }
  int marbles() const { return marbles_; }
  // Applies one tilt to `from`, writing the result to `to` (which may alias `from`).
  Outcome tilt(const State& from, Dir d, State& to, TiltTrace* trace = nullptr) const;
  std::uint64_t key(const State& s) const;   // canonical: same-colour marbles sorted
  State unpack(std::uint64_t key) const;
  bool cleared(const State& s) const;

 private:
  // The marble slides, mutating `s` (plugs, cracks, key) and `occupied`; false if it is lost.
  bool slide(State& s, int m, Dir d, std::uint64_t& occupied, TiltTrace* trace) const;
  void canonicalise(State& s) const;

  int width_, height_, marbles_;
  std::array<std::uint8_t, kMaxMarbles> colour_{};
  std::array<std::array<std::int8_t, 4>, kMaxCells> step_{};  // -1: edge, wall or magnet
  std::array<Kind, kMaxCells> kind_{};
  std::array<std::uint8_t, kMaxCells> cell_colour_{};
  std::array<Dir, kMaxCells> gate_dir_{};
  std::array<std::int8_t, kMaxCells> tile_index_{};  // plug or cracked index, -1 otherwise
  std::array<std::int8_t, kMaxCells> twin_{};        // portals: the other portal
  std::uint64_t magnet_side_ = 0;                     // cells next to a magnet
  State start_;
};

}  // namespace proven::tilt

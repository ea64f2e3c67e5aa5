#include "tilt/solver.hpp"

#include <cmath>

#include "core/check.hpp"
#include "core/hash.hpp"

namespace proven::tilt {
namespace {

constexpr std::int32_t kLostState = -1;
constexpr std::int32_t kClearedState = -2;
constexpr std::size_t kSlotBits = 20;  // 1M slots: load stays under 1/4 at the largest budget

}  // namespace

const char* to_string(Status v) {
  switch (v) {
    case Status::Solved:
      return "solved";
    case Status::NoSolution:
      return "no solution";
    case Status::ParOverMax:
      return "par over the maximum";
    case Status::OverBudget:
      return "over the state budget";
  }
  return "?";
}

std::int64_t bits_milli(int par, Chance numerator) {
  PROVEN_CHECK(numerator > 0, "bits of an unsolved board");
  return std::llround(1000.0 * (par * std::log2(12.0) - std::log2(static_cast<double>(numerator))));
}

std::string chance_text(Chance numerator) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(numerator % 10)));
    numerator /= 10;
  } while (numerator > 0);
  return digits;
}

std::optional<Chance> chance_from_text(const std::string& digits) {
  if (digits.empty() || digits.size() > 36) return std::nullopt;  // 36 digits < 2^128
  Chance value = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + static_cast<unsigned>(c - '0');
  }
  return value;
}

Solver::Solver() : slots_(std::size_t{1} << kSlotBits), stamps_(std::size_t{1} << kSlotBits, 0) {}

std::int32_t Solver::find_or_insert(std::uint64_t key, bool& inserted) {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = mix64(key) & mask;; i = (i + 1) & mask) {
    if (stamps_[i] != stamp_) {
      stamps_[i] = stamp_;
      slots_[i] = static_cast<std::int32_t>(keys_.size());
      keys_.push_back(key);
      inserted = true;
      return slots_[i];
    }
    if (keys_[static_cast<std::size_t>(slots_[i])] == key) {
      inserted = false;
      return slots_[i];
    }
  }
}

Solution Solver::solve(const Board& board, const SolveOptions& options) {
  PROVEN_CHECK(options.max_par >= 1 && options.max_par <= kMaxPar, "max_par out of range");
  PROVEN_CHECK(options.state_budget < (std::size_t{1} << kSlotBits) / 4, "state budget too large for the table");
  const Rules rules(board);
  if (++stamp_ == 0) {  // wrapped: forget every old stamp
    std::fill(stamps_.begin(), stamps_.end(), 0);
    stamp_ = 1;
  }
  keys_.clear();
  parent_.clear();
  via_.clear();
  succ_.clear();
  Solution out;
  bool inserted = false;
  find_or_insert(rules.key(rules.start()), inserted);
  parent_.push_back(-1);
  via_.push_back(0);
  std::int32_t winner = -1;
  std::uint8_t winning_move = 0;
  std::size_t layer_begin = 0, layer_end = 1;
  int depth = 0;
  while (winner < 0) {
    if (layer_begin == layer_end) {
      out.status = Status::NoSolution;
      break;
    }
    if (depth == options.max_par) {
      out.status = Status::ParOverMax;
      break;
    }
    for (std::size_t s = layer_begin; s < layer_end; ++s) {
      const State here = rules.unpack(keys_[s]);
      std::array<std::int32_t, 4> succ{};
      for (int d = 0; d < 4; ++d) {
        State next;
        TiltTrace trace;
        const Outcome o = rules.tilt(here, static_cast<Dir>(d), next, &trace);
        out.pits_in_play |= trace.pits_entered;
        if (o == Outcome::Lost) {
          succ[static_cast<std::size_t>(d)] = kLostState;
        } else if (o == Outcome::Cleared) {
          succ[static_cast<std::size_t>(d)] = kClearedState;
          if (winner < 0) {
            winner = static_cast<std::int32_t>(s);
            winning_move = static_cast<std::uint8_t>(d);
          }
        } else {
          const std::int32_t id = find_or_insert(rules.key(next), inserted);
          succ[static_cast<std::size_t>(d)] = id;
          if (inserted) {
            parent_.push_back(static_cast<std::int32_t>(s));
            via_.push_back(static_cast<std::uint8_t>(d));
          }
        }
      }
      succ_.push_back(succ);
      // Checked per state, not per layer, so the table never fills however wide a layer is.
      if (keys_.size() > options.state_budget) {
        out.status = Status::OverBudget;
        out.states = keys_.size();
        return out;
      }
    }
    ++depth;
    layer_begin = layer_end;
    layer_end = keys_.size();
  }
  out.states = keys_.size();
  if (winner < 0) return out;
  out.status = Status::Solved;
  out.par = depth;
  out.moves.assign(static_cast<std::size_t>(depth), Dir::Up);
  out.moves.back() = static_cast<Dir>(winning_move);
  for (std::int32_t s = winner, i = depth - 2; s > 0; s = parent_[static_cast<std::size_t>(s)], --i)
    out.moves[static_cast<std::size_t>(i)] = static_cast<Dir>(via_[static_cast<std::size_t>(s)]);
  if (!options.count_bits) return out;
  // Push the random player's chances forward over the recorded graph: count_[s] is 12^t times
  // the chance of standing in state s after t tilts without having lost. States at distance
  // <= t < par all have successors; a tilt back to the same state is no move and never chosen.
  count_.assign(keys_.size(), 0);
  count_[0] = 1;
  for (int t = 0; t < depth; ++t) {
    next_count_.assign(keys_.size(), 0);
    for (std::size_t s = 0; s < succ_.size(); ++s) {
      const Chance c = count_[s];
      if (c == 0) continue;
      const auto self = static_cast<std::int32_t>(s);
      unsigned choices = 0;
      for (const std::int32_t n : succ_[s]) choices += n != self;
      if (choices == 0) continue;  // nothing moves: the player is stuck
      const Chance share = c * (12 / choices);
      for (const std::int32_t n : succ_[s]) {
        if (n == self) continue;
        if (n == kClearedState) {
          PROVEN_CHECK(t == depth - 1, "a sequence cleared the board before par");
          out.chance += share;
        } else if (n >= 0 && t < depth - 1) {
          next_count_[static_cast<std::size_t>(n)] += share;
        }
      }
    }
    count_.swap(next_count_);
  }
  out.bits_milli = bits_milli(depth, out.chance);
  return out;
}

Outcome play(const Board& board, const std::vector<Dir>& moves) {
  const Rules rules(board);
  State s = rules.start();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Outcome o = rules.tilt(s, moves[i], s);
    if (o == Outcome::Lost) return Outcome::Lost;
    if (o == Outcome::Cleared) return i + 1 == moves.size() ? Outcome::Cleared : Outcome::Moved;
  }
  return Outcome::Moved;
}

}  // namespace proven::tilt

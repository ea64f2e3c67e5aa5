#include "tilt/rules.hpp"

#include <algorithm>

#include "core/check.hpp"

namespace proven::tilt {

Rules::Rules(const Board& board)
    : width_(board.width), height_(board.height), marbles_(static_cast<int>(board.marbles.size())) {
  PROVEN_CHECK(board.area() <= kMaxCells && marbles_ <= kMaxMarbles, "board too large for Rules");
  tile_index_.fill(-1);
  twin_.fill(-1);
  int plugs = 0, cracks = 0, first_portal = -1;
  for (int i = 0; i < board.area(); ++i) {
    const Cell& c = board.cells[static_cast<std::size_t>(i)];
    kind_[static_cast<std::size_t>(i)] = c.kind;
    cell_colour_[static_cast<std::size_t>(i)] = c.colour;
    gate_dir_[static_cast<std::size_t>(i)] = c.dir;
    if (c.kind == Kind::PluggedHole) tile_index_[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(plugs++);
    if (c.kind == Kind::Cracked) tile_index_[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(cracks++);
    if (c.kind == Kind::Portal) {
      if (first_portal < 0) {
        first_portal = i;
      } else {
        twin_[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(first_portal);
        twin_[static_cast<std::size_t>(first_portal)] = static_cast<std::int8_t>(i);
      }
    }
  }
  PROVEN_CHECK(plugs <= kMaxPlugs && cracks <= kMaxCracked, "too many stateful tiles for Rules");
  auto solid = [&](int x, int y) {
    const Kind k = board.at(x, y).kind;
    return k == Kind::Wall || k == Kind::Magnet;
  };
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const auto i = static_cast<std::size_t>(y * width_ + x);
      for (int d = 0; d < 4; ++d) {
        const int nx = x + kDx[static_cast<std::size_t>(d)], ny = y + kDy[static_cast<std::size_t>(d)];
        const bool inside = nx >= 0 && ny >= 0 && nx < width_ && ny < height_;
        step_[i][static_cast<std::size_t>(d)] =
            inside && !solid(nx, ny) ? static_cast<std::int8_t>(ny * width_ + nx) : std::int8_t{-1};
        if (inside && board.at(nx, ny).kind == Kind::Magnet && !solid(x, y)) magnet_side_ |= 1ULL << i;
      }
    }
  }
  for (int m = 0; m < marbles_; ++m) {
    colour_[static_cast<std::size_t>(m)] = board.marbles[static_cast<std::size_t>(m)].colour;
    start_.pos[static_cast<std::size_t>(m)] = board.marbles[static_cast<std::size_t>(m)].cell;
  }
  for (int m = marbles_; m < kMaxMarbles; ++m) start_.pos[static_cast<std::size_t>(m)] = kHome;
  canonicalise(start_);
}

template <bool kReport>
bool Rules::slide(State& s, int m, Dir d, std::uint64_t& occupied, TiltTrace* trace, TiltReport* report) const {
  int cell = s.pos[static_cast<std::size_t>(m)];
  bool bounced = false, teleported = false;
  int rolled = 0;
  MarblePath* path = nullptr;
  if constexpr (kReport) {
    report->marbles.push_back({.colour = colour_[static_cast<std::size_t>(m)],
                               .steps = {{static_cast<std::uint8_t>(cell), StepEvent::Rolled}},
                               .fate = Fate::Stopped});
    path = &report->marbles.back();
  }
  const auto step_to = [&](int to, StepEvent event) {
    if constexpr (kReport) path->steps.push_back({static_cast<std::uint8_t>(to), event});
  };
  const auto tile_event = [&](int at, TileChange change) {
    if constexpr (kReport) report->tiles.push_back({static_cast<std::uint8_t>(at), change});
  };
  const auto lost = [&](Fate fate) {
    if constexpr (kReport) {
      path->fate = fate;
      s.pos[static_cast<std::size_t>(m)] = kLost;
    }
    return false;
  };
  // Every leg between a bounce and a teleport is a straight line, and each happens at most once,
  // so a slide is at most four straight legs.
  for (int guard = 0;; ++guard) {
    PROVEN_CHECK(guard <= 4 * kMaxSide + 4, "a slide did not end");
    const int n = step_[static_cast<std::size_t>(cell)][static_cast<std::size_t>(d)];
    if (n < 0 || (occupied >> n & 1)) break;
    const auto un = static_cast<std::size_t>(n);
    const Kind k = kind_[un];
    if (k == Kind::Lock && !s.key_taken) break;
    if (k == Kind::PluggedHole && !(s.plugs_out >> tile_index_[un] & 1)) {
      s.plugs_out = static_cast<std::uint8_t>(s.plugs_out | 1u << tile_index_[un]);  // knocked out
      tile_event(n, TileChange::PlugKnockedOut);
      break;
    }
    if (k == Kind::Gate && gate_dir_[un] != d) break;
    if (kind_[static_cast<std::size_t>(cell)] == Kind::Cracked) {
      s.collapsed = static_cast<std::uint8_t>(s.collapsed | 1u << tile_index_[static_cast<std::size_t>(cell)]);
      tile_event(cell, TileChange::FloorCollapsed);
    }
    cell = n;
    ++rolled;
    if (k == Kind::Pit || (k == Kind::Cracked && (s.collapsed >> tile_index_[un] & 1))) {
      if (trace) trace->pits_entered |= 1ULL << un;
      step_to(n, StepEvent::Rolled);
      return lost(k == Kind::Pit ? Fate::FellInPit : Fate::FellThroughCrack);
    }
    if ((k == Kind::Hole || k == Kind::PluggedHole) && cell_colour_[un] == colour_[static_cast<std::size_t>(m)]) {
      s.pos[static_cast<std::size_t>(m)] = kHome;
      if (trace) {
        trace->longest_roll = std::max(trace->longest_roll, rolled);
        trace->longest_roll_home = std::max(trace->longest_roll_home, rolled);
      }
      step_to(n, StepEvent::Rolled);
      if constexpr (kReport) path->fate = Fate::Home;
      return true;
    }
    if (k == Kind::Key && !s.key_taken) {
      s.key_taken = 1;
      step_to(n, StepEvent::TookKey);
      tile_event(n, TileChange::KeyTaken);
    } else {
      step_to(n, k == Kind::Spring && !bounced ? StepEvent::Bounced : StepEvent::Rolled);
    }
    if (k == Kind::StopPad) break;
    if (k == Kind::Spring) {
      if (bounced) break;
      bounced = true;
      d = reverse(d);
      continue;
    }
    if (k == Kind::Portal && !teleported && !(occupied >> twin_[un] & 1)) {
      teleported = true;
      cell = twin_[un];
      step_to(cell, StepEvent::Teleported);
    }
    if (magnet_side_ >> cell & 1) break;
  }
  if (trace) trace->longest_roll = std::max(trace->longest_roll, rolled);
  if (kind_[static_cast<std::size_t>(cell)] == Kind::Glass) {  // glass breaks under a resting marble
    tile_event(cell, TileChange::GlassBroke);
    return lost(Fate::BrokeGlass);
  }
  s.pos[static_cast<std::size_t>(m)] = static_cast<std::uint8_t>(cell);
  occupied |= 1ULL << cell;
  return true;
}

Outcome Rules::tilt(const State& from, Dir d, State& to, TiltTrace* trace) const {
  return tilt_impl<false>(from, d, to, trace, nullptr);
}

Outcome Rules::tilt(const State& from, Dir d, State& to, TiltReport& report) const {
  report = {};
  return tilt_impl<true>(from, d, to, nullptr, &report);
}

template <bool kReport>
Outcome Rules::tilt_impl(const State& from, Dir d, State& to, TiltTrace* trace, TiltReport* report) const {
  State s = from;
  // Leading marbles move first: the one furthest along the tilt, ties by the other axis.
  std::array<int, kMaxMarbles> order{};
  std::array<int, kMaxMarbles> lead{};
  int count = 0;
  std::uint64_t occupied = 0;
  for (int m = 0; m < marbles_; ++m) {
    const int p = s.pos[static_cast<std::size_t>(m)];
    if (p == kHome) continue;
    occupied |= 1ULL << p;
    const int x = p % width_, y = p / width_;
    int along = 0, across = 0;
    switch (d) {
      case Dir::Up:
        along = -y;
        across = x;
        break;
      case Dir::Down:
        along = y;
        across = x;
        break;
      case Dir::Left:
        along = -x;
        across = y;
        break;
      case Dir::Right:
        along = x;
        across = y;
        break;
    }
    const int rank = -along * kMaxSide + across;  // smaller rank moves first
    int at = count++;
    while (at > 0 && lead[static_cast<std::size_t>(at - 1)] > rank) {
      lead[static_cast<std::size_t>(at)] = lead[static_cast<std::size_t>(at - 1)];
      order[static_cast<std::size_t>(at)] = order[static_cast<std::size_t>(at - 1)];
      --at;
    }
    lead[static_cast<std::size_t>(at)] = rank;
    order[static_cast<std::size_t>(at)] = m;
  }
  bool lost = false;
  for (int i = 0; i < count; ++i) {
    const int m = order[static_cast<std::size_t>(i)];
    occupied &= ~(1ULL << s.pos[static_cast<std::size_t>(m)]);
    if (!slide<kReport>(s, m, d, occupied, trace, report)) {
      lost = true;
      if (!trace && !kReport) break;  // with a trace or report, the rest still roll so every loss is seen
    }
  }
  if (lost) {
    if constexpr (kReport) {
      canonicalise(s);
      to = s;
    }
    return Outcome::Lost;
  }
  canonicalise(s);
  to = s;
  return cleared(s) ? Outcome::Cleared : Outcome::Moved;
}

void Rules::canonicalise(State& s) const {
  // Marbles are stored sorted by colour; sort positions inside each colour run (insertion sort).
  for (int m = 1; m < marbles_; ++m) {
    for (int j = m; j > 0 && colour_[static_cast<std::size_t>(j - 1)] == colour_[static_cast<std::size_t>(j)] &&
                    s.pos[static_cast<std::size_t>(j - 1)] > s.pos[static_cast<std::size_t>(j)];
         --j)
      std::swap(s.pos[static_cast<std::size_t>(j - 1)], s.pos[static_cast<std::size_t>(j)]);
  }
}

std::uint64_t Rules::key(const State& s) const {
  std::uint64_t k = 0;
  for (int m = 0; m < marbles_; ++m) k = k << 7 | s.pos[static_cast<std::size_t>(m)];
  return ((k << 4 | s.plugs_out) << 8 | s.collapsed) << 1 | s.key_taken;
}

State Rules::unpack(std::uint64_t k) const {
  State s;
  s.key_taken = static_cast<std::uint8_t>(k & 1);
  k >>= 1;
  s.collapsed = static_cast<std::uint8_t>(k & 0xff);
  k >>= 8;
  s.plugs_out = static_cast<std::uint8_t>(k & 0xf);
  k >>= 4;
  s.pos.fill(kHome);
  for (int m = marbles_ - 1; m >= 0; --m, k >>= 7)
    s.pos[static_cast<std::size_t>(m)] = static_cast<std::uint8_t>(k & 0x7f);
  return s;
}

bool Rules::cleared(const State& s) const {
  for (int m = 0; m < marbles_; ++m)
    if (s.pos[static_cast<std::size_t>(m)] != kHome) return false;
  return true;
}

}  // namespace proven::tilt

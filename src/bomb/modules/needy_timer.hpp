#pragma once
// When a needy module sleeps and wakes. Its schedule is drawn at the deal (the state needs no
// random stream later): asleep for gaps[k] before wake k, then active for a countdown window.
// After kSchedule wakes the schedule repeats.
#include <array>
#include <cstdint>
#include <optional>

#include "core/rng.hpp"

namespace proven::bomb {

struct NeedyTimer {
  static constexpr int kSchedule = 12;
  std::array<std::int32_t, kSchedule> gaps{};  // ms asleep before each wake
  std::uint8_t wakes = 0;                      // wakes so far
  bool active = false;
  std::int64_t due_ms = 0;  // active: when the countdown runs out; asleep: when it wakes

  // Gaps uniform in [min_gap_ms, max_gap_ms]; asleep until the first.
  static NeedyTimer draw(Rng& rng, std::int32_t min_gap_ms, std::int32_t max_gap_ms) {
    NeedyTimer timer;
    for (auto& gap : timer.gaps) {
      const std::int64_t drawn = rng.uniform(min_gap_ms, max_gap_ms);
      gap = static_cast<std::int32_t>(drawn);
    }
    timer.due_ms = timer.gaps[0];
    return timer;
  }
  void wake(std::int64_t now_ms, std::int64_t window_ms) {
    active = true;
    ++wakes;
    due_ms = now_ms + window_ms;
  }
  void sleep(std::int64_t now_ms) {
    active = false;
    due_ms = now_ms + gaps[wakes % kSchedule];
  }
  // The countdown a page shows while the module is awake (ms left before it strikes), else none.
  std::optional<std::int64_t> countdown_ms(std::int64_t now_ms) const {
    if (!active) return std::nullopt;
    return due_ms > now_ms ? due_ms - now_ms : 0;
  }
  bool operator==(const NeedyTimer&) const = default;
};

}  // namespace proven::bomb

#include "bomb/module.hpp"

#include <algorithm>

#include "core/check.hpp"

namespace proven::bomb {

std::string describe(Action action) {
  std::string text(kVerbNames[static_cast<std::size_t>(action.verb)]);
  switch (action.verb) {
    case Verb::Wait:
    case Verb::Tap:
    case Verb::Hold:
    case Verb::Release:
    case Verb::Submit:
      return text;
    default:
      return text + " " + std::to_string(action.arg);
  }
}

std::string numbered_words(std::string_view phrase, Action action) {
  return std::string(phrase) + " " + std::to_string(action.arg + 1);
}

std::string normal_words(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == ' ' || c == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::int64_t Clock::remaining_ms(std::int64_t now_ms) const {
  PROVEN_CHECK(now_ms >= since_ms && strikes >= 0, "clock read before its start or with negative strikes");
  return timer_ms - (now_ms - since_ms) * (4 + strikes) / 4;
}

void Clock::strike(std::int64_t now_ms) {
  timer_ms = remaining_ms(now_ms);
  since_ms = now_ms;
  ++strikes;
}

std::int64_t Clock::displayed_seconds(std::int64_t now_ms) const {
  return std::max<std::int64_t>(0, remaining_ms(now_ms)) / 1000;
}

bool Clock::shows_digit(std::int64_t now_ms, int digit) const {
  const std::int64_t seconds = displayed_seconds(now_ms);
  const std::int64_t minutes = seconds / 60;
  const std::int64_t secs = seconds % 60;
  if (secs % 10 == digit || secs / 10 == digit) return true;
  // m:ss shows every digit of the minutes, and at least one ("0:45" shows a 0).
  std::int64_t m = minutes;
  do {
    if (m % 10 == digit) return true;
    m /= 10;
  } while (m > 0);
  return false;
}

std::optional<std::int64_t> Clock::next_display_change(std::int64_t now_ms) const {
  // The display reads S while remaining is in [S*1000, S*1000 + 999]; it changes once the bomb
  // time elapsed E(t) = floor((t - since) * (4 + k) / 4) reaches timer - S*1000 + 1, i.e. at the
  // least t with (t - since) * (4 + k) >= 4 * (timer - S*1000 + 1).
  const std::int64_t shown = displayed_seconds(now_ms);
  if (shown == 0) return std::nullopt;  // the timer has run out: nothing changes any more
  const std::int64_t target_elapsed = timer_ms - shown * 1000 + 1;
  const std::int64_t rate = 4 + strikes;
  const std::int64_t t = since_ms + (4 * target_elapsed + rate - 1) / rate;
  return std::max(t, now_ms + 1);
}

}  // namespace proven::bomb

#include "core/progress.hpp"

#include <unistd.h>

#include <fmt/format.h>

namespace proven {

Progress::Progress(std::string label, std::uint64_t total)
    : Progress(std::move(label), total, stderr, isatty(fileno(stderr)) != 0) {}

Progress::Progress(std::string label, std::uint64_t total, std::FILE* stream, bool enabled)
    : label_(std::move(label)),
      total_(total),
      stream_(stream),
      enabled_(enabled),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() { finish(); }

std::string Progress::format_line(const std::string& label, std::uint64_t done, std::uint64_t total,
                                  double elapsed_seconds) {
  const double rate = elapsed_seconds > 0 ? static_cast<double>(done) / elapsed_seconds : 0.0;
  std::string eta = "--";
  if (rate > 0 && total >= done) {
    const auto seconds = static_cast<std::uint64_t>(static_cast<double>(total - done) / rate + 0.5);
    eta = seconds >= 3600 ? fmt::format("{}h{:02}m", seconds / 3600, seconds % 3600 / 60)
          : seconds >= 60 ? fmt::format("{}m{:02}s", seconds / 60, seconds % 60)
                          : fmt::format("{}s", seconds);
  }
  return fmt::format("{}  {}/{}  {:.1f}/s  ETA {}", label, done, total, rate, eta);
}

void Progress::advance(std::uint64_t n) {
  done_ += n;
  if (enabled_) draw(false);
}

void Progress::draw(bool force) {
  std::unique_lock lock(mutex_, std::try_to_lock);
  if (!lock.owns_lock()) return;  // another thread is drawing; skipping a frame is fine
  const auto now = std::chrono::steady_clock::now();
  if (!force && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  fmt::print(stream_, "\r\x1b[2K{}", format_line(label_, done_.load(), total_.load(), elapsed));
  std::fflush(stream_);
  drawn_ = true;
}

void Progress::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (drawn_) {
    fmt::print(stream_, "\r\x1b[2K");
    std::fflush(stream_);
    drawn_ = false;
  }
}

}  // namespace proven

#pragma once
// A one-line progress report on stderr for long work: count, rate and ETA, redrawn at most
// ten times a second. Silent unless stderr is a terminal, so logs and CI output stay clean
// and nothing timing-dependent ever reaches a file. Thread-safe: batch workers call advance().
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace proven {

class Progress {
 public:
  // enabled defaults to "stderr is a terminal".
  Progress(std::string label, std::uint64_t total);
  Progress(std::string label, std::uint64_t total, std::FILE* stream, bool enabled);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  void advance(std::uint64_t n = 1);
  // For work whose size is known only once it starts (a generic command hands a game its
  // Progress before the game knows how many candidates it will make).
  void set_total(std::uint64_t total) { total_ = total; }
  // Erases the line. Called by the destructor too.
  void finish();
  std::uint64_t done() const { return done_.load(); }

  // The text of one progress line, e.g. "levels  120/240  35.2/s  ETA 3s" (pure, for tests).
  static std::string format_line(const std::string& label, std::uint64_t done, std::uint64_t total,
                                 double elapsed_seconds);

 private:
  void draw(bool force);
  std::string label_;
  std::atomic<std::uint64_t> total_;
  std::FILE* stream_;
  bool enabled_;
  bool drawn_ = false;
  std::atomic<std::uint64_t> done_{0};
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  std::mutex mutex_;
};

}  // namespace proven

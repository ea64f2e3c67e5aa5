#pragma once
// One grammar for every `--seeds` option: a single seed `A`, a range `A..B` (both included), or
// a comma list of those (`1,5,10..20`). Whitespace is not allowed; each seed is a whole number in
// the caller's bounds; a range must not run backwards; no seed may be listed twice; the list may
// hold at most `max_count` seeds. Errors are one line naming the option, the text and the rule:
//   "--seeds '7..3': the range runs backwards (7 > 3)"
//
//   SeedList seeds = parse_seed_list("1..3,9", {.min = 1, .max = 999999});
//   for (std::uint64_t i = 0; i < seeds.count(); ++i) check(seeds.at(i));   // 1 2 3 9
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace proven {

struct SeedBounds {
  std::uint64_t min = 1;
  std::uint64_t max = 999'999'999;
  std::uint64_t max_count = 10'000'000;  // a list longer than this is refused
  std::string_view option = "--seeds";   // how errors name the option
};

struct SeedRange {
  std::uint64_t first = 0, last = 0;  // first <= last
  bool operator==(const SeedRange&) const = default;
};

class SeedList {
 public:
  explicit SeedList(std::vector<SeedRange> ranges);
  const std::vector<SeedRange>& ranges() const { return ranges_; }
  std::uint64_t count() const { return count_; }
  // The i-th seed in the order listed (0 <= i < count()).
  std::uint64_t at(std::uint64_t i) const;
  bool contains(std::uint64_t seed) const;
  // "1..500" or "1..3,9": the list as the grammar writes it.
  std::string text() const;

 private:
  std::vector<SeedRange> ranges_;
  std::uint64_t count_ = 0;
};

// UserError (exit 2) for anything outside the grammar or the bounds.
SeedList parse_seed_list(std::string_view text, const SeedBounds& bounds = {});

}  // namespace proven

#include "core/seeds.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/errors.hpp"

namespace proven {

SeedList::SeedList(std::vector<SeedRange> ranges) : ranges_(std::move(ranges)) {
  for (const SeedRange& r : ranges_) count_ += r.last - r.first + 1;
}

std::uint64_t SeedList::at(std::uint64_t i) const {
  for (const SeedRange& r : ranges_) {
    const std::uint64_t size = r.last - r.first + 1;
    if (i < size) return r.first + i;
    i -= size;
  }
  PROVEN_CHECK(false, "SeedList::at past the end");
  return 0;
}

bool SeedList::contains(std::uint64_t seed) const {
  return std::ranges::any_of(ranges_, [seed](const SeedRange& r) { return r.first <= seed && seed <= r.last; });
}

std::string SeedList::text() const {
  std::string out;
  for (const SeedRange& r : ranges_) {
    if (!out.empty()) out += ',';
    out += r.first == r.last ? std::to_string(r.first) : fmt::format("{}..{}", r.first, r.last);
  }
  return out;
}

SeedList parse_seed_list(std::string_view text, const SeedBounds& bounds) {
  const auto bad = [&](const std::string& why) {
    return UserError(
        fmt::format("{} '{}': {} (write A, A..B or a comma list such as 1,5,10..20)", bounds.option, text, why));
  };
  const auto number = [&](std::string_view part) {
    std::uint64_t value = 0;
    const char* end = part.data() + part.size();
    const auto [ptr, ec] = std::from_chars(part.data(), end, value);
    if (part.empty() || ec == std::errc::result_out_of_range ||
        (ec == std::errc{} && ptr == end && value > bounds.max) ||
        (ec == std::errc{} && ptr == end && value < bounds.min))
      throw bad(fmt::format("each seed must be a whole number from {} to {}", bounds.min, bounds.max));
    if (ec != std::errc{} || ptr != end) throw bad(fmt::format("'{}' is not a whole number", part));
    return value;
  };
  if (text.empty()) throw bad("no seed given");
  std::vector<SeedRange> ranges;
  std::uint64_t count = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t dots = item.find("..");
    SeedRange range;
    if (dots == std::string_view::npos) {
      range.first = range.last = number(item);
    } else {
      range.first = number(item.substr(0, dots));
      range.last = number(item.substr(dots + 2));
      if (range.first > range.last)
        throw bad(fmt::format("the range runs backwards ({} > {})", range.first, range.last));
    }
    for (const SeedRange& earlier : ranges)
      if (range.first <= earlier.last && earlier.first <= range.last)
        throw bad(fmt::format("seed {} is listed twice", std::max(range.first, earlier.first)));
    count += range.last - range.first + 1;
    if (count > bounds.max_count) throw bad(fmt::format("at most {} seeds at once", bounds.max_count));
    ranges.push_back(range);
    start = comma + 1;
  }
  return SeedList(std::move(ranges));
}

}  // namespace proven

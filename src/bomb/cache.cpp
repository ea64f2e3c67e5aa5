#include "bomb/cache.hpp"

#include "core/check.hpp"

namespace proven::bomb {

RuleBookCache::RuleBookCache(std::size_t capacity) : capacity_(capacity) {
  PROVEN_CHECK(capacity > 0, "a rule-book cache needs room for one book");
}

std::shared_ptr<const RuleBook> RuleBookCache::get(int seed) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(seed); it != entries_.end()) {
      ++hits_;
      recency_.splice(recency_.begin(), recency_, it->second.position);
      return it->second.book;
    }
    ++misses_;
  }
  // Build outside the lock: other seeds stay available meanwhile.
  auto built = std::make_shared<const RuleBook>(build_rule_book(seed));
  std::lock_guard lock(mutex_);
  if (auto it = entries_.find(seed); it != entries_.end()) return it->second.book;  // built twice; keep one
  recency_.push_front(seed);
  entries_.emplace(seed, Entry{built, recency_.begin()});
  while (entries_.size() > capacity_) {
    entries_.erase(recency_.back());
    recency_.pop_back();
  }
  return built;
}

std::size_t RuleBookCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

std::uint64_t RuleBookCache::hits() const {
  std::lock_guard lock(mutex_);
  return hits_;
}

std::uint64_t RuleBookCache::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

std::list<int> RuleBookCache::seeds_by_recency() const {
  std::lock_guard lock(mutex_);
  return recency_;
}

}  // namespace proven::bomb

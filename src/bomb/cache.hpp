#pragma once
// A bounded cache of rule books (core/lru_cache.hpp): the least recently used book is dropped
// once `capacity` are held, so memory stays bounded however many seeds are asked for (a server
// opening manuals). `proven bomb check` never uses a cache.
//
//   RuleBookCache cache(32);
//   std::shared_ptr<const RuleBook> book = cache.get(42);   // built once, then shared
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>

#include "bomb/rulebook.hpp"
#include "core/lru_cache.hpp"

namespace proven::bomb {

class RuleBookCache {
 public:
  explicit RuleBookCache(std::size_t capacity) : books_(capacity) {}

  // The book for a seed (validated first: UserError outside 1..999,999), built on a miss.
  std::shared_ptr<const RuleBook> get(int seed);

  std::size_t size() const { return books_.size(); }
  std::size_t capacity() const { return books_.capacity(); }
  std::uint64_t hits() const { return books_.hits(); }
  std::uint64_t misses() const { return books_.misses(); }
  // Seeds held, most recently used first (for tests).
  std::list<int> seeds_by_recency() const { return books_.keys_by_recency(); }

 private:
  LruCache<int, RuleBook> books_;
};

}  // namespace proven::bomb

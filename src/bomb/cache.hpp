#pragma once
// A bounded cache of rule books: the least recently used book is dropped once `capacity` are
// held, so memory stays bounded however many seeds are asked for (a server opening manuals).
//
//   RuleBookCache cache(32);
//   std::shared_ptr<const RuleBook> book = cache.get(42);   // built once, then shared
//
// Thread-safe. Two threads asking for the same missing seed may both build it; they get equal
// books (a pure function of the seed) and one is kept. `proven bomb check` never uses a cache.
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>

#include "bomb/rulebook.hpp"

namespace proven::bomb {

class RuleBookCache {
 public:
  explicit RuleBookCache(std::size_t capacity);

  // The book for a seed (validated: UserError outside 1..999,999), built on a miss.
  std::shared_ptr<const RuleBook> get(int seed);

  std::size_t size() const;
  std::size_t capacity() const { return capacity_; }
  std::uint64_t hits() const;
  std::uint64_t misses() const;
  // Seeds held, most recently used first (for tests).
  std::list<int> seeds_by_recency() const;

 private:
  struct Entry {
    std::shared_ptr<const RuleBook> book;
    std::list<int>::iterator position;  // in recency_
  };
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::list<int> recency_;  // most recent first
  std::map<int, Entry> entries_;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

}  // namespace proven::bomb

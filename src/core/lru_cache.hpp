#pragma once
// A bounded, thread-safe cache of values built from keys: once `capacity` values are held, the
// least recently used one is dropped, so memory stays bounded however many keys are asked for
// (a server asked for manuals, cases or levels of any seed).
//
//   LruCache<int, RuleBook> books(32);
//   std::shared_ptr<const RuleBook> book = books.get(42, [] { return build_rule_book(42); });
//
// A value is built outside the lock, so other keys stay available meanwhile. Two threads asking
// for the same missing key may both build it; values are pure functions of their keys, so they
// are equal, and one is kept. A build that throws caches nothing.
#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "core/check.hpp"

namespace proven {

template <class Key, class Value>
class LruCache {
 public:
  explicit LruCache(std::size_t capacity) : capacity_(capacity) {
    PROVEN_CHECK(capacity > 0, "a cache needs room for one value");
  }

  template <class Build>
  std::shared_ptr<const Value> get(const Key& key, Build&& build) {
    {
      std::lock_guard lock(mutex_);
      if (auto it = entries_.find(key); it != entries_.end()) {
        ++hits_;
        recency_.splice(recency_.begin(), recency_, it->second.position);
        return it->second.value;
      }
      ++misses_;
    }
    auto built = std::make_shared<const Value>(std::forward<Build>(build)());
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(key); it != entries_.end()) return it->second.value;  // built twice; keep one
    recency_.push_front(key);
    entries_.emplace(key, Entry{built, recency_.begin()});
    while (entries_.size() > capacity_) {
      entries_.erase(recency_.back());
      recency_.pop_back();
    }
    return built;
  }

  std::size_t capacity() const { return capacity_; }
  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }
  std::uint64_t hits() const {
    std::lock_guard lock(mutex_);
    return hits_;
  }
  std::uint64_t misses() const {
    std::lock_guard lock(mutex_);
    return misses_;
  }
  // Keys held, most recently used first (for tests).
  std::list<Key> keys_by_recency() const {
    std::lock_guard lock(mutex_);
    return recency_;
  }

 private:
  struct Entry {
    std::shared_ptr<const Value> value;
    typename std::list<Key>::iterator position;  // in recency_
  };
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::list<Key> recency_;  // most recent first
  std::map<Key, Entry> entries_;
  std::uint64_t hits_ = 0;
  std::uint64_t misses_ = 0;
};

}  // namespace proven

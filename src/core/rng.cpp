#include "core/rng.hpp"

#include <charconv>
#include <limits>

#include "core/hash.hpp"

namespace proven {
namespace {

constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// An index's decimal digits, without allocating: fork(label, i) is fork(label + digits(i)).
struct Decimal {
  explicit Decimal(std::uint64_t value)
      : size(static_cast<std::size_t>(std::to_chars(digits, digits + sizeof digits, value).ptr - digits)) {}
  std::string_view view() const { return {digits, size}; }
  char digits[20];
  std::size_t size;
};

// A child's key: the label's FNV-1a hash continued over the digits (FNV-1a of label + digits),
// mixed into the parent's key. Named and unnamed forks both key their child here.
std::uint64_t child_key(std::uint64_t parent_key, std::uint64_t label_hash, std::string_view digits) {
  return mix64(parent_key ^ fnv1a64(digits, label_hash));
}

}  // namespace

Rng::Rng(std::uint64_t key, std::string path) : key_(key), path_(std::move(path)) {
  // SplitMix64 seeding, as recommended by the xoshiro authors: four consecutive SplitMix64
  // outputs. mix64 is a bijection, so at most one word is zero and the state is never all-zero.
  std::uint64_t x = key;
  for (auto& word : state_) {
    x += kGoldenGamma;
    word = mix64(x);
  }
}

Rng Rng::from_key(std::string_view key) { return Rng(mix64(fnv1a64(key)), std::string(key)); }

Rng Rng::from_seed(std::uint64_t seed) { return from_key(std::to_string(seed)); }

// Forks build the child's path with one allocation (the proofs fork once per sample): the key
// hashes the label and then the index's decimal digits, which is FNV-1a of label + digits.
Rng Rng::fork(std::string_view label) const { return fork_path(label, {}); }

Rng Rng::fork(std::string_view label, std::uint64_t index) const { return fork_path(label, Decimal(index).view()); }

Rng::UnnamedForks Rng::unnamed_forks(std::string_view label) const { return {key_, fnv1a64(label)}; }

Rng Rng::UnnamedForks::at(std::uint64_t index) const {
  return Rng(child_key(parent_key_, label_hash_, Decimal(index).view()), std::string());
}

Rng Rng::fork_path(std::string_view label, std::string_view digits) const {
  std::string child_path;
  child_path.reserve(path_.size() + 1 + label.size() + digits.size());
  child_path += path_;
  child_path += '/';
  child_path += label;
  child_path += digits;
  return Rng(child_key(key_, fnv1a64(label), digits), std::move(child_path));
}

std::uint64_t Rng::next_u64() { return step(); }

std::uint64_t Rng::below(std::uint64_t n) {
  PROVEN_CHECK(n > 0, "Rng::below(0)");
  return below_inline(n);
}

std::int64_t Rng::uniform(std::int64_t lo, std::int64_t hi) {
  PROVEN_CHECK(lo <= hi, "Rng::uniform with lo > hi");
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  const std::uint64_t offset = span == std::numeric_limits<std::uint64_t>::max() ? next_u64() : below(span + 1);
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

double Rng::unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

bool Rng::chance(double p) { return unit() < p; }

bool Rng::chance(std::uint64_t numerator, std::uint64_t denominator) {
  PROVEN_CHECK(denominator > 0, "Rng::chance with a zero denominator");
  return below(denominator) < numerator;
}

std::vector<std::size_t> Rng::sample(std::size_t k, std::size_t n) {
  PROVEN_CHECK(k <= n, "Rng::sample of more items than there are");
  std::vector<std::size_t> items(n);
  for (std::size_t i = 0; i < n; ++i) items[i] = i;
  for (std::size_t i = 0; i < k; ++i) {
    const auto j = i + static_cast<std::size_t>(below(n - i));
    std::swap(items[i], items[j]);
  }
  items.resize(k);
  return items;
}

std::size_t Rng::weighted(std::span<const std::uint64_t> weights) {
  std::uint64_t total = 0;
  for (auto w : weights) {
    PROVEN_CHECK(total + w >= total, "Rng::weighted: weights overflow 64 bits");
    total += w;
  }
  PROVEN_CHECK(total > 0, "Rng::weighted needs a positive total weight");
  std::uint64_t r = below(total);
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return weights.size() - 1;  // unreachable: r < total
}

}  // namespace proven

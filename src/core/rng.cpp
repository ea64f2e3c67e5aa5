#include "core/rng.hpp"

#include <bit>
#include <limits>

#include "core/hash.hpp"

namespace proven {
namespace {

constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

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

Rng Rng::fork(std::string_view label) const {
  std::string child_path = path_;
  child_path += '/';
  child_path += label;
  return Rng(mix64(key_ ^ fnv1a64(label)), std::move(child_path));
}

Rng Rng::fork(std::string_view label, std::uint64_t index) const {
  std::string full(label);
  full += std::to_string(index);
  return fork(full);
}

std::uint64_t Rng::next_u64() {
  // xoshiro256** 1.0 (Blackman and Vigna, 2018).
  auto& s = state_;
  const std::uint64_t result = std::rotl(s[1] * 5, 7) * 9;
  const std::uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = std::rotl(s[3], 45);
  return result;
}

std::uint64_t Rng::below(std::uint64_t n) {
  PROVEN_CHECK(n > 0, "Rng::below(0)");
  // Reject the lowest (2^64 mod n) raw values; the remaining count is a multiple of n.
  const std::uint64_t reject_under = (0 - n) % n;
  for (;;) {
    const std::uint64_t x = next_u64();
    if (x >= reject_under) return x % n;
  }
}

std::int64_t Rng::uniform(std::int64_t lo, std::int64_t hi) {
  PROVEN_CHECK(lo <= hi, "Rng::uniform with lo > hi");
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  const std::uint64_t offset =
      span == std::numeric_limits<std::uint64_t>::max() ? next_u64() : below(span + 1);
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

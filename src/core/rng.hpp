#pragma once
// proven's one random number generator: keyed, forkable, identical on every platform.
//
//   proven::Rng root = proven::Rng::from_seed(42);        // or Rng::from_key("campaign-a")
//   proven::Rng wires = root.fork("wires");                // independent of anything drawn
//   proven::Rng attempt = wires.fork("try", 3);            // the same stream as fork("try3")
//   int n = static_cast<int>(attempt.uniform(3, 6));       // inclusive, no modulo bias
//
// A fork depends only on the root key and the label path, never on what was drawn before,
// so adding a draw in one module cannot change another module's stream. The exact algorithm
// (FNV-1a label hashing, SplitMix64 seeding, xoshiro256**, rejection sampling) is specified in
// docs/rng.md together with a Python reference implementation; tests pin golden vectors.
//
// Rng deliberately does not model std::uniform_random_bit_generator: the standard
// distributions are implementation-defined and would make output differ between compilers.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <ranges>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/check.hpp"

namespace proven {

class Rng {
 public:
  // The root of a seed's tree of streams. An integer seed is the key written in decimal,
  // so from_seed(42) and from_key("42") are the same stream.
  static Rng from_key(std::string_view key);
  static Rng from_seed(std::uint64_t seed);

  // An independent child stream named by `label` (or by `label` followed by `index` in
  // decimal: fork("try", 3) == fork("try3")). Does not advance this stream.
  Rng fork(std::string_view label) const;
  Rng fork(std::string_view label, std::uint64_t index) const;
  // Forks of one label for a loop that forks once per item and never names a fork in a
  // message, such as a proof's samples: at(i) is the same stream as fork(label, i), without its
  // path (path() is empty) and with the label hashed once, which saves most of a fork's time.
  class UnnamedForks {
   public:
    Rng at(std::uint64_t index) const;

   private:
    friend class Rng;
    UnnamedForks(std::uint64_t parent_key, std::uint64_t label_hash)
        : parent_key_(parent_key), label_hash_(label_hash) {}
    std::uint64_t parent_key_;
    std::uint64_t label_hash_;
  };
  UnnamedForks unnamed_forks(std::string_view label) const;

  // "42/wires/try3": the seed key and label path, for error messages.
  const std::string& path() const { return path_; }
  // The 64-bit key that seeds this stream (a pure function of the path).
  std::uint64_t key() const { return key_; }

  // The next raw output of xoshiro256**.
  std::uint64_t next_u64();
  // Uniform in [0, n) for n >= 1, by rejection (no modulo bias).
  std::uint64_t below(std::uint64_t n);
  // below(N) with N known at compile time: the same draws and values, but inline, and the two
  // divisions become multiplications (the proofs deal ~10^5 small draws per rule book).
  template <std::uint64_t N>
  std::uint64_t below() {
    static_assert(N > 0, "Rng::below<0>");
    constexpr std::uint64_t reject_under = (0 - N) % N;
    for (;;) {
      const std::uint64_t x = step();
      if (x >= reject_under) return x % N;
    }
  }
  // Uniform in [lo, hi], both inclusive; lo <= hi.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi);
  // Uniform double in [0, 1) with 53 random bits.
  double unit();
  // True with probability p (p <= 0 never, p >= 1 always); exact IEEE comparison.
  bool chance(double p);
  // True with probability numerator / denominator, in exact integer arithmetic.
  bool chance(std::uint64_t numerator, std::uint64_t denominator);

  // A uniformly chosen element of a non-empty random-access range.
  template <std::ranges::random_access_range R>
  decltype(auto) pick(R&& range) {
    const auto size = static_cast<std::uint64_t>(std::ranges::size(range));
    PROVEN_CHECK(size > 0, "Rng::pick from an empty range");
    return std::ranges::begin(range)[static_cast<std::ptrdiff_t>(below(size))];
  }

  // Fisher-Yates, from the last position down: for i = n-1 .. 1, swap a[i] with a[below(i+1)].
  template <std::ranges::random_access_range R>
  void shuffle(R&& range) {
    auto first = std::ranges::begin(range);
    const auto size = static_cast<std::uint64_t>(std::ranges::size(range));
    for (std::uint64_t i = size; i > 1; --i) {
      const auto j = below_inline(i);  // below(i); i > 1, so no check is needed
      using std::swap;
      swap(first[static_cast<std::ptrdiff_t>(i - 1)], first[static_cast<std::ptrdiff_t>(j)]);
    }
  }
  // The same shuffle of an array, unrolled so that every divisor is a constant (below<i>): the
  // same draws and result, without a runtime 64-bit division per draw (the proofs' deals
  // shuffle small arrays ~10^5 times per rule book).
  template <class T, std::size_t N>
  void shuffle(std::array<T, N>& items) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      (..., [&] {
        constexpr std::size_t i = N - I;  // N .. 2
        const auto j = static_cast<std::size_t>(below<i>());
        using std::swap;
        swap(items[i - 1], items[j]);
      }());
    }
    (std::make_index_sequence<(N > 1 ? N - 1 : 0)>{});
  }

  // k distinct indices of [0, n) in draw order (partial Fisher-Yates from the front).
  std::vector<std::size_t> sample(std::size_t k, std::size_t n);
  // sample(k, N) without allocating, for the proofs' deals: the same draws, and the first k
  // entries are sample(k, N)'s indices (the rest of the array is what the shuffle left there).
  // Unrolled, so each draw's divisor (N - i) is a constant.
  template <std::size_t N>
  std::array<std::size_t, N> sample_of(std::size_t k) {
    PROVEN_CHECK(k <= N, "Rng::sample of more items than there are");
    std::array<std::size_t, N> items;
    for (std::size_t i = 0; i < N; ++i) items[i] = i;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      // Left to right, stopping at the first I >= k (&& short-circuits): draw i of k.
      (void)(... && (I < k && [&] {
               const auto j = I + static_cast<std::size_t>(below<N - I>());
               std::swap(items[I], items[j]);
               return true;
             }()));
    }
    (std::make_index_sequence<N>{});
    return items;
  }
  // An index drawn with probability weights[i] / sum(weights); integer weights, sum > 0.
  std::size_t weighted(std::span<const std::uint64_t> weights);

 private:
  Rng(std::uint64_t key, std::string path);
  Rng fork_path(std::string_view label, std::string_view digits) const;
  std::uint64_t step();
  // below(n), inline so that a loop over constant sizes (sample_of) can fold its divisions.
  // Rejects the lowest (2^64 mod n) raw values; the remaining count is a multiple of n.
  std::uint64_t below_inline(std::uint64_t n) {
    const std::uint64_t reject_under = (0 - n) % n;
    for (;;) {
      const std::uint64_t x = step();
      if (x >= reject_under) return x % n;
    }
  }
  std::uint64_t key_;
  std::array<std::uint64_t, 4> state_;
  std::string path_;
};

// The xoshiro256** step, inline for below<N> and sample_of; next_u64 (rng.cpp) is this too.
inline std::uint64_t Rng::step() {
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

}  // namespace proven

#pragma once
// Stable 64-bit hashing: the same bytes give the same value on every machine and compiler.
// Used to key RNG forks and to print content digests; never std::hash (it is unspecified).
#include <cstdint>
#include <string>
#include <string_view>

namespace proven {

// FNV-1a, 64-bit (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
constexpr std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t state = 0xcbf29ce484222325ULL) {
  for (unsigned char c : bytes) {
    state ^= c;
    state *= 0x100000001b3ULL;
  }
  return state;
}

// The SplitMix64 finaliser (Steele, Lea, Flood 2014): a bijective avalanche on 64 bits.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A content digest: FNV-1a of the bytes, finalised by mix64, as 16 lowercase hex digits.
std::string digest_hex(std::string_view bytes);

// Incremental form of digest_hex, for digests over many pieces without concatenating them.
class Digest {
 public:
  void add(std::string_view bytes) { state_ = fnv1a64(bytes, state_); }
  std::uint64_t value() const { return mix64(state_); }
  std::string hex() const;

 private:
  std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

}  // namespace proven

#!/usr/bin/env python3
"""Reference implementation of proven's RNG (docs/rng.md), independent of the C++ code.

tests/core/rng_test.cpp pins golden vectors that this script reproduces; any tool in any language
can re-create proven's streams from this file alone. Run it to print the golden vectors.
"""
M = (1 << 64) - 1

def fnv1a64(data: bytes, state: int = 0xCBF29CE484222325) -> int:
    for b in data:
        state = ((state ^ b) * 0x100000001B3) & M
    return state

def mix64(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)

def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & M

class Rng:
    def __init__(self, key: int, path: str):
        self.key, self.path = key, path
        x, self.s = key, []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M
            self.s.append(mix64(x))

    @staticmethod
    def from_key(key: str) -> "Rng":
        return Rng(mix64(fnv1a64(key.encode())), key)

    @staticmethod
    def from_seed(seed: int) -> "Rng":
        return Rng.from_key(str(seed))

    def fork(self, label: str) -> "Rng":
        return Rng(mix64(self.key ^ fnv1a64(label.encode())), self.path + "/" + label)

    def next_u64(self) -> int:
        s = self.s
        result = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        reject_under = ((1 << 64) - n) % n
        while True:
            x = self.next_u64()
            if x >= reject_under:
                return x % n

    def uniform(self, lo: int, hi: int) -> int:
        span = hi - lo
        return lo + (self.next_u64() if span == M else self.below(span + 1))

    def shuffle(self, items: list) -> None:
        for i in range(len(items), 1, -1):
            j = self.below(i)
            items[i - 1], items[j] = items[j], items[i - 1]

    def sample(self, k: int, n: int) -> list:
        items = list(range(n))
        for i in range(k):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]
        return items[:k]

    def weighted(self, weights: list) -> int:
        r = self.below(sum(weights))
        for i, w in enumerate(weights):
            if r < w:
                return i
            r -= w

if __name__ == "__main__":
    for seed in ["0", "1", "42", "campaign-a"]:
        r = Rng.from_key(seed)
        print(f"{seed!r}: key {r.key:#018x} first {[hex(r.next_u64()) for _ in range(3)]}")
    r = Rng.from_seed(42).fork("wires").fork("try3")
    print("42/wires/try3:", [hex(r.next_u64()) for _ in range(3)])
    r = Rng.from_seed(7)
    print("uniform(1,6) x8:", [r.uniform(1, 6) for _ in range(8)])
    r = Rng.from_seed(7).fork("shuffle")
    xs = list(range(10)); r.shuffle(xs); print("shuffle 0..9:", xs)
    r = Rng.from_seed(7).fork("sample"); print("sample 4 of 20:", r.sample(4, 20))
    r = Rng.from_seed(7).fork("weighted"); print("weighted [1,2,3,4] x8:", [r.weighted([1, 2, 3, 4]) for _ in range(8)])
    r = Rng.from_seed(7).fork("big"); print("uniform(-2^63, 2^63-1):", r.uniform(-(1 << 63), (1 << 63) - 1))

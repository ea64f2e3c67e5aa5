// libFuzzer's custom mutator for the targets that read JSON (nesting_mutator.hpp): one mutation
// in sixteen of an input under 8 KB nests a value, around the bound (200..300 levels) or far past
// it (1,000..4,000); the others are libFuzzer's own. Only small inputs: a shipped campaign (150 KB)
// that stays valid JSON is verified whole, which would spend the run's time on a few inputs.
#include "fuzz/nesting_mutator.hpp"

#include <cstring>

#include "fuzz/harness.hpp"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size,
                                               unsigned int seed) {
  if (seed % 16 != 0 || size > 8 * 1024) return LLVMFuzzerMutate(data, size, max_size);
  const std::size_t levels = (seed / 16) % 2 == 0 ? 200 + (seed / 32) % 101 : 1000 + (seed / 32) % 3'000;
  const std::string out =
      proven::fuzz::wrap_deep(proven::fuzz::bytes(data, size), seed / 128, levels, (seed / 64) % 2 == 1, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

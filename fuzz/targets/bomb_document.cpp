// Fuzz target: any bytes as a bomb file, through read, verify, show, play (fuzz/harness.hpp).
#include "bomb/game.hpp"
#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  proven::fuzz::check_document<proven::bomb::Game>(proven::fuzz::bytes(data, size));
  return 0;
}

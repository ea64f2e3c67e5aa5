// Fuzz target: any bytes as a demo file, through read, verify, show, play (fuzz/harness.hpp).
#include "demo/game.hpp"
#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  proven::fuzz::check_document<proven::demo::Game>(proven::fuzz::bytes(data, size));
  return 0;
}

// Fuzz target: any bytes as a tilt file, through read, verify, show, play (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "tilt/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  proven::fuzz::check_document<proven::tilt::Game>(proven::fuzz::bytes(data, size));
  return 0;
}

// Fuzz target: any bytes as a whodunnit file, through read, verify, show, play (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "whodunnit/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  proven::fuzz::check_document<proven::whodunnit::Game>(proven::fuzz::bytes(data, size));
  return 0;
}

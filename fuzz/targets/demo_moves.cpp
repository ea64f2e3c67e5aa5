// Fuzz target: any lines as moves on a generated demo document (fuzz/harness.hpp).
#include "demo/game.hpp"
#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::demo::Game;
  static proven::fuzz::DealtItems<Game> items(Game::generate("fuzz", {.count = 3}, {.jobs = 1}).document);
  proven::fuzz::check_moves<Game>(items, proven::fuzz::bytes(data, size));
  return 0;
}

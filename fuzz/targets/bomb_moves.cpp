// Fuzz target: any lines as moves on a generated bomb document (fuzz/harness.hpp).
#include "bomb/game.hpp"
#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::bomb::Game;
  static proven::fuzz::DealtItems<Game> items(Game::generate("1", {}, {.jobs = 1}).document);
  proven::fuzz::check_moves<Game>(items, proven::fuzz::bytes(data, size));
  return 0;
}

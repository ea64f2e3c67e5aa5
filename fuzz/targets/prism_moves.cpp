// Fuzz target: any lines as moves on a generated prism document (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "prism/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::prism::Game;
  static proven::fuzz::DealtItems<Game> items(Game::generate("fuzz", {.chapter = 1}, {.jobs = 1}).document);
  proven::fuzz::check_moves<Game>(items, proven::fuzz::bytes(data, size));
  return 0;
}

// Fuzz target: any lines as moves on a generated tilt document (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "tilt/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::tilt::Game;
  static proven::fuzz::DealtItems<Game> items(Game::generate("fuzz", {.chapter = 1}, {.jobs = 1}).document);
  proven::fuzz::check_moves<Game>(items, proven::fuzz::bytes(data, size));
  return 0;
}

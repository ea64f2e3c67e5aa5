// Fuzz target: any lines as moves on a generated whodunnit document (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "whodunnit/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::whodunnit::Game;
  static const Game::Document doc = Game::generate("fuzz", {.cast = 5, .budget = 3000}, {.jobs = 1}).document;
  proven::fuzz::check_moves<Game>(doc, proven::fuzz::bytes(data, size));
  return 0;
}

// Fuzz target: any lines as moves on a generated whodunnit document (fuzz/harness.hpp).
#include "fuzz/harness.hpp"
#include "whodunnit/game.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::whodunnit::Game;
  static proven::fuzz::DealtItems<Game> items(
      Game::generate("fuzz", {.cast = 5, .budget = 3000}, {.jobs = 1}).document);
  proven::fuzz::check_moves<Game>(items, proven::fuzz::bytes(data, size));
  return 0;
}

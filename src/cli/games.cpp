// The registry: one line per game. Adding a game is its folder plus one line here.
#include "bomb/cli.hpp"
#include "cli/game_registry.hpp"
#include "demo/cli.hpp"
#include "prism/cli.hpp"
#include "tilt/cli.hpp"
#include "whodunnit/cli.hpp"

namespace proven::cli {

const std::vector<GameEntry>& games() {
  static const std::vector<GameEntry> entries = {
      demo::cli_entry(),
      prism::cli_entry(),
      bomb::cli_entry(),
      tilt::cli_entry(),
      whodunnit::cli_entry(),
  };
  return entries;
}

}  // namespace proven::cli

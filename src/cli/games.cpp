// The registry: one line per game. Adding a game is its folder (a Game, core/game.hpp) plus one
// line here; make_entry gives it generate, verify, show, play and bench, and its extras are its own.
#include "bomb/commands.hpp"
#include "bomb/game.hpp"
#include "cli/entry.hpp"
#include "cli/game_registry.hpp"
#include "demo/game.hpp"
#include "prism/game.hpp"
#include "tilt/game.hpp"
#include "whodunnit/commands.hpp"
#include "whodunnit/game.hpp"

namespace proven::cli {

const std::vector<GameEntry>& games() {
  static const std::vector<GameEntry> entries = {
      make_entry<demo::Game>(),
      make_entry<prism::Game>(),
      make_entry<bomb::Game>(bomb::add_commands),
      make_entry<tilt::Game>(),
      make_entry<whodunnit::Game>(whodunnit::add_extras),
  };
  return entries;
}

}  // namespace proven::cli

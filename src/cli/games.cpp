// The registry: every game of the one list (proven/games.hpp, generated from PROVEN_GAMES in
// CMakeLists.txt), each made an entry by make_entry. Nothing here names a game: a game's extra
// commands are its own optional add_commands (core/game.hpp).
#include "proven/games.hpp"
#include "cli/entry.hpp"
#include "cli/game_registry.hpp"

namespace proven::cli {

const std::vector<GameEntry>& games() {
  static const std::vector<GameEntry> entries = [] {
    std::vector<GameEntry> made;
    AllGames::for_each([&]<Game G>() { made.push_back(make_entry<G>()); });
    return made;
  }();
  return entries;
}

}  // namespace proven::cli

#pragma once
// The one list of games, as a type. The list itself is written once, as PROVEN_GAMES in the top
// CMakeLists.txt; cmake/games.cmake turns it into the generated header proven/games.hpp:
//
//   using AllGames = GameList<prism::Game, tilt::Game, ...>;
//
// which every front end and harness reads: the CLI (src/cli/games.cpp), the server
// (src/serve/catalog.cpp), the contract suite, the fuzz targets and `proven bench`. So a game
// cannot be missing from one of them: there is nothing to add it to.
#include <cstddef>

#include "core/game.hpp"

namespace proven {

template <Game... G>
struct GameList {
  static constexpr std::size_t kSize = sizeof...(G);
  // Calls visit.template operator()<G>() for each game, in the list's order:
  //   AllGames::for_each([&]<Game G>() { names.push_back(std::string(G::kName)); });
  template <class Visit>
  static void for_each(Visit&& visit) {
    (visit.template operator()<G>(), ...);
  }
  // The games as another template's arguments: AllGames::Apply<::testing::Types>.
  template <template <class...> class T>
  using Apply = T<G...>;
};

}  // namespace proven

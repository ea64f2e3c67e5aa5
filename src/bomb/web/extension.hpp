#pragma once
// The bomb's web extension (serve/extension.hpp; docs/serve.md, "Defusing in the browser" and
// "Bomb leaderboard"): everything of the bomb's in a browser that another game does not have.
//
//   GET  /bomb/play                 the Defuser's page: a form, then the bomb (defuse_page.hpp)
//   POST /api/bomb/run              what the bomb shows at a moment of a run log so far
//   POST /bomb/runs                 a defused run, replayed, then kept on the leaderboard
//   GET  /bomb/leaderboard/<seed>   a rule seed's verified runs, one table per bomb setup
//   GET  /bomb/manual/<seed>        the printable manual of a rule seed (and /bomb/manual?seed=)
//
// `proven serve --runs FILE` keeps the leaderboard in that SQLite file; without it runs are
// refused with 404.
#include <vector>

#include "serve/extension.hpp"

namespace proven::bomb::web {

std::vector<serve::WebOption> options();
serve::WebExtension extension(const serve::WebSite& site);

}  // namespace proven::bomb::web

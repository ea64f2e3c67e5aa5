#pragma once
// The Defuser's page (/bomb/play, docs/serve.md "Defusing in the browser") and its API.
//
// The server keeps no game: the page keeps the run log (each action with the moment it was
// made) and sends all of it, with the moment it asks about, to POST /api/bomb/run; the engine
// replays it (bomb/replay.hpp replay_so_far: the same apply and tick as the proofs) and answers
// with what the bomb shows then (bomb/live.hpp). A defused run's log goes to POST /bomb/runs,
// which replays it once more before the leaderboard takes it.
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/rulebook.hpp"
#include "serve/page_kit.hpp"

namespace proven::bomb::web {

// The bomb options of a URL (modules, needy, time as M:SS or seconds, strikes); absent ones are
// standard. UserError (a 400) naming the parameter for anything else.
bomb::BombSetup setup_from_query(const std::multimap<std::string, std::string>& params);

// The page that picks a bomb: rule seed, bomb seed and options, as a form.
std::string bomb_setup_page(const serve::Layout& layout);
// The Defuser's page for a bomb of `book`: the casing before the start, then every module's face.
std::string bomb_play_page(const serve::Layout& layout, const bomb::RuleBook& book, std::uint64_t bomb_seed,
                           const bomb::BombSetup& setup);
// POST /api/bomb/run: `body` is a run log without its claim plus "now_ms"; the answer is
// live_view at that moment. HttpError 422 with the replay's reason when an action cannot have
// happened; UserError (400) when the body is malformed.
nlohmann::json bomb_run_view(const bomb::RuleBook& book, const nlohmann::json& body);

}  // namespace proven::bomb::web

#pragma once
// What the Defuser's page (`proven serve`, /bomb/play) is sent about a run at a moment: the
// casing, the clock as numbers the page runs on by itself between answers, and every module's
// face as data with the actions it can take now. The page draws from this and nothing else; it
// never sees a rule, a hint or a module's hidden state (docs/bomb.md, "Defusing in the browser").
#include <nlohmann/json_fwd.hpp>

#include "bomb/replay.hpp"

namespace proven::bomb {

// `so_far.run` must be set (replay_so_far sets it unless the log names another rule book).
nlohmann::json live_view(const RunSoFar& so_far);

}  // namespace proven::bomb

#pragma once
#include "cli/game_registry.hpp"

namespace proven::bomb {
// `proven bomb manual | deal | autoplay | check`, and the bomb bench workload.
cli::GameEntry cli_entry();
}

#pragma once
#include "cli/game_registry.hpp"

namespace proven::demo {
// `proven demo generate | verify`, and the demo's bench workload.
cli::GameEntry cli_entry();
}

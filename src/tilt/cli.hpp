#pragma once
#include "cli/game_registry.hpp"

namespace proven::tilt {

cli::GameEntry cli_entry();

}  // namespace proven::tilt

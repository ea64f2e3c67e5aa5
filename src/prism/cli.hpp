#pragma once
#include "cli/game_registry.hpp"

namespace proven::prism {
// `proven prism generate | verify | show`, and the prism bench workload.
cli::GameEntry cli_entry();
}

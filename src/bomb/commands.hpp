#pragma once
// The bomb's commands beyond the generic five (src/cli/entry.hpp make_entry): `manual` (the
// printable manual, or the rule book file), `deal`, `autoplay` and `check`. docs/bomb.md, "CLI".
namespace CLI {
class App;
}

namespace proven::bomb {

void add_commands(CLI::App& group);

}  // namespace proven::bomb

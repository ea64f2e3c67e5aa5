#pragma once
// The studio (docs/serve.md): a designer's view of a pack, drawn by the server as SVG from the
// pack's own body: par and bits per level across the campaign, what the generator turned down
// per chapter, and every level's picture and the pack to download.
#include <string>

#include "serve/catalog.hpp"

namespace proven::serve {

std::string studio_page(const WebGame& game, const PackEntry& pack, const std::vector<const PackEntry*>& others);

}  // namespace proven::serve

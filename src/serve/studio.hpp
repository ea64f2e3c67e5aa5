#pragma once
// The studio (docs/serve.md): a designer's view of a pack, drawn by the server as SVG from the
// game's optional contract members (core/game.hpp): par and difficulty per item across the
// campaign (ItemFacts), what the generator turned down per chapter (PartTally), and every
// item's picture and the pack to download.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "serve/catalog.hpp"

namespace proven::serve {

// The most seeds one sample studio page generates (each is a proven case: bounded work).
// A cold sample costs a generation per seed (whodunnit cast 6: about 0.6 s each, on one core).
inline constexpr std::uint64_t kMaxSampleSeeds = 12;

// /studio: every game's studio, linked.
std::string studio_index_page(const Layout& layout, const Catalog& catalog);

std::string studio_page(const Layout& layout, const WebGame& game, const PackEntry& pack,
                        const std::vector<const PackEntry*>& others);

// A sample of seeds of a game generated on request: each of its documents' figures
// (core/game.hpp FiguredGame) plotted per seed (each dot links to its document), and a table with
// links to each document and its designer view. `documents` are (seed, document) in seed order;
// `query` holds the generation options as the URL names them ("cast=6").
std::string sample_studio_page(
    const Layout& layout, const WebGame& game, const std::string& seeds_text, const std::string& query,
    const std::vector<std::pair<std::string, std::shared_ptr<const WebDocument>>>& documents);

// The designer's view of one item (core/game.hpp Inspection, `?grid=1&off=2,5`). Each switch is
// a link that turns it off or on: the URL keeps which are off, so a view can be shared.
// `base_url` names the item with grid=1.
std::string designer_page(const Layout& layout, const WebGame& game, const std::string& title,
                          const std::string& base_url, const std::string& play_url, const Inspection& view,
                          const std::vector<std::size_t>& off);

}  // namespace proven::serve

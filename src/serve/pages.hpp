#pragma once
// The server's own HTML pages (docs/serve.md), the same for every game: the front page, a
// game's page, a pack's listing, an item's play page and the error page. Pages are plain HTML
// with the engine's SVG inline; one small script (assets/play.js) sends moves and draws what the
// server returns.
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "serve/catalog.hpp"
#include "serve/page_kit.hpp"

namespace proven::serve {

// Where a play page's document comes from, as the page's URL and the API's query say it.
struct PlaySource {
  std::string game;
  std::string query;                 // "pack=campaign" or "seed=7&cast=6" (URL-encoded)
  std::string title;                 // "campaign, level 7"
  std::size_t item = 0;              // 0-based
  std::string next_url;              // the next item's page, or empty
  std::string back_url, back_title;  // the listing it came from
  std::string designer_url;          // the item's designer view, or empty
  ItemFacts facts;
  bool single_item = false;  // the document's only item (a case): its rules open on the page
};

// The header's links: every game but demonstrations, in the list's order, then the studio.
Layout site_layout(const Catalog& catalog);

std::string index_page(const Layout& layout, const Catalog& catalog);
// `extension_html`: what the game's web extension adds to its page (extension.hpp).
std::string game_page(const Layout& layout, const Catalog& catalog, const WebGame& game,
                      const std::string& extension_html);
std::string pack_page(const Layout& layout, const WebGame& game, const PackEntry& pack);
std::string play_page(const Layout& layout, const WebGame& game, const PlaySource& source, const nlohmann::json& state);
std::string error_page(const Layout& layout, int status, const std::string& message);

}  // namespace proven::serve

#pragma once
// The HTML pages of `proven serve` (docs/serve.md). Pages are plain HTML with the engine's SVG
// inline; one small script (assets/play.js) sends moves and draws what the server returns.
#include <string>

#include <nlohmann/json.hpp>

#include "serve/catalog.hpp"
#include "serve/leaderboard.hpp"

namespace proven::serve {

// Where a play page's document comes from, as the page's URL and the API's query say it.
struct PlaySource {
  std::string game;
  std::string query;                                // "pack=campaign" or "seed=7&cast=6" (URL-encoded)
  std::string title;                                // "PRISM campaign, level 7"
  std::size_t item = 0;                             // 0-based
  std::string next_url;                             // the next item's page, or empty
  std::string back_url, back_title;                 // the listing it came from
  std::string designer_url;                         // the item's designer view, or empty
  nlohmann::json facts = nlohmann::json::object();  // item_facts
};

// A JSON value for inside <script type="application/json"> ("</" escaped, so it cannot end the
// element early; invalid UTF-8 replaced).
std::string script_json(const nlohmann::json& value);

// Every page's frame: the header with the games, the style, `main` inside.
std::string page_layout(const std::string& title, const std::string& body_attributes, const std::string& main);

std::string index_page(const Catalog& catalog);
std::string game_page(const Catalog& catalog, const WebGame& game);
std::string pack_page(const WebGame& game, const PackEntry& pack);
std::string play_page(const WebGame& game, const PlaySource& source, const nlohmann::json& state);
std::string error_page(int status, const std::string& message);
// A rule seed's verified runs, one table per bomb setup (runs rank only against the same setup),
// best first (leaderboard.hpp), with a link to its manual.
struct SetupRuns {
  std::string setup;
  std::vector<RunEntry> runs;
};
std::string leaderboard_page(int rule_seed, const std::vector<SetupRuns>& boards);

// "a b&c" -> "a%20b%26c": a query value.
std::string url_encode(const std::string& text);

}  // namespace proven::serve

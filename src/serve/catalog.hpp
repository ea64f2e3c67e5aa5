#pragma once
// What the server can show: every game (serve/web_game.hpp), the packs it serves by name, and
// documents generated on request from a seed.
//
//   Catalog catalog({.data_dir = "packs", .cache_capacity = 64});
//   auto campaign = catalog.pack("prism", "campaign");   // shipped, compiled in
//   auto mine = catalog.pack("tilt", "my-levels");       // packs/my-levels.json, if it is a tilt pack
//   auto case7 = catalog.generated("whodunnit", "7", {{"cast", "6"}});
//
// Packs are named, never opened by a path from a request: the names are the shipped ones and
// the stems of the *.json files found in --data at start, so nothing outside --data is read.
// Every pack is verified when loaded; one that does not verify is not served (and says why at
// start). Generated documents live in a bounded LRU cache, so memory stays bounded whatever
// seeds are asked for.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/lru_cache.hpp"
#include "core/seeds.hpp"
#include "serve/rate_limit.hpp"
#include "serve/web_game.hpp"

namespace proven::serve {

struct CatalogOptions {
  std::string data_dir;             // empty: the shipped packs only
  std::size_t cache_capacity = 64;  // generated documents held at once
  // The seeds generated on request (a whodunnit case, a rule book), as whole numbers; none: any
  // seed. A public server can bound the work a visitor may ask for, and warm a cache for it.
  std::optional<SeedList> seeds = std::nullopt;
  // A link in --data to a file outside it is served only with this (`serve --data-follow-links`):
  // by default --data is the only folder the server reads.
  bool follow_links = false;
  // Generation on request is the server's costly work, so it is bounded twice (docs/serve.md,
  // "Limits"): documents generated per client address (a cache hit costs nothing; none: no
  // bound), and documents generated at once in all (0: one per hardware thread), a request
  // waiting at most `generation_wait` for its turn, and at most `generation_queue` waiting at
  // once (each holds one of the server's 16 workers), before a 503.
  std::optional<RateLimit> generation_rate = RateLimit{.per_second = 1, .burst = 24};
  unsigned generating_at_once = 0;
  std::chrono::milliseconds generation_wait{10'000};
  unsigned generation_queue = 8;
};

struct PackEntry {
  std::string game, name;
  std::string origin;  // "shipped" or the file it came from
  std::shared_ptr<const WebDocument> document;
};

class Catalog {
 public:
  explicit Catalog(const CatalogOptions& options);

  const std::vector<WebGame>& games() const { return games_; }
  const WebGame& game(const std::string& name) const;  // HttpError 404 if there is none
  // Packs of a game, shipped first, then --data's by name.
  std::vector<const PackEntry*> packs(const std::string& game) const;
  const PackEntry& pack(const std::string& game, const std::string& name) const;  // HttpError 404
  // Generated on request: `options` are query parameters the game allows on request
  // (whodunnit: cast); anything else is HttpError 400. A document not in the cache counts against
  // `client`'s generation rate (HttpError 429 past it) and waits for a turn to generate (503
  // after CatalogOptions::generation_wait).
  std::shared_ptr<const WebDocument> generated(const std::string& game, const std::string& seed,
                                               const std::vector<std::pair<std::string, std::string>>& options,
                                               const std::string& client);
  // HttpError 400 unless `seed` may be generated on request (CatalogOptions::seeds).
  void check_seed(const std::string& seed) const;
  // What happened at start: one line per pack loaded or refused.
  const std::vector<std::string>& load_report() const { return load_report_; }
  const LruCache<std::string, std::shared_ptr<const WebDocument>>& cache() const { return cache_; }
  unsigned generating_now() const;  // documents being generated at this moment

 private:
  struct Turn;
  void add_pack(const std::string& name, const std::string& origin, const nlohmann::json& file);

  std::vector<WebGame> games_;
  std::map<std::pair<std::string, std::string>, PackEntry> packs_;  // (game, name)
  std::vector<std::string> load_report_;
  std::optional<SeedList> seeds_;
  std::optional<RateLimiter> generation_rate_;
  // Generations running now, at most generating_at_once_; the others wait on turn_.
  unsigned generating_at_once_;
  std::chrono::milliseconds generation_wait_;
  unsigned generation_queue_;
  mutable std::mutex turn_mutex_;
  std::condition_variable turn_;
  unsigned generating_ = 0;
  unsigned waiting_ = 0;  // for a turn
  LruCache<std::string, std::shared_ptr<const WebDocument>> cache_;
};

// The options each game takes when generating on request, and their largest allowed seed
// length. Generation on request is bounded work: a whodunnit case at the default budget.
inline constexpr std::size_t kMaxSeedLength = 64;

}  // namespace proven::serve

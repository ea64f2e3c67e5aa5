#pragma once
// A game's own web pages beyond what the server gives every game (docs/serve.md, "Web
// extensions"): the bomb's Defuser page, its run log API and its leaderboard. The server names no
// game; it finds a game's extension by name (cmake/games.cmake): a game with one has a library
// proven_<game>_web whose header <game>/web/extension.hpp declares, in proven::<game>::web,
//
//   std::vector<serve::WebOption> options();                    // flags of `proven serve` it reads
//   serve::WebExtension extension(const serve::WebSite& site);  // its routes, assets and links
//
// Nothing here depends on the HTTP library: a route is a function from a request's parts to a
// reply, so an extension is tested without a socket and its game never sees httplib.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "serve/embedded.hpp"
#include "serve/page_kit.hpp"
#include "serve/rate_limit.hpp"

namespace proven::serve {

// A request the server refuses, with the HTTP status and a one-line reason; a refusal for now
// (429, 503) also says in how many seconds to try again (the Retry-After header).
class HttpError : public UserError {
 public:
  HttpError(int status, const std::string& message, int retry_after_seconds = 0)
      : UserError(message), status_(status), retry_after_(retry_after_seconds) {}
  int status() const { return status_; }
  int retry_after() const { return retry_after_; }

 private:
  int status_;
  int retry_after_;
};

// Takes a token of the client at `address` (counted by client_key) from `limiter`, or refuses
// with 429: "too many <what> (at most 10 at once, then 10 a minute): try again in 6 s", and the
// seconds in Retry-After.
void take_or_refuse(RateLimiter& limiter, const std::string& address, std::string_view what);

struct WebRequest {
  std::vector<std::string> matches;  // the route pattern's groups: matches[0] the whole path
  std::multimap<std::string, std::string> params;
  std::string body;
  std::string client;  // the peer's address
  bool has(const std::string& name) const { return params.contains(name); }
  std::string param(const std::string& name) const {  // the first value, or "" when absent
    const auto it = params.find(name);
    return it == params.end() ? std::string() : it->second;
  }
};

struct WebReply {
  int status = 200;
  std::string content_type = "text/html; charset=utf-8";
  std::string body;
  std::string redirect;  // when set: a redirect there instead of the body
  // More headers ("Content-Disposition" for a download's file name, "Cache-Control").
  std::vector<std::pair<std::string, std::string>> headers;
};

// One route. Errors a handler throws become a status and one line, as on every page: HttpError
// its status, UserError 400, Failure 500.
struct WebRoute {
  enum class Method { Get, Post };
  Method method = Method::Get;
  // A regular expression matched against the whole path. It must begin with "/<game>/" or
  // "/api/<game>/" (checked when the server starts), so games cannot take each other's URLs;
  // extension routes are tried before the generic ones, so "/bomb/play" is never a pack name.
  std::string pattern;
  bool api = false;  // errors as one line of text (an API) rather than as a page
  // The largest body a request may carry (bytes); past it the server answers 413 without reading
  // it. GET routes read none.
  std::size_t max_body = 0;
  std::function<WebReply(const WebRequest&)> handle;
  // Requests a client address may make of this route (rate_limit.hpp), for a costly one: past
  // it, 429 with Retry-After before the handler runs. None: as many as the connection limits let.
  std::optional<RateLimit> rate = std::nullopt;
  std::shared_ptr<const std::regex> compiled = nullptr;  // the server's, from `pattern`
  std::shared_ptr<RateLimiter> limiter = nullptr;        // the server's, from `rate`
};

// A flag of `proven serve` that an extension reads: `--<name> VALUE`.
struct WebOption {
  std::string name;  // "runs"
  std::string help;
};

// What the server gives an extension when it starts.
struct WebSite {
  const Layout* layout = nullptr;  // every page's frame
  // HttpError 400 unless the server generates `seed` on request (`proven serve --seeds`).
  std::function<void(const std::string& seed)> check_seed;
  std::size_t cache_capacity = 64;  // documents a cache of generated ones may hold (--cache)
  // The extension's options as given (name → value); absent when not given.
  std::map<std::string, std::string> options;
};

struct WebExtension {
  std::vector<WebRoute> routes;
  // Served at /assets/<name>; each name must begin with "<game>" ("bomb.js"), so assets of two
  // games never collide.
  std::vector<EmbeddedFile> assets;
  std::string game_page;            // HTML for the game's own page: links to the extension's pages
  std::vector<std::string> report;  // lines `proven serve` prints at start
};

// A game's extension as the server's registry lists it (generated by src/serve/CMakeLists.txt).
struct ExtensionEntry {
  std::string_view game;
  std::vector<WebOption> (*options)();
  WebExtension (*make)(const WebSite& site);
};
const std::vector<ExtensionEntry>& web_extensions();

}  // namespace proven::serve

#include "serve/server.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <mutex>

#include <regex>

#include <fmt/format.h>

#include "core/command.hpp"
#include "core/io.hpp"
#include "core/seeds.hpp"
#include "serve/embedded.hpp"
#include "serve/extension.hpp"
#include "serve/pages.hpp"
#include "serve/rate_limit.hpp"
#include "serve/studio.hpp"

namespace proven::serve {
namespace {

// Query parameters the play API and pages reserve; any other goes to generation on request.
const std::set<std::string>& reserved_params() {
  static const std::set<std::string> names = {"game", "pack", "seed", "item", "moves", "move", "hint", "grid", "off"};
  return names;
}

// A 1-based item number from a URL: HttpError 400 or 404 naming the range.
std::size_t item_number(const std::string& text, const WebDocument& doc, const WebGame& game) {
  std::size_t number = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw HttpError(400, fmt::format("'{}' is not a {} number", text.substr(0, 40), game.item_word));
  if (number < 1 || number > doc.item_count())
    throw HttpError(404, fmt::format("no {} {}: this one has 1..{}", game.item_word, number, doc.item_count()));
  return number - 1;
}

// The switches a designer view has turned off, from "2,5" or "1..4" (1-based, in the one number
// list grammar of core/seeds.hpp): 0-based indices, sorted. UserError (a 400) for anything else.
std::vector<std::size_t> switches_off(const std::string& text) {
  std::vector<std::size_t> off;
  if (text.empty()) return off;
  const SeedList list = parse_seed_list(text, {.min = 1, .max = 100'000, .max_count = 1000, .option = "off"});
  for (std::uint64_t i = 0; i < list.count(); ++i) off.push_back(static_cast<std::size_t>(list.at(i) - 1));
  std::ranges::sort(off);
  return off;
}

// A rate multiplied by `factor` (ServeOptions::rate_factor): none at all for 0.
std::optional<RateLimit> scaled(std::optional<RateLimit> rate, double factor) {
  if (!rate || factor <= 0) return std::nullopt;
  return RateLimit{.per_second = rate->per_second * factor, .burst = std::max(1.0, rate->burst * factor)};
}
CatalogOptions scaled(CatalogOptions options, double factor) {
  options.generation_rate = scaled(options.generation_rate, factor);
  return options;
}

}  // namespace

struct Server::State {
  ServeOptions options;
  Catalog catalog;
  Layout layout;
  std::map<std::string, WebExtension> extensions;  // by game
  std::vector<std::string> report;                 // the catalog's lines, then the extensions'
  std::vector<WebRoute> routes;                    // the extensions' first, then the server's own
  std::unique_ptr<HttpServer> http;

  explicit State(const ServeOptions& o)
      : options(o), catalog(scaled(o.catalog, o.rate_factor)), layout(site_layout(catalog)) {
    report = catalog.load_report();
    for (const ExtensionEntry& entry : web_extensions()) {
      std::map<std::string, std::string> given;
      for (const WebOption& option : entry.options())
        if (const auto it = o.extension_options.find(option.name); it != o.extension_options.end())
          given.emplace(option.name, it->second);
      const WebSite site{.layout = &layout,
                         .check_seed = [this](const std::string& seed) { catalog.check_seed(seed); },
                         .cache_capacity = o.catalog.cache_capacity,
                         .options = std::move(given)};
      WebExtension extension = entry.make(site);
      check_extension(std::string(entry.game), extension);
      report.insert(report.end(), extension.report.begin(), extension.report.end());
      extensions.emplace(std::string(entry.game), std::move(extension));
    }
  }

  // An extension keeps to its game's URLs and asset names: a programmer's mistake otherwise.
  static void check_extension(const std::string& game, const WebExtension& extension) {
    for (const WebRoute& route : extension.routes)
      if (!route.pattern.starts_with("/" + game + "/") && !route.pattern.starts_with("/api/" + game + "/"))
        throw std::logic_error(
            fmt::format("{}'s web route {} is outside /{}/ and /api/{}/", game, route.pattern, game, game));
    for (const EmbeddedFile& asset : extension.assets)
      if (!asset.name.starts_with(game))
        throw std::logic_error(fmt::format("{}'s web asset {} must be named {}...", game, asset.name, game));
  }

  const EmbeddedFile* asset(const std::string& name) const {
    if (const EmbeddedFile* own = find_asset(embedded_files(), name)) return own;
    for (const auto& [game, extension] : extensions)
      if (const EmbeddedFile* theirs = find_asset(extension.assets, name)) return theirs;
    return nullptr;
  }

  std::string extension_html(const WebGame& game) const {
    const auto it = extensions.find(game.name);
    return it == extensions.end() ? std::string() : it->second.game_page;
  }

  // The document a play request or page names: a served pack, or one generated from a seed.
  struct Found {
    std::shared_ptr<const WebDocument> document;
    std::string query;  // how to name it again: "pack=campaign" or "seed=7&cast=6"
    std::string title;
  };
  Found find(const WebGame& game, const WebRequest& request) {
    const std::string pack_name = request.param("pack");
    if (!pack_name.empty()) {
      const PackEntry& pack = catalog.pack(game.name, pack_name);
      return {pack.document, "pack=" + url_encode(pack_name), pack_name};
    }
    if (!request.has("seed")) throw HttpError(400, "name a pack (pack=...) or a seed (seed=...)");
    std::vector<std::pair<std::string, std::string>> generate_options;
    std::string query = "seed=" + url_encode(request.param("seed"));
    for (const auto& [name, value] : request.params)
      if (!reserved_params().contains(name)) {
        generate_options.emplace_back(name, value);
        query += "&" + url_encode(name) + "=" + url_encode(value);
      }
    return {catalog.generated(game.name, request.param("seed"), generate_options, request.client), query,
            fmt::format("seed '{}'", request.param("seed"))};
  }

  std::string play(const WebGame& game, const Found& found, std::size_t item, const std::string& back_url,
                   const std::string& next_url, const std::string& designer_url, const WebRequest& request) {
    PlaySource source{
        .game = game.name,
        .query = found.query,
        .title = fmt::format(
            "{} · {}{}", game.display_name, found.title,
            found.document->item_count() > 1 ? fmt::format(", {} {}", game.item_word, item + 1) : std::string()),
        .item = item,
        .next_url = next_url,
        .back_url = back_url,
        .back_title = "All " + game.item_word + "s",
        .designer_url = game.inspectable ? designer_url : std::string(),
        .facts = found.document->item_facts(item),
        .single_item = found.document->item_count() == 1};
    const nlohmann::json state = found.document->play(item, split_moves(request.param("moves")), std::nullopt);
    return play_page(layout, game, source, state);
  }

  // An item's designer view (studio.hpp designer_page), from the item's play page URL.
  std::string designer(const WebGame& game, const Found& found, std::size_t item, const std::string& play_url,
                       const WebRequest& request) {
    const std::vector<std::size_t> off = switches_off(request.param("off"));
    const std::optional<Inspection> view = found.document->inspect(item, off);
    if (!view) throw HttpError(404, fmt::format("{} has no designer view", game.name));
    const std::string base = play_url + (play_url.find('?') == std::string::npos ? "?" : "&") + "grid=1";
    const std::string title =
        found.title + (found.document->item_count() > 1 ? fmt::format(", {} {}", game.item_word, item + 1) : "");
    return designer_page(layout, game, title, base, play_url, *view, off);
  }

  // A game generated on request: a sample of seeds (`seeds=A..B`, default 1..12) with the
  // game's generation options, each document through the cache.
  std::string sample_studio(const WebGame& game, const WebRequest& request) {
    const std::string seeds_text = request.has("seeds") ? request.param("seeds") : "1..12";
    const SeedList seeds =
        parse_seed_list(seeds_text, {.min = 1, .max = 999'999, .max_count = kMaxSampleSeeds, .option = "seeds"});
    std::vector<std::pair<std::string, std::string>> generate_options;
    std::string query;
    for (const auto& [name, value] : request.params)
      if (name != "seeds") {
        generate_options.emplace_back(name, value);
        if (!query.empty()) query += '&';
        query += url_encode(name) + "=" + url_encode(value);
      }
    std::vector<std::pair<std::string, std::shared_ptr<const WebDocument>>> documents;
    for (std::uint64_t i = 0; i < seeds.count(); ++i) {
      const std::string seed = std::to_string(seeds.at(i));
      documents.emplace_back(seed, catalog.generated(game.name, seed, generate_options, request.client));
    }
    return sample_studio_page(layout, game, seeds.text(), query, documents);
  }

  void add_routes();
  HttpResponse answer(const HttpRequest& request) const;
  std::size_t body_limit(const std::string& method, const std::string& path) const;
  // The first route whose method and pattern match `path` (its groups in `match`), or nullptr.
  const WebRoute* route_for(const std::string& method, const std::string& path, std::smatch& match) const;
};

namespace {

WebReply reply_of(std::string body, std::string type) {
  return {.status = 200, .content_type = std::move(type), .body = std::move(body), .redirect = {}, .headers = {}};
}
WebReply html_reply(std::string body) { return reply_of(std::move(body), "text/html; charset=utf-8"); }

// The largest body the server takes where a route names none: a request to a route that reads
// no body never needs one.
constexpr std::size_t kNoBody = 0;

}  // namespace

void Server::State::add_routes() {
  using Method = WebRoute::Method;
  // Each game's own routes first (extension.hpp), so that none of them is read as a pack name.
  for (const auto& [game, extension] : extensions)
    routes.insert(routes.end(), extension.routes.begin(), extension.routes.end());
  const auto get = [this](std::string pattern, bool api, std::function<WebReply(const WebRequest&)> handle) {
    routes.push_back({.method = Method::Get,
                      .pattern = std::move(pattern),
                      .api = api,
                      .max_body = kNoBody,
                      .handle = std::move(handle),
                      .rate = std::nullopt,
                      .compiled = nullptr,
                      .limiter = nullptr});
  };
  get("/", false, [this](const WebRequest&) { return html_reply(index_page(layout, catalog)); });
  // For load balancers and the abuse tests: answered at once, whatever else is going on.
  get("/health", true, [](const WebRequest&) { return reply_of("ok\n", "text/plain; charset=utf-8"); });
  get(R"(/assets/([A-Za-z0-9._-]+))", true, [this](const WebRequest& request) {
    const EmbeddedFile* file = asset(request.matches.at(1));
    if (!file) throw HttpError(404, "no such asset");
    WebReply reply = reply_of(std::string(file->text), std::string(file->type) + "; charset=utf-8");
    reply.headers.emplace_back("Cache-Control", "no-cache");
    return reply;
  });
  get("/studio", false, [this](const WebRequest&) { return html_reply(studio_index_page(layout, catalog)); });
  get(R"(/studio/([a-z]+))", false, [this](const WebRequest& request) {
    const WebGame& game = catalog.game(request.matches.at(1));
    const auto packs = catalog.packs(game.name);
    if (packs.empty() && game.figured) return html_reply(sample_studio(game, request));
    if (packs.empty()) throw HttpError(404, fmt::format("no {} pack is served", game.name));
    const std::string name = request.has("pack") ? request.param("pack") : packs.front()->name;
    return html_reply(studio_page(layout, game, catalog.pack(game.name, name), packs));
  });
  get("/api/play", true, [this](const WebRequest& request) {
    const WebGame& game = catalog.game(request.param("game"));
    const Found found = find(game, request);
    const std::size_t item = item_number(request.param("item"), *found.document, game);
    std::optional<std::string> next;
    if (request.has("move")) next = request.param("move");
    const nlohmann::json state =
        found.document->play(item, split_moves(request.param("moves")), next, request.has("hint"));
    // Invalid UTF-8 echoed from the URL (a move's words) is replaced, not thrown over.
    return reply_of(state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), "application/json");
  });
  // An item's picture, by which of the document's drawings `draw` names.
  const auto picture = [this](std::optional<std::string> (WebDocument::*draw)(std::size_t) const) {
    return [this, draw](const WebRequest& request) {
      const WebGame& game = catalog.game(request.param("game"));
      const Found found = find(game, request);
      const std::size_t item = item_number(request.param("item"), *found.document, game);
      const auto svg = ((*found.document).*draw)(item);
      if (!svg) throw HttpError(404, fmt::format("{} draws no picture of a {}", game.name, game.item_word));
      return reply_of(*svg, "image/svg+xml");
    };
  };
  // The item as dealt: the player pages' thumbnails. (/svg is the designer's picture, which for
  // some games shows the solution: the studio's.)
  get("/board", true, picture(&WebDocument::dealt_svg));
  get("/svg", true, picture(&WebDocument::item_svg));
  get(R"(/download/([a-z]+)/([^/]+)\.json)", true, [this](const WebRequest& request) {
    const PackEntry& pack = catalog.pack(catalog.game(request.matches.at(1)).name, request.matches.at(2));
    WebReply reply = reply_of(pack.document->file_text(), "application/json");
    reply.headers.emplace_back("Content-Disposition", fmt::format("attachment; filename=\"{}.json\"", pack.name));
    return reply;
  });
  // A game's page: its packs (and, for games generated on request, a seed form or the case).
  get(R"(/([a-z]+))", false, [this](const WebRequest& request) {
    const WebGame& game = catalog.game(request.matches.at(1));
    if (!request.has("seed")) return html_reply(game_page(layout, catalog, game, extension_html(game)));
    const Found found = find(game, request);
    const std::size_t item = request.has("item") ? item_number(request.param("item"), *found.document, game) : 0;
    std::string url = "/" + game.name + "?" + found.query;
    if (request.has("item")) url += fmt::format("&item={}", item + 1);
    if (request.has("grid")) return html_reply(designer(game, found, item, url, request));
    return html_reply(play(game, found, item, "/" + game.name, "", url + "&grid=1", request));
  });
  get(R"(/([a-z]+)/([^/]+))", false, [this](const WebRequest& request) {
    const WebGame& game = catalog.game(request.matches.at(1));
    return html_reply(pack_page(layout, game, catalog.pack(game.name, request.matches.at(2))));
  });
  get(R"(/([a-z]+)/([^/]+)/([^/]+))", false, [this](const WebRequest& request) {
    const WebGame& game = catalog.game(request.matches.at(1));
    const PackEntry& pack = catalog.pack(game.name, request.matches.at(2));
    const Found found{pack.document, "pack=" + url_encode(pack.name), pack.name};
    const std::size_t item = item_number(request.matches.at(3), *pack.document, game);
    const std::string base = "/" + game.name + "/" + url_encode(pack.name);
    if (request.has("grid"))
      return html_reply(designer(game, found, item, fmt::format("{}/{}", base, item + 1), request));
    const std::string next =
        item + 1 < pack.document->item_count() ? fmt::format("{}/{}", base, item + 2) : std::string();
    return html_reply(play(game, found, item, base, next, fmt::format("{}/{}?grid=1", base, item + 1), request));
  });
  for (WebRoute& route : routes) {
    route.compiled = std::make_shared<const std::regex>(route.pattern);
    route.rate = scaled(route.rate, options.rate_factor);
    if (route.rate) route.limiter = std::make_shared<RateLimiter>(*route.rate);
  }
}

const WebRoute* Server::State::route_for(const std::string& method, const std::string& path, std::smatch& match) const {
  const bool post = method == "POST";
  for (const WebRoute& route : routes)
    if ((route.method == WebRoute::Method::Post) == post && std::regex_match(path, match, *route.compiled))
      return &route;
  return nullptr;
}

std::size_t Server::State::body_limit(const std::string& method, const std::string& path) const {
  std::smatch match;
  const WebRoute* route = route_for(method, path, match);
  return route ? route->max_body : kNoBody;
}

// The first route whose method and pattern match; its errors become a status and one line: a
// page for pages, text for an API.
HttpResponse Server::State::answer(const HttpRequest& request) const {
  if (request.method != "POST" && request.method != "GET")
    return {.status = 405,
            .content_type = "text/plain; charset=utf-8",
            .body = "GET, HEAD or POST only\n",
            .headers = {{"Allow", "GET, HEAD, POST"}}};
  std::smatch match;
  const WebRoute* route = route_for(request.method, request.path, match);
  if (!route)
    return {.status = 404,
            .content_type = "text/html; charset=utf-8",
            .body = error_page(layout, 404, "no such page"),
            .headers = {}};
  int status = 200;
  int retry_after = 0;
  std::string message;
  try {
    if (route->limiter) take_or_refuse(*route->limiter, request.client, "requests from one address here");
    WebRequest web{.matches = {}, .params = request.query, .body = request.body, .client = request.client};
    for (const auto& group : match) web.matches.push_back(group.str());
    const WebReply reply = route->handle(web);
    HttpResponse response{
        .status = reply.status, .content_type = reply.content_type, .body = reply.body, .headers = reply.headers};
    if (!reply.redirect.empty()) {
      response.status = 302;
      response.headers.emplace_back("Location", reply.redirect);
    }
    return response;
  } catch (const HttpError& e) {
    status = e.status();
    retry_after = e.retry_after();
    message = e.what();
  } catch (const UserError& e) {
    status = 400;
    message = e.what();
  } catch (const Failure& e) {
    status = 500;
    message = e.what();
  } catch (const std::bad_alloc&) {
    status = 503;
    message = "out of memory";
  }
  message = one_line(message);
  HttpResponse refusal{.status = status,
                       .content_type = route->api ? "text/plain; charset=utf-8" : "text/html; charset=utf-8",
                       .body = route->api ? message + "\n" : error_page(layout, status, message),
                       .headers = {}};
  if (retry_after > 0) refusal.headers.emplace_back("Retry-After", std::to_string(retry_after));
  return refusal;
}

Server::Server(const ServeOptions& options) : state_(std::make_unique<State>(options)) {
  state_->add_routes();
  State& state = *state_;
  HttpServer::Log log;
  if (!options.quiet)
    log = [](const std::string& line) {
      fmt::print("{}\n", one_line(line));
      std::fflush(stdout);
    };
  state.http = std::make_unique<HttpServer>(
      options.http, [&state](const HttpRequest& request) { return state.answer(request); },
      [&state](const std::string& method, const std::string& path) { return state.body_limit(method, path); },
      std::move(log));
}
Server::~Server() = default;
const Catalog& Server::catalog() const { return state_->catalog; }
const std::vector<std::string>& Server::report() const { return state_->report; }

std::vector<WebOption> extension_flags() {
  std::vector<WebOption> flags;
  for (const ExtensionEntry& entry : web_extensions())
    for (WebOption& option : entry.options()) flags.push_back(std::move(option));
  return flags;
}

int Server::bind() {
  const ServeOptions& o = state_->options;
  if (o.port < 0 || o.port > 65535) throw UserError(fmt::format("--port {}: expected 0..65535", o.port));
  return state_->http->bind(o.host, o.port);
}

void Server::run() { state_->http->run(); }
void Server::stop() { state_->http->stop(); }
std::string Server::answer(std::string_view raw_request) { return state_->http->answer(raw_request); }
const HttpServer& Server::http() const { return *state_->http; }

}  // namespace proven::serve

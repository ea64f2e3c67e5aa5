#include "serve/server.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <mutex>

#include <fmt/format.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <regex>

#include "core/command.hpp"
#include "core/io.hpp"
#include "core/seeds.hpp"
#include "serve/embedded.hpp"
#include "serve/extension.hpp"
#include "serve/pages.hpp"
#include "serve/studio.hpp"

namespace proven::serve {
namespace {

constexpr std::size_t kWorkers = 256;

// Query parameters the play API and pages reserve; any other goes to generation on request.
const std::set<std::string>& reserved_params() {
  static const std::set<std::string> names = {"game", "pack", "seed", "item", "moves", "move", "hint", "grid", "off"};
  return names;
}

std::string param(const httplib::Request& request, const std::string& name) {
  return request.has_param(name.c_str()) ? request.get_param_value(name.c_str()) : std::string();
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

// Debian's cpp-httplib is built with a listen queue of 5 connections: a page burst (many
// browsers, or wrk opening 128 connections) overflows it and each dropped handshake costs a
// one-second retry. Listening again on the same socket only lengthens its queue (Linux).
void lengthen_listen_queue(int port) {
  for (int fd = 0; fd < 1024; ++fd) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    int listening = 0;
    socklen_t size = sizeof listening;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) continue;
    if (::getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) != 0 || !listening) continue;
    const int bound = address.ss_family == AF_INET    ? ntohs(reinterpret_cast<sockaddr_in*>(&address)->sin_port)
                      : address.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&address)->sin6_port)
                                                      : -1;
    if (bound == port) ::listen(fd, SOMAXCONN);
  }
}

}  // namespace

// Outside the anonymous namespace: Server::State holds an HttpServer, and a unity build (where
// this file is included) would warn that State's field has a type with internal linkage.
namespace detail {

// A request read from memory and its response written to memory: httplib's Stream with no socket.
class MemoryStream final : public httplib::Stream {
 public:
  explicit MemoryStream(std::string_view request) : request_(request) {}
  bool is_readable() const override { return true; }
  bool is_writable() const override { return true; }
  ssize_t read(char* out, std::size_t size) override {
    const std::size_t n = std::min(size, request_.size() - read_);
    std::copy_n(request_.data() + read_, n, out);
    read_ += n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* data, std::size_t size) override {
    response_.append(data, size);
    return static_cast<ssize_t>(size);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 0;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    ip = "127.0.0.1";
    port = 0;
  }
  socket_t socket() const override { return INVALID_SOCKET; }
  const std::string& response() const { return response_; }

 private:
  std::string_view request_;
  std::size_t read_ = 0;
  std::string response_;
};

// httplib's request processing is protected; this server lets answer() call it on a MemoryStream.
class HttpServer final : public httplib::Server {
 public:
  std::string answer(std::string_view request) {
    MemoryStream stream(request);
    bool closed = false;
    process_request(stream, true, closed, nullptr);
    return stream.response();
  }
};

}  // namespace detail

struct Server::State {
  ServeOptions options;
  Catalog catalog;
  Layout layout;
  std::map<std::string, WebExtension> extensions;  // by game
  std::vector<std::string> report;                 // the catalog's lines, then the extensions'
  detail::HttpServer http;
  std::mutex log_mutex;

  explicit State(const ServeOptions& o) : options(o), catalog(o.catalog), layout(site_layout(catalog)) {
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
  Found find(const WebGame& game, const httplib::Request& request) {
    const std::string pack_name = param(request, "pack");
    if (!pack_name.empty()) {
      const PackEntry& pack = catalog.pack(game.name, pack_name);
      return {pack.document, "pack=" + url_encode(pack_name), pack_name};
    }
    if (!request.has_param("seed")) throw HttpError(400, "name a pack (pack=...) or a seed (seed=...)");
    std::vector<std::pair<std::string, std::string>> generate_options;
    std::string query = "seed=" + url_encode(param(request, "seed"));
    for (const auto& [name, value] : request.params)
      if (!reserved_params().contains(name)) {
        generate_options.emplace_back(name, value);
        query += "&" + url_encode(name) + "=" + url_encode(value);
      }
    return {catalog.generated(game.name, param(request, "seed"), generate_options), query,
            fmt::format("seed '{}'", param(request, "seed"))};
  }

  std::string play(const WebGame& game, const Found& found, std::size_t item, const std::string& back_url,
                   const std::string& next_url, const std::string& designer_url, const httplib::Request& request) {
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
    const nlohmann::json state = found.document->play(item, split_moves(param(request, "moves")), std::nullopt);
    return play_page(layout, game, source, state);
  }

  // An item's designer view (studio.hpp designer_page), from the item's play page URL.
  std::string designer(const WebGame& game, const Found& found, std::size_t item, const std::string& play_url,
                       const httplib::Request& request) {
    const std::vector<std::size_t> off = switches_off(param(request, "off"));
    const std::optional<Inspection> view = found.document->inspect(item, off);
    if (!view) throw HttpError(404, fmt::format("{} has no designer view", game.name));
    const std::string base = play_url + (play_url.find('?') == std::string::npos ? "?" : "&") + "grid=1";
    const std::string title =
        found.title + (found.document->item_count() > 1 ? fmt::format(", {} {}", game.item_word, item + 1) : "");
    return designer_page(layout, game, title, base, play_url, *view, off);
  }

  // A game generated on request: a sample of seeds (`seeds=A..B`, default 1..12) with the
  // game's generation options, each document through the cache.
  std::string sample_studio(const WebGame& game, const httplib::Request& request) {
    const std::string seeds_text = request.has_param("seeds") ? param(request, "seeds") : "1..12";
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
      documents.emplace_back(seed, catalog.generated(game.name, seed, generate_options));
    }
    return sample_studio_page(layout, game, seeds.text(), query, documents);
  }

  void routes();
};

void Server::State::routes() {
  // Every handler's errors become a status and one line: a page for pages, text for the API.
  const auto guarded = [this](bool api, auto handler) -> httplib::Server::Handler {
    return [this, api, handler](const httplib::Request& request, httplib::Response& response) {
      int status = 200;
      std::string message;
      try {
        handler(request, response);
        return;
      } catch (const HttpError& e) {
        status = e.status();
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
      } catch (const std::exception& e) {
        status = 500;
        message = std::string("internal error (please report): ") + e.what();
      }
      response.status = status;
      message = one_line(message);
      if (api)
        response.set_content(message + "\n", "text/plain; charset=utf-8");
      else
        response.set_content(error_page(layout, status, message), "text/html; charset=utf-8");
    };
  };
  const auto html = [](httplib::Response& response, const std::string& text) {
    response.set_content(text, "text/html; charset=utf-8");
  };

  // Each game's own routes first (extension.hpp), so that none of them is read as a pack name.
  for (const auto& [game, extension] : extensions)
    for (const WebRoute& route : extension.routes) {
      auto handler = guarded(route.api, [&route](const httplib::Request& request, httplib::Response& r) {
        WebRequest web{.matches = {}, .params = request.params, .body = request.body};
        for (const auto& match : request.matches) web.matches.push_back(match.str());
        const WebReply reply = route.handle(web);
        if (!reply.redirect.empty()) return r.set_redirect(reply.redirect);
        r.status = reply.status;
        r.set_content(reply.body, reply.content_type);
      });
      if (route.method == WebRoute::Method::Get)
        http.Get(route.pattern, std::move(handler));
      else
        http.Post(route.pattern, std::move(handler));
    }

  http.Get("/", guarded(false, [this, html](const httplib::Request&, httplib::Response& r) {
             html(r, index_page(layout, catalog));
           }));
  http.Get(R"(/assets/([A-Za-z0-9._-]+))", guarded(true, [this](const httplib::Request& request, httplib::Response& r) {
             const EmbeddedFile* file = asset(request.matches[1].str());
             if (!file) throw HttpError(404, "no such asset");
             r.set_content(std::string(file->text), std::string(file->type) + "; charset=utf-8");
             r.set_header("Cache-Control", "no-cache");
           }));
  http.Get("/studio", guarded(false, [this, html](const httplib::Request&, httplib::Response& r) {
             html(r, studio_index_page(layout, catalog));
           }));
  http.Get(R"(/studio/([a-z]+))", guarded(false, [this, html](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(request.matches[1].str());
             const auto packs = catalog.packs(game.name);
             if (packs.empty() && game.figured) return html(r, sample_studio(game, request));
             if (packs.empty()) throw HttpError(404, fmt::format("no {} pack is served", game.name));
             const std::string name = request.has_param("pack") ? param(request, "pack") : packs.front()->name;
             html(r, studio_page(layout, game, catalog.pack(game.name, name), packs));
           }));
  http.Get("/api/play", guarded(true, [this](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(param(request, "game"));
             const Found found = find(game, request);
             const std::size_t item = item_number(param(request, "item"), *found.document, game);
             std::optional<std::string> next;
             if (request.has_param("move")) next = param(request, "move");
             const nlohmann::json state =
                 found.document->play(item, split_moves(param(request, "moves")), next, request.has_param("hint"));
             // Invalid UTF-8 echoed from the URL (a move's words) is replaced, not thrown over.
             r.set_content(state.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), "application/json");
           }));
  http.Get("/svg", guarded(true, [this](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(param(request, "game"));
             const Found found = find(game, request);
             const std::size_t item = item_number(param(request, "item"), *found.document, game);
             const auto svg = found.document->item_svg(item);
             if (!svg) throw HttpError(404, fmt::format("{} draws no picture of a {}", game.name, game.item_word));
             r.set_content(*svg, "image/svg+xml");
           }));
  http.Get(R"(/download/([a-z]+)/([^/]+)\.json)",
           guarded(true, [this](const httplib::Request& request, httplib::Response& r) {
             const PackEntry& pack =
                 catalog.pack(catalog.game(request.matches[1].str()).name, request.matches[2].str());
             r.set_content(pack.document->file_text(), "application/json");
             r.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}.json\"", pack.name));
           }));
  // A game's page: its packs (and, for games generated on request, a seed form or the case).
  http.Get(R"(/([a-z]+))", guarded(false, [this, html](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(request.matches[1].str());
             if (!request.has_param("seed")) return html(r, game_page(layout, catalog, game, extension_html(game)));
             const Found found = find(game, request);
             const std::size_t item =
                 request.has_param("item") ? item_number(param(request, "item"), *found.document, game) : 0;
             std::string url = "/" + game.name + "?" + found.query;
             if (request.has_param("item")) url += fmt::format("&item={}", item + 1);
             if (request.has_param("grid")) return html(r, designer(game, found, item, url, request));
             html(r, play(game, found, item, "/" + game.name, "", url + "&grid=1", request));
           }));
  http.Get(R"(/([a-z]+)/([^/]+))", guarded(false, [this, html](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(request.matches[1].str());
             html(r, pack_page(layout, game, catalog.pack(game.name, request.matches[2].str())));
           }));
  http.Get(R"(/([a-z]+)/([^/]+)/([^/]+))",
           guarded(false, [this, html](const httplib::Request& request, httplib::Response& r) {
             const WebGame& game = catalog.game(request.matches[1].str());
             const PackEntry& pack = catalog.pack(game.name, request.matches[2].str());
             const Found found{pack.document, "pack=" + url_encode(pack.name), pack.name};
             const std::size_t item = item_number(request.matches[3].str(), *pack.document, game);
             const std::string base = "/" + game.name + "/" + url_encode(pack.name);
             if (request.has_param("grid"))
               return html(r, designer(game, found, item, fmt::format("{}/{}", base, item + 1), request));
             const std::string next =
                 item + 1 < pack.document->item_count() ? fmt::format("{}/{}", base, item + 2) : std::string();
             html(r, play(game, found, item, base, next, fmt::format("{}/{}?grid=1", base, item + 1), request));
           }));
  http.set_error_handler([this](const httplib::Request&, httplib::Response& response) {
    if (response.body.empty())
      response.set_content(error_page(layout, response.status, "no such page"), "text/html; charset=utf-8");
  });
  if (!options.quiet)
    http.set_logger([this](const httplib::Request& request, const httplib::Response& response) {
      const std::lock_guard lock(log_mutex);
      fmt::print("{} {} {} {}\n", request.method, one_line(request.target.substr(0, 200)), response.status,
                 response.body.size());
      std::fflush(stdout);
    });
}

Server::Server(const ServeOptions& options) : state_(std::make_unique<State>(options)) {
  state_->routes();
  // Replies go out at once (without it, small replies wait for the client's delayed ACK: 40 ms
  // each). A keep-alive connection holds a worker while it is open, so there are workers for
  // many open pages, not one per core.
  state_->http.set_tcp_nodelay(true);
  // A page keeps its connection for its whole game: reconnecting every few requests (the
  // library's default is 5) costs a handshake each time, and under load the library's short
  // listen queue turns handshakes into one-second SYN retries.
  state_->http.set_keep_alive_max_count(10000);
  state_->http.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
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
  const int port = o.port == 0                                 ? state_->http.bind_to_any_port(o.host)
                   : state_->http.bind_to_port(o.host, o.port) ? o.port
                                                               : -1;
  if (port <= 0)
    throw UserError(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", o.host, o.port));
  lengthen_listen_queue(port);
  return port;
}

void Server::run() { state_->http.listen_after_bind(); }
void Server::stop() { state_->http.stop(); }
std::string Server::answer(std::string_view raw_request) { return state_->http.answer(raw_request); }

}  // namespace proven::serve

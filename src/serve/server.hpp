#pragma once
// `proven serve`: every game in a browser (docs/serve.md).
//
//   Server server({.host = "127.0.0.1", .port = 0, .catalog = {.data_dir = "packs"}});
//   int port = server.bind();   // 0 asks the system for a free port
//   server.run();               // until stop(), from another thread or a signal
//
// The server holds no game state: a play request carries its moves and the engine replays them.
// Bad requests get a 4xx status and a one-line reason; nothing a request says can crash it or
// make it read a file outside --data.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "serve/catalog.hpp"
#include "serve/extension.hpp"
#include "serve/http.hpp"

namespace proven::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  bool quiet = false;  // no line per request
  CatalogOptions catalog;
  HttpLimits http;  // the HTTP layer's bounds (http.hpp; docs/serve.md, "Limits")
  // Every per-client rate (a route's WebRoute::rate, the catalog's generation rate) multiplied by
  // this: more for a party of players behind one address, 0 for none at all (`--rate-factor`).
  double rate_factor = 1;
  // The flags of the games' web extensions, by name (extension.hpp WebOption: "runs" is the
  // bomb leaderboard's SQLite file); absent ones were not given.
  std::map<std::string, std::string> extension_options;
};

// Every web extension's flags, for `proven serve`'s command line: the CLI adds them as they are.
std::vector<WebOption> extension_flags();

class Server {
 public:
  explicit Server(const ServeOptions& options);  // loads the catalog; UserError for a bad --data
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  const Catalog& catalog() const;
  // What happened at start: a line per pack served or refused, then the extensions' lines.
  const std::vector<std::string>& report() const;
  int bind();  // the port bound; UserError if the address is taken or unusable
  void run();  // serves until stop()
  void stop();
  // One raw HTTP request answered in memory, as a connection would answer it (routing, status,
  // headers and body, the connection then closed): for the request fuzz target and tests.
  std::string answer(std::string_view raw_request);
  const HttpServer& http() const;  // its open connections and dropped log lines

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace proven::serve

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
#include <memory>
#include <string>
#include <string_view>

#include "serve/catalog.hpp"

namespace proven::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  bool quiet = false;  // no line per request
  CatalogOptions catalog;
  // The bomb leaderboard's SQLite file (created if new); empty: no leaderboard, and submitted
  // runs are refused with 404.
  std::string runs_db;
};

class Server {
 public:
  explicit Server(const ServeOptions& options);  // loads the catalog; UserError for a bad --data
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  const Catalog& catalog() const;
  int bind();  // the port bound; UserError if the address is taken or unusable
  void run();  // serves until stop()
  void stop();
  // One raw HTTP request answered in memory, as a connection would answer it (routing, status,
  // headers and body, the connection then closed): for the request fuzz target and tests.
  std::string answer(std::string_view raw_request);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace proven::serve

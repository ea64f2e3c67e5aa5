#pragma once
// The server's HTTP layer: Boost.Beast on Asio (Debian libboost-dev), event-driven, so an idle or
// slow connection costs a socket and a timer, never a thread (docs/serve.md, "Foundation").
//
//   HttpServer http(limits, [](const HttpRequest& r) { return HttpResponse{...}; }, body_limit);
//   int port = http.bind("127.0.0.1", 0);   // 0: any free port
//   http.run();                              // until stop(), from another thread or a signal
//
// Connections are read and written on one I/O thread; each request is handled on a pool of
// workers, so a handler that takes seconds (a document generated on request) never stalls
// another client's reading or writing. Every bound is one field of HttpLimits, enforced here,
// before a handler sees the request: the header's size and deadline, the body's size (per route,
// from `body_limit`) and deadline, keep-alive idleness, and connections in all and per client.
// A Range header is ignored (the whole body is sent), so it cannot multiply a reply.
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace proven::serve {

struct HttpLimits {
  std::size_t header_bytes = 16 * 1024;               // the request line and headers
  std::chrono::milliseconds header_deadline{10'000};  // to send the whole header, from its first byte
  std::chrono::milliseconds body_deadline{20'000};    // to send the whole body
  std::chrono::milliseconds idle{15'000};             // a kept-alive connection waiting for a request
  std::chrono::milliseconds write_deadline{30'000};   // for the client to take the reply
  std::size_t connections = 4096;                     // open at once, in all
  std::size_t connections_per_client = 64;            // open at once from one address
  unsigned workers = 16;                              // threads that run handlers
};

struct HttpRequest {
  std::string method;                             // "GET", "POST", "HEAD" (answered as GET without the body)
  std::string path;                               // percent-decoded, without the query
  std::string target;                             // as sent (for the request log)
  std::multimap<std::string, std::string> query;  // decoded; '+' is a space
  std::string body;
  std::string client;  // the peer's address
};

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // more headers (Location, Cache-Control...)
};

class HttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;
  // The largest body a request may have, by method and path (0: none); past it the answer is
  // 413 and the body is never read.
  using BodyLimit = std::function<std::size_t(const std::string& method, const std::string& path)>;
  // One line per answered request, given to `log` on a thread of its own through a bounded queue:
  // a log that stops draining drops lines (counted), never a request.
  using Log = std::function<void(const std::string& line)>;

  HttpServer(const HttpLimits& limits, Handler handler, BodyLimit body_limit, Log log = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int bind(const std::string& host, int port);  // the port bound; UserError if it cannot listen
  void run();                                   // serves until stop()
  void stop();
  // One raw request answered in memory, as a connection would answer it, then closed: for the
  // request fuzz target and tests. An incomplete request gets "" (the connection would wait).
  std::string answer(std::string_view raw_request);
  std::size_t open_connections() const;
  std::size_t dropped_log_lines() const;

  struct State;  // defined in http.cpp, with its connections

 private:
  std::shared_ptr<State> state_;
};

// "%2Fa+b" -> "/a b" (with `plus_is_space`); a malformed escape is kept as it is.
std::string percent_decode(std::string_view text, bool plus_is_space);

}  // namespace proven::serve

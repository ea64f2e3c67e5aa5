#include "serve/http.hpp"

#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <sys/resource.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "core/errors.hpp"
#include "serve/rate_limit.hpp"

namespace proven::serve {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

std::string percent_decode(std::string_view text, bool plus_is_space) {
  const auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%' && i + 2 < text.size() && hex(text[i + 1]) >= 0 && hex(text[i + 2]) >= 0) {
      out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

namespace {

constexpr std::size_t kLogQueueLines = 10'000;
constexpr std::size_t kLingerBytes = 1 << 20;  // read and dropped at most, closing a connection
// While the header is read the body's size is not known yet: the route's own limit is applied
// once the header names the route (HttpServer::BodyLimit).
constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

std::multimap<std::string, std::string> parse_query(std::string_view query) {
  std::multimap<std::string, std::string> params;
  std::size_t start = 0;
  while (start <= query.size()) {
    const std::size_t end = std::min(query.find('&', start), query.size());
    const std::string_view pair = query.substr(start, end - start);
    if (!pair.empty()) {
      const std::size_t equals = pair.find('=');
      params.emplace(percent_decode(pair.substr(0, equals), true),
                     equals == std::string_view::npos ? std::string() : percent_decode(pair.substr(equals + 1), true));
    }
    start = end + 1;
  }
  return params;
}

// A target's decoded path, as the routes match it.
std::string path_of(std::string_view target) { return percent_decode(target.substr(0, target.find('?')), false); }

// The request as a handler sees it; HEAD is asked as GET (message_of drops the body).
HttpRequest request_of(const http::request<http::string_body>& message, std::string client) {
  const std::string target(message.target());
  const std::size_t question = target.find('?');
  return {.method = message.method() == http::verb::head ? std::string("GET") : std::string(message.method_string()),
          .path = path_of(target),
          .target = target,
          .query = question == std::string::npos ? std::multimap<std::string, std::string>()
                                                 : parse_query(std::string_view(target).substr(question + 1)),
          .body = message.body(),
          .client = std::move(client)};
}

// The reply as Beast sends it. HEAD gets the headers of the GET, with no body.
http::response<http::string_body> message_of(const HttpResponse& response, unsigned version, bool keep_alive,
                                             bool head) {
  http::response<http::string_body> message{static_cast<http::status>(response.status), version};
  message.set(http::field::content_type, response.content_type);
  for (const auto& [name, value] : response.headers) message.set(name, value);
  message.keep_alive(keep_alive);
  message.body() = response.body;
  message.prepare_payload();
  if (head) message.body().clear();
  return message;
}

std::string serialized(const http::response<http::string_body>& message) {
  std::ostringstream out;
  out << message;
  return out.str();
}

HttpResponse plain(int status, std::string text) {
  return {.status = status, .content_type = "text/plain; charset=utf-8", .body = std::move(text) + "\n", .headers = {}};
}

// The refusals made before any handler sees a request, on a socket and in answer() alike.
HttpResponse header_too_large() { return plain(431, "the request header is larger than the server takes"); }
HttpResponse body_too_large(std::size_t limit) {
  return plain(413, fmt::format("the request body is larger than this route takes ({} bytes)", limit));
}

}  // namespace

// Outside the anonymous namespace: HttpServer::State holds one, and a unity build (where this
// file is included with others) would warn that State has a field of internal linkage.
namespace detail {

// Lines for the request log, written on a thread of their own: a log that stops draining (a
// full pipe) fills the queue, then lines are dropped and counted; no request ever waits on it.
class LogQueue {
 public:
  explicit LogQueue(HttpServer::Log log) : shared_(std::make_shared<Shared>()) {
    if (!log) return;
    shared_->log = std::move(log);
    std::thread([shared = shared_] { shared->drain(); }).detach();  // it may be stuck in a write at exit
  }
  ~LogQueue() {
    {
      const std::lock_guard lock(shared_->mutex);
      shared_->stopping = true;
    }
    shared_->ready.notify_all();
  }
  LogQueue(const LogQueue&) = delete;
  LogQueue& operator=(const LogQueue&) = delete;

  void push(std::string line) {
    if (!shared_->log) return;
    {
      const std::lock_guard lock(shared_->mutex);
      if (shared_->lines.size() >= kLogQueueLines) {
        ++shared_->dropped;
        return;
      }
      shared_->lines.push_back(std::move(line));
    }
    shared_->ready.notify_one();
  }
  std::size_t dropped() const {
    const std::lock_guard lock(shared_->mutex);
    return shared_->dropped;
  }

 private:
  struct Shared {
    HttpServer::Log log;
    mutable std::mutex mutex;
    std::condition_variable ready;
    std::deque<std::string> lines;
    std::size_t dropped = 0;
    bool stopping = false;

    void drain() {
      std::unique_lock lock(mutex);
      for (;;) {
        ready.wait(lock, [&] { return stopping || !lines.empty(); });
        if (lines.empty()) return;  // stopping, and everything written
        std::string line = std::move(lines.front());
        lines.pop_front();
        lock.unlock();
        log(line);
        lock.lock();
      }
    }
  };
  std::shared_ptr<Shared> shared_;
};

}  // namespace detail

struct HttpServer::State {
  HttpLimits limits;
  Handler handler;
  BodyLimit body_limit;
  detail::LogQueue log;
  std::mutex clients_mutex;
  std::map<std::string, std::size_t> per_client;  // open connections by client_key
  std::atomic<std::size_t> open{0};
  // Declared last, destroyed first: the workers finish, then the I/O context drops every
  // connection (whose destructors count themselves out above).
  net::io_context io{1};
  tcp::acceptor acceptor{io};
  net::steady_timer retry{io};
  net::thread_pool workers;

  State(const HttpLimits& l, Handler h, BodyLimit b, Log lg)
      : limits(l), handler(std::move(h)), body_limit(std::move(b)), log(std::move(lg)), workers(l.workers) {}

  // The handler's answer; anything it throws is a 500 (the handler turns its own errors into
  // statuses: this is the last guard).
  HttpResponse handle(const HttpRequest& request) noexcept {
    try {
      return handler(request);
    } catch (const std::bad_alloc&) {
      return plain(503, "out of memory");
    } catch (const std::exception& e) {
      return plain(500, std::string("internal error (please report): ") + e.what());
    } catch (...) {
      return plain(500, "internal error (please report)");
    }
  }

  // The body limit of the route a parsed header names (BodyLimit).
  std::size_t body_limit_of(const http::request_parser<http::string_body>& parser) const {
    const auto& header = parser.get();
    const auto target = header.target();
    return body_limit(std::string(header.method_string()), path_of({target.data(), target.size()}));
  }

  // Connections count per client as the rate limits do (an IPv6 host by its /64).
  bool admit(const std::string& client) {
    const std::string key = client_key(client);
    const std::lock_guard lock(clients_mutex);
    std::size_t& count = per_client[key];
    if (open >= limits.connections || count >= limits.connections_per_client) {
      if (count == 0) per_client.erase(key);
      return false;
    }
    ++count;
    ++open;
    return true;
  }
  void release(const std::string& client) {
    const std::string key = client_key(client);
    const std::lock_guard lock(clients_mutex);
    if (const auto it = per_client.find(key); it != per_client.end() && --it->second == 0) per_client.erase(it);
    --open;
  }

  void accept();
};

namespace {

class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(HttpServer::State& state, tcp::socket socket, std::string client)
      : state_(state), stream_(std::move(socket)), client_(std::move(client)) {}
  ~Session() { state_.release(client_); }

  void read_header() {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(state_.limits.header_bytes));
    parser_->body_limit(kUnlimited);
    // The whole header within the deadline, from the connection (or from the last reply on a
    // kept-alive one): a client sending a line a second is closed, not waited for.
    stream_.expires_after(first_ ? state_.limits.header_deadline : state_.limits.idle);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_header(ec); });
  }

 private:
  void on_header(beast::error_code ec) {
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) return refuse(header_too_large());
    if (ec) return close();  // closed, timed out, or not HTTP: nothing to answer
    const std::size_t limit = state_.body_limit_of(*parser_);
    if (parser_->content_length() && *parser_->content_length() > limit) return refuse(body_too_large(limit));
    if (parser_->is_done()) return dispatch();
    parser_->body_limit(limit);
    stream_.expires_after(state_.limits.body_deadline);
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this(), limit](beast::error_code e, std::size_t) {
      if (e == http::error::body_limit) return self->refuse(body_too_large(limit));
      if (e) return self->close();
      self->dispatch();
    });
  }

  void dispatch() {
    http::request<http::string_body> message = parser_->release();
    const bool head = message.method() == http::verb::head;
    const bool keep_alive = message.keep_alive();
    const unsigned version = message.version();
    HttpRequest request = request_of(message, client_);
    stream_.expires_never();  // the handler may take a while; the client waits for it
    net::post(state_.workers, [self = shared_from_this(), request = std::move(request), head, keep_alive, version] {
      HttpResponse response = self->state_.handle(request);
      std::string line = fmt::format("{} {} {} {}", head ? "HEAD" : request.method, request.target.substr(0, 200),
                                     response.status, response.body.size());
      net::post(self->stream_.get_executor(),
                [self, response = std::move(response), line = std::move(line), head, keep_alive, version]() mutable {
                  self->state_.log.push(std::move(line));
                  self->write(message_of(response, version, keep_alive, head), keep_alive);
                });
    });
  }

  void write(http::response<http::string_body> message, bool keep_alive) {
    reply_ = std::make_shared<http::response<http::string_body>>(std::move(message));
    stream_.expires_after(state_.limits.write_deadline);
    http::async_write(stream_, *reply_, [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
      self->reply_.reset();
      if (ec || !keep_alive) return self->close();
      self->first_ = false;
      self->read_header();
    });
  }

  // A request refused before any handler saw it: one line, and the connection closed (its
  // unread body would otherwise be read as the next request).
  void refuse(const HttpResponse& response) {
    state_.log.push(fmt::format("- - {} 0", response.status));
    write(message_of(response, 11, false, false), false);
  }

  // Ends the connection: no more is sent, and what the client still sends (the rest of a refused
  // request) is read and dropped for a moment, so the kernel does not reset the connection and
  // lose the reply before the client has read it (a lingering close).
  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.expires_after(std::chrono::seconds(2));
    linger();
  }
  void linger() {
    if (lingered_ > kLingerBytes) return;
    stream_.async_read_some(net::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, std::size_t n) {
      self->lingered_ += n;
      if (!ec) self->linger();
    });
  }

  HttpServer::State& state_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;  // grows as needed; the parser's header and body limits bound it
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<http::response<http::string_body>> reply_;
  std::string client_;
  bool first_ = true;
  std::array<char, 4096> scratch_{};
  std::size_t lingered_ = 0;
};

}  // namespace

void HttpServer::State::accept() {
  acceptor.async_accept(io, [this](beast::error_code ec, tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
    if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space) {
      // Out of file descriptors: wait a moment for connections to close rather than spin.
      retry.expires_after(std::chrono::milliseconds(50));
      retry.async_wait([this](beast::error_code) { accept(); });
      return;
    }
    if (!ec) {
      beast::error_code peer_error;
      const auto peer = socket.remote_endpoint(peer_error);
      const std::string client = peer_error ? std::string("?") : peer.address().to_string();
      socket.set_option(tcp::no_delay(true), peer_error);  // small replies go out at once
      if (admit(client)) std::make_shared<Session>(*this, std::move(socket), client)->read_header();
      // else: over a connection cap; the socket closes as it goes out of scope
    }
    accept();
  });
}

namespace {

// Connections need a descriptor each: the soft limit is raised to the hard one, and the cap kept
// under it, with room for the files and the log the server itself opens.
HttpLimits within_descriptors(HttpLimits limits) {
  rlimit files{};
  if (::getrlimit(RLIMIT_NOFILE, &files) != 0) return limits;
  if (files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &files);
    ::getrlimit(RLIMIT_NOFILE, &files);
  }
  constexpr rlim_t kReserved = 128;
  if (files.rlim_cur != RLIM_INFINITY && files.rlim_cur > kReserved)
    limits.connections =
        std::min<std::size_t>(limits.connections, static_cast<std::size_t>(files.rlim_cur - kReserved));
  return limits;
}

}  // namespace

HttpServer::HttpServer(const HttpLimits& limits, Handler handler, BodyLimit body_limit, Log log)
    : state_(std::make_shared<State>(within_descriptors(limits), std::move(handler), std::move(body_limit),
                                     std::move(log))) {}

HttpServer::~HttpServer() {
  stop();
  state_->workers.join();
}

int HttpServer::bind(const std::string& host, int port) {
  beast::error_code ec;
  const auto address = net::ip::make_address(host, ec);
  if (ec) throw UserError(fmt::format("cannot listen on {}:{} (not an address of this machine)", host, port));
  const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
  auto& acceptor = state_->acceptor;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    throw UserError(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", host, port));
  return acceptor.local_endpoint().port();
}

void HttpServer::run() {
  state_->accept();
  state_->io.run();
}

void HttpServer::stop() {
  net::post(state_->io, [state = state_.get()] {
    beast::error_code ignored;
    state->acceptor.close(ignored);
    state->io.stop();
  });
  state_->io.stop();
}

std::string HttpServer::answer(std::string_view raw_request) {
  // The same steps and refusals as a connection's (Session): the header, the route's body limit,
  // then the body.
  http::request_parser<http::string_body> parser;
  parser.header_limit(static_cast<std::uint32_t>(state_->limits.header_bytes));
  parser.body_limit(kUnlimited);
  // Not eager: put() stops at the end of the header, so the route's limit is set before any of
  // the body is read.
  const auto refused = [](const HttpResponse& response) { return serialized(message_of(response, 11, false, false)); };
  beast::error_code ec;
  std::size_t used = 0;
  std::optional<std::size_t> limit;  // once the header is read
  while (!parser.is_done() && used < raw_request.size()) {
    used += parser.put(net::buffer(raw_request.data() + used, raw_request.size() - used), ec);
    if (ec == http::error::need_more) break;
    if (ec == http::error::header_limit) return refused(header_too_large());
    if (ec == http::error::body_limit) return refused(body_too_large(*limit));
    if (ec) return refused(plain(400, "not an HTTP request"));
    if (parser.is_header_done() && !limit) {
      limit = state_->body_limit_of(parser);
      if (parser.content_length() && *parser.content_length() > *limit) return refused(body_too_large(*limit));
      parser.body_limit(*limit);
    }
  }
  if (!parser.is_done()) return {};
  const http::request<http::string_body>& message = parser.get();
  return serialized(message_of(state_->handle(request_of(message, "127.0.0.1")), message.version(), false,
                               message.method() == http::verb::head));
}

std::size_t HttpServer::open_connections() const { return state_->open; }
std::size_t HttpServer::dropped_log_lines() const { return state_->log.dropped(); }

}  // namespace proven::serve

// Fuzz target: any bytes as an HTTP request to `proven serve`, answered in memory
// (serve/server.hpp answer()) by a server on the shipped packs. Whatever the request says, the
// answer is an HTTP response whose status is not a server error: a bad request is the client's
// (4xx, one line of reason), never a 500 "internal error" and never a crash.
#include <charconv>

#include "fuzz/harness.hpp"
#include "serve/server.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using proven::serve::Server;
  // Seeds 1 and 2 only (`serve --seeds 1..2`): every document generated on request fits in the
  // cache after its first request, so the fuzzer spends its time on requests, not generation
  // (which the document targets fuzz).
  static Server server([] {
    proven::serve::ServeOptions options;
    options.port = 0;
    options.quiet = true;
    options.catalog.cache_capacity = 64;
    options.catalog.seeds = proven::parse_seed_list("1..2");
    return options;
  }());
  const std::string response = server.answer(proven::fuzz::bytes(data, size));
  if (response.empty()) return 0;  // the connection closed without a word (unreadable request line)
  // The reply speaks the request's version: HTTP/1.0 for a 1.0 request, HTTP/1.1 otherwise.
  constexpr std::size_t kStatusLineSize = std::string_view("HTTP/1.x ").size();
  int status = 0;
  const char* code = response.data() + std::min(response.size(), kStatusLineSize);
  if (!(response.starts_with("HTTP/1.0 ") || response.starts_with("HTTP/1.1 ")) ||
      std::from_chars(code, response.data() + response.size(), status).ec != std::errc())
    proven::fuzz::violated("the answer is an HTTP response", response.substr(0, 200));
  if (status >= 500 && status != 503)
    proven::fuzz::violated("a request never causes a server error", response.substr(0, 2000));
  return 0;
}

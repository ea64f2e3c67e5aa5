#pragma once
// Requests per second per client on the costly routes (docs/serve.md, "Limits"): a token bucket
// per client address. A bucket holds up to `burst` tokens and gains `per_second` a second; a
// request takes one, and a client with none left is told when the next one comes (429 with
// Retry-After), so a player clicking fast is never refused while one client cannot take the CPU,
// the disk or the rooms of everyone else.
//
//   RateLimiter submissions({.per_second = 0.1, .burst = 10});
//   if (const double wait = submissions.take(client_key(request.client)); wait > 0) ...  // refuse
//
// The table of clients is bounded (`max_clients`): a full bucket is forgotten first (it is what
// a new client gets anyway), then the one used longest ago, so many addresses cost memory only
// up to the bound.
#include <chrono>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

namespace proven::serve {

struct RateLimit {
  double per_second = 1;  // tokens gained a second
  double burst = 10;      // tokens held at most: requests at once after a pause
};

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  explicit RateLimiter(RateLimit limit, std::size_t max_clients = 10'000);

  // Takes a token of `client`'s: 0 when taken, else the seconds until one is there (none taken).
  // Thread-safe.
  double take(const std::string& client, Clock::time_point now = Clock::now());
  const RateLimit& limit() const { return limit_; }
  std::size_t clients() const;

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
  };
  double refilled(const Bucket& bucket, Clock::time_point now) const;
  void make_room(Clock::time_point now);

  RateLimit limit_;
  std::size_t max_clients_;
  mutable std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

// The client a limit counts: an IPv4 address itself; an IPv6 address by its /64 network (one
// host there is given 2^64 addresses, so counting each would count nothing); an IPv4-mapped IPv6
// address ("::ffff:1.2.3.4") as the IPv4 one. Anything unparsable counts as itself.
std::string client_key(std::string_view address);

}  // namespace proven::serve

#include "serve/rate_limit.hpp"

#include <algorithm>
#include <cmath>

#include <boost/asio/ip/address.hpp>

#include <fmt/format.h>

#include "core/check.hpp"
#include "serve/extension.hpp"

namespace proven::serve {

RateLimiter::RateLimiter(RateLimit limit, std::size_t max_clients) : limit_(limit), max_clients_(max_clients) {
  PROVEN_CHECK(limit.per_second > 0 && limit.burst >= 1 && max_clients > 0, "a rate limit lets one request through");
}

double RateLimiter::refilled(const Bucket& bucket, Clock::time_point now) const {
  const double seconds = std::chrono::duration<double>(now - bucket.updated).count();
  return std::min(limit_.burst, bucket.tokens + std::max(0.0, seconds) * limit_.per_second);
}

void RateLimiter::make_room(Clock::time_point now) {
  std::erase_if(buckets_, [&](const auto& entry) { return refilled(entry.second, now) >= limit_.burst; });
  if (buckets_.size() < max_clients_) return;
  const auto oldest = std::ranges::min_element(buckets_, {}, [](const auto& entry) { return entry.second.updated; });
  buckets_.erase(oldest);
}

double RateLimiter::take(const std::string& client, Clock::time_point now) {
  const std::lock_guard lock(mutex_);
  auto it = buckets_.find(client);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_clients_) make_room(now);
    it = buckets_.emplace(client, Bucket{.tokens = limit_.burst, .updated = now}).first;
  }
  Bucket& bucket = it->second;
  bucket.tokens = refilled(bucket, now);
  bucket.updated = std::max(bucket.updated, now);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return (1 - bucket.tokens) / limit_.per_second;
}

std::size_t RateLimiter::clients() const {
  const std::lock_guard lock(mutex_);
  return buckets_.size();
}

void take_or_refuse(RateLimiter& limiter, const std::string& address, std::string_view what) {
  const double wait = limiter.take(client_key(address));
  if (wait <= 0) return;
  throw HttpError(429,
                  fmt::format("too many {} (at most {:g} at once, then {:g} a minute): try again in {:.0f} s", what,
                              limiter.limit().burst, limiter.limit().per_second * 60, std::ceil(wait)),
                  static_cast<int>(std::ceil(wait)));
}

std::string client_key(std::string_view address) {
  namespace ip = boost::asio::ip;
  boost::system::error_code error;
  const ip::address parsed = ip::make_address(std::string(address), error);
  if (error) return std::string(address);
  if (parsed.is_v4()) return parsed.to_string();
  const ip::address_v6 v6 = parsed.to_v6();
  if (v6.is_v4_mapped()) return ip::make_address_v4(ip::v4_mapped, v6).to_string();
  ip::address_v6::bytes_type bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace proven::serve

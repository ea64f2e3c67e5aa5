#include "core/tally.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/json_read.hpp"

namespace proven {

Tally::Row& Tally::row(std::string_view reason) {
  for (auto& r : rows_)
    if (r.reason == reason) return r;
  rows_.push_back(Row{std::string(reason), 0});
  return rows_.back();
}

void Tally::declare(std::string_view reason) { row(reason); }

void Tally::reject(std::string_view reason, std::uint64_t n) { row(reason).rejected += n; }

void Tally::merge(const Tally& other) {
  for (const auto& r : other.rows_) reject(r.reason, r.rejected);
  accepted_ += other.accepted_;
}

std::uint64_t Tally::rejected(std::string_view reason) const {
  for (const auto& r : rows_)
    if (r.reason == reason) return r.rejected;
  return 0;
}

std::uint64_t total_tries(std::span<const Tally> tallies) {
  std::uint64_t tries = 0;
  for (const Tally& t : tallies) tries += t.tries();
  return tries;
}

std::uint64_t Tally::rejected_total() const {
  std::uint64_t total = 0;
  for (const auto& r : rows_) total += r.rejected;
  return total;
}

std::string Tally::table() const {
  std::size_t width = std::string_view("accepted").size();
  for (const auto& r : rows_) width = std::max(width, r.reason.size());
  const auto total = tries();
  auto percent = [total](std::uint64_t n) {
    return total == 0 ? 0.0 : 100.0 * static_cast<double>(n) / static_cast<double>(total);
  };
  std::string out = fmt::format("{:<{}}  {:>10}  {:>6}\n", "rejected by", width, "count", "share");
  for (const auto& r : rows_)
    out += fmt::format("{:<{}}  {:>10}  {:>5.1f}%\n", r.reason, width, r.rejected, percent(r.rejected));
  out += fmt::format("{:<{}}  {:>10}  {:>5.1f}%\n", "accepted", width, accepted_, percent(accepted_));
  out += fmt::format("{:<{}}  {:>10}\n", "tries", width, total);
  return out;
}

nlohmann::json Tally::to_json() const {
  nlohmann::json rejected = nlohmann::json::array();
  for (const auto& r : rows_) rejected.push_back({{"reason", r.reason}, {"count", r.rejected}});
  return {{"rejected", rejected}, {"accepted", accepted_}, {"tries", tries()}};
}

Tally Tally::from_json(const nlohmann::json& json, const std::string& where) {
  using namespace json_read;
  constexpr std::int64_t kMaxCount = std::int64_t{1} << 53;  // exact in a double: any reader agrees
  Tally tally;
  const auto& rows = field(json, "rejected", where);
  if (!rows.is_array()) fail(at(where, "rejected"), "expected an array");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string row_where = at(at(where, "rejected"), i);
    const std::string reason = text(field(rows[i], "reason", row_where), at(row_where, "reason"));
    if (std::ranges::any_of(tally.rows_, [&](const Row& r) { return r.reason == reason; }))
      fail(at(row_where, "reason"), "\"" + reason + "\" is listed twice");
    tally.declare(reason);
    tally.reject(reason, static_cast<std::uint64_t>(
                             integer64(field(rows[i], "count", row_where), 0, kMaxCount, at(row_where, "count"))));
  }
  tally.accept(
      static_cast<std::uint64_t>(integer64(field(json, "accepted", where), 0, kMaxCount, at(where, "accepted"))));
  const auto tries =
      static_cast<std::uint64_t>(integer64(field(json, "tries", where), 0, kMaxCount, at(where, "tries")));
  if (tries != tally.tries()) fail(at(where, "tries"), "is not the rejections plus the accepted");
  return tally;
}

}  // namespace proven

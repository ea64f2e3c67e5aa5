#pragma once
// A tally counts, per named reason, how many candidates a generator threw away, plus how many
// it accepted. Rows keep their first-declared order so printed tables are stable; merging in a
// fixed order (batch index order) keeps them identical for any thread count.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace proven {

class Tally {
 public:
  struct Row {
    std::string reason;
    std::uint64_t rejected = 0;
    bool operator==(const Row&) const = default;
  };

  // Adds a row with a zero count (no-op if present), so a table shows gates that never fired.
  void declare(std::string_view reason);
  void reject(std::string_view reason, std::uint64_t n = 1);
  void accept(std::uint64_t n = 1) { accepted_ += n; }
  void merge(const Tally& other);

  std::uint64_t rejected(std::string_view reason) const;
  std::uint64_t rejected_total() const;
  std::uint64_t accepted() const { return accepted_; }
  std::uint64_t tries() const { return accepted_ + rejected_total(); }
  const std::vector<Row>& rows() const { return rows_; }

  // A fixed-width table: one line per reason, then "accepted" and "tries".
  std::string table() const;
  nlohmann::json to_json() const;
  // Reads to_json's form back; UserError naming `where` for anything malformed or inconsistent
  // ("tries" must be the sum of the rows and "accepted").
  static Tally from_json(const nlohmann::json& json, const std::string& where);

  bool operator==(const Tally&) const = default;

 private:
  Row& row(std::string_view reason);
  std::vector<Row> rows_;
  std::uint64_t accepted_ = 0;
};

// All tries over several tallies (a pack's chapters).
std::uint64_t total_tries(std::span<const Tally> tallies);

}  // namespace proven

#pragma once
// `proven whodunnit stats`: what a sample of seeds looks like. The seeds run as a range
// (core/range.hpp: chunks, checkpoints, MPI ranks), each chunk's cases on the core's batch
// runner, and everything is summed in seed order, so the report is the same bytes for any number
// of jobs, chunks or ranks.
//
//   std::string report = stats_report({.seeds = parse_seed_list("1..200"), .cast = 6, .jobs = 2});
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/hash.hpp"
#include "core/progress.hpp"
#include "core/seeds.hpp"
#include "whodunnit/case.hpp"

namespace proven::whodunnit {

// The most seeds one report takes (`--seeds`, core/seeds.hpp).
inline constexpr std::uint64_t kMaxStatsSeeds = 100'000;

struct StatsRequest {
  SeedList seeds = SeedList({{.first = 1, .last = 1}});  // in the order listed
  int cast = 6;
  std::int64_t solver_budget = 0;  // 0: the generator's default for the cast
  const Theme* theme = nullptr;    // nullptr: the shipped country house
  unsigned jobs = 0;
  int top_phrases = 30;  // the most frequent phrases listed; 0 lists every one
  Progress* progress = nullptr;
};

// A clue's phrase: its prose with every name its markup mentions replaced by the name's category
// ("{forename} is a {surname}."), so the count shows how often one sentence shape recurs.
std::string phrase_of(const Setup& setup, const CaseClue& clue);

// Nearest-rank order statistics of a sample: median is the ceil(n/2)-th smallest, p90 the
// ceil(0.9 n)-th.
struct Spread {
  double min = 0, median = 0, p90 = 0, max = 0, mean = 0;
};
Spread spread_of(std::vector<double> sample);

// What a report sums, over any run of seeds: a chunk's (as JSON, core/range.hpp, so it can be
// checkpointed or sent between MPI ranks) and the whole range's are the same totals, the whole
// folded from its chunks in seed order. The report is the same bytes however the seeds were cut
// into chunks and whatever ran them.
class StatsTotals {
 public:
  // Makes the cases of seeds [first, first + n) of the request's list (in parallel over its
  // jobs, advancing its progress) and returns their totals as JSON.
  static nlohmann::json chunk(const StatsRequest& request, std::uint64_t first, std::uint64_t n);
  void merge(const nlohmann::json& chunk);
  // Phrase and clue-kind frequencies, distributions of clue count, ambiguity removed and
  // obviousness, the share meeting the gold standard, and a digest over every case file made.
  std::string report(const StatsRequest& request) const;

 private:
  std::vector<double> clues_, ambiguity_, obviousness_, share_, calls_;
  std::map<std::string, std::int64_t> kinds_, phrases_;
  std::int64_t gold_ = 0, total_clues_ = 0, cases_ = 0;
  Digest digest_;
};

// The whole report in this process (chunks of the default size, in order).
std::string stats_report(const StatsRequest& request);

}  // namespace proven::whodunnit

#pragma once
// `proven whodunnit stats`: what a sample of seeds looks like. Cases are made on the core's
// batch runner (job i makes seed first+i), and everything is summed in seed order, so the report
// is the same bytes for any number of jobs.
//
//   std::string report = stats_report({.seeds = parse_seed_list("1..200"), .cast = 6, .jobs = 2});
#include <cstdint>
#include <string>
#include <vector>

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

// Phrase and clue-kind frequencies, distributions of clue count, ambiguity removed and
// obviousness, and the share meeting the gold standard.
std::string stats_report(const StatsRequest& request);

}  // namespace proven::whodunnit

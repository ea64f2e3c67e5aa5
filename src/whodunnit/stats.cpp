#include "whodunnit/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/batch.hpp"
#include "core/io.hpp"
#include "whodunnit/case_json.hpp"
#include "whodunnit/generator.hpp"

namespace proven::whodunnit {
namespace {

bool word_char(char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; }

// True if a word ends at `pos` of `text`, allowing a plural ending ("Caines", "Fairfaxes").
bool word_ends(const std::string& text, std::size_t pos) {
  for (const std::string_view ending : {"", "s", "es"}) {
    const std::size_t end = pos + ending.size();
    if (text.compare(pos, ending.size(), ending) == 0 && (end == text.size() || !word_char(text[end]))) return true;
  }
  return false;
}

// Replaces whole-word occurrences of `name` (plurals too) in `text` by `with`.
void replace_word(std::string& text, const std::string& name, const std::string& with) {
  for (std::size_t pos = text.find(name); pos != std::string::npos; pos = text.find(name, pos)) {
    const bool starts = pos == 0 || !word_char(text[pos - 1]);
    const bool ends = word_ends(text, pos + name.size());
    if (starts && ends) {
      text.replace(pos, name.size(), with);
      pos += with.size();
    } else {
      pos += name.size();
    }
  }
}

std::string spread_line(std::string_view name, const Spread& s) {
  return fmt::format("  {:<28} min {:g}, median {:g}, p90 {:g}, max {:g}, mean {:.1f}\n", name, s.min, s.median, s.p90,
                     s.max, s.mean);
}

constexpr double kMostOfOneKind = 20.0, kLeastOfEachKind = 2.0;  // the variety goals, percent of all clues

// n as a percentage of total (of 1 when there is none, so an empty run reads 0%).
double percent_of(std::int64_t n, std::int64_t total) {
  return 100.0 * static_cast<double>(n) / static_cast<double>(std::max<std::int64_t>(1, total));
}

// Rows by count, most frequent first (ties in name order): deterministic for any input order.
std::string frequency_table(const std::map<std::string, std::int64_t>& counts, std::int64_t total, int top = 0) {
  std::vector<std::pair<std::string, std::int64_t>> rows(counts.begin(), counts.end());
  std::ranges::stable_sort(rows, [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string text;
  const std::size_t shown = top > 0 ? std::min(rows.size(), static_cast<std::size_t>(top)) : rows.size();
  for (std::size_t i = 0; i < shown; ++i)
    text += fmt::format("  {:>6} {:>5.1f}%  {}\n", rows[i].second, percent_of(rows[i].second, total), rows[i].first);
  if (shown < rows.size()) {
    std::int64_t rest = 0;
    for (std::size_t i = shown; i < rows.size(); ++i) rest += rows[i].second;
    text += fmt::format("  {:>6} {:>5.1f}%  ({} other phrases, each at most {} times)\n", rest, percent_of(rest, total),
                        rows.size() - shown, rows[shown].second);
  }
  return text;
}

// The variety goals (issue 17; docs/whodunnit.md, stats): no kind above 20% of the clues, every
// kind at least 2%. Read over many cases (100 or more): a handful cannot show every kind.
std::string variety_line(const std::map<std::string, std::int64_t>& kinds, std::int64_t total) {
  const auto share = [total](std::int64_t n) { return percent_of(n, total); };
  std::string over, under;
  const auto note = [](std::string& list, const std::string& kind, double percent) {
    list += fmt::format("{}{} {:.1f}%", list.empty() ? "" : ", ", kind, percent);
  };
  for (const auto& [kind, n] : kinds) {
    if (share(n) > kMostOfOneKind) note(over, kind, share(n));
    if (share(n) < kLeastOfEachKind) note(under, kind, share(n));
  }
  if (over.empty() && under.empty())
    return fmt::format("variety: met (every kind between {:.0f}% and {:.0f}% of the clues)\n", kLeastOfEachKind,
                       kMostOfOneKind);
  std::string text = fmt::format("variety: not met (goal: every kind between {:.0f}% and {:.0f}% of the clues)",
                                 kLeastOfEachKind, kMostOfOneKind);
  if (!over.empty()) text += "; above: " + over;
  if (!under.empty()) text += "; below: " + under;
  return text + "\n";
}

}  // namespace

std::string phrase_of(const Setup& setup, const CaseClue& clue) {
  std::vector<Term> named;
  for (const Bound& b : clue.bounds)
    for (const Term& t : b.traits)
      if (std::ranges::find(named, t) == named.end()) named.push_back(t);
  if (clue.speaker >= 0) named.push_back({.category = kPortrait, .value = clue.speaker});
  // Longest names first, so "Anne" never eats into "Annabel".
  std::ranges::stable_sort(named, [&](const Term& a, const Term& b) {
    return setup.categories[at(a.category)].values[at(a.value)].name.size() >
           setup.categories[at(b.category)].values[at(b.value)].name.size();
  });
  std::string text = clue.prose;
  for (const Term& t : named)
    replace_word(text, setup.categories[at(t.category)].values[at(t.value)].name,
                 "{" + setup.categories[at(t.category)].name + "}");
  return text;
}

Spread spread_of(std::vector<double> sample) {
  if (sample.empty()) return {};
  std::ranges::sort(sample);
  const auto rank = [&](double q) {
    const auto k = static_cast<std::size_t>(std::ceil(q * static_cast<double>(sample.size())));
    return sample[std::max<std::size_t>(k, 1) - 1];
  };
  double sum = 0;
  for (const double x : sample) sum += x;
  return {.min = sample.front(),
          .median = rank(0.5),
          .p90 = rank(0.9),
          .max = sample.back(),
          .mean = sum / static_cast<double>(sample.size())};
}

nlohmann::json StatsTotals::chunk(const StatsRequest& request, std::uint64_t first, std::uint64_t n) {
  // One case's figures, kinds, phrases and the digest of its file: all the report needs of it.
  const auto cases = run_batch<nlohmann::json>(
      static_cast<std::size_t>(n),
      [&](std::size_t i) {
        const Case c = make_case(std::to_string(request.seeds.at(first + i)), request.cast,
                                 {.solver_budget = request.solver_budget, .theme = request.theme});
        nlohmann::json kinds = nlohmann::json::array(), phrases = nlohmann::json::array();
        for (const CaseClue& clue : c.clues) {
          kinds.push_back(clue.kind);
          phrases.push_back(phrase_of(c.setup, clue));
        }
        return nlohmann::json{{"clues", c.clues.size()},
                              {"ambiguity", c.figures.initial_ambiguity},
                              {"obviousness", c.figures.obviousness},
                              {"calls", c.solver_calls},
                              {"gold", c.figures.gold_standard},
                              {"kinds", std::move(kinds)},
                              {"phrases", std::move(phrases)},
                              {"digest", digest_hex(json_text(to_json(c)))}};
      },
      {.jobs = request.jobs, .progress = request.progress});
  return {{"cases", cases}};
}

void StatsTotals::merge(const nlohmann::json& chunk) {
  for (const nlohmann::json& c : chunk.at("cases")) {
    const auto ambiguity = c.at("ambiguity").get<double>();
    const auto obviousness = c.at("obviousness").get<double>();
    clues_.push_back(c.at("clues").get<double>());
    ambiguity_.push_back(ambiguity);
    obviousness_.push_back(obviousness);
    share_.push_back(ambiguity > 0 ? std::round(1000.0 * obviousness / ambiguity) / 10.0 : 0.0);
    calls_.push_back(c.at("calls").get<double>());
    gold_ += c.at("gold").get<bool>() ? 1 : 0;
    for (const auto& k : c.at("kinds")) ++kinds_[k.get<std::string>()];
    for (const auto& p : c.at("phrases")) ++phrases_[p.get<std::string>()];
    total_clues_ += static_cast<std::int64_t>(c.at("kinds").size());
    digest_.add(c.at("digest").get<std::string>());
    ++cases_;
  }
}

std::string StatsTotals::report(const StatsRequest& request) const {
  std::string text =
      fmt::format("whodunnit stats: seeds {}, cast {}, {} cases (generator {}, solver budget {}{})\n",
                  request.seeds.text(), request.cast, cases_, generator_version(),
                  request.solver_budget > 0 ? request.solver_budget : default_solver_budget(request.cast),
                  request.theme != nullptr ? ", theme " + request.theme->name : "");
  text += spread_line("clues per case", spread_of(clues_));
  text += spread_line("ambiguity removed (a)", spread_of(ambiguity_));
  text += spread_line("obviousness (sum of a - a_n)", spread_of(obviousness_));
  text += spread_line("obviousness / a (%)", spread_of(share_));
  text += spread_line("solver calls", spread_of(calls_));
  text += fmt::format("  {:<28} {} of {} ({:.1f}%)\n", "gold standard (obv. < a)", gold_, cases_,
                      100.0 * static_cast<double>(gold_) / static_cast<double>(std::max<std::int64_t>(cases_, 1)));
  // Every documented kind, the ones no case used at 0, then the variety goals checked.
  std::map<std::string, std::int64_t> kinds = kinds_;
  for (int k = 0; k < kKindCount; ++k) kinds.try_emplace(std::string(kind_name(static_cast<Kind>(k))), 0);
  text += fmt::format("clue kinds ({} clues):\n", total_clues_) + frequency_table(kinds, total_clues_);
  text += variety_line(kinds, total_clues_);
  text += fmt::format("phrases ({} distinct of {} clues):\n", phrases_.size(), total_clues_) +
          frequency_table(phrases_, total_clues_, request.top_phrases);
  // Over every case file in seed order: two reports made the same cases exactly when these agree.
  return text + fmt::format("digest {}\n", digest_.hex());
}

std::string stats_report(const StatsRequest& request) {
  StatsTotals totals;
  const std::uint64_t count = request.seeds.count();
  constexpr std::uint64_t kChunk = 256;
  for (std::uint64_t first = 0; first < count; first += kChunk)
    totals.merge(StatsTotals::chunk(request, first, std::min(kChunk, count - first)));
  return totals.report(request);
}

}  // namespace proven::whodunnit

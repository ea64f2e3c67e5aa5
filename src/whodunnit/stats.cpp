#include "whodunnit/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/batch.hpp"
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

struct CaseSummary {
  double clues = 0, initial_ambiguity = 0, obviousness = 0, solver_calls = 0;
  bool gold = false;
  std::vector<std::string> kinds = {}, phrases = {};
};

std::string spread_line(std::string_view name, const Spread& s) {
  return fmt::format("  {:<28} min {:g}, median {:g}, p90 {:g}, max {:g}, mean {:.1f}\n", name, s.min, s.median, s.p90,
                     s.max, s.mean);
}

// Rows by count, most frequent first (ties in name order): deterministic for any input order.
std::string frequency_table(const std::map<std::string, int>& counts, int total, int top = 0) {
  std::vector<std::pair<std::string, int>> rows(counts.begin(), counts.end());
  std::ranges::stable_sort(rows, [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string text;
  const std::size_t shown = top > 0 ? std::min(rows.size(), static_cast<std::size_t>(top)) : rows.size();
  for (std::size_t i = 0; i < shown; ++i)
    text += fmt::format("  {:>6} {:>5.1f}%  {}\n", rows[i].second, 100.0 * rows[i].second / std::max(1, total),
                        rows[i].first);
  if (shown < rows.size()) {
    int rest = 0;
    for (std::size_t i = shown; i < rows.size(); ++i) rest += rows[i].second;
    text += fmt::format("  {:>6} {:>5.1f}%  ({} other phrases, each at most {} times)\n", rest,
                        100.0 * rest / std::max(1, total), rows.size() - shown, rows[shown].second);
  }
  return text;
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

std::string stats_report(const StatsRequest& request) {
  const std::size_t count = static_cast<std::size_t>(request.seeds.count());
  const auto summaries =
      run_batch<CaseSummary>(count,
                             [&](std::size_t i) {
                               const Case c = make_case(std::to_string(request.seeds.at(i)), request.cast,
                                                        {.solver_budget = request.solver_budget});
                               CaseSummary s{.clues = static_cast<double>(c.clues.size()),
                                             .initial_ambiguity = static_cast<double>(c.figures.initial_ambiguity),
                                             .obviousness = static_cast<double>(c.figures.obviousness),
                                             .solver_calls = static_cast<double>(c.solver_calls),
                                             .gold = c.figures.gold_standard};
                               for (const CaseClue& clue : c.clues) {
                                 s.kinds.push_back(clue.kind);
                                 s.phrases.push_back(phrase_of(c.setup, clue));
                               }
                               return s;
                             },
                             {.jobs = request.jobs, .progress = request.progress});

  std::vector<double> clues, ambiguity, obviousness, share, calls;
  std::map<std::string, int> kinds, phrases;
  int gold = 0;
  int total_clues = 0;
  for (const CaseSummary& s : summaries) {
    clues.push_back(s.clues);
    ambiguity.push_back(s.initial_ambiguity);
    obviousness.push_back(s.obviousness);
    share.push_back(s.initial_ambiguity > 0 ? std::round(1000.0 * s.obviousness / s.initial_ambiguity) / 10.0 : 0.0);
    calls.push_back(s.solver_calls);
    gold += s.gold ? 1 : 0;
    for (const std::string& k : s.kinds) ++kinds[k];
    for (const std::string& p : s.phrases) ++phrases[p];
    total_clues += static_cast<int>(s.kinds.size());
  }
  std::string text =
      fmt::format("whodunnit stats: seeds {}, cast {}, {} cases (generator {}, solver budget {})\n",
                  request.seeds.text(), request.cast, count, generator_version(),
                  request.solver_budget > 0 ? request.solver_budget : default_solver_budget(request.cast));
  text += spread_line("clues per case", spread_of(clues));
  text += spread_line("ambiguity removed (a)", spread_of(ambiguity));
  text += spread_line("obviousness (sum of a - a_n)", spread_of(obviousness));
  text += spread_line("obviousness / a (%)", spread_of(share));
  text += spread_line("solver calls", spread_of(calls));
  text += fmt::format("  {:<28} {} of {} ({:.1f}%)\n", "gold standard (obv. < a)", gold, count,
                      100.0 * gold / static_cast<double>(count));
  text += fmt::format("clue kinds ({} clues):\n", total_clues) + frequency_table(kinds, total_clues);
  text += fmt::format("phrases ({} distinct of {} clues):\n", phrases.size(), total_clues) +
          frequency_table(phrases, total_clues, request.top_phrases);
  return text;
}

}  // namespace proven::whodunnit

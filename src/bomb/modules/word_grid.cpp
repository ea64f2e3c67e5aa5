#include "bomb/modules/word_grid.hpp"

#include "core/json_read.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

namespace {

// The draws of the lists before generator 3: the word itself plus seven others, shuffled. Lists
// are now cut to what a round can reach, which keeps every answer these draws gave.
constexpr std::size_t kDrawnList = 8;

// Where a list stops being reachable: at the word after the button's own word (always on a
// button), after a repeated word, or past the point where every earlier word could be missing.
struct ListReach {
  std::size_t reachable = 0;  // this many leading words can be pressed
  bool can_run_out = false;   // some round finds none of them on a button
};

template <class Words>
ListReach reach_of(const Words& list, std::size_t length, std::uint8_t own) {
  constexpr std::size_t kMissingWords = WordGrid::kButtonWords - WordGrid::kButtons;
  unsigned earlier = 0;  // the words before the current one, as a set
  bool own_seen = false;
  std::size_t i = 0;
  for (; i < length; ++i) {
    const unsigned word = 1U << list[i];
    // Word i is pressed when every earlier word is missing and it is on a button (with the own
    // word, which is always there): impossible after the own word, for a repeat, or when the
    // earlier words outnumber the words that can be missing.
    if (own_seen || (earlier & word) || static_cast<std::size_t>(std::popcount(earlier)) > kMissingWords) break;
    earlier |= word;
    own_seen = list[i] == own;
  }
  return {i, !own_seen && static_cast<std::size_t>(std::popcount(earlier)) <= kMissingWords};
}

}  // namespace

WordGrid::Rules WordGrid::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& p : rules.position) p = static_cast<std::uint8_t>(rng.below(kButtons));
  for (std::size_t word = 0; word < kButtonWords; ++word) {
    std::array<std::uint8_t, kDrawnList> drawn{};
    const auto others = rng.sample(kDrawnList - 1, kButtonWords - 1);
    for (std::size_t i = 0; i + 1 < kDrawnList; ++i) {
      const std::size_t other = others[i];
      drawn[i] = static_cast<std::uint8_t>(other >= word ? other + 1 : other);
    }
    drawn[kDrawnList - 1] = static_cast<std::uint8_t>(word);
    rng.shuffle(drawn);
    const std::size_t length = reach_of(drawn, kDrawnList, static_cast<std::uint8_t>(word)).reachable;
    std::copy_n(drawn.begin(), length, rules.priority[word].begin());
    rules.length[word] = static_cast<std::uint8_t>(length);
  }
  return rules;
}

std::optional<std::string_view> WordGrid::dull(const Rules& rules) {
  unsigned read = 0;
  for (auto p : rules.position) read |= 1U << p;
  if (read != (1U << kButtons) - 1) return "some button position is never read";
  for (std::size_t w = 0; w < kButtonWords; ++w) {
    const ListReach reach = reach_of(rules.priority[w], rules.length[w], static_cast<std::uint8_t>(w));
    if (reach.reachable < rules.length[w]) return "a list word can never be reached";
    if (reach.can_run_out) return "a list can run out";
  }
  return std::nullopt;
}

WordGrid::State WordGrid::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  for (auto& round : state.rounds) {
    round.display = static_cast<std::uint8_t>(rng.below<kDisplayWords>());
    const auto words = rng.sample_of<kButtonWords>(kButtons);
    for (std::size_t b = 0; b < kButtons; ++b) round.buttons[b] = static_cast<std::uint8_t>(words[b]);
  }
  return state;
}

std::optional<int> WordGrid::button_to_press(const Rules& rules, const State& state) {
  const Round& round = state.rounds[state.round];
  const std::uint8_t read = round.buttons[rules.position[round.display]];
  for (std::size_t i = 0; i < rules.length[read]; ++i)
    for (int b = 0; b < kButtons; ++b)
      if (round.buttons[static_cast<std::size_t>(b)] == rules.priority[read][i]) return b;
  return std::nullopt;
}

Action WordGrid::hint(const Rules& rules, const State& state, const Context&) {
  const auto button = button_to_press(rules, state);
  if (!button) return Action::wait();
  return {Verb::Press, static_cast<std::int16_t>(*button)};
}

Outcome WordGrid::apply(const Rules& rules, State& state, Action action, const Context&) {
  const auto button = button_to_press(rules, state);
  if (!button || action.verb != Verb::Press || action.arg != *button) return Outcome::Strike;
  ++state.round;
  return state.round == kRounds ? Outcome::Solved : Outcome::Ok;
}

nlohmann::json WordGrid::to_json(const Rules& rules) {
  nlohmann::json read = nlohmann::json::object();
  for (int d = 0; d < kDisplayWords; ++d)
    read[std::string(kDisplayNames[static_cast<std::size_t>(d)])] = rules.position[static_cast<std::size_t>(d)] + 1;
  nlohmann::json lists = nlohmann::json::object();
  for (int w = 0; w < kButtonWords; ++w) {
    auto list = nlohmann::json::array();
    for (std::size_t i = 0; i < rules.length[static_cast<std::size_t>(w)]; ++i)
      list.push_back(std::string(kButtonNames[rules.priority[static_cast<std::size_t>(w)][i]]));
    lists[std::string(kButtonNames[static_cast<std::size_t>(w)])] = list;
  }
  return {{"read_position", read}, {"priority", lists}};
}

std::string WordGrid::show(const State& state) {
  const Round& round = state.rounds[state.round];
  std::string text = fmt::format("round {} of {}, display {}, buttons (left, right):", state.round + 1, kRounds,
                                 kDisplayNames[round.display]);
  for (std::size_t row = 0; row < kRows; ++row)
    text += fmt::format("\n      {:<8}{:<8}{}", fmt::format("{}:", kRowNames[row]),
                        kButtonNames[round.buttons[2 * row]], kButtonNames[round.buttons[2 * row + 1]]);
  return text;
}

nlohmann::json WordGrid::state_json(const State& state) {
  const Round& round = state.rounds[state.round];  // later rounds are not shown yet
  auto rows = nlohmann::json::array();
  for (std::size_t row = 0; row < kRows; ++row)
    rows.push_back(
        {std::string(kButtonNames[round.buttons[2 * row]]), std::string(kButtonNames[round.buttons[2 * row + 1]])});
  nlohmann::json j;
  j["round"] = state.round + 1;
  j["rounds"] = kRounds;
  j["display"] = std::string(kDisplayNames[round.display]);
  j["buttons"] = rows;  // top, middle, bottom; each [left, right]
  return j;
}

WordGrid::Rules WordGrid::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& read = field(j, "read_position", where);
  for (std::size_t d = 0; d < kDisplayWords; ++d)
    rules.position[d] = static_cast<std::uint8_t>(integer(field(read, kDisplayNames[d], at(where, "read_position")), 1,
                                                          kButtons, at(at(where, "read_position"), kDisplayNames[d])) -
                                                  1);
  const auto& lists = field(j, "priority", where);
  for (std::size_t w = 0; w < kButtonWords; ++w) {
    const std::string lw = at(at(where, "priority"), kButtonNames[w]);
    const auto& list = array(field(lists, kButtonNames[w], at(where, "priority")), 1, kListLength, lw);
    rules.length[w] = static_cast<std::uint8_t>(list.size());
    for (std::size_t i = 0; i < list.size(); ++i)
      rules.priority[w][i] = static_cast<std::uint8_t>(name_index(list[i], kButtonNames, at(lw, i)));
  }
  return rules;
}

Blocks WordGrid::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"The six buttons sit in two columns and three rows: top left and top right, middle left and middle "
                 "right, bottom left and bottom right. Three rounds. Each round, the display word tells you which "
                 "button to read. Then find that button's word in the second table and press the first word of its "
                 "list that is on a button (one always is)."}}};
  Table positions{{"display", "read the button at"}, {}};
  for (std::size_t d = 0; d < kDisplayWords; ++d)
    positions.rows.push_back(
        {Cell{{std::string(kDisplayNames[d])}}, Cell{{std::string(kPositionNames[rules.position[d]])}}});
  page.push_back(std::move(positions));
  Table lists{{"button says", "press the first of"}, {}};
  for (std::size_t w = 0; w < kButtonWords; ++w) {
    std::string list;
    for (std::size_t i = 0; i < rules.length[w]; ++i)
      list += fmt::format("{}{}", list.empty() ? "" : ", ", kButtonNames[rules.priority[w][i]]);
    lists.rows.push_back({Cell{{std::string(kButtonNames[w])}}, Cell{{list}}});
  }
  page.push_back(std::move(lists));
  return page;
}

std::string WordGrid::words(Action action) {
  return "press " + std::string(kPositionNames[static_cast<std::size_t>(action.arg)]);
}

}  // namespace proven::bomb

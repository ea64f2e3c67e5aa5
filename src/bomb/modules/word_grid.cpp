#include "bomb/modules/word_grid.hpp"

#include "core/json_read.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

WordGrid::Rules WordGrid::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& p : rules.position) p = static_cast<std::uint8_t>(rng.below(kButtons));
  for (std::size_t word = 0; word < kButtonWords; ++word) {
    // The word itself plus kListLength - 1 others, in a random order.
    const auto others = rng.sample(kListLength - 1, kButtonWords - 1);
    auto& list = rules.priority[word];
    for (std::size_t i = 0; i + 1 < kListLength; ++i) {
      const std::size_t other = others[i];
      list[i] = static_cast<std::uint8_t>(other >= word ? other + 1 : other);
    }
    list[kListLength - 1] = static_cast<std::uint8_t>(word);
    rng.shuffle(list);
  }
  return rules;
}

std::optional<std::string_view> WordGrid::dull(const Rules& rules) {
  unsigned read = 0;
  for (auto p : rules.position) read |= 1U << p;
  if (read != (1U << kButtons) - 1) return "some button position is never read";
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
  for (auto word : rules.priority[read])
    for (int b = 0; b < kButtons; ++b)
      if (round.buttons[static_cast<std::size_t>(b)] == word) return b;
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
    for (auto word : rules.priority[static_cast<std::size_t>(w)]) list.push_back(std::string(kButtonNames[word]));
    lists[std::string(kButtonNames[static_cast<std::size_t>(w)])] = list;
  }
  return {{"read_position", read}, {"priority", lists}};
}

std::string WordGrid::show(const State& state) {
  const Round& round = state.rounds[state.round];
  std::string text =
      fmt::format("round {} of {}, display {}, buttons:", state.round + 1, kRounds, kDisplayNames[round.display]);
  for (auto b : round.buttons) text += fmt::format(" {}", kButtonNames[b]);
  return text;
}

nlohmann::json WordGrid::state_json(const State& state) {
  const Round& round = state.rounds[state.round];  // later rounds are not shown yet
  auto buttons = nlohmann::json::array();
  for (auto b : round.buttons) buttons.push_back(std::string(kButtonNames[b]));
  nlohmann::json j;
  j["round"] = state.round + 1;
  j["rounds"] = kRounds;
  j["display"] = std::string(kDisplayNames[round.display]);
  j["buttons"] = buttons;
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
    const auto& list = array(field(lists, kButtonNames[w], at(where, "priority")), kListLength, kListLength, lw);
    for (std::size_t i = 0; i < kListLength; ++i)
      rules.priority[w][i] = static_cast<std::uint8_t>(name_index(list[i], kButtonNames, at(lw, i)));
  }
  return rules;
}

Blocks WordGrid::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"Three rounds. Each round, the display word tells you which button to read. Then find that button's "
                 "word in the second list and press the first word of its list that is on a button."}}};
  Table positions{{"display", "read the button at"}, {}};
  for (std::size_t d = 0; d < kDisplayWords; ++d)
    positions.rows.push_back(
        {Cell{{std::string(kDisplayNames[d])}}, Cell{{std::string(kPositionNames[rules.position[d]])}}});
  page.push_back(std::move(positions));
  Table lists{{"button says", "press the first of"}, {}};
  for (std::size_t w = 0; w < kButtonWords; ++w) {
    std::string list;
    for (auto word : rules.priority[w]) list += fmt::format("{}{}", list.empty() ? "" : ", ", kButtonNames[word]);
    lists.rows.push_back({Cell{{std::string(kButtonNames[w])}}, Cell{{list}}});
  }
  page.push_back(std::move(lists));
  return page;
}

std::string WordGrid::words(Action action) {
  return "press " + std::string(kPositionNames[static_cast<std::size_t>(action.arg)]);
}

}  // namespace proven::bomb

#include "bomb/modules/wire_panels.hpp"

#include "core/json_read.hpp"

#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

WirePanels::Rules WirePanels::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& by_occurrence : rules.cut_letters)
    for (auto& letters : by_occurrence) letters = static_cast<std::uint8_t>(rng.uniform(1, 7));  // a non-empty set
  return rules;
}

std::optional<std::string_view> WirePanels::dull(const Rules&) { return std::nullopt; }

WirePanels::State WirePanels::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  std::array<int, kColours> seen{};
  for (auto& panel : state.panels) {
    const std::uint64_t present = 1 + rng.below<7>();  // uniform(1, 7)  // which posts carry a wire, never none
    panel.present = static_cast<std::uint8_t>(present);
    for (std::size_t p = 0; p < kPosts; ++p) {
      if (!((panel.present >> p) & 1U)) continue;
      std::uint64_t colour = rng.below<kColours>();
      // At most nine of a colour: 12 wires and 3 colours leave room for another colour.
      while (seen[colour] == kOccurrences) colour = (colour + 1) % kColours;
      ++seen[colour];
      panel.wires[p].colour = static_cast<std::uint8_t>(colour);
      const std::uint64_t letter = rng.below(3);
      panel.wires[p].letter = static_cast<std::uint8_t>(letter);
    }
  }
  return state;
}

std::optional<std::uint8_t> WirePanels::posts_to_cut(const Rules& rules, const State& state) {
  std::array<int, kColours> seen{};
  for (int i = 0; i < state.panel; ++i) {
    const Panel& panel = state.panels[static_cast<std::size_t>(i)];
    for (std::size_t p = 0; p < kPosts; ++p)
      if ((panel.present >> p) & 1U) ++seen[panel.wires[p].colour];
  }
  const Panel& shown = state.panels[state.panel];
  std::uint8_t cut = 0;
  for (std::size_t p = 0; p < kPosts; ++p) {
    if (!((shown.present >> p) & 1U)) continue;
    const Wire& wire = shown.wires[p];
    const int occurrence = ++seen[wire.colour];
    if (occurrence > kOccurrences) return std::nullopt;
    if ((rules.cut_letters[wire.colour][static_cast<std::size_t>(occurrence - 1)] >> wire.letter) & 1U)
      cut = static_cast<std::uint8_t>(cut | (1U << p));
  }
  return cut;
}

Action WirePanels::hint(const Rules& rules, const State& state, const Context&) {
  const auto posts = posts_to_cut(rules, state);
  if (!posts) return Action::wait();
  const unsigned left = *posts & ~static_cast<unsigned>(state.cut);
  if (left != 0) return {Verb::Cut, static_cast<std::int16_t>(std::countr_zero(left))};
  return {Verb::Submit, 0};  // move on to the next panel
}

Outcome WirePanels::apply(const Rules& rules, State& state, Action action, const Context&) {
  const auto posts = posts_to_cut(rules, state);
  if (!posts) return Outcome::Strike;
  if (action.verb == Verb::Cut) {
    if (action.arg < 0 || action.arg >= kPosts) return Outcome::Strike;
    const unsigned bit = 1U << action.arg;
    if (!(*posts & bit) || (state.cut & bit)) return Outcome::Strike;
    state.cut = static_cast<std::uint8_t>(state.cut | bit);
    return Outcome::Ok;
  }
  if (action.verb != Verb::Submit || state.cut != *posts) return Outcome::Strike;
  ++state.panel;
  state.cut = 0;
  return state.panel == kPanels ? Outcome::Solved : Outcome::Ok;
}

nlohmann::json WirePanels::to_json(const Rules& rules) {
  nlohmann::json colours = nlohmann::json::object();
  for (std::size_t c = 0; c < kColours; ++c) {
    auto list = nlohmann::json::array();
    for (auto letters : rules.cut_letters[c]) {
      std::string text;
      for (int l = 0; l < 3; ++l)
        if ((letters >> l) & 1U) text += static_cast<char>('A' + l);
      list.push_back(text);
    }
    colours[std::string(kColourNames[c])] = list;
  }
  return {{"cut_letters_by_occurrence", colours}};
}

std::string WirePanels::show(const State& state) {
  const Panel& panel = state.panels[state.panel];
  std::string text = fmt::format("panel {} of {}, posts from the top:", state.panel + 1, kPanels);
  const char* separator = " ";
  for (std::size_t p = 0; p < kPosts; ++p) {
    if (!((panel.present >> p) & 1U)) continue;
    text += fmt::format("{}post {} {} to {}{}", separator, p + 1, kColourNames[panel.wires[p].colour],
                        static_cast<char>('A' + panel.wires[p].letter), ((state.cut >> p) & 1U) ? " (cut)" : "");
    separator = ", ";
  }
  return text;
}

nlohmann::json WirePanels::state_json(const State& state) {
  const Panel& panel = state.panels[state.panel];  // later panels are not shown yet
  auto wires = nlohmann::json::array();
  for (std::size_t p = 0; p < kPosts; ++p) {
    if (!((panel.present >> p) & 1U)) continue;
    nlohmann::json wire;
    wire["post"] = p + 1;
    wire["colour"] = std::string(kColourNames[panel.wires[p].colour]);
    wire["letter"] = std::string(1, static_cast<char>('A' + panel.wires[p].letter));
    wire["cut"] = ((state.cut >> p) & 1U) != 0;
    wires.push_back(wire);
  }
  nlohmann::json j;
  j["panel"] = state.panel + 1;
  j["panels"] = kPanels;
  j["wires"] = wires;
  return j;
}

WirePanels::Rules WirePanels::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& colours = field(j, "cut_letters_by_occurrence", where);
  for (std::size_t c = 0; c < kColours; ++c) {
    const std::string cw = at(at(where, "cut_letters_by_occurrence"), kColourNames[c]);
    const auto& list =
        array(field(colours, kColourNames[c], at(where, "cut_letters_by_occurrence")), kOccurrences, kOccurrences, cw);
    for (std::size_t i = 0; i < kOccurrences; ++i) {
      std::uint8_t letters = 0;
      for (char l : text(list[i], at(cw, i))) {
        if (l < 'A' || l > 'C') fail(at(cw, i), "letters are A, B and C");
        letters = static_cast<std::uint8_t>(letters | (1U << (l - 'A')));
      }
      rules.cut_letters[c][i] = letters;
    }
  }
  return rules;
}

Blocks WirePanels::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"Four panels, one at a time. A panel has three posts numbered 1, 2, 3 from top to bottom; up "
                 "to three wires run from a post to a letter A, B or C. Keep a count per colour over the whole "
                 "module: take the panels in turn and, on each, the wires in post order (post 1 first), counting "
                 "every wire you have seen, cut or not. A wire's occurrence is its place in its colour's count (the "
                 "second red wire seen is red occurrence 2). Cut a wire when its letter is listed for its colour "
                 "and occurrence. When every wire of the panel that must be cut is cut, press the next-panel "
                 "button (\"next panel\") to see the next panel; pressing it on the fourth panel solves the "
                 "module. Pressing it while a wire that must be cut is still whole is a strike."}}};
  Table table{{"occurrence", "red", "blue", "black"}, {}};
  for (std::size_t i = 0; i < kOccurrences; ++i) {
    std::vector<Cell> row{Cell{{std::to_string(i + 1)}}};
    for (std::size_t c = 0; c < kColours; ++c) {
      std::string letters;
      for (int l = 0; l < 3; ++l)
        if ((rules.cut_letters[c][i] >> l) & 1U)
          letters += fmt::format("{}{}", letters.empty() ? "" : " or ", static_cast<char>('A' + l));
      row.push_back(Cell{{letters.empty() ? "never" : letters}});
    }
    table.rows.push_back(std::move(row));
  }
  page.push_back(std::move(table));
  return page;
}

std::string WirePanels::words(Action action) {
  return action.verb == Verb::Submit ? std::string("next panel") : numbered_words("cut wire", action);
}
bool WirePanels::possible(const State& state, Action action) {
  if (action.verb == Verb::Submit) return true;
  const unsigned bit = 1U << action.arg;
  return (state.panels[state.panel].present & bit) != 0 && (state.cut & bit) == 0;
}

}  // namespace proven::bomb

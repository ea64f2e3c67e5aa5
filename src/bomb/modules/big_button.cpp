#include "bomb/modules/big_button.hpp"

#include "core/json_read.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

using Condition = BigButton::Condition;
using Line = BigButton::Line;
using Move = BigButton::Move;

// What a line can read, and nothing else: the proof's deals and the filter's enumeration of every
// situation go through the same test of a line.
struct Facts {
  std::uint8_t colour = 0;
  std::uint8_t label = 0;
  int batteries = 0;
  std::uint16_t lit = 0;  // bit i: a lit indicator labelled kIndicatorLabels[i]
};

Facts facts_of(const BigButton::State& state, const Edgework& edge) {
  Facts facts{state.colour, state.label, edge.batteries(), 0};
  for (int i = 0; i < edge.indicator_count; ++i) {
    const Indicator& ind = edge.indicators[static_cast<std::size_t>(i)];
    if (ind.lit) facts.lit = static_cast<std::uint16_t>(facts.lit | (1U << ind.label));
  }
  return facts;
}

bool holds(const Condition& c, const Facts& facts) {
  switch (c.kind) {
    case Condition::Kind::ColourIs:
      return facts.colour == c.value;
    case Condition::Kind::LabelIs:
      return facts.label == c.value;
    case Condition::Kind::BatteriesMoreThan:
      return facts.batteries > c.value;
    case Condition::Kind::IndicatorLit:
      return ((facts.lit >> c.value) & 1U) != 0;
  }
  return false;
}

bool fires(const Line& line, const Facts& facts) {
  bool all = true;
  for (int c = 0; c < line.condition_count; ++c)
    all = all && holds(line.conditions[static_cast<std::size_t>(c)], facts);
  return all;
}

// The first line at or after `from` that fires; line_count for "otherwise".
int first_firing(const BigButton::Rules& rules, const Facts& facts, int from = 0) {
  for (int i = from; i < rules.line_count; ++i)
    if (fires(rules.lines[static_cast<std::size_t>(i)], facts)) return i;
  return rules.line_count;
}

Move move_of(const BigButton::Rules& rules, int line) {
  return line == rules.line_count ? rules.otherwise : rules.lines[static_cast<std::size_t>(line)].move;
}

// Every situation a casing and a button can show, as far as the lines can tell: each colour and
// label, 0 to 8 batteries (up to four holders of one or two), and lit any up to three (a casing's
// most indicators) of the labels the lines name.
template <class Visit>
void for_each_situation(const BigButton::Rules& rules, Visit&& visit) {
  constexpr int kMostBatteries = 8;
  constexpr int kMostIndicators = 3;
  std::uint16_t named = 0;
  for (int i = 0; i < rules.line_count; ++i)
    for (int c = 0; c < rules.lines[static_cast<std::size_t>(i)].condition_count; ++c) {
      const Condition& condition = rules.lines[static_cast<std::size_t>(i)].conditions[static_cast<std::size_t>(c)];
      if (condition.kind == Condition::Kind::IndicatorLit)
        named = static_cast<std::uint16_t>(named | (1U << condition.value));
    }
  for (unsigned lit = named;; lit = (lit - 1) & named) {  // every subset of the named labels
    if (std::popcount(lit) <= kMostIndicators)
      for (std::uint8_t colour = 0; colour < BigButton::kColours; ++colour)
        for (std::uint8_t label = 0; label < BigButton::kLabels; ++label)
          for (int batteries = 0; batteries <= kMostBatteries; ++batteries)
            visit(Facts{colour, label, batteries, static_cast<std::uint16_t>(lit)});
    if (lit == 0) break;
  }
}

Condition draw_condition(Rng& rng) {
  Condition c;
  c.kind = static_cast<Condition::Kind>(rng.below(4));
  switch (c.kind) {
    case Condition::Kind::ColourIs:
      c.value = static_cast<std::uint8_t>(rng.below(BigButton::kColours));
      break;
    case Condition::Kind::LabelIs:
      c.value = static_cast<std::uint8_t>(rng.below(BigButton::kLabels));
      break;
    case Condition::Kind::BatteriesMoreThan:
      c.value = static_cast<std::uint8_t>(rng.uniform(1, 3));
      break;
    case Condition::Kind::IndicatorLit:
      c.value = static_cast<std::uint8_t>(rng.below(kIndicatorLabels.size()));
      break;
  }
  return c;
}

bool same_conditions(const Line& a, const Line& b) {
  if (a.condition_count != b.condition_count) return false;
  if (a.condition_count == 1) return a.conditions[0] == b.conditions[0];
  return (a.conditions[0] == b.conditions[0] && a.conditions[1] == b.conditions[1]) ||
         (a.conditions[0] == b.conditions[1] && a.conditions[1] == b.conditions[0]);
}

std::string_view move_name(Move m) { return m == Move::Tap ? "tap" : "hold"; }

nlohmann::json condition_json(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::ColourIs:
      return {{"kind", "colour_is"}, {"colour", std::string(BigButton::kColourNames[c.value])}};
    case Condition::Kind::LabelIs:
      return {{"kind", "label_is"}, {"label", std::string(BigButton::kLabelNames[c.value])}};
    case Condition::Kind::BatteriesMoreThan:
      return {{"kind", "batteries_more_than"}, {"number", c.value}};
    case Condition::Kind::IndicatorLit:
      return {{"kind", "indicator_lit"}, {"label", std::string(kIndicatorLabels[c.value])}};
  }
  return {};
}

}  // namespace

BigButton::Rules BigButton::generate_rules(Rng& rng) {
  Rules rules;
  rules.line_count = static_cast<std::uint8_t>(rng.uniform(4, 5));
  for (std::size_t i = 0; i < rules.line_count; ++i) {
    Line& line = rules.lines[i];
    line.condition_count = rng.chance(1, 3) ? 2 : 1;
    for (std::size_t c = 0; c < line.condition_count; ++c) line.conditions[c] = draw_condition(rng);
    line.move = rng.chance(1, 2) ? Move::Hold : Move::Tap;
  }
  rules.otherwise = rng.chance(1, 2) ? Move::Hold : Move::Tap;
  for (auto& digit : rules.release_digit) digit = static_cast<std::uint8_t>(rng.below(10));
  return rules;
}

std::optional<std::string_view> BigButton::dull(const Rules& rules) {
  bool all_same = true;
  for (int i = 0; i < rules.line_count; ++i) {
    const Line& line = rules.lines[static_cast<std::size_t>(i)];
    for (int j = 0; j < i; ++j)
      if (same_conditions(rules.lines[static_cast<std::size_t>(j)], line)) return "two lines have the same conditions";
    all_same = all_same && line.move == rules.otherwise;
  }
  if (all_same) return "every line gives the same move";
  if (rules.lines[static_cast<std::size_t>(rules.line_count - 1)].move == rules.otherwise)
    return "the last line repeats the fallback";
  // Over every situation: the lines that are ever the first to fire, and those whose move then
  // differs from what the lines below (or otherwise) would say without them.
  unsigned fired = 0;
  unsigned mattered = 0;
  for_each_situation(rules, [&](const Facts& facts) {
    const int first = first_firing(rules, facts);
    fired |= 1U << first;
    if (first == rules.line_count) return;
    if (move_of(rules, first_firing(rules, facts, first + 1)) != move_of(rules, first)) mattered |= 1U << first;
  });
  const unsigned every_line = (1U << rules.line_count) - 1;
  if ((fired & every_line) != every_line) return "a line never fires";
  if (mattered != every_line) return "a line never changes the move";
  if (!((fired >> rules.line_count) & 1U)) return "the otherwise line is never reached";
  // "3 or more batteries and 4 or more batteries": a condition whose line says the same without it.
  for (int i = 0; i < rules.line_count; ++i) {
    if (rules.lines[static_cast<std::size_t>(i)].condition_count < 2) continue;
    for (std::size_t dropped = 0; dropped < 2; ++dropped) {
      Rules shorter = rules;
      Line& line = shorter.lines[static_cast<std::size_t>(i)];
      line.conditions[0] = line.conditions[1 - dropped];
      line.condition_count = 1;
      bool changes = false;
      for_each_situation(rules, [&](const Facts& facts) {
        changes =
            changes || move_of(rules, first_firing(rules, facts)) != move_of(shorter, first_firing(shorter, facts));
      });
      if (!changes) return "a condition never changes the move";
    }
  }
  return std::nullopt;
}

BigButton::State BigButton::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  state.colour = static_cast<std::uint8_t>(rng.below<kColours>());
  state.label = static_cast<std::uint8_t>(rng.below<kLabels>());
  state.strip = static_cast<std::uint8_t>(rng.below<kColours>());
  return state;
}

BigButton::Move BigButton::move_for(const Rules& rules, const State& state, const Edgework& edge) {
  return move_of(rules, first_firing(rules, facts_of(state, edge)));
}

Action BigButton::correct_action(const Rules& rules, const State& state, const Context& ctx) {
  if (!state.held) return {move_for(rules, state, ctx.edgework) == Move::Tap ? Verb::Tap : Verb::Hold, 0};
  const int digit = rules.release_digit[state.strip];
  if (ctx.shows_digit(digit)) return {Verb::Release, 0};
  return Action::wait();
}

Action BigButton::hint(const Rules& rules, const State& state, const Context& ctx) {
  return correct_action(rules, state, ctx);
}

Outcome BigButton::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  const Action correct = correct_action(rules, state, ctx);
  if (correct.is_wait() || action != correct) return Outcome::Strike;
  if (action.verb == Verb::Hold) {
    state.held = true;
    return Outcome::Ok;
  }
  return Outcome::Solved;  // a correct tap, or a release on the right digit
}

std::optional<std::int64_t> BigButton::next_event_at(const Rules&, const State& state, const Context& ctx) {
  if (!state.held) return std::nullopt;
  return ctx.clock.next_display_change(ctx.now_ms);
}

Outcome BigButton::tick(const Rules&, State&, const Context&) { return Outcome::Ok; }

nlohmann::json BigButton::to_json(const Rules& rules) {
  auto lines = nlohmann::json::array();
  for (int i = 0; i < rules.line_count; ++i) {
    const Line& line = rules.lines[static_cast<std::size_t>(i)];
    auto conditions = nlohmann::json::array();
    for (int c = 0; c < line.condition_count; ++c)
      conditions.push_back(condition_json(line.conditions[static_cast<std::size_t>(c)]));
    lines.push_back({{"if", conditions}, {"move", std::string(move_name(line.move))}});
  }
  nlohmann::json release = nlohmann::json::object();
  for (int c = 0; c < kColours; ++c)
    release[std::string(kColourNames[static_cast<std::size_t>(c)])] = rules.release_digit[static_cast<std::size_t>(c)];
  return {
      {"lines", lines}, {"otherwise", std::string(move_name(rules.otherwise))}, {"release_digit_by_strip", release}};
}

std::string BigButton::describe(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::ColourIs:
      return fmt::format("the button is {}", kColourNames[c.value]);
    case Condition::Kind::LabelIs:
      return fmt::format("the button says \"{}\"", kLabelNames[c.value]);
    case Condition::Kind::BatteriesMoreThan:
      return fmt::format("there are {} or more batteries", c.value + 1);
    case Condition::Kind::IndicatorLit:
      return fmt::format("there is a lit indicator labelled {}", kIndicatorLabels[c.value]);
  }
  return "?";
}

std::string BigButton::show(const State& state) {
  std::string text = fmt::format("a {} button labelled \"{}\"", kColourNames[state.colour], kLabelNames[state.label]);
  if (state.held) text += fmt::format(", held, strip lit {}", kColourNames[state.strip]);
  return text;
}

nlohmann::json BigButton::state_json(const State& state) {
  nlohmann::json j;
  j["colour"] = std::string(kColourNames[state.colour]);
  j["label"] = std::string(kLabelNames[state.label]);
  j["held"] = state.held;
  // The strip lights (and so can be seen) only while the button is held.
  j["strip"] = state.held ? nlohmann::json(std::string(kColourNames[state.strip])) : nlohmann::json(nullptr);
  return j;
}

BigButton::Rules BigButton::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  static constexpr std::array<std::string_view, 4> kKinds = {"colour_is", "label_is", "batteries_more_than",
                                                             "indicator_lit"};
  static constexpr std::array<std::string_view, 2> kMoves = {"tap", "hold"};
  Rules rules;
  const auto& lines = array(field(j, "lines", where), 4, 5, at(where, "lines"));
  rules.line_count = static_cast<std::uint8_t>(lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string iw = at(at(where, "lines"), i);
    Line& line = rules.lines[i];
    const auto& conditions = array(field(lines[i], "if", iw), 1, 2, at(iw, "if"));
    line.condition_count = static_cast<std::uint8_t>(conditions.size());
    for (std::size_t c = 0; c < conditions.size(); ++c) {
      const std::string cw = at(at(iw, "if"), c);
      Condition& cond = line.conditions[c];
      cond.kind = static_cast<Condition::Kind>(name_index(field(conditions[c], "kind", cw), kKinds, at(cw, "kind")));
      switch (cond.kind) {
        case Condition::Kind::ColourIs:
          cond.value =
              static_cast<std::uint8_t>(name_index(field(conditions[c], "colour", cw), kColourNames, at(cw, "colour")));
          break;
        case Condition::Kind::LabelIs:
          cond.value =
              static_cast<std::uint8_t>(name_index(field(conditions[c], "label", cw), kLabelNames, at(cw, "label")));
          break;
        case Condition::Kind::BatteriesMoreThan:
          cond.value = static_cast<std::uint8_t>(integer(field(conditions[c], "number", cw), 0, 8, at(cw, "number")));
          break;
        case Condition::Kind::IndicatorLit:
          cond.value = static_cast<std::uint8_t>(
              name_index(field(conditions[c], "label", cw), kIndicatorLabels, at(cw, "label")));
          break;
      }
    }
    line.move = static_cast<Move>(name_index(field(lines[i], "move", iw), kMoves, at(iw, "move")));
  }
  rules.otherwise = static_cast<Move>(name_index(field(j, "otherwise", where), kMoves, at(where, "otherwise")));
  const auto& release = field(j, "release_digit_by_strip", where);
  for (std::size_t c = 0; c < kColours; ++c)
    rules.release_digit[c] =
        static_cast<std::uint8_t>(integer(field(release, kColourNames[c], at(where, "release_digit_by_strip")), 0, 9,
                                          at(at(where, "release_digit_by_strip"), kColourNames[c])));
  return rules;
}

Blocks BigButton::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"Read the lines from the top; the first line whose conditions are all true says whether to tap the "
                 "button (press and let go at once) or hold it. If none is true, follow the otherwise line."}}};
  OrderedList lines;
  for (int i = 0; i < rules.line_count; ++i) {
    const Line& line = rules.lines[static_cast<std::size_t>(i)];
    std::string conditions = describe(line.conditions[0]);
    if (line.condition_count == 2) conditions += " and " + describe(line.conditions[1]);
    lines.items.push_back({fmt::format("If {}, {} the button.", conditions, move_name(line.move))});
  }
  lines.items.push_back({fmt::format("Otherwise, {} the button.", move_name(rules.otherwise))});
  page.push_back(std::move(lines));
  page.push_back(
      Paragraph{{"While you hold the button a strip beside it lights up. Let go when any digit of the bomb's timer "
                 "is the digit for the strip's colour (the timer shows minutes and seconds: at 1:05 its digits are "
                 "1, 0 and 5; at 0:45 they are 0, 4 and 5):"}});
  Table strips{{"strip", "let go on a"}, {}};
  for (std::size_t c = 0; c < kColours; ++c) {
    const std::string colour(kColourNames[c]);
    strips.rows.push_back({Cell{{colour}, SwatchPicture{colour}}, Cell{{std::to_string(rules.release_digit[c])}}});
  }
  page.push_back(std::move(strips));
  return page;
}

std::string BigButton::words(Action action) { return std::string(kVerbNames[static_cast<std::size_t>(action.verb)]); }
bool BigButton::possible(const State& state, Action action) { return state.held == (action.verb == Verb::Release); }

}  // namespace proven::bomb

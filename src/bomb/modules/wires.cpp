#include "bomb/modules/wires.hpp"

#include "core/json_read.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

using Condition = Wires::Condition;
using Target = Wires::Target;
using Line = Wires::Line;
using List = Wires::List;

constexpr std::uint64_t kConditionWeights[] = {3, 2, 2, 1, 1};  // CountIs, CountAtLeast, LastIs, SerialOdd, SerialEven

// What the conditions and targets read, computed once per wire sequence: the colour counts,
// the last colour and the serial's parity packed 3 bits each into one word (counts of colours
// 0-4 at bits 0-14, the last colour at 15, the parity at 18; at most 6 wires, so a count fits),
// and each colour's wire positions as a bit set (colour c in bits 8c..8c+5). All in registers,
// no loops for the lookup (the exhaustive proof and the filter evaluate it ~100,000 times per
// rule set); a byte array here spent most of the time in store-forwarding stalls.
constexpr int kLastShift = 15;
constexpr int kParityShift = 18;

struct Facts {
  std::uint32_t packed = 0;
  std::uint64_t positions = 0;  // bit 8c + i: wire i has colour c
  int count = 0;
  unsigned positions_of(int colour) const { return static_cast<unsigned>((positions >> (8 * colour)) & 0xFFU); }
};

Facts facts_of(const Wires::State& state, bool serial_odd) {
  Facts f;
  f.count = state.count;
  for (int i = 0; i < state.count; ++i) {
    const std::uint8_t colour = state.colours[static_cast<std::size_t>(i)];
    f.packed += 1U << (3 * colour);
    f.positions |= std::uint64_t{1} << (8 * colour + i);
  }
  f.packed |= static_cast<std::uint32_t>(state.colours[static_cast<std::size_t>(state.count - 1)]) << kLastShift;
  f.packed |= (serial_odd ? 1U : 0U) << kParityShift;
  return f;
}

bool passes(const Wires::Test& test, const Facts& f) {
  return ((test.holds >> ((f.packed >> test.shift) & 7U)) & 1U) != 0;
}

bool fires(const Wires::CompiledLine& line, const Facts& f) {
  return passes(line.tests[0], f) & passes(line.tests[1], f);
}

Wires::Test compile_condition(const Condition& c) {
  Wires::Test test;
  switch (c.kind) {
    case Condition::Kind::CountIs:
      test.shift = static_cast<std::uint8_t>(3 * c.colour);
      test.holds = static_cast<std::uint8_t>(1U << c.number);
      break;
    case Condition::Kind::CountAtLeast:
      test.shift = static_cast<std::uint8_t>(3 * c.colour);
      test.holds = static_cast<std::uint8_t>(0xFFU << c.number);
      break;
    case Condition::Kind::LastIs:
      test.shift = kLastShift;
      test.holds = static_cast<std::uint8_t>(1U << c.colour);
      break;
    case Condition::Kind::SerialOdd:
      test.shift = kParityShift;
      test.holds = 0b10;
      break;
    case Condition::Kind::SerialEven:
      test.shift = kParityShift;
      test.holds = 0b01;
      break;
  }
  return test;
}

// The wire a target names, or -1 when it is not on the module. Branch-free (every kind's answer,
// then the one asked for): which line fires, and so the target kind, changes from one case to
// the next in no pattern a branch predictor could learn.
int resolve_code(const Target& t, const Facts& f) {
  const unsigned of_colour = f.positions_of(t.value & 7);  // meaningless unless FirstOf/LastOf
  const int first = of_colour != 0 ? std::countr_zero(of_colour) : -1;
  const int last = std::bit_width(of_colour) - 1;  // -1 when there is none
  const int nth = t.value < f.count ? t.value : -1;
  const std::array<int, 4> by_kind = {nth, f.count - 1, first, last};  // Nth, Last, FirstOf, LastOf
  return by_kind[static_cast<std::size_t>(t.kind)];
}

// Bit i: line i's conditions hold (lines past line_count are masked off).
unsigned firing_lines(const Wires::CompiledList& list, const Facts& f) {
  unsigned mask = 0;
  for (std::size_t i = 0; i < list.lines.size(); ++i) mask |= (fires(list.lines[i], f) ? 1U : 0U) << i;
  return mask & ((1U << list.line_count) - 1);
}

// The colour a condition guarantees is present, if any (so a colour target can aim at it).
std::optional<std::uint8_t> guaranteed_colour(const Condition& c) {
  if (c.kind == Condition::Kind::LastIs || c.kind == Condition::Kind::CountAtLeast) return c.colour;
  if (c.kind == Condition::Kind::CountIs && c.number > 0) return c.colour;
  return std::nullopt;
}

bool names_colour(const Condition& c) {
  return c.kind == Condition::Kind::CountIs || c.kind == Condition::Kind::CountAtLeast ||
         c.kind == Condition::Kind::LastIs;
}

Condition draw_condition(Rng& rng, int wires) {
  Condition c;
  c.kind = static_cast<Condition::Kind>(rng.weighted(kConditionWeights));
  if (!names_colour(c)) return c;
  c.colour = static_cast<std::uint8_t>(rng.below(Wires::kColours));
  if (c.kind == Condition::Kind::CountIs) c.number = static_cast<std::uint8_t>(rng.uniform(0, 2));
  if (c.kind == Condition::Kind::CountAtLeast) c.number = static_cast<std::uint8_t>(rng.uniform(2, wires == 3 ? 2 : 3));
  return c;
}

Target draw_position(Rng& rng, int wires) {
  Target t;
  const std::uint64_t pick = rng.below(static_cast<std::uint64_t>(wires) + 1);
  if (pick == static_cast<std::uint64_t>(wires)) {
    t.kind = Target::Kind::Last;
  } else {
    t.kind = Target::Kind::Nth;
    t.value = static_cast<std::uint8_t>(pick);
  }
  return t;
}

Line draw_line(Rng& rng, int wires) {
  Line line;
  line.condition_count = static_cast<std::uint8_t>(rng.uniform(1, 2));
  std::optional<std::uint8_t> present;
  for (std::size_t i = 0; i < line.condition_count; ++i) {
    line.conditions[i] = draw_condition(rng, wires);
    if (!present) present = guaranteed_colour(line.conditions[i]);
  }
  // Aim at a colour the conditions guarantee half the time; the proof rejects any other miss.
  if (present && rng.chance(1, 2)) {
    line.target.kind = rng.chance(1, 2) ? Target::Kind::FirstOf : Target::Kind::LastOf;
    line.target.value = *present;
  } else {
    line.target = draw_position(rng, wires);
  }
  return line;
}

bool same_conditions(const Line& a, const Line& b) {
  if (a.condition_count != b.condition_count) return false;
  if (a.condition_count == 1) return a.conditions[0] == b.conditions[0];
  return (a.conditions[0] == b.conditions[0] && a.conditions[1] == b.conditions[1]) ||
         (a.conditions[0] == b.conditions[1] && a.conditions[1] == b.conditions[0]);
}

// Wire i of a sequence changes colour from `from` to `to`: the facts follow (no recount).
void recolour(Facts& f, int wire, int count, unsigned from, unsigned to) {
  f.packed += (1U << (3 * to)) - (1U << (3 * from));  // one fewer of `from`, one more of `to`
  f.positions ^= (std::uint64_t{1} << (8 * from + static_cast<unsigned>(wire))) |
                 (std::uint64_t{1} << (8 * to + static_cast<unsigned>(wire)));
  if (wire == count - 1) f.packed = (f.packed & ~(7U << kLastShift)) | to << kLastShift;
}

// Walks every wire sequence of one list's length (the first wire turning fastest), with a serial
// ending in an even and then in an odd digit, handing f each case's facts, while f returns true.
// The facts are updated as the odometer turns (facts_of's answer, at a wire or two per step): the
// filter runs this over up to 31,250 cases for every list it draws.
template <class F>
void for_each_sequence(int wires, F&& f) {
  Wires::State state;
  state.count = static_cast<std::uint8_t>(wires);
  Facts facts = facts_of(state, false);
  for (;;) {
    if (!f(facts)) return;
    Facts odd = facts;
    odd.packed |= 1U << kParityShift;
    if (!f(odd)) return;
    int i = 0;
    for (; i < wires; ++i) {
      auto& colour = state.colours[static_cast<std::size_t>(i)];
      const unsigned from = colour;
      const unsigned to = from + 1 < Wires::kColours ? from + 1 : 0;
      colour = static_cast<std::uint8_t>(to);
      recolour(facts, i, wires, from, to);
      if (to != 0) break;
    }
    if (i == wires) return;
  }
}

// The facts of every class representative of `wires` wires (Wires::class_representatives), with
// an even and an odd serial: computed once.
const std::vector<Facts>& class_facts(int wires) {
  static const std::array<std::vector<Facts>, 4> by_count = [] {
    std::array<std::vector<Facts>, 4> out;
    for (const Wires::State& state : Wires::class_representatives())
      for (const bool odd : {false, true})
        out[static_cast<std::size_t>(state.count - Wires::kMinWires)].push_back(facts_of(state, odd));
    return out;
  }();
  return by_count[static_cast<std::size_t>(wires - Wires::kMinWires)];
}

std::string_view colour_name(int colour) { return Wires::kColourNames[static_cast<std::size_t>(colour)]; }

nlohmann::json condition_json(const Condition& c) {
  static constexpr std::string_view kKinds[] = {"count_is", "count_at_least", "last_is", "serial_odd", "serial_even"};
  nlohmann::json j = {{"kind", std::string(kKinds[static_cast<std::size_t>(c.kind)])}};
  if (names_colour(c)) j["colour"] = std::string(colour_name(c.colour));
  if (c.kind == Condition::Kind::CountIs || c.kind == Condition::Kind::CountAtLeast) j["number"] = c.number;
  return j;
}

nlohmann::json target_json(const Target& t) {
  switch (t.kind) {
    case Target::Kind::Nth:
      return {{"kind", "nth"}, {"position", t.value + 1}};
    case Target::Kind::Last:
      return {{"kind", "last"}};
    case Target::Kind::FirstOf:
      return {{"kind", "first_of"}, {"colour", std::string(colour_name(t.value))}};
    case Target::Kind::LastOf:
      return {{"kind", "last_of"}, {"colour", std::string(colour_name(t.value))}};
  }
  return {};
}

}  // namespace

Wires::Rules Wires::generate_rules(Rng& rng) {
  Rules rules;
  for (int wires = kMinWires; wires <= kMaxWires; ++wires) {
    // Redraw a list (from this try's stream) until it is lively; the filter still checks it.
    List& list = rules.lists[static_cast<std::size_t>(wires - kMinWires)];
    for (int draw = 0; draw < kListDraws; ++draw) {
      list = List{};
      list.line_count = static_cast<std::uint8_t>(rng.uniform(3, 4));
      for (std::size_t i = 0; i < list.line_count; ++i) list.lines[i] = draw_line(rng, wires);
      list.otherwise = draw_position(rng, wires);
      if (!dull_list(list, wires)) break;
    }
  }
  return rules;
}

std::optional<std::string_view> Wires::dull(const Rules& rules) {
  for (int wires = kMinWires; wires <= kMaxWires; ++wires) {
    const auto reason = dull_list(rules.lists[static_cast<std::size_t>(wires - kMinWires)], wires);
    if (reason) return reason;
  }
  return std::nullopt;
}

std::optional<std::string_view> Wires::dull_list(const List& list, int wires) {
  for (int i = 0; i < list.line_count; ++i) {
    const Line& line = list.lines[static_cast<std::size_t>(i)];
    if (line.condition_count == 2 && names_colour(line.conditions[0]) && names_colour(line.conditions[1]) &&
        line.conditions[0].colour == line.conditions[1].colour)
      return "a line names one colour twice";
    for (int j = 0; j < i; ++j)
      if (same_conditions(list.lines[static_cast<std::size_t>(j)], line))
        return "a line repeats an earlier line's conditions";
  }
  // Which line fires first depends only on the class of a sequence (colour counts, last colour,
  // parity), so the class representatives settle `fired` exactly. Whether a line matters (the
  // answer would differ without it) depends on where the wires sit: the representatives are real
  // sequences, so a difference seen on one is a witness, and only the lines still without one
  // need the walk over every sequence, which stops once they have one.
  const CompiledList compiled = compile(list);
  const int otherwise = list.line_count;
  unsigned fired_mask = 0;
  unsigned matters_mask = 0;
  const auto look = [&](const Facts& facts) {
    const unsigned mask = firing_lines(compiled, facts) | 1U << otherwise;
    const int first = std::countr_zero(mask);
    fired_mask |= 1U << first;
    if (first == otherwise || ((matters_mask >> first) & 1U)) return;
    const int second = std::countr_zero(mask & ~(1U << first));
    const Target& after = second == otherwise ? list.otherwise : list.lines[static_cast<std::size_t>(second)].target;
    if (resolve_code(list.lines[static_cast<std::size_t>(first)].target, facts) != resolve_code(after, facts))
      matters_mask |= 1U << first;
  };
  for (const Facts& facts : class_facts(wires)) look(facts);
  // The reason is the first line that never fires or never matters, so only the lines above the
  // first that never fires need a witness.
  const int first_silent = std::countr_one(fired_mask);
  const unsigned needed = (1U << std::min(first_silent, otherwise)) - 1;
  if ((matters_mask & needed) != needed)
    for_each_sequence(wires, [&](const Facts& facts) {
      look(facts);
      return (matters_mask & needed) != needed;
    });
  for (int i = 0; i < list.line_count; ++i) {
    if (!((fired_mask >> i) & 1U)) return "a line never fires";
    if (!((matters_mask >> i) & 1U)) return "a line never changes the answer";
  }
  if (!((fired_mask >> otherwise) & 1U)) return "the otherwise line is never reached";
  return std::nullopt;
}

Wires::State Wires::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  state.count = static_cast<std::uint8_t>(kMinWires + rng.below<kMaxWires - kMinWires + 1>());  // uniform(3, 6)
  for (std::size_t i = 0; i < state.count; ++i) {
    const std::uint64_t colour = rng.below<kColours>();
    state.colours[i] = static_cast<std::uint8_t>(colour);
  }
  return state;
}

Wires::CompiledList Wires::compile(const List& list) {
  CompiledList compiled;
  compiled.line_count = list.line_count;
  for (std::size_t i = 0; i < list.line_count; ++i) {
    const Line& line = list.lines[i];
    for (std::size_t c = 0; c < line.condition_count; ++c)
      compiled.lines[i].tests[c] = compile_condition(line.conditions[c]);
    compiled.lines[i].target = line.target;
  }
  compiled.otherwise = list.otherwise;
  return compiled;
}

Wires::Lookup Wires::prepare(const Rules& rules) {
  Lookup lookup;
  for (std::size_t l = 0; l < rules.lists.size(); ++l) lookup.lists[l] = compile(rules.lists[l]);
  return lookup;
}

namespace {

// The lookup itself, as hint and apply ask it: the wire to cut, or -1. An int, not an optional:
// GCC builds a returned optional<int> in memory by halves and reads it back whole, a
// store-forwarding stall that cost more than the lookup.
int wire_code(const Wires::Lookup& lookup, const Wires::State& state, bool serial_odd) {
  const Wires::CompiledList& list = lookup.lists[static_cast<std::size_t>(state.count - Wires::kMinWires)];
  const Facts facts = facts_of(state, serial_odd);
  // The first line whose conditions hold, else the otherwise line (at line_count).
  const int first = std::countr_zero(firing_lines(list, facts) | 1U << list.line_count);
  return resolve_code(first == list.line_count ? list.otherwise : list.lines[static_cast<std::size_t>(first)].target,
                      facts);
}

}  // namespace

std::optional<int> Wires::wire_to_cut(const Lookup& lookup, const State& state, bool serial_odd) {
  return code_to_optional(wire_code(lookup, state, serial_odd));
}

std::optional<int> Wires::wire_to_cut(const Rules& rules, const State& state, bool serial_odd) {
  return wire_to_cut(prepare(rules), state, serial_odd);
}

Action Wires::hint(const Lookup& lookup, const State& state, const Context& ctx) {
  const int wire = wire_code(lookup, state, ctx.edgework.serial_last_digit_odd());
  if (wire < 0) return Action::wait();
  return {Verb::Cut, static_cast<std::int16_t>(wire)};
}

Outcome Wires::apply(const Lookup& lookup, State& state, Action action, const Context& ctx) {
  const int wire = wire_code(lookup, state, ctx.edgework.serial_last_digit_odd());
  if (action.verb == Verb::Cut && wire >= 0 && action.arg == wire) return Outcome::Solved;
  return Outcome::Strike;
}

Action Wires::hint(const Rules& rules, const State& state, const Context& ctx) {
  return hint(prepare(rules), state, ctx);
}

Outcome Wires::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  return apply(prepare(rules), state, action, ctx);
}

const std::vector<Wires::State>& Wires::class_representatives() {
  static const std::vector<State> representatives = [] {
    std::vector<State> out;
    for (int n = kMinWires; n <= kMaxWires; ++n) {
      // Every count vector summing to n, chosen colour by colour (the last colour takes what is
      // left), colour 0's count turning slowest.
      std::array<int, kColours> counts{};
      const auto emit = [&] {
        for (int last = 0; last < kColours; ++last) {
          if (counts[static_cast<std::size_t>(last)] == 0) continue;
          State state;
          state.count = static_cast<std::uint8_t>(n);
          std::size_t i = 0;
          for (int c = 0; c < kColours; ++c)
            for (int k = counts[static_cast<std::size_t>(c)] - (c == last ? 1 : 0); k > 0; --k)
              state.colours[i++] = static_cast<std::uint8_t>(c);
          state.colours[i] = static_cast<std::uint8_t>(last);
          out.push_back(state);
        }
      };
      const auto fill = [&](auto&& self, int colour, int left) -> void {
        if (colour == kColours - 1) {
          counts[static_cast<std::size_t>(colour)] = left;
          emit();
          return;
        }
        for (int k = 0; k <= left; ++k) {
          counts[static_cast<std::size_t>(colour)] = k;
          self(self, colour + 1, left - k);
        }
      };
      fill(fill, 0, n);
    }
    return out;
  }();
  return representatives;
}

Edgework Wires::parity_casing(int parity) {
  Edgework edge;
  edge.serial = {'A', 'A', 'A', 'A', 'A', static_cast<char>('0' + parity)};
  return edge;
}

nlohmann::json Wires::to_json(const Rules& rules) {
  auto lists = nlohmann::json::array();
  for (int wires = kMinWires; wires <= kMaxWires; ++wires) {
    const List& list = rules.lists[static_cast<std::size_t>(wires - kMinWires)];
    auto lines = nlohmann::json::array();
    for (int i = 0; i < list.line_count; ++i) {
      const Line& line = list.lines[static_cast<std::size_t>(i)];
      auto conditions = nlohmann::json::array();
      for (int c = 0; c < line.condition_count; ++c)
        conditions.push_back(condition_json(line.conditions[static_cast<std::size_t>(c)]));
      lines.push_back({{"if", conditions}, {"cut", target_json(line.target)}});
    }
    lists.push_back({{"wires", wires}, {"lines", lines}, {"otherwise", target_json(list.otherwise)}});
  }
  return {{"lists", lists}};
}

std::string Wires::describe(const Condition& c) {
  switch (c.kind) {
    case Condition::Kind::CountIs:
      return c.number == 0 ? fmt::format("there are no {} wires", colour_name(c.colour))
                           : fmt::format("there {} exactly {} {} wire{}", c.number == 1 ? "is" : "are", c.number,
                                         colour_name(c.colour), c.number == 1 ? "" : "s");
    case Condition::Kind::CountAtLeast:
      return fmt::format("there are at least {} {} wires", c.number, colour_name(c.colour));
    case Condition::Kind::LastIs:
      return fmt::format("the last wire is {}", colour_name(c.colour));
    case Condition::Kind::SerialOdd:
      return "the serial number's last digit is odd";
    case Condition::Kind::SerialEven:
      return "the serial number's last digit is even";
  }
  return "?";
}

std::string Wires::describe(const Target& t) {
  static constexpr std::string_view kOrdinals[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
  switch (t.kind) {
    case Target::Kind::Nth:
      return fmt::format("cut the {} wire", kOrdinals[t.value]);
    case Target::Kind::Last:
      return "cut the last wire";
    case Target::Kind::FirstOf:
      return fmt::format("cut the first {} wire", colour_name(t.value));
    case Target::Kind::LastOf:
      return fmt::format("cut the last {} wire", colour_name(t.value));
  }
  return "?";
}

std::string Wires::show(const State& state) {
  std::string text = fmt::format("{} wires:", state.count);
  for (int i = 0; i < state.count; ++i)
    text += fmt::format(" {}", colour_name(state.colours[static_cast<std::size_t>(i)]));
  return text;
}

nlohmann::json Wires::state_json(const State& state) {
  auto wires = nlohmann::json::array();
  for (int i = 0; i < state.count; ++i)
    wires.push_back(std::string(colour_name(state.colours[static_cast<std::size_t>(i)])));
  return {{"wires", wires}};
}

Wires::Rules Wires::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  static constexpr std::array<std::string_view, 5> kKinds = {"count_is", "count_at_least", "last_is", "serial_odd",
                                                             "serial_even"};
  static constexpr std::array<std::string_view, 4> kTargets = {"nth", "last", "first_of", "last_of"};
  Rules rules;
  const auto& lists = array(field(j, "lists", where), 4, 4, at(where, "lists"));
  for (std::size_t l = 0; l < 4; ++l) {
    const std::string lw = at(at(where, "lists"), l);
    const int wires = kMinWires + static_cast<int>(l);
    if (integer(field(lists[l], "wires", lw), 3, 6, at(lw, "wires")) != wires)
      fail(at(lw, "wires"), "lists must be for 3, 4, 5, 6 wires in order");
    const auto read_target = [&](const nlohmann::json& t, const std::string& tw) {
      Target target;
      target.kind = static_cast<Target::Kind>(name_index(field(t, "kind", tw), kTargets, at(tw, "kind")));
      if (target.kind == Target::Kind::Nth)
        target.value = static_cast<std::uint8_t>(integer(field(t, "position", tw), 1, wires, at(tw, "position")) - 1);
      if (target.kind == Target::Kind::FirstOf || target.kind == Target::Kind::LastOf)
        target.value = static_cast<std::uint8_t>(name_index(field(t, "colour", tw), kColourNames, at(tw, "colour")));
      return target;
    };
    List& list = rules.lists[l];
    const auto& lines = array(field(lists[l], "lines", lw), 3, 4, at(lw, "lines"));
    list.line_count = static_cast<std::uint8_t>(lines.size());
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string iw = at(at(lw, "lines"), i);
      Line& line = list.lines[i];
      const auto& conditions = array(field(lines[i], "if", iw), 1, 2, at(iw, "if"));
      line.condition_count = static_cast<std::uint8_t>(conditions.size());
      for (std::size_t c = 0; c < conditions.size(); ++c) {
        const std::string cw = at(at(iw, "if"), c);
        Condition& cond = line.conditions[c];
        cond.kind = static_cast<Condition::Kind>(name_index(field(conditions[c], "kind", cw), kKinds, at(cw, "kind")));
        if (names_colour(cond))
          cond.colour =
              static_cast<std::uint8_t>(name_index(field(conditions[c], "colour", cw), kColourNames, at(cw, "colour")));
        if (cond.kind == Condition::Kind::CountIs || cond.kind == Condition::Kind::CountAtLeast)
          cond.number =
              static_cast<std::uint8_t>(integer(field(conditions[c], "number", cw), 0, wires, at(cw, "number")));
      }
      line.target = read_target(field(lines[i], "cut", iw), at(iw, "cut"));
    }
    list.otherwise = read_target(field(lists[l], "otherwise", lw), at(lw, "otherwise"));
  }
  return rules;
}

Blocks Wires::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"A Wires module has three to six wires. Count them and read the list for that many wires from the "
                 "top: the first line whose conditions are all true says which single wire to cut. If no line is "
                 "true, follow the otherwise line. Wires are numbered from the top."}}};
  for (int wires = kMinWires; wires <= kMaxWires; ++wires) {
    const List& list = rules.lists[static_cast<std::size_t>(wires - kMinWires)];
    page.push_back(Subheading{fmt::format("{} wires", wires)});
    OrderedList lines;
    for (int i = 0; i < list.line_count; ++i) {
      const Line& line = list.lines[static_cast<std::size_t>(i)];
      std::string conditions = describe(line.conditions[0]);
      if (line.condition_count == 2) conditions += " and " + describe(line.conditions[1]);
      lines.items.push_back({fmt::format("If {}, {}.", conditions, describe(line.target))});
    }
    lines.items.push_back({fmt::format("Otherwise, {}.", describe(list.otherwise))});
    page.push_back(std::move(lines));
  }
  return page;
}

std::string Wires::words(Action action) { return numbered_words("cut wire", action); }
bool Wires::possible(const State& state, Action action) { return action.arg < state.count; }

}  // namespace proven::bomb

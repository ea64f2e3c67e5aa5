#include "bomb/modules/tangled_wires.hpp"

#include "core/json_read.hpp"

#include <bit>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

TangledWires::Rules TangledWires::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& entry : rules.table) entry = static_cast<Instruction>(rng.below(kInstructionNames.size()));
  return rules;
}

TangledWires::Casing TangledWires::Casing::of(const Edgework& edge) {
  return {!edge.serial_last_digit_odd(), edge.has_port(Port::Parallel), edge.batteries() >= 2};
}

TangledWires::Casing TangledWires::Casing::from_index(unsigned index) {
  return {(index & 1U) != 0, (index & 2U) != 0, (index & 4U) != 0};
}

bool TangledWires::must_cut(Instruction instruction, Casing casing) {
  switch (instruction) {
    case Instruction::Cut:
      return true;
    case Instruction::Skip:
      return false;
    case Instruction::CutIfSerialEven:
      return casing.serial_even;
    case Instruction::CutIfParallelPort:
      return casing.parallel_port;
    case Instruction::CutIfTwoBatteries:
      return casing.two_batteries;
  }
  return false;
}

std::uint16_t TangledWires::types_to_cut(const Rules& rules, Casing casing) {
  std::uint16_t types = 0;
  for (unsigned f = 0; f < 16; ++f)
    if (must_cut(rules.table[f], casing)) types = static_cast<std::uint16_t>(types | (1U << f));
  return types;
}

std::optional<std::string_view> TangledWires::dull(const Rules& rules) {
  for (unsigned c = 0; c < kCasings; ++c)
    if (types_to_cut(rules, Casing::from_index(c)) == 0) return kFilterReasons[0];
  return std::nullopt;
}

std::uint8_t TangledWires::wires_to_cut(const Rules& rules, const State& state, const Edgework& edge) {
  const std::uint16_t types = types_to_cut(rules, Casing::of(edge));
  std::uint8_t mask = 0;
  for (int i = 0; i < state.count; ++i)
    if ((types >> state.features[static_cast<std::size_t>(i)]) & 1U) mask = static_cast<std::uint8_t>(mask | (1U << i));
  return mask;
}

TangledWires::State TangledWires::deal(Rng& rng, const Edgework& edge, const Rules& rules) {
  State state;
  state.count = static_cast<std::uint8_t>(kMinWires + rng.below<kMaxWires - kMinWires + 1>());  // uniform(4, 6)
  for (std::size_t i = 0; i < state.count; ++i) state.features[i] = static_cast<std::uint8_t>(rng.below<16>());
  if (wires_to_cut(rules, state, edge) != 0) return state;
  // Nothing to cut: one wire, drawn, becomes a type drawn from those this casing must cut. (A table
  // with no such type fails the filter; unfiltered, the bomb stays unsolvable and the proof says so.)
  const std::uint16_t types = types_to_cut(rules, Casing::of(edge));
  if (types == 0) return state;
  const std::size_t wire = rng.below(state.count);
  std::uint64_t nth = rng.below(static_cast<std::uint64_t>(std::popcount(types)));
  for (unsigned f = 0; f < 16; ++f)
    if (((types >> f) & 1U) && nth-- == 0) {
      state.features[wire] = static_cast<std::uint8_t>(f);
      break;
    }
  return state;
}

Action TangledWires::hint(const Rules& rules, const State& state, const Context& ctx) {
  const unsigned left = wires_to_cut(rules, state, ctx.edgework) & ~static_cast<unsigned>(state.cut);
  if (left == 0) return Action::wait();  // nothing (more) to cut: the module cannot be solved
  return {Verb::Cut, static_cast<std::int16_t>(std::countr_zero(left))};
}

Outcome TangledWires::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  const std::uint8_t needed = wires_to_cut(rules, state, ctx.edgework);
  if (action.verb != Verb::Cut || action.arg < 0 || action.arg >= state.count) return Outcome::Strike;
  const unsigned bit = 1U << action.arg;
  if (!(needed & bit) || (state.cut & bit)) return Outcome::Strike;
  state.cut = static_cast<std::uint8_t>(state.cut | bit);
  return state.cut == needed ? Outcome::Solved : Outcome::Ok;
}

nlohmann::json TangledWires::to_json(const Rules& rules) {
  static constexpr std::string_view kCodes[] = {"cut", "skip", "serial_even", "parallel_port", "two_batteries"};
  auto table = nlohmann::json::array();
  for (unsigned f = 0; f < 16; ++f)
    table.push_back({{"red", (f & kRed) != 0},
                     {"blue", (f & kBlue) != 0},
                     {"star", (f & kStar) != 0},
                     {"led", (f & kLed) != 0},
                     {"instruction", std::string(kCodes[static_cast<std::size_t>(rules.table[f])])}});
  return {{"table", table}};
}

std::string TangledWires::show(const State& state) {
  std::string text = fmt::format("{} wires:", state.count);
  for (int i = 0; i < state.count; ++i) {
    const std::uint8_t f = state.features[static_cast<std::size_t>(i)];
    // In the manual's words (its table's columns): what the Defuser reads is what the Expert looks up.
    std::vector<std::string> features;
    if (f & kRed) features.emplace_back("red stripe");
    if (f & kBlue) features.emplace_back("blue stripe");
    if (!(f & (kRed | kBlue))) features.emplace_back("no stripe");
    if (f & kStar) features.emplace_back("star");
    if (f & kLed) features.emplace_back("LED lit");
    if ((state.cut >> i) & 1U) features.emplace_back("cut");
    text += fmt::format(" [{}]", fmt::join(features, ", "));
  }
  return text;
}

nlohmann::json TangledWires::state_json(const State& state) {
  auto wires = nlohmann::json::array();
  for (int i = 0; i < state.count; ++i) {
    const std::uint8_t f = state.features[static_cast<std::size_t>(i)];
    nlohmann::json wire;
    wire["red_stripe"] = (f & kRed) != 0;
    wire["blue_stripe"] = (f & kBlue) != 0;
    wire["star"] = (f & kStar) != 0;
    wire["led"] = (f & kLed) != 0;
    wire["cut"] = ((state.cut >> i) & 1U) != 0;
    wires.push_back(wire);
  }
  return {{"wires", wires}};
}

TangledWires::Rules TangledWires::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  static constexpr std::array<std::string_view, 5> kCodes = {"cut", "skip", "serial_even", "parallel_port",
                                                             "two_batteries"};
  Rules rules;
  const auto& table = array(field(j, "table", where), 16, 16, at(where, "table"));
  for (std::size_t f = 0; f < 16; ++f) {
    const std::string fw = at(at(where, "table"), f);
    const unsigned features = (boolean(field(table[f], "red", fw), at(fw, "red")) ? kRed : 0U) |
                              (boolean(field(table[f], "blue", fw), at(fw, "blue")) ? kBlue : 0U) |
                              (boolean(field(table[f], "star", fw), at(fw, "star")) ? kStar : 0U) |
                              (boolean(field(table[f], "led", fw), at(fw, "led")) ? kLed : 0U);
    if (features != f) fail(fw, "entries must be in feature order (red, blue, star, led as bits 0-3)");
    rules.table[f] =
        static_cast<Instruction>(name_index(field(table[f], "instruction", fw), kCodes, at(fw, "instruction")));
  }
  return rules;
}

Blocks TangledWires::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"Look at each wire on its own: has it a red stripe, a blue stripe (a wire may have both, or neither: "
                 "then the bomb says \"no stripe\"), a star below it, is the LED above it lit (\"LED lit\")? The "
                 "table says whether to cut it. Cut every wire that must be cut, in any order."}}};
  const auto yes_no = [](bool yes) { return Cell{{yes ? "yes" : "no"}}; };
  Table table{{"red stripe", "blue stripe", "star", "LED lit", "instruction"}, {}};
  for (unsigned f = 0; f < 16; ++f)
    table.rows.push_back(
        {yes_no(f & kRed), yes_no(f & kBlue), yes_no(f & kStar), yes_no(f & kLed),
         Cell{{std::string(kInstructionNames[static_cast<std::size_t>(rules.table[f])])},
              TangledWirePicture{(f & kRed) != 0, (f & kBlue) != 0, (f & kStar) != 0, (f & kLed) != 0}}});
  page.push_back(std::move(table));
  return page;
}

std::string TangledWires::words(Action action) { return numbered_words("cut wire", action); }
bool TangledWires::possible(const State& state, Action action) {
  return action.arg < state.count && ((state.cut >> action.arg) & 1U) == 0;
}

}  // namespace proven::bomb

#include "bomb/modules/color_echo.hpp"

#include "core/json_read.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

ColorEcho::Rules ColorEcho::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& by_strikes : rules.tables)
    for (auto& table : by_strikes) {
      for (std::size_t i = 0; i < table.size(); ++i) table[i] = static_cast<std::uint8_t>(i);
      rng.shuffle(table);
    }
  return rules;
}

std::optional<std::string_view> ColorEcho::dull(const Rules& rules) {
  static constexpr Table kIdentity = {0, 1, 2, 3};
  std::array<const Table*, 6> all{};
  std::size_t n = 0;
  for (const auto& by_strikes : rules.tables)
    for (const auto& table : by_strikes) all[n++] = &table;
  for (std::size_t a = 0; a < all.size(); ++a) {
    if (*all[a] == kIdentity) return "a table changes nothing";
    for (std::size_t b = 0; b < a; ++b)
      if (*all[a] == *all[b]) return "two tables are the same";
  }
  return std::nullopt;
}

ColorEcho::State ColorEcho::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  state.length = static_cast<std::uint8_t>(kMinStages + rng.below<kMaxStages - kMinStages + 1>());  // uniform(3, 5)
  for (std::size_t i = 0; i < state.length; ++i) {
    const std::uint64_t pad = rng.below<kPads>();
    state.flashes[i] = static_cast<std::uint8_t>(pad);
  }
  return state;
}

std::optional<int> ColorEcho::pad_to_press(const Rules& rules, const State& state, const Context& ctx) {
  const Table& table =
      rules.tables[ctx.edgework.serial_has_vowel() ? 1 : 0][static_cast<std::size_t>(std::min(ctx.strikes(), 2))];
  const std::uint8_t pad = table[state.flashes[state.answered]];
  if (pad >= kPads) return std::nullopt;
  return pad;
}

Action ColorEcho::hint(const Rules& rules, const State& state, const Context& ctx) {
  const auto pad = pad_to_press(rules, state, ctx);
  if (!pad) return Action::wait();
  return {Verb::Press, static_cast<std::int16_t>(*pad)};
}

Outcome ColorEcho::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  const auto pad = pad_to_press(rules, state, ctx);
  if (!pad || action.verb != Verb::Press || action.arg != *pad) return Outcome::Strike;
  ++state.answered;
  if (state.answered < state.stage) return Outcome::Ok;
  if (state.stage == state.length) return Outcome::Solved;
  ++state.stage;
  state.answered = 0;
  return Outcome::Ok;
}

nlohmann::json ColorEcho::to_json(const Rules& rules) {
  auto tables = nlohmann::json::array();
  for (int vowel = 0; vowel < 2; ++vowel)
    for (int strikes = 0; strikes < 3; ++strikes) {
      nlohmann::json map = nlohmann::json::object();
      const Table& table = rules.tables[static_cast<std::size_t>(vowel)][static_cast<std::size_t>(strikes)];
      for (int c = 0; c < kPads; ++c)
        map[std::string(kPadNames[static_cast<std::size_t>(c)])] =
            std::string(kPadNames[table[static_cast<std::size_t>(c)]]);
      tables.push_back({{"serial_has_vowel", vowel == 1}, {"strikes", strikes}, {"press", map}});
    }
  return {{"tables", tables}};
}

std::string ColorEcho::show(const State& state) {
  std::string text = fmt::format("stage {} of {}, flashing:", state.stage, state.length);
  for (int i = 0; i < state.stage; ++i)
    text += fmt::format(" {}", kPadNames[state.flashes[static_cast<std::size_t>(i)]]);
  if (state.answered > 0) text += fmt::format(" ({} answered)", state.answered);
  return text;
}

nlohmann::json ColorEcho::state_json(const State& state) {
  // Only the flashes of the stages reached so far: the rest of the sequence is not shown yet.
  auto flashing = nlohmann::json::array();
  for (int i = 0; i < state.stage; ++i)
    flashing.push_back(std::string(kPadNames[state.flashes[static_cast<std::size_t>(i)]]));
  nlohmann::json j;
  j["stage"] = static_cast<int>(state.stage);
  j["stages"] = static_cast<int>(state.length);
  j["flashing"] = flashing;
  j["answered"] = static_cast<int>(state.answered);
  return j;
}

ColorEcho::Rules ColorEcho::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& tables = array(field(j, "tables", where), 6, 6, at(where, "tables"));
  for (std::size_t t = 0; t < 6; ++t) {
    const std::string tw = at(at(where, "tables"), t);
    const bool vowel = boolean(field(tables[t], "serial_has_vowel", tw), at(tw, "serial_has_vowel"));
    const int strikes = integer(field(tables[t], "strikes", tw), 0, 2, at(tw, "strikes"));
    if (vowel != (t >= 3) || strikes != static_cast<int>(t % 3))
      fail(tw, "tables must be in order: no vowel 0/1/2 strikes, then vowel 0/1/2");
    const auto& press = field(tables[t], "press", tw);
    for (std::size_t c = 0; c < kPads; ++c)
      rules.tables[t / 3][t % 3][c] = static_cast<std::uint8_t>(
          name_index(field(press, kPadNames[c], at(tw, "press")), kPadNames, at(at(tw, "press"), kPadNames[c])));
  }
  return rules;
}

Blocks ColorEcho::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"The pads flash a sequence that grows by one colour each stage. After each flash, press the whole "
                 "sequence so far, pressing for every flashed colour the pad the table gives. Use the table for "
                 "whether the serial number has a vowel and for the strikes on the bomb right now (a strike changes "
                 "the table from the next press on)."}}};
  const auto pad = [](std::size_t p) {
    const std::string name(kPadNames[p]);
    return Cell{{name}, SwatchPicture{name}};
  };
  for (int vowel = 1; vowel >= 0; --vowel) {
    page.push_back(Subheading{vowel ? "The serial number has a vowel" : "The serial number has no vowel"});
    bomb::Table table{{"flashed", "0 strikes", "1 strike", "2 or more"}, {}};
    for (std::size_t c = 0; c < kPads; ++c) {
      std::vector<Cell> row{pad(c)};
      for (std::size_t s = 0; s < 3; ++s) row.push_back(pad(rules.tables[static_cast<std::size_t>(vowel)][s][c]));
      table.rows.push_back(std::move(row));
    }
    page.push_back(std::move(table));
  }
  return page;
}

std::string ColorEcho::words(Action action) {
  return "press " + std::string(kPadNames[static_cast<std::size_t>(action.arg)]);
}

}  // namespace proven::bomb

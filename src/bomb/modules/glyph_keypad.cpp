#include "bomb/modules/glyph_keypad.hpp"

#include "core/json_read.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

using Column = std::array<std::uint8_t, GlyphKeypad::kColumnLength>;

int position_in(const Column& column, std::uint8_t glyph) {
  for (int i = 0; i < GlyphKeypad::kColumnLength; ++i)
    if (column[static_cast<std::size_t>(i)] == glyph) return i;
  return -1;
}

int shared(const Column& a, const Column& b) {
  int n = 0;
  for (auto g : a) n += position_in(b, g) >= 0 ? 1 : 0;
  return n;
}

// Bit g set: glyph g is among the first n.
std::uint32_t glyph_mask(const std::uint8_t* glyphs, int n) {
  std::uint32_t mask = 0;
  for (int i = 0; i < n; ++i) mask |= 1U << glyphs[i];
  return mask;
}

}  // namespace

GlyphKeypad::Rules GlyphKeypad::generate_rules(Rng& rng) {
  Rules rules;
  for (auto& column : rules.columns) {
    const auto glyphs = rng.sample(kColumnLength, kGlyphs);
    for (std::size_t i = 0; i < column.size(); ++i) column[i] = static_cast<std::uint8_t>(glyphs[i]);
  }
  return rules;
}

std::optional<std::string_view> GlyphKeypad::dull(const Rules& rules) {
  for (int a = 0; a < kColumns; ++a)
    for (int b = 0; b < a; ++b) {
      const Column& ca = rules.columns[static_cast<std::size_t>(a)];
      const Column& cb = rules.columns[static_cast<std::size_t>(b)];
      if (ca == cb) return "two columns are the same";
      if (shared(ca, cb) >= kKeys) return "two columns share four or more glyphs";
    }
  for (int a = 0; a < kColumns; ++a) {
    // How many of this column's glyphs appear in some other column.
    int common = 0;
    const Column& ca = rules.columns[static_cast<std::size_t>(a)];
    for (auto g : ca) {
      bool elsewhere = false;
      for (int b = 0; b < kColumns; ++b)
        if (b != a && position_in(rules.columns[static_cast<std::size_t>(b)], g) >= 0) elsewhere = true;
      common += elsewhere ? 1 : 0;
    }
    if (common < kMinShared) return "a column shares too few glyphs with the others";
  }
  return std::nullopt;
}

GlyphKeypad::State GlyphKeypad::deal(Rng& rng, const Edgework&, const Rules& rules) {
  const std::uint64_t column = rng.below<kColumns>();
  const auto picks = rng.sample_of<kColumnLength>(kKeys);  // in draw order: the arrangement on the module
  State state;
  for (std::size_t k = 0; k < kKeys; ++k) state.keys[k] = rules.columns[column][picks[k]];
  return state;
}

GlyphKeypad::Lookup GlyphKeypad::prepare(const Rules& rules) {
  Lookup lookup;
  for (std::size_t c = 0; c < kColumns; ++c) {
    const Column& column = rules.columns[c];
    lookup.glyphs_in[c] = glyph_mask(column.data(), kColumnLength);
    lookup.place_in[c].fill(kColumnLength);
    // The first place a glyph appears (columns hold distinct glyphs; position_in's answer).
    for (int i = kColumnLength - 1; i >= 0; --i)
      lookup.place_in[c][column[static_cast<std::size_t>(i)]] = static_cast<std::uint8_t>(i);
  }
  return lookup;
}

namespace {

// The lookup itself, as hint and apply ask it: the key to press next, or -1. An int, not an
// optional: GCC 12 builds a returned optional<int> in memory by halves and reads it back whole,
// a store-forwarding stall that cost more than the lookup.
int key_code(const GlyphKeypad::Lookup& lookup, const GlyphKeypad::State& state) {
  int found = -1;
  const std::uint32_t keys = glyph_mask(state.keys.data(), GlyphKeypad::kKeys);
  for (int c = 0; c < GlyphKeypad::kColumns; ++c) {
    if ((keys & ~lookup.glyphs_in[static_cast<std::size_t>(c)]) != 0) continue;  // some key is not in it
    if (found >= 0) return -1;  // two columns fit: the manual does not say which
    found = c;
  }
  if (found < 0) return -1;
  const auto& place = lookup.place_in[static_cast<std::size_t>(found)];
  int best = -1;
  int best_position = GlyphKeypad::kColumnLength;
  for (int k = 0; k < GlyphKeypad::kKeys; ++k) {
    if ((state.pressed >> k) & 1U) continue;
    const int p = place[state.keys[static_cast<std::size_t>(k)]];
    if (p < best_position) {
      best_position = p;
      best = k;
    }
  }
  return best;
}

}  // namespace

std::optional<int> GlyphKeypad::key_to_press(const Lookup& lookup, const State& state) {
  return code_to_optional(key_code(lookup, state));
}

std::optional<int> GlyphKeypad::key_to_press(const Rules& rules, const State& state) {
  return key_to_press(prepare(rules), state);
}

Action GlyphKeypad::hint(const Lookup& lookup, const State& state, const Context&) {
  const int key = key_code(lookup, state);
  if (key < 0) return Action::wait();
  return {Verb::Press, static_cast<std::int16_t>(key)};
}

Outcome GlyphKeypad::apply(const Lookup& lookup, State& state, Action action, const Context&) {
  const int key = key_code(lookup, state);
  if (key < 0 || action.verb != Verb::Press || action.arg != key) return Outcome::Strike;
  state.pressed = static_cast<std::uint8_t>(state.pressed | (1U << key));
  return state.pressed == (1U << kKeys) - 1 ? Outcome::Solved : Outcome::Ok;
}

Action GlyphKeypad::hint(const Rules& rules, const State& state, const Context& ctx) {
  return hint(prepare(rules), state, ctx);
}

Outcome GlyphKeypad::apply(const Rules& rules, State& state, Action action, const Context& ctx) {
  return apply(prepare(rules), state, action, ctx);
}

nlohmann::json GlyphKeypad::to_json(const Rules& rules) {
  auto columns = nlohmann::json::array();
  for (const auto& column : rules.columns) {
    auto names = nlohmann::json::array();
    for (auto g : column) names.push_back(std::string(kGlyphNames[g]));
    columns.push_back(names);
  }
  return {{"columns", columns}};
}

std::string GlyphKeypad::show(const State& state) {
  std::string text = "keys:";
  for (int k = 0; k < kKeys; ++k)
    text += fmt::format(" {}{}", kGlyphNames[state.keys[static_cast<std::size_t>(k)]],
                        ((state.pressed >> k) & 1U) ? " (down)" : "");
  return text;
}

nlohmann::json GlyphKeypad::state_json(const State& state) {
  auto keys = nlohmann::json::array();
  for (int k = 0; k < kKeys; ++k) {
    nlohmann::json key;
    key["glyph"] = std::string(kGlyphNames[state.keys[static_cast<std::size_t>(k)]]);
    key["down"] = ((state.pressed >> k) & 1U) != 0;
    keys.push_back(key);
  }
  return {{"keys", keys}};
}

GlyphKeypad::Rules GlyphKeypad::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  Rules rules;
  const auto& columns = array(field(j, "columns", where), kColumns, kColumns, at(where, "columns"));
  for (std::size_t c = 0; c < kColumns; ++c) {
    const std::string cw = at(at(where, "columns"), c);
    const auto& glyphs = array(columns[c], kColumnLength, kColumnLength, cw);
    for (std::size_t g = 0; g < kColumnLength; ++g) {
      rules.columns[c][g] = static_cast<std::uint8_t>(name_index(glyphs[g], kGlyphNames, at(cw, g)));
      for (std::size_t h = 0; h < g; ++h)
        if (rules.columns[c][h] == rules.columns[c][g]) fail(at(cw, g), "a glyph appears twice in one column");
    }
  }
  return rules;
}

Blocks GlyphKeypad::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"The four keys all appear in exactly one of the columns below. Find that column and press the four "
                 "keys in the order they appear in it, top to bottom."}}};
  Table table;
  for (int c = 0; c < kColumns; ++c) table.header.push_back(fmt::format("column {}", c + 1));
  for (std::size_t row = 0; row < kColumnLength; ++row) {
    std::vector<Cell> cells;
    for (const auto& column : rules.columns)
      cells.push_back(Cell{{std::string(kGlyphNames[column[row]])}, GlyphPicture{column[row]}});
    table.rows.push_back(std::move(cells));
  }
  page.push_back(std::move(table));
  return page;
}

std::string GlyphKeypad::words(Action action) { return numbered_words("press key", action); }
bool GlyphKeypad::possible(const State& state, Action action) { return ((state.pressed >> action.arg) & 1U) == 0; }

}  // namespace proven::bomb

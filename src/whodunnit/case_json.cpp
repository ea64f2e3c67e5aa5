#include "whodunnit/case_json.hpp"

#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "whodunnit/bounds.hpp"

namespace proven::whodunnit {
namespace {

using nlohmann::json;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// ---- writing ----

json traits_json(const Setup& setup, const std::vector<Term>& traits) {
  json out = json::object();
  for (const Term& t : traits)
    out[setup.categories[at(t.category)].name] = setup.categories[at(t.category)].values[at(t.value)].name;
  return out;
}

json portrait_json(const Setup& setup, int suspect) {
  if (suspect < 0) return nullptr;
  return setup.categories[kPortrait].values[at(suspect)].name;
}

// ---- reading: every failure names its place ----

[[noreturn]] void fail(const std::string& where, std::string_view what) {
  throw UserError(fmt::format("{}: {}", where, what));
}

const json& field(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) fail(where, "expected an object");
  const auto it = object.find(key);
  if (it == object.end()) fail(where, fmt::format("missing \"{}\"", key));
  return *it;
}

std::string sub(const std::string& where, std::string_view key) {
  return where.empty() ? std::string(key) : where + "." + std::string(key);
}
std::string sub(const std::string& where, std::size_t index) { return fmt::format("{}[{}]", where, index); }

const json& array(const json& value, const std::string& where) {
  if (!value.is_array()) fail(where, "expected an array");
  return value;
}

int integer(const json& value, int lo, int hi, const std::string& where) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < lo || value.get<std::int64_t>() > hi)
    fail(where, fmt::format("expected a whole number from {} to {}", lo, hi));
  return static_cast<int>(value.get<std::int64_t>());
}

std::string text(const json& value, const std::string& where) {
  if (!value.is_string()) fail(where, "expected a string");
  return value.get<std::string>();
}

int category_index(const Setup& setup, const std::string& name, const std::string& where) {
  for (int c = 0; c < setup.category_count(); ++c)
    if (setup.categories[at(c)].name == name) return c;
  fail(where, fmt::format("unknown category '{}'", name));
}

int value_index(const Setup& setup, int category, const json& value, const std::string& where) {
  const std::string name = text(value, where);
  for (int v = 0; v < setup.value_count(category); ++v)
    if (setup.categories[at(category)].values[at(v)].name == name) return v;
  fail(where, fmt::format("'{}' is not a {} in play", name, setup.categories[at(category)].name));
}

int portrait_index(const Setup& setup, const json& value, const std::string& where) {
  return value_index(setup, kPortrait, value, where);
}

std::vector<Term> read_traits(const Setup& setup, const json& value, const std::string& where) {
  if (!value.is_object()) fail(where, "expected an object of category: value");
  std::vector<Term> traits;
  for (const auto& [name, v] : value.items()) {
    const int c = category_index(setup, name, where);
    traits.push_back({.category = c, .value = value_index(setup, c, v, sub(where, name))});
  }
  std::ranges::sort(traits, [](const Term& x, const Term& y) { return x.category < y.category; });
  return traits;
}

Bound parse_bound(const Setup& setup, const json& value, const std::string& where) {
  Bound b{.traits = read_traits(setup, field(value, "traits", where), sub(where, "traits")),
          .min = integer(field(value, "min", where), 0, setup.cast, sub(where, "min")),
          .max = integer(field(value, "max", where), 0, setup.cast, sub(where, "max"))};
  CategoryMask mask = 0;
  for (const Term& t : b.traits) mask = static_cast<CategoryMask>(mask | (1u << t.category));
  if (!Lattice::is_cell_set(mask))
    fail(sub(where, "traits"), "names three or more trait categories; the markup allows at most two");
  try {
    validate_bound(setup, b);
  } catch (const UserError& e) {
    fail(where, e.what());
  }
  return b;
}

Setup read_setup(int cast, const json& value, const std::string& where) {
  std::vector<Category> categories;
  for (std::size_t i = 0; i < array(value, where).size(); ++i) {
    const std::string here = sub(where, i);
    Category category{.name = text(field(value[i], "category", here), sub(here, "category")), .values = {}};
    const json& values = array(field(value[i], "values", here), sub(here, "values"));
    for (std::size_t j = 0; j < values.size(); ++j) {
      const std::string there = sub(sub(here, "values"), j);
      category.values.push_back({.name = text(field(values[j], "name", there), sub(there, "name")),
                                 .count = integer(field(values[j], "count", there), 1, kMaxCast, sub(there, "count"))});
    }
    categories.push_back(std::move(category));
  }
  try {
    return make_setup(cast, std::move(categories));
  } catch (const UserError& e) {
    fail(where, e.what());
  }
}

}  // namespace

json to_json(const Case& c) {
  const Setup& setup = c.setup;
  json categories = json::array();
  for (int k = 1; k < setup.category_count(); ++k) {
    json values = json::array();
    for (const ValueCount& v : setup.categories[at(k)].values) values.push_back({{"name", v.name}, {"count", v.count}});
    categories.push_back({{"category", setup.categories[at(k)].name}, {"values", values}});
  }
  json clues = json::array();
  for (const CaseClue& clue : c.clues) {
    json markup = json::array();
    for (const Bound& b : clue.bounds)
      markup.push_back({{"traits", traits_json(setup, b.traits)}, {"min", b.min}, {"max", b.max}});
    clues.push_back({{"kind", clue.kind}, {"prose", clue.prose}, {"speaker", portrait_json(setup, clue.speaker)},
                     {"teller", portrait_json(setup, clue.teller)}, {"markup", markup}});
  }
  json solution = json::array();
  for (const std::vector<int>& row : c.solution) {
    json suspect = json::object();
    for (int k = 0; k < setup.category_count(); ++k)
      suspect[setup.categories[at(k)].name] = setup.categories[at(k)].values[at(row[at(k)])].name;
    solution.push_back(suspect);
  }
  const Figures& f = c.figures;
  return {{"format", kCaseFormat},
          {"generator_version", c.generator_version},
          {"seed", c.seed},
          {"solver_budget", c.solver_budget},
          {"cast", setup.cast},
          {"setup", categories},
          {"clues", clues},
          {"question", {{"prose", c.question_prose}, {"murderer", traits_json(setup, c.question.description)}}},
          {"solution", solution},
          {"answer", portrait_json(setup, c.question.murderer)},
          {"figures",
           {{"initial_ambiguity", f.initial_ambiguity},
            {"obviousness", f.obviousness},
            {"clue_obviousness", f.clue_obviousness},
            {"gold_standard", f.gold_standard},
            {"solver_calls", c.solver_calls}}}};
}

CaseFile case_from_json(const json& value) {
  CaseFile file;
  Case& c = file.content;
  c.seed = check_envelope(value, kCaseFormat, "whodunnit case", "clues");
  c.generator_version = text(field(value, "generator_version", ""), "generator_version");
  const int cast = integer(field(value, "cast", ""), kMinCast, kMaxCast, "cast");
  if (value.contains("solver_budget")) {
    if (!value["solver_budget"].is_number_integer() || value["solver_budget"].get<std::int64_t>() < 0)
      fail("solver_budget", "expected a whole number");
    c.solver_budget = value["solver_budget"].get<std::int64_t>();
  }
  c.setup = read_setup(cast, field(value, "setup", ""), "setup");
  const Setup& setup = c.setup;

  const json& clues = value["clues"];
  for (std::size_t i = 0; i < clues.size(); ++i) {
    const std::string here = sub("clues", i);
    CaseClue clue{.kind = text(field(clues[i], "kind", here), sub(here, "kind")),
                  .prose = text(field(clues[i], "prose", here), sub(here, "prose"))};
    const json& speaker = field(clues[i], "speaker", here);
    if (!speaker.is_null()) clue.speaker = portrait_index(setup, speaker, sub(here, "speaker"));
    // Optional (files of case version 1 have none): then the speaker, if any, tells it.
    clue.teller = clue.speaker;
    if (clues[i].contains("teller") && !clues[i]["teller"].is_null())
      clue.teller = portrait_index(setup, clues[i]["teller"], sub(here, "teller"));
    if (clue.speaker >= 0 && clue.teller != clue.speaker) fail(sub(here, "teller"), "a first-person account is told by its speaker");
    const json& markup = array(field(clues[i], "markup", here), sub(here, "markup"));
    if (markup.empty()) fail(sub(here, "markup"), "a clue needs at least one bound");
    for (std::size_t j = 0; j < markup.size(); ++j) clue.bounds.push_back(parse_bound(setup, markup[j], sub(sub(here, "markup"), j)));
    c.clues.push_back(std::move(clue));
  }

  const json& question = field(value, "question", "");
  c.question_prose = text(field(question, "prose", "question"), "question.prose");
  c.question.description = read_traits(setup, field(question, "murderer", "question"), "question.murderer");
  if (c.question.description.empty()) fail("question.murderer", "names no trait");

  if (value.contains("solution")) {
    const json& rows = array(value["solution"], "solution");
    if (rows.size() != at(cast)) fail("solution", fmt::format("expected {} suspects", cast));
    for (std::size_t s = 0; s < rows.size(); ++s) {
      const std::string here = sub("solution", s);
      std::vector<int> row;
      for (int k = 0; k < setup.category_count(); ++k) {
        const std::string& name = setup.categories[at(k)].name;
        row.push_back(value_index(setup, k, field(rows[s], name.c_str(), here), sub(here, name)));
      }
      c.solution.push_back(std::move(row));
    }
    if (!fits_setup(setup, c.solution))
      fail("solution", "does not fit the setup (portraits out of order, or counts other than the names in play)");
  }
  if (value.contains("answer")) c.question.murderer = portrait_index(setup, value["answer"], "answer");

  if (value.contains("figures")) {
    const json& f = value["figures"];
    c.figures.initial_ambiguity = integer(field(f, "initial_ambiguity", "figures"), 0, 1 << 30, "figures.initial_ambiguity");
    c.figures.obviousness = integer(field(f, "obviousness", "figures"), 0, 1 << 30, "figures.obviousness");
    const json& per_clue = array(field(f, "clue_obviousness", "figures"), "figures.clue_obviousness");
    for (std::size_t i = 0; i < per_clue.size(); ++i)
      c.figures.clue_obviousness.push_back(integer(per_clue[i], 0, 1 << 30, sub("figures.clue_obviousness", i)));
    const json& gold = field(f, "gold_standard", "figures");
    if (!gold.is_boolean()) fail("figures.gold_standard", "expected true or false");
    c.figures.gold_standard = gold.get<bool>();
    if (f.contains("solver_calls")) {
      if (!f["solver_calls"].is_number_integer() || f["solver_calls"].get<std::int64_t>() < 0)
        fail("figures.solver_calls", "expected a whole number");
      c.solver_calls = f["solver_calls"].get<std::int64_t>();
    }
    file.has_figures = true;
  }
  return file;
}

}  // namespace proven::whodunnit

#include "whodunnit/case_json.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/json_read.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/statement.hpp"

namespace proven::whodunnit {
namespace {

using nlohmann::json;
namespace jr = proven::json_read;

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

// ---- reading: every failure names its place (the body's fields, as "clues[2].markup[0]") ----

std::string sub(const std::string& where, std::string_view key) {
  return where.empty() ? std::string(key) : jr::at(where, key);
}

// An array of any length (json_read::array names a size).
const json& any_array(const json& value, const std::string& where) {
  if (!value.is_array()) jr::fail(where, "expected an array");
  return value;
}

constexpr int kMaxFigure = 1 << 30;

int category_index(const Setup& setup, const std::string& name, const std::string& where) {
  for (int c = 0; c < setup.category_count(); ++c)
    if (setup.categories[at(c)].name == name) return c;
  jr::fail(where, fmt::format("unknown category '{}'", name));
}

int value_index(const Setup& setup, int category, const json& value, const std::string& where) {
  const std::string name = jr::text(value, where);
  for (int v = 0; v < setup.value_count(category); ++v)
    if (setup.categories[at(category)].values[at(v)].name == name) return v;
  jr::fail(where, fmt::format("'{}' is not a {} in play", name, setup.categories[at(category)].name));
}

int portrait_index(const Setup& setup, const json& value, const std::string& where) {
  return value_index(setup, kPortrait, value, where);
}

std::vector<Term> read_traits(const Setup& setup, const json& value, const std::string& where) {
  if (!value.is_object()) jr::fail(where, "expected an object of category: value");
  std::vector<Term> traits;
  for (const auto& [name, v] : value.items()) {
    const int c = category_index(setup, name, where);
    traits.push_back({.category = c, .value = value_index(setup, c, v, sub(where, name))});
  }
  std::ranges::sort(traits, [](const Term& x, const Term& y) { return x.category < y.category; });
  return traits;
}

Bound parse_bound(const Setup& setup, const json& value, const std::string& where) {
  Bound b{.traits = read_traits(setup, jr::field(value, "traits", where), sub(where, "traits")),
          .min = jr::integer(jr::field(value, "min", where), 0, setup.cast, sub(where, "min")),
          .max = jr::integer(jr::field(value, "max", where), 0, setup.cast, sub(where, "max"))};
  CategoryMask mask = 0;
  for (const Term& t : b.traits) mask = static_cast<CategoryMask>(mask | (1u << t.category));
  if (!Lattice::is_cell_set(mask))
    jr::fail(sub(where, "traits"), "names three or more trait categories; the markup allows at most two");
  try {
    validate_bound(setup, b);
  } catch (const UserError& e) {
    jr::fail(where, e.what());
  }
  return b;
}

Setup read_setup(int cast, const json& value, const std::string& where) {
  std::vector<Category> categories;
  for (std::size_t i = 0; i < any_array(value, where).size(); ++i) {
    const std::string here = jr::at(where, i);
    Category category{.name = jr::text(jr::field(value[i], "category", here), sub(here, "category")),
                      .values = {},
                      .role = Role::ByName,
                      .phrases = {}};
    if (const json* role = jr::optional_field(value[i], "role", here))
      category.role = role_from_json(*role, sub(here, "role"));
    if (const json* phrases = jr::optional_field(value[i], "phrases", here))
      category.phrases = phrases_from_json(*phrases, sub(here, "phrases"));
    const json& values = any_array(jr::field(value[i], "values", here), sub(here, "values"));
    for (std::size_t j = 0; j < values.size(); ++j) {
      const std::string there = jr::at(sub(here, "values"), j);
      category.values.push_back(
          {.name = jr::text(jr::field(values[j], "name", there), sub(there, "name")),
           .count = jr::integer(jr::field(values[j], "count", there), 1, kMaxCast, sub(there, "count"))});
    }
    categories.push_back(std::move(category));
  }
  try {
    return make_setup(cast, std::move(categories));
  } catch (const UserError& e) {
    jr::fail(where, e.what());
  }
}

CaseClue read_clue(const Setup& setup, const json& value, const std::string& here) {
  CaseClue clue{.kind = jr::text(jr::field(value, "kind", here), sub(here, "kind")),
                .prose = jr::text(jr::field(value, "prose", here), sub(here, "prose"))};
  if (clue.kind != kDesignerClueKind && !kind_from_name(clue.kind))
    jr::fail(sub(here, "kind"), fmt::format("unknown clue kind '{}': a kind docs/whodunnit.md lists, or '{}' for a "
                                            "designer's clue whose prose is free text",
                                            clue.kind, kDesignerClueKind));
  const json& speaker = jr::field(value, "speaker", here);
  if (!speaker.is_null()) clue.speaker = portrait_index(setup, speaker, sub(here, "speaker"));
  // Optional (a designer may leave it out): then the speaker, if any, tells it.
  clue.teller = clue.speaker;
  if (const json* teller = jr::optional_field(value, "teller", here); teller != nullptr && !teller->is_null())
    clue.teller = portrait_index(setup, *teller, sub(here, "teller"));
  if (clue.speaker >= 0 && clue.teller != clue.speaker)
    jr::fail(sub(here, "teller"), "a first-person account is told by its speaker");
  const json& markup = any_array(jr::field(value, "markup", here), sub(here, "markup"));
  if (markup.empty()) jr::fail(sub(here, "markup"), "a clue needs at least one bound");
  for (std::size_t j = 0; j < markup.size(); ++j)
    clue.bounds.push_back(parse_bound(setup, markup[j], jr::at(sub(here, "markup"), j)));
  return clue;
}

Assignment read_solution(const Setup& setup, const json& value) {
  const json& rows = any_array(value, "solution");
  if (rows.size() != at(setup.cast)) jr::fail("solution", fmt::format("expected {} suspects", setup.cast));
  Assignment solution;
  for (std::size_t s = 0; s < rows.size(); ++s) {
    const std::string here = jr::at("solution", s);
    std::vector<int> row;
    for (int k = 0; k < setup.category_count(); ++k) {
      const std::string& name = setup.categories[at(k)].name;
      row.push_back(value_index(setup, k, jr::field(rows[s], name, here), sub(here, name)));
    }
    solution.push_back(std::move(row));
  }
  if (!fits_setup(setup, solution))
    jr::fail("solution", "does not fit the setup (portraits out of order, or counts other than the names in play)");
  return solution;
}

void read_figures(const json& f, Case& c) {
  const auto figure = [&](std::string_view key) {
    return jr::integer(jr::field(f, key, "figures"), 0, kMaxFigure, sub("figures", key));
  };
  c.figures.initial_ambiguity = figure("initial_ambiguity");
  c.figures.obviousness = figure("obviousness");
  const json& per_clue = any_array(jr::field(f, "clue_obviousness", "figures"), "figures.clue_obviousness");
  for (std::size_t i = 0; i < per_clue.size(); ++i)
    c.figures.clue_obviousness.push_back(
        jr::integer(per_clue[i], 0, kMaxFigure, jr::at("figures.clue_obviousness", i)));
  c.figures.gold_standard = jr::boolean(jr::field(f, "gold_standard", "figures"), "figures.gold_standard");
  if (const json* calls = jr::optional_field(f, "solver_calls", "figures"))
    c.solver_calls = jr::integer64(*calls, 0, std::numeric_limits<std::int64_t>::max(), "figures.solver_calls");
}

}  // namespace

CaseFile case_file(Case c) {
  CaseFile file{.seed = c.seed,
                .params = {.cast = c.setup.cast, .budget = c.solver_budget, .theme = c.theme},
                .content = std::move(c),
                .has_figures = true};
  return file;
}

std::optional<Theme> theme_of(const CaseParams& params) {
  if (!params.theme_file.empty()) return read_theme_file(params.theme_file);
  return params.theme;
}

json params_json(const CaseParams& params) {
  json out = {{"cast", params.cast}, {"budget", params.budget}};
  if (params.theme) out["theme"] = to_json(*params.theme);
  return out;
}

CaseParams params_from_json(const json& json) {
  CaseParams params{.cast = jr::integer(jr::field(json, "cast", "params"), kMinCast, kMaxCast, "params.cast")};
  if (const nlohmann::json* budget = jr::optional_field(json, "budget", "params"))
    params.budget = jr::integer64(*budget, 0, kMaxSolverBudget, "params.budget");
  if (const nlohmann::json* theme = jr::optional_field(json, "theme", "params"))
    params.theme = theme_from_json(*theme, "params.theme");
  return params;
}

json case_body_json(const Case& c, bool with_figures) {
  const Setup& setup = c.setup;
  json categories = json::array();
  for (int k = 1; k < setup.category_count(); ++k) {
    json values = json::array();
    for (const ValueCount& v : setup.categories[at(k)].values) values.push_back({{"name", v.name}, {"count", v.count}});
    const Category& category = setup.categories[at(k)];
    json entry = {{"category", category.name}, {"values", values}};
    // Only what the name does not already say: a country-house case reads as it always did.
    if (category.role != role_implied_by(category.name)) entry["role"] = role_name(category.role);
    if (!category.phrases.empty()) entry["phrases"] = category.phrases;
    categories.push_back(std::move(entry));
  }
  json clues = json::array();
  for (const CaseClue& clue : c.clues) {
    json markup = json::array();
    for (const Bound& b : clue.bounds)
      markup.push_back({{"traits", traits_json(setup, b.traits)}, {"min", b.min}, {"max", b.max}});
    clues.push_back({{"kind", clue.kind},
                     {"prose", clue.prose},
                     {"speaker", portrait_json(setup, clue.speaker)},
                     {"teller", portrait_json(setup, clue.teller)},
                     {"markup", markup}});
  }
  json solution = json::array();
  for (const std::vector<int>& row : c.solution) {
    json suspect = json::object();
    for (int k = 0; k < setup.category_count(); ++k)
      suspect[setup.categories[at(k)].name] = setup.categories[at(k)].values[at(row[at(k)])].name;
    solution.push_back(suspect);
  }
  json body = {{"setup", categories},
               {"clues", clues},
               {"question", {{"prose", c.question_prose}, {"murderer", traits_json(setup, c.question.description)}}}};
  if (!c.story.victim.empty())
    body["story"] = {{"victim", c.story.victim}, {"place", c.story.place}, {"time", c.story.time}};
  // Claims left out stay out, so a designer's file reads back as it was written.
  if (!c.solution.empty()) body["solution"] = solution;
  if (c.question.murderer >= 0) body["answer"] = portrait_json(setup, c.question.murderer);
  if (with_figures) {
    const Figures& f = c.figures;
    body["figures"] = {{"initial_ambiguity", f.initial_ambiguity},
                       {"obviousness", f.obviousness},
                       {"clue_obviousness", f.clue_obviousness},
                       {"gold_standard", f.gold_standard},
                       {"solver_calls", c.solver_calls}};
  }
  return body;
}

json to_json(const Case& c) {
  const Envelope envelope{.format = std::string(kCaseFormat),
                          .game = std::string(kCaseGame),
                          .generator_version = c.generator_version,
                          .seed = c.seed,
                          .params = params_json({.cast = c.setup.cast, .budget = c.solver_budget, .theme = c.theme})};
  return wrap_document(envelope, case_body_json(c));
}

namespace {

// The story's three parts: each one line of 1..80 characters, as the case text prints it. The
// place may not be a room in play: "found in the library" would read as a clue about the room.
Story read_story(const Setup& setup, const json& value) {
  if (!value.is_object()) jr::fail("story", "expected an object");
  const auto part = [&](std::string_view key) {
    const std::string where = jr::at("story", key);
    std::string text = jr::text(jr::field(value, key, "story"), where);
    if (text.empty() || text.size() > 80 || text.find_first_of("\r\n") != std::string::npos)
      jr::fail(where, "expected one line of 1..80 characters");
    return text;
  };
  Story story{.victim = part("victim"), .place = part("place"), .time = part("time")};
  for (const Category& category : setup.categories)
    for (const ValueCount& room : category.values)
      if (category.role == Role::Place && (story.place == room.name || story.place == "the " + room.name))
        jr::fail("story.place", "'" + story.place + "' is a room in play: the body's place would read as a clue");
  return story;
}

}  // namespace

CaseFile case_from_body(const Envelope& envelope, const json& body) {
  CaseFile file{
      .seed = envelope.seed, .params = params_from_json(envelope.params), .content = {}, .has_figures = false};
  Case& c = file.content;
  c.seed = envelope.seed;
  c.generator_version = envelope.generator_version;
  c.solver_budget = file.params.budget;
  c.theme = file.params.theme;
  if (!body.is_object()) jr::fail("body", "expected an object");
  c.setup = read_setup(file.params.cast, jr::field(body, "setup", "body"), "setup");
  const Setup& setup = c.setup;

  const json& clues = any_array(jr::field(body, "clues", "body"), "clues");
  for (std::size_t i = 0; i < clues.size(); ++i) c.clues.push_back(read_clue(setup, clues[i], jr::at("clues", i)));

  const json& question = jr::field(body, "question", "body");
  c.question_prose = jr::text(jr::field(question, "prose", "question"), "question.prose");
  c.question.description = read_traits(setup, jr::field(question, "murderer", "question"), "question.murderer");
  if (c.question.description.empty()) jr::fail("question.murderer", "names no trait");

  if (const json* story = jr::optional_field(body, "story", "body")) c.story = read_story(setup, *story);

  // The claims: each may be left out (a designer's case states none; verify re-proves them all).
  if (const json* solution = jr::optional_field(body, "solution", "body")) c.solution = read_solution(setup, *solution);
  if (const json* answer = jr::optional_field(body, "answer", "body"))
    c.question.murderer = portrait_index(setup, *answer, "answer");
  if (const json* figures = jr::optional_field(body, "figures", "body")) {
    read_figures(*figures, c);
    file.has_figures = true;
  }
  return file;
}

CaseFile case_from_json(const json& json) {
  const Envelope expected{.format = std::string(kCaseFormat),
                          .game = std::string(kCaseGame),
                          .generator_version = generator_version(),
                          .seed = {},
                          .params = {}};
  const OpenedDocument opened = open_document(json, expected, kCaseWhat);
  return case_from_body(opened.envelope, opened.body);
}

}  // namespace proven::whodunnit

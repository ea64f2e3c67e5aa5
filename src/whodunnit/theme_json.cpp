// Theme files: reading (every mistake one line naming its place), writing, and the digest.
#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {

namespace jr = proven::json_read;

namespace {

constexpr std::size_t kMaxListed = 64;  // per list: a theme is read by people, not generated
constexpr std::size_t kMaxName = 32, kMaxStoryLine = 80;
constexpr std::size_t kMaxPhraseAlternatives = 8, kMaxPhraseLength = 60;
constexpr std::array<std::string_view, 4> kDrawNames = {"distinct", "families", "mostly-distinct", "groups"};

void only_keys(const nlohmann::json& object, std::initializer_list<std::string_view> keys, const std::string& where) {
  if (!object.is_object()) jr::fail(where, "expected an object");
  for (const auto& [key, value] : object.items())
    if (std::ranges::find(keys, key) == keys.end())
      jr::fail(where, fmt::format("unknown key \"{}\" (expected {})", key, fmt::join(keys, ", ")));
}

// A suspect's name as the grammar can say it and read it back: ASCII letters, single spaces,
// hyphens and apostrophes, starting with a letter.
bool speakable_name(std::string_view name) {
  if (name.empty() || name.size() > kMaxName || !std::isalpha(static_cast<unsigned char>(name.front()))) return false;
  if (name.back() == ' ' || name.find("  ") != std::string_view::npos) return false;
  return std::ranges::all_of(
      name, [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == ' ' || c == '-' || c == '\''; });
}

// A category's name is a JSON key of every clue's markup and a word of the grid and the prose.
bool plain_category_name(std::string_view name) {
  return !name.empty() && name.size() <= 20 && std::islower(static_cast<unsigned char>(name.front())) &&
         std::ranges::all_of(name, [](char c) { return std::islower(static_cast<unsigned char>(c)) || c == '-'; });
}

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The fewest values a list needs: enough for a cast of 8 (every theme serves casts 4..8; a
// longer list serves larger casts, up to largest_cast).
constexpr int kEveryThemeCast = 8;
std::size_t min_values(Draw draw) { return values_needed(draw, kEveryThemeCast); }

std::optional<Draw> draw_from_role(Role role) {
  switch (role) {
    case Role::GivenName:
      return Draw::Distinct;
    case Role::Family:
      return Draw::Families;
    case Role::Honorific:
      return Draw::MostlyDistinct;
    case Role::Place:
      return Draw::Groups;
    default:
      return std::nullopt;  // a plain trait says how it is drawn
  }
}

std::vector<std::string> name_list(const nlohmann::json& list_json, std::size_t min, const std::string& here) {
  const nlohmann::json& list = jr::array(list_json, min, kMaxListed, here);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string name = jr::text(list[i], jr::at(here, i));
    if (!speakable_name(name))
      jr::fail(jr::at(here, i), fmt::format("\"{}\" is not a name the prose can use (1 to {} ASCII letters, single "
                                            "spaces, hyphens or apostrophes, starting with a letter)",
                                            name, kMaxName));
    if (std::ranges::find(out, name) != out.end())
      jr::fail(jr::at(here, i), fmt::format("\"{}\" is listed twice", name));
    out.push_back(std::move(name));
  }
  return out;
}

std::vector<std::string> story_list(const nlohmann::json& story, std::string_view key, const std::string& where) {
  const std::string here = jr::at(where, key);
  const nlohmann::json& list = jr::array(jr::field(story, key, where), 1, kMaxListed, here);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string line = jr::text(list[i], jr::at(here, i));
    const bool printable = std::ranges::all_of(line, [](char c) { return c >= 0x20 && c < 0x7f; });
    if (line.empty() || line.size() > kMaxStoryLine || !printable || line.front() == ' ' || line.back() == ' ')
      jr::fail(jr::at(here, i),
               fmt::format("expected 1 to {} printable ASCII characters, no leading or trailing space", kMaxStoryLine));
    out.push_back(std::move(line));
  }
  return out;
}

// Every form a clue may need says something for every count the draw makes (1, and 2 or more
// unless each suspect has their own value): a plain trait gives all of them; another role may
// give some and keeps its own wording for the rest. was_in and where are a place's alone.
void check_phrases(const ThemeCategory& category, const std::string& where) {
  const std::string here = jr::at(where, "phrases");
  for (const std::string_view form : phrase_forms()) {
    const bool place_only = form == "was_in" || form == "where";
    const auto it = category.phrases.find(form);
    if (it == category.phrases.end()) {
      if (category.role == Role::Trait && !place_only)
        jr::fail(here, fmt::format("a trait gives its own \"{}\" (every form but was_in and where)", form));
      continue;
    }
    if (place_only && category.role != Role::Place)
      jr::fail(jr::at(here, form), "only a place says where a suspect was");
    std::vector<int> counts = {1};
    if (category.draw != Draw::Distinct && form != "the_one") counts.push_back(2);
    for (const int count : counts)
      if (std::ranges::none_of(it->second, [&](const std::string& alt) { return phrase_applies(alt, count); }))
        jr::fail(jr::at(here, form),
                 fmt::format("no alternative for a value {} suspect{} hold{}", count == 1 ? "one" : "several",
                             count == 1 ? "" : "s", count == 1 ? "s" : ""));
  }
}

ThemeCategory category_from_json(const nlohmann::json& json, const std::string& where) {
  only_keys(json, {"name", "role", "draw", "values", "phrases"}, where);
  ThemeCategory category;
  category.name = jr::text(jr::field(json, "name", where), jr::at(where, "name"));
  if (!plain_category_name(category.name) || category.name == "portrait")
    jr::fail(jr::at(where, "name"), "expected 1 to 20 lowercase letters or hyphens, not \"portrait\"");
  category.role = role_implied_by(category.name);
  if (const nlohmann::json* role = jr::optional_field(json, "role", where))
    category.role = role_from_json(*role, jr::at(where, "role"));
  const std::optional<Draw> by_role = draw_from_role(category.role);
  if (const nlohmann::json* draw = jr::optional_field(json, "draw", where)) {
    category.draw = static_cast<Draw>(jr::name_index(*draw, kDrawNames, jr::at(where, "draw")));
  } else if (by_role) {
    category.draw = *by_role;
  } else {
    jr::fail(where, "a trait says how it is drawn: \"draw\" is distinct, families, mostly-distinct or groups");
  }
  if (category.role == Role::GivenName && category.draw != Draw::Distinct)
    jr::fail(jr::at(where, "draw"), "a given name is each suspect's own: draw \"distinct\"");
  category.values = name_list(jr::field(json, "values", where), min_values(category.draw), jr::at(where, "values"));
  if (const nlohmann::json* phrases = jr::optional_field(json, "phrases", where))
    category.phrases = phrases_from_json(*phrases, jr::at(where, "phrases"));
  check_phrases(category, where);
  return category;
}

// The first format: four lists under "names", the country house's categories.
std::vector<ThemeCategory> categories_v1(const nlohmann::json& json, const std::string& where) {
  const std::string names_at = jr::at(where, "names");
  const nlohmann::json& names = jr::field(json, "names", where);
  only_keys(names, {"forename", "surname", "title", "room"}, names_at);
  std::vector<ThemeCategory> categories;
  for (const std::string_view key : {"forename", "surname", "title", "room"}) {
    ThemeCategory category{.name = std::string(key), .role = role_implied_by(key), .values = {}};
    category.draw = *draw_from_role(category.role);
    category.values = name_list(jr::field(names, key, names_at), min_values(category.draw), jr::at(names_at, key));
    categories.push_back(std::move(category));
  }
  return categories;
}

std::vector<ThemeCategory> categories_v2(const nlohmann::json& json, const std::string& where) {
  const std::string here = jr::at(where, "categories");
  const nlohmann::json& list =
      jr::array(jr::field(json, "categories", where), kMinTraitCategories, kMaxTraitCategories, here);
  std::vector<ThemeCategory> categories;
  std::set<Role> roles;
  for (std::size_t i = 0; i < list.size(); ++i) {
    ThemeCategory category = category_from_json(list[i], jr::at(here, i));
    for (const ThemeCategory& earlier : categories)
      if (earlier.name == category.name) jr::fail(jr::at(jr::at(here, i), "name"), "a second category of that name");
    if (category.role != Role::Trait && !roles.insert(category.role).second)
      jr::fail(jr::at(jr::at(here, i), "role"),
               fmt::format("a second {} (one category per role; any number of traits)", role_name(category.role)));
    categories.push_back(std::move(category));
  }
  if (!roles.contains(Role::GivenName))
    jr::fail(here, "no given-name category: every suspect needs a name to be called by");
  return categories;
}

// One name, one meaning: "Major" as a title and a surname would make a clue read two ways.
void check_names_distinct(const Theme& theme, const std::string& where) {
  std::set<std::string> seen;
  for (std::size_t c = 0; c < theme.categories.size(); ++c)
    for (std::size_t i = 0; i < theme.categories[c].values.size(); ++i)
      if (!seen.insert(lower(theme.categories[c].values[i])).second)
        jr::fail(jr::at(jr::at(jr::at(jr::at(where, "categories"), c), "values"), i),
                 fmt::format("\"{}\" is also a name of another kind", theme.categories[c].values[i]));
}

// The story is flavour and must not read as a clue: no place names a room, and no word of a
// victim's name is a word of a suspect's name.
void check_story(const Theme& theme, const std::string& where) {
  std::set<std::string> suspect_words;
  for (const ThemeCategory& category : theme.categories) {
    if (category.role == Role::Place)
      for (std::size_t i = 0; i < theme.places.size(); ++i)
        for (const std::string& room : category.values)
          if (lower(theme.places[i]).find(lower(room)) != std::string::npos)
            jr::fail(jr::at(jr::at(where, "story.places"), i),
                     fmt::format("\"{}\" names the {} \"{}\": the body's place must not look like a clue",
                                 theme.places[i], category.name, room));
    if (category.role == Role::GivenName || category.role == Role::Family || category.role == Role::Honorific)
      for (const std::string& name : category.values) suspect_words.insert(lower(name));
  }
  for (std::size_t i = 0; i < theme.victims.size(); ++i) {
    std::string word;
    for (const char c : theme.victims[i] + " ") {
      if (std::isalpha(static_cast<unsigned char>(c)) || c == '-' || c == '\'') {
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        continue;
      }
      if (suspect_words.contains(word))
        jr::fail(jr::at(jr::at(where, "story.victims"), i),
                 fmt::format("\"{}\" shares the word \"{}\" with a suspect's name", theme.victims[i], word));
      word.clear();
    }
  }
}

}  // namespace

std::string_view draw_name(Draw draw) { return kDrawNames[static_cast<std::size_t>(draw)]; }

Role role_from_json(const nlohmann::json& value, const std::string& where) {
  const std::string name = jr::text(value, where);
  if (const std::optional<Role> role = role_from_name(name)) return *role;
  jr::fail(where, fmt::format("unknown role \"{}\" (expected given-name, family, honorific, place or trait)", name));
}

PhraseForms phrases_from_json(const nlohmann::json& value, const std::string& where) {
  if (!value.is_object()) jr::fail(where, "expected an object of form: [alternatives]");
  PhraseForms phrases;
  for (const auto& [form, list] : value.items()) {
    const std::string here = jr::at(where, form);
    if (std::ranges::find(phrase_forms(), form) == phrase_forms().end())
      jr::fail(here, fmt::format("unknown phrase form (expected one of {})", fmt::join(phrase_forms(), ", ")));
    const nlohmann::json& alternatives = jr::array(list, 1, kMaxPhraseAlternatives, here);
    std::vector<std::string>& out = phrases[form];
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      std::string alternative = jr::text(alternatives[i], jr::at(here, i));
      if (alternative.size() > kMaxPhraseLength)
        jr::fail(jr::at(here, i), fmt::format("longer than {} characters", kMaxPhraseLength));
      if (const std::string problem = phrase_problem(alternative); !problem.empty())
        jr::fail(jr::at(here, i), fmt::format("\"{}\": {}", alternative, problem));
      out.push_back(std::move(alternative));
    }
  }
  return phrases;
}

Theme theme_from_json(const nlohmann::json& json, const std::string& where) {
  const std::string format = jr::text(jr::field(json, "format", where), jr::at(where, "format"));
  const bool v1 = format == kThemeFormatV1;
  if (!v1 && format != kThemeFormat) jr::fail(jr::at(where, "format"), fmt::format("expected \"{}\"", kThemeFormat));
  only_keys(json, {"format", "name", "about", v1 ? "names" : "categories", "story"}, where);
  Theme theme;
  theme.name = jr::text(jr::field(json, "name", where), jr::at(where, "name"));
  const bool plain_name =
      !theme.name.empty() && theme.name.size() <= kMaxName && std::ranges::all_of(theme.name, [](char c) {
        return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
      });
  if (!plain_name) jr::fail(jr::at(where, "name"), "expected 1 to 32 lowercase letters, digits or hyphens");
  theme.about = jr::text(jr::field(json, "about", where), jr::at(where, "about"));
  if (theme.about.find_first_of("\r\n") != std::string::npos) jr::fail(jr::at(where, "about"), "expected one line");
  theme.categories = v1 ? categories_v1(json, where) : categories_v2(json, where);
  check_names_distinct(theme, where);

  const std::string story_at = jr::at(where, "story");
  const nlohmann::json& story = jr::field(json, "story", where);
  only_keys(story, {"victims", "places", "times"}, story_at);
  theme.victims = story_list(story, "victims", story_at);
  theme.places = story_list(story, "places", story_at);
  theme.times = story_list(story, "times", story_at);
  check_story(theme, where);
  return theme;
}

nlohmann::json to_json(const Theme& theme) {
  nlohmann::json categories = nlohmann::json::array();
  for (const ThemeCategory& category : theme.categories) {
    nlohmann::json entry = {{"name", category.name},
                            {"role", role_name(category.role)},
                            {"draw", draw_name(category.draw)},
                            {"values", category.values}};
    if (!category.phrases.empty()) entry["phrases"] = category.phrases;
    categories.push_back(std::move(entry));
  }
  return {{"format", std::string(kThemeFormat)},
          {"name", theme.name},
          {"about", theme.about},
          {"categories", std::move(categories)},
          {"story", {{"victims", theme.victims}, {"places", theme.places}, {"times", theme.times}}}};
}

Theme read_theme_file(const std::string& path) {
  const std::string text = read_file(path);
  // parse_json's hint for text speaks of case files; a theme is written by hand.
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && std::isalpha(static_cast<unsigned char>(text[first])))
    throw UserError(path + ": not JSON: a theme file is a JSON object (docs/whodunnit.md, \"Themes\")");
  const nlohmann::json json = parse_json(text, path);
  try {
    return theme_from_json(json, "theme");
  } catch (const UserError& e) {
    throw UserError(fmt::format("{}: {}", path, e.what()));  // "space.json: theme.categories[2]: ..."
  }
}

std::string theme_digest(const Theme& theme) {
  Digest digest;
  digest.add(to_json(theme).dump());
  return digest.hex();
}

}  // namespace proven::whodunnit

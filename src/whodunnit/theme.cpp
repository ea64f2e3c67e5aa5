#include "whodunnit/theme.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"

namespace proven::whodunnit {

std::string_view country_house_theme_text();  // generated from data/whodunnit/themes/country-house.json

namespace jr = proven::json_read;

namespace {

// How long a theme's lists must be: what the largest cast draws at most (themed_setup below).
constexpr std::size_t kMinForenames = kMaxCast, kMinSurnames = kMaxCast - 1, kMinTitles = kMaxCast, kMinRooms = 4;
constexpr std::size_t kMaxListed = 64;  // per list: a theme is read by people, not generated
constexpr std::size_t kMaxName = 32, kMaxStoryLine = 80;

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

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> name_list(const nlohmann::json& names, std::string_view key, std::size_t min,
                                   const std::string& where) {
  const std::string here = jr::at(where, key);
  const nlohmann::json& list = jr::array(jr::field(names, key, where), min, kMaxListed, here);
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

// The story is flavour and must not read as a clue: no place names a room, and no word of a
// victim's name is a suspect's name.
void check_story(const Theme& theme, const std::string& where) {
  for (std::size_t i = 0; i < theme.places.size(); ++i)
    for (const std::string& room : theme.rooms)
      if (lower(theme.places[i]).find(lower(room)) != std::string::npos)
        jr::fail(jr::at(jr::at(where, "story.places"), i),
                 fmt::format("\"{}\" names the room \"{}\": the body's place must not look like a clue",
                             theme.places[i], room));
  std::set<std::string> suspect_words;
  for (const auto* list : {&theme.forenames, &theme.surnames, &theme.titles})
    for (const std::string& name : *list) suspect_words.insert(lower(name));
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

// `distinct` names drawn from `names` (kept in list order, so the setup reads the same way every
// time), their counts 1 plus the cast's remainder spread one at a time, none above `cap`.
Category draw_category(std::string name, const std::vector<std::string>& names, int distinct, int cast, int cap,
                       Rng& rng) {
  std::vector<std::size_t> picked = rng.sample(at(distinct), names.size());
  std::ranges::sort(picked);
  std::vector<int> counts(at(distinct), 1);
  for (int extra = cast - distinct; extra > 0;) {
    const std::size_t v = rng.below(at(distinct));
    if (counts[v] >= cap) continue;
    ++counts[v];
    --extra;
  }
  Category category{.name = std::move(name), .values = {}};
  for (int v = 0; v < distinct; ++v) category.values.push_back({.name = names[picked[at(v)]], .count = counts[at(v)]});
  return category;
}

}  // namespace

Theme theme_from_json(const nlohmann::json& json, const std::string& where) {
  only_keys(json, {"format", "name", "about", "names", "story"}, where);
  if (jr::text(jr::field(json, "format", where), jr::at(where, "format")) != kThemeFormat)
    jr::fail(jr::at(where, "format"), fmt::format("expected \"{}\"", kThemeFormat));
  Theme theme;
  theme.name = jr::text(jr::field(json, "name", where), jr::at(where, "name"));
  const bool plain_name =
      !theme.name.empty() && theme.name.size() <= kMaxName && std::ranges::all_of(theme.name, [](char c) {
        return std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-';
      });
  if (!plain_name) jr::fail(jr::at(where, "name"), "expected 1 to 32 lowercase letters, digits or hyphens");
  theme.about = jr::text(jr::field(json, "about", where), jr::at(where, "about"));
  if (theme.about.find_first_of("\r\n") != std::string::npos) jr::fail(jr::at(where, "about"), "expected one line");

  const std::string names_at = jr::at(where, "names");
  const nlohmann::json& names = jr::field(json, "names", where);
  only_keys(names, {"forename", "surname", "title", "room"}, names_at);
  theme.forenames = name_list(names, "forename", kMinForenames, names_at);
  theme.surnames = name_list(names, "surname", kMinSurnames, names_at);
  theme.titles = name_list(names, "title", kMinTitles, names_at);
  theme.rooms = name_list(names, "room", kMinRooms, names_at);
  // One name, one meaning: "Major" as a title and a surname would make a clue read two ways.
  std::set<std::string> seen;
  for (const auto& [key, list] : {std::pair{"forename", &theme.forenames}, std::pair{"surname", &theme.surnames},
                                  std::pair{"title", &theme.titles}, std::pair{"room", &theme.rooms}})
    for (std::size_t i = 0; i < list->size(); ++i)
      if (!seen.insert(lower((*list)[i])).second)
        jr::fail(jr::at(jr::at(names_at, key), i), fmt::format("\"{}\" is also a name of another kind", (*list)[i]));

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
  return {
      {"format", std::string(kThemeFormat)},
      {"name", theme.name},
      {"about", theme.about},
      {"names",
       {{"forename", theme.forenames}, {"surname", theme.surnames}, {"title", theme.titles}, {"room", theme.rooms}}},
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
    throw UserError(fmt::format("{}: {}", path, e.what()));  // "space.json: theme.names.title[3]: ..."
  }
}

std::string theme_digest(const Theme& theme) {
  Digest digest;
  digest.add(to_json(theme).dump());
  return digest.hex();
}

const Theme& default_theme() {
  static const Theme theme = theme_from_json(parse_json(country_house_theme_text(), "country-house.json"),
                                             "data/whodunnit/themes/country-house.json");
  return theme;
}

Story themed_story(const Rng& rng, const Theme& theme) {
  Rng draws = rng;
  Story story;
  story.victim = draws.pick(theme.victims);
  story.place = draws.pick(theme.places);
  story.time = draws.pick(theme.times);
  return story;
}

Setup themed_setup(int cast, const Rng& rng, const Theme& theme) {
  if (cast < kMinCast || cast > kMaxCast)
    throw UserError(fmt::format("cast of {} suspects: must be {}..{}", cast, kMinCast, kMaxCast));
  Rng draws = rng.fork("theme");
  // Families: one or two repeated surnames (two Caines, perhaps three Vanes in a cast of 8).
  const int families = static_cast<int>(draws.uniform(cast - 3 + (cast <= 5 ? 1 : 0), cast - 1));
  // Titles: all distinct, or one pair (two Colonels).
  const int titles = static_cast<int>(draws.uniform(cast - 1, cast));
  // Rooms: two to four, never one suspect alone in every room.
  const int rooms = static_cast<int>(draws.uniform(2, std::min(4, cast - 2)));
  std::vector<Category> traits;
  traits.push_back(draw_category("forename", theme.forenames, cast, cast, 1, draws));
  traits.push_back(draw_category("surname", theme.surnames, families, cast, 3, draws));
  traits.push_back(draw_category("title", theme.titles, titles, cast, 2, draws));
  traits.push_back(draw_category("room", theme.rooms, rooms, cast, cast, draws));
  return make_setup(cast, std::move(traits));
}

}  // namespace proven::whodunnit

#include "whodunnit/theme.hpp"

#include <filesystem>
#include <optional>
#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/grammar.hpp"

namespace proven::whodunnit {
namespace {

TEST(WhodunnitTheme, SetupsAreValidThemedAndVaried) {
  for (int cast = kMinCast; cast <= kMaxCast; ++cast) {
    bool some_family = false;
    bool some_shared_room = false;
    std::set<std::string> first_forenames;
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      const proven::whodunnit::Setup s = themed_setup(cast, Rng::from_seed(seed));
      const std::string where = fmt::format("cast {} seed {}", cast, seed);
      ASSERT_EQ(s.cast, cast) << where;
      ASSERT_EQ(s.category_count(), 5) << where;
      EXPECT_EQ(s.categories[kForename].name, "forename");
      EXPECT_EQ(s.categories[kSurname].name, "surname");
      EXPECT_EQ(s.categories[kTitle].name, "title");
      EXPECT_EQ(s.categories[kRoom].name, "room");
      EXPECT_EQ(s.value_count(kForename), cast) << where;
      EXPECT_LT(s.value_count(kSurname), cast) << where;  // at least one family
      EXPECT_GE(s.value_count(kRoom), 2) << where;
      for (const ValueCount& v : s.categories[kSurname].values) some_family |= v.count > 1;
      for (const ValueCount& v : s.categories[kRoom].values) some_shared_room |= v.count > 1;
      first_forenames.insert(s.categories[kForename].values[0].name);
      // Names come from the theme.
      const Theme& theme = default_theme();
      const std::vector<std::string>& titles = theme.categories[kTitle - 1].values;
      for (const ValueCount& v : s.categories[kTitle].values)
        EXPECT_NE(std::ranges::find(titles, v.name), titles.end()) << v.name;
    }
    EXPECT_TRUE(some_family);
    EXPECT_TRUE(some_shared_room);
    EXPECT_GT(first_forenames.size(), 2u) << "the seed must vary the names";
  }
}

// The story is flavour, so it must not look like a clue: no place is a room of the lexicon, and
// no word of a victim's name is a suspect's forename, surname or title.
TEST(WhodunnitTheme, TheStoryNamesNoRoomAndNoSuspect) {
  const Theme& theme = default_theme();
  std::set<std::string> suspect_words;
  for (const int c : {kForename, kSurname, kTitle})
    for (const std::string& name : theme.categories[at(c - 1)].values) suspect_words.insert(name);
  for (const std::string& place : theme.places)
    for (const std::string& room : theme.categories[kRoom - 1].values)
      EXPECT_EQ(place.find(room), std::string::npos) << place;
  std::set<Story> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    const Story story = themed_story(Rng::from_seed(seed));
    std::string word;
    for (const char ch : story.victim + " ") {
      if (ch != ' ') {
        word += ch;
        continue;
      }
      EXPECT_FALSE(suspect_words.contains(word)) << story.victim;
      word.clear();
    }
    EXPECT_FALSE(story.place.empty());
    EXPECT_FALSE(story.time.empty());
    seen.insert(story);
  }
  EXPECT_GE(seen.size(), 100u) << "stories vary";
  EXPECT_EQ(themed_story(Rng::from_seed(7)), themed_story(Rng::from_seed(7)));
}

// The shipped theme is the data file, read back to the same JSON, and what it draws is pinned:
// moving the names from code to data changed no case (the bench signature holds too).
TEST(WhodunnitTheme, TheShippedThemeIsTheDataFileAndRoundTrips) {
  const nlohmann::json file = parse_json(read_file(PROVEN_DATA_DIR "/whodunnit/themes/country-house.json"), "file");
  EXPECT_EQ(to_json(default_theme()), file);
  EXPECT_EQ(theme_from_json(to_json(default_theme()), "again"), default_theme());
  EXPECT_EQ(default_theme().name, "country-house");
  EXPECT_EQ(default_theme().categories[kForename - 1].values.front(), "Abigail");
  EXPECT_EQ(default_theme().categories[kRoom - 1].values.size(), 8u);
}

// Every theme shipped in data/whodunnit/themes reads (the checks of theme_from_json), is named as
// its file, and makes determined mysteries for the smallest and largest casts.
TEST(WhodunnitTheme, EveryShippedThemeReadsAndMakesMysteries) {
  int themes = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PROVEN_DATA_DIR "/whodunnit/themes")) {
    const Theme theme = read_theme_file(entry.path().string());
    EXPECT_EQ(theme.name, entry.path().stem().string());
    for (const int cast : {kMinCast, kMaxCast}) {
      const Rng rng = Rng::from_key(theme.name).fork("cast", static_cast<std::uint64_t>(cast));
      const std::optional<Mystery> mystery =
          generate_mystery(themed_setup(cast, rng, theme), rng, {.solver_budget = 3000});
      ASSERT_TRUE(mystery.has_value()) << theme.name << " cast " << cast;
      EXPECT_FALSE(mystery->clues.empty());
      // The theme's own phrases read back to the clue's markup, like the built-in ones.
      for (const Clue& clue : mystery->clues)
        EXPECT_TRUE(std::ranges::any_of(
            parse(mystery->setup, clue.prose),
            [&](const Statement& reading) { return clue_of(mystery->setup, reading).bounds == clue.bounds; }))
            << theme.name << ": " << clue.prose;
    }
    ++themes;
  }
  EXPECT_GE(themes, 2) << "the country house and at least one more";
}

// The first format (four lists under "names") reads as the same theme.
TEST(WhodunnitTheme, TheFirstFormatStillReads) {
  nlohmann::json v1 = {{"format", "proven-whodunnit-theme/1"},
                       {"name", "country-house"},
                       {"about", default_theme().about},
                       {"names", nlohmann::json::object()},
                       {"story", to_json(default_theme())["story"]}};
  for (const ThemeCategory& category : default_theme().categories) v1["names"][category.name] = category.values;
  EXPECT_EQ(theme_from_json(v1, "v1"), default_theme());
  v1["categories"] = nlohmann::json::array();
  EXPECT_THROW((void)theme_from_json(v1, "v1"), UserError);  // one format at a time
}

// The second shipped theme differs in its categories, not only in names: no title or room, a
// calling, a deck (a place said "on the"), and a fifth category, a drink; cases say them so.
TEST(WhodunnitTheme, TheRiverboatHasItsOwnCategoriesAndWording) {
  const Theme theme = read_theme_file(PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json");
  std::vector<std::string> names;
  for (const ThemeCategory& category : theme.categories) names.push_back(category.name);
  EXPECT_EQ(names, (std::vector<std::string>{"forename", "surname", "calling", "deck", "drink"}));
  EXPECT_EQ(theme.categories[3].role, Role::Place);
  const proven::whodunnit::Setup setup = themed_setup(6, Rng::from_seed(3), theme);
  ASSERT_EQ(setup.category_count(), 6);
  EXPECT_EQ(phrase(setup, {.category = 4, .value = 0}, "where"), "on the " + setup.categories[4].values[0].name);
  EXPECT_EQ(phrase(setup, {.category = 5, .value = 0}, "is_not"),
            "did not drink " + setup.categories[5].values[0].name);
  const Rng rng = Rng::from_key("riverboat wording");
  const std::optional<Mystery> mystery = generate_mystery(setup, rng, {.solver_budget = 3000});
  ASSERT_TRUE(mystery.has_value());
  std::string prose;
  for (const Clue& clue : mystery->clues) prose += clue.prose + "\n";
  EXPECT_EQ(prose.find(" in the "), std::string::npos) << prose;  // no deck is "in"
  EXPECT_NE(mystery->question.find("full name (forename and surname)"), std::string::npos) << mystery->question;
}

// Any theme with the same shape draws its own names with the same draws: a setup of another
// theme is the default's with each name replaced by the one at the same place in its list.
TEST(WhodunnitTheme, AnotherThemeDrawsItsOwnNamesTheSameWay) {
  Theme other = default_theme();
  other.name = "renamed";
  for (std::string& name : other.categories[kForename - 1].values) name += "a";
  for (std::string& room : other.categories[kRoom - 1].values) room = "east " + room;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const proven::whodunnit::Setup mine = themed_setup(6, Rng::from_seed(seed), other);
    const proven::whodunnit::Setup base = themed_setup(6, Rng::from_seed(seed));
    ASSERT_EQ(mine.categories.size(), base.categories.size());
    for (std::size_t c = 1; c < base.categories.size(); ++c)
      for (std::size_t v = 0; v < base.categories[c].values.size(); ++v) {
        EXPECT_EQ(mine.categories[c].values[v].count, base.categories[c].values[v].count);
        const std::string& name = base.categories[c].values[v].name;
        EXPECT_EQ(mine.categories[c].values[v].name, c == kForename ? name + "a" : c == kRoom ? "east " + name : name);
      }
  }
}

// A malformed theme is one UserError that names the place.
TEST(WhodunnitTheme, MalformedThemesAreUserErrorsNamingThePlace) {
  const nlohmann::json good = to_json(default_theme());
  const auto error_of = [](const nlohmann::json& json) -> std::string {
    try {
      (void)theme_from_json(json, "t.json");
    } catch (const UserError& e) {
      return e.what();
    }
    return "accepted";
  };
  const auto with = [&](const std::string& pointer, const nlohmann::json& value) {
    nlohmann::json json = good;
    json[nlohmann::json::json_pointer(pointer)] = value;
    return error_of(json);
  };
  EXPECT_EQ(error_of(good), "accepted");
  EXPECT_EQ(with("/format", "proven-whodunnit-theme/9"), "t.json.format: expected \"proven-whodunnit-theme/2\"");
  EXPECT_EQ(with("/name", "Country House"), "t.json.name: expected 1 to 32 lowercase letters, digits or hyphens");
  EXPECT_EQ(
      with("/categories/2/values/3", "Dr. Who"),
      "t.json.categories[2].values[3]: \"Dr. Who\" is not a name the prose can use (1 to 32 ASCII letters, single "
      "spaces, hyphens or apostrophes, starting with a letter)");
  EXPECT_EQ(with("/categories/2/values/3", "Colonel"), "t.json.categories[2].values[3]: \"Colonel\" is listed twice");
  EXPECT_EQ(with("/categories/1/values/0", "Major"),
            "t.json.categories[2].values[5]: \"Major\" is also a name of another kind");
  EXPECT_EQ(with("/categories/3/values", {"library", "study", "ballroom"}),
            "t.json.categories[3].values: expected an array of 4 to 64");
  EXPECT_EQ(with("/categories/3/colour", {"red"}),
            "t.json.categories[3]: unknown key \"colour\" (expected name, role, draw, values, phrases)");
  EXPECT_EQ(with("/categories/3/role", "venue"),
            "t.json.categories[3].role: unknown role \"venue\" (expected given-name, family, honorific, place or "
            "trait)");
  EXPECT_EQ(with("/categories/2/role", "family"),
            "t.json.categories[2].role: a second family (one category per role; any number of traits)");
  EXPECT_EQ(with("/categories/0/role", "trait"),
            "t.json.categories[0].phrases: a trait gives its own \"is\" (every form but was_in and where)");
  EXPECT_EQ(with("/categories/0/draw", "groups"),
            "t.json.categories[0].draw: a given name is each suspect's own: draw \"distinct\"");
  EXPECT_EQ(with("/categories/1/draw", "pairs"), "t.json.categories[1].draw: unknown name \"pairs\"");
  EXPECT_EQ(with("/categories/1/name", "Family Name"),
            "t.json.categories[1].name: expected 1 to 20 lowercase letters or hyphens, not \"portrait\"");
  EXPECT_EQ(with("/categories/1/name", "forename"), "t.json.categories[1].name: a second category of that name");
  EXPECT_EQ(with("/categories/3/phrases", {{"where", {"at the {v}"}}, {"was_in", {"[.=1]was at the {v}"}}}),
            "t.json.categories[3].phrases.was_in: no alternative for a value several suspects hold");
  EXPECT_EQ(with("/categories/3/phrases", {{"where", {"at the <v>"}}}),
            "t.json.categories[3].phrases.where[0]: \"at the <v>\": '<' is not allowed in a phrase (printable ASCII, "
            "no < > ^ [ ] { } or quotes)");
  EXPECT_EQ(with("/categories/3/phrases", {{"where", {"at the {x}"}}}),
            "t.json.categories[3].phrases.where[0]: \"at the {x}\": a slot is {v} (the value), {a} (a or an before "
            "it), {p} (its plural) or {N} (its count as a word)");
  EXPECT_EQ(with("/categories/3/phrases", {{"where", {"somewhere"}}}),
            "t.json.categories[3].phrases.where[0]: \"somewhere\": names no value: a phrase says {v} or {p}");
  EXPECT_EQ(with("/categories/3/phrases", {{"whereabouts", {"at the {v}"}}}),
            "t.json.categories[3].phrases.whereabouts: unknown phrase form (expected one of is, is_not, are, they_not, "
            "be, am, am_not, noun, nouns, the_one, was_in, where)");
  EXPECT_EQ(with("/categories/2/phrases", {{"where", {"at the {v}"}}}),
            "t.json.categories[2].phrases.where: only a place says where a suspect was");
  EXPECT_EQ(with("/story/places/0", "the library steps"),
            "t.json.story.places[0]: \"the library steps\" names the room \"library\": the body's place must not look "
            "like a clue");
  EXPECT_EQ(with("/story/victims/0", "Lord Hugo"),
            "t.json.story.victims[0]: \"Lord Hugo\" shares the word \"hugo\" with a suspect's name");
  EXPECT_EQ(with("/story/times", nlohmann::json::array()), "t.json.story.times: expected an array of 1 to 64");
  EXPECT_EQ(with("/about", "two\nlines"), "t.json.about: expected one line");
  EXPECT_EQ(error_of(nlohmann::json::array()), "t.json: expected an object");
}

TEST(WhodunnitTheme, CastOutsideFourToTwelveIsAUserError) {
  EXPECT_THROW(themed_setup(3, Rng::from_seed(1)), UserError);
  EXPECT_THROW(themed_setup(13, Rng::from_seed(1)), UserError);
}

// Every theme serves casts 4..8; a larger cast needs longer lists, and a theme too short for a
// cast says which list and how far it goes.
TEST(WhodunnitTheme, ALargerCastNeedsLongerLists) {
  EXPECT_EQ(largest_cast(default_theme()), kMaxCast);
  EXPECT_EQ(largest_cast(read_theme_file(PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json")), kMaxCast);
  Theme short_titles = default_theme();
  short_titles.categories[kTitle - 1].values.resize(9);
  EXPECT_EQ(largest_cast(short_titles), 9);
  EXPECT_NO_THROW(themed_setup(9, Rng::from_seed(1), short_titles));
  try {
    (void)themed_setup(10, Rng::from_seed(1), short_titles);
    ADD_FAILURE() << "a cast of 10 from 9 titles";
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()),
              "theme 'country-house': a cast of 10 needs 10 values of title, and it lists 9 (casts up to 9)");
  }
  for (int cast = 9; cast <= kMaxCast; ++cast) {
    const proven::whodunnit::Setup s = themed_setup(cast, Rng::from_seed(2));
    EXPECT_EQ(s.value_count(kForename), cast);
    EXPECT_LE(s.value_count(kRoom), cast / 2);
  }
}

}  // namespace
}  // namespace proven::whodunnit

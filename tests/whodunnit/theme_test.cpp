#include "whodunnit/theme.hpp"

#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/errors.hpp"

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
      // Names come from the lexicon.
      const Lexicon& lex = bohemian_lexicon();
      for (const ValueCount& v : s.categories[kTitle].values)
        EXPECT_NE(std::ranges::find(lex.titles, v.name), lex.titles.end()) << v.name;
    }
    EXPECT_TRUE(some_family);
    EXPECT_TRUE(some_shared_room);
    EXPECT_GT(first_forenames.size(), 2u) << "the seed must vary the names";
  }
}

// The story is flavour, so it must not look like a clue: no place is a room of the lexicon, and
// no word of a victim's name is a suspect's forename, surname or title.
TEST(WhodunnitTheme, TheStoryNamesNoRoomAndNoSuspect) {
  const Lexicon& lexicon = bohemian_lexicon();
  std::set<std::string> suspect_words;
  for (const auto names : {lexicon.forenames, lexicon.surnames, lexicon.titles})
    for (const std::string_view name : names) suspect_words.insert(std::string(name));
  for (const std::string_view place : story_places())
    for (const std::string_view room : lexicon.rooms) EXPECT_EQ(place.find(room), std::string_view::npos) << place;
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

TEST(WhodunnitTheme, CastOutsideFourToEightIsAUserError) {
  EXPECT_THROW(themed_setup(3, Rng::from_seed(1)), UserError);
  EXPECT_THROW(themed_setup(9, Rng::from_seed(1)), UserError);
}

}  // namespace
}  // namespace proven::whodunnit

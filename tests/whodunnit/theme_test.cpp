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

TEST(WhodunnitTheme, CastOutsideFourToEightIsAUserError) {
  EXPECT_THROW(themed_setup(3, Rng::from_seed(1)), UserError);
  EXPECT_THROW(themed_setup(9, Rng::from_seed(1)), UserError);
}

}  // namespace
}  // namespace proven::whodunnit

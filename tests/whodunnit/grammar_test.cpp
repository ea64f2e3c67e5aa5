// Prose and markup cannot disagree: every sentence the grammar renders parses back (over the
// same productions) into readings whose markup is exactly the statement's, for every kind, on
// themed and generic setups, across many random draws.
#include "whodunnit/grammar.hpp"

#include <set>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "support/sanitized.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/clues.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {
namespace {

Term random_trait(Rng& rng, const proven::whodunnit::Setup& setup) {
  const int category = static_cast<int>(rng.uniform(1, setup.category_count() - 1));
  const int value = static_cast<int>(rng.below(at(setup.value_count(category))));
  return {.category = category, .value = value};
}

// A random statement of `kind` that the grammar can say in this setup, or nullopt after many
// tries (a kind the setup cannot express, such as a room kind without rooms).
std::optional<Statement> random_statement(Rng& rng, const proven::whodunnit::Setup& setup, Kind kind) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    Statement st{.kind = kind};
    const int s = static_cast<int>(rng.below(at(setup.cast)));
    if (is_eyewitness(kind)) {
      st.speaker = s;
    } else if (kind == Kind::Identity || kind == Kind::NotIdentity || kind == Kind::NotBoth) {
      st.subject = s;
    }
    st.first = random_trait(rng, setup);
    const bool pair = kind == Kind::NotBoth || kind == Kind::SamePerson || kind == Kind::Every ||
                      kind == Kind::NeverTogether || kind == Kind::Exactly || kind == Kind::AtMost ||
                      kind == Kind::AtLeast || kind == Kind::RoomNone || kind == Kind::RoomAll;
    if (pair) st.second = random_trait(rng, setup);
    if (kind == Kind::Exactly || kind == Kind::AtMost || kind == Kind::AtLeast)
      st.count = static_cast<int>(rng.uniform(1, setup.cast - 1));
    if (expressible(setup, st)) return st;
  }
  return std::nullopt;
}

proven::whodunnit::Setup generic_setup() {
  // Category names the theme does not know: the grammar's generic forms.
  return make_setup(5, {{.name = "c1", .values = {{"v0", 1}, {"v1", 1}, {"v2", 1}, {"v3", 2}}},
                        {.name = "c2", .values = {{"v0", 3}, {"v1", 2}}},
                        {.name = "c3", .values = {{"v0", 1}, {"v1", 1}, {"v2", 1}, {"v3", 1}, {"v4", 1}}},
                        {.name = "c4", .values = {{"v0", 2}, {"v1", 2}, {"v2", 1}}}});
}

// Renders `draws` sentences of a statement and checks each parses back to its markup only.
void expect_round_trip(const proven::whodunnit::Setup& setup, const Statement& st, Rng& rng, int draws,
                       std::set<std::string>& seen_prose) {
  const std::vector<Bound> want = markup(setup, st);
  for (int d = 0; d < draws; ++d) {
    const std::string prose = render(setup, st, rng);
    seen_prose.insert(prose);
    const std::vector<Statement> readings = parse(setup, prose);
    ASSERT_FALSE(readings.empty()) << "no reading of: " << prose;
    for (const Statement& r : readings)
      EXPECT_EQ(markup(setup, r), want) << "\"" << prose << "\" read as " << kind_name(r.kind) << ", wrote "
                                        << kind_name(st.kind);
  }
}

TEST(WhodunnitGrammar, EveryKindRoundTripsOnThemedSetups) {
  const Rng root = Rng::from_key("grammar-round-trip");
  std::vector<int> tested(at(kKindCount), 0);
  // Under sanitizers two setups per cast (60 statements per kind) walk the same code.
  const std::uint64_t setups = proven::testing::kSanitized ? 2 : 3;
  for (int cast = kMinCast; cast <= kMaxCast; ++cast)
    for (std::uint64_t seed = 0; seed < setups; ++seed) {
      const proven::whodunnit::Setup setup = themed_setup(cast, root.fork("setup", seed));
      Rng rng = root.fork(fmt::format("cast{}", cast), seed);
      for (int k = 0; k < kKindCount; ++k) {
        std::set<std::string> prose;
        for (int i = 0; i < 6; ++i) {
          const std::optional<Statement> st = random_statement(rng, setup, static_cast<Kind>(k));
          ASSERT_TRUE(st.has_value()) << kind_name(static_cast<Kind>(k)) << " inexpressible in a themed setup";
          expect_round_trip(setup, *st, rng, 3, prose);
          ++tested[at(k)];
        }
      }
    }
  for (int k = 0; k < kKindCount; ++k) EXPECT_GT(tested[at(k)], 50) << kind_name(static_cast<Kind>(k));
}

TEST(WhodunnitGrammar, GenericCategoriesRoundTripAndRoomKindsNeedARoom) {
  const proven::whodunnit::Setup setup = generic_setup();
  Rng rng = Rng::from_key("grammar-generic");
  for (int k = 0; k < kKindCount; ++k) {
    const Kind kind = static_cast<Kind>(k);
    const std::optional<Statement> st = random_statement(rng, setup, kind);
    if (kind == Kind::RoomNone || kind == Kind::RoomAll) {
      EXPECT_FALSE(st.has_value()) << kind_name(kind);
      continue;
    }
    ASSERT_TRUE(st.has_value()) << kind_name(kind);
    std::set<std::string> prose;
    for (int i = 0; i < 10; ++i) {
      const std::optional<Statement> each = random_statement(rng, setup, kind);
      ASSERT_TRUE(each.has_value());
      expect_round_trip(setup, *each, rng, 3, prose);
    }
  }
}

TEST(WhodunnitGrammar, KnownSentencesReadAsHandWrittenMarkup) {
  // small_setup: forenames Abigail Basil Cora Dorian; surnames Caine×2 Pryce Vane; titles Duke
  // Baroness Lady Sir; rooms library×2 study×2.
  const proven::whodunnit::Setup setup = test::small_setup();
  const auto only = [&](std::string_view sentence) {
    const std::vector<Statement> readings = parse(setup, sentence);
    EXPECT_FALSE(readings.empty()) << sentence;
    for (const Statement& r : readings) EXPECT_EQ(markup(setup, r), markup(setup, readings.front())) << sentence;
    return readings.empty() ? std::vector<Bound>{} : markup(setup, readings.front());
  };
  using test::portrait;
  using test::trait;
  // Suspect 3 (index 2) sits between suspects 2 and 4 (indices 1 and 3).
  EXPECT_EQ(only("Suspect 3 says: \"I sat beside no Duke.\""),
            (std::vector<Bound>{{.traits = {portrait(1), trait(3, 0)}, .min = 0, .max = 0},
                                {.traits = {portrait(3), trait(3, 0)}, .min = 0, .max = 0}}));
  EXPECT_EQ(only("Suspect 3 says: \"Abigail did not sit beside me.\""),
            (std::vector<Bound>{{.traits = {portrait(1), trait(1, 0)}, .min = 0, .max = 0},
                                {.traits = {portrait(3), trait(1, 0)}, .min = 0, .max = 0}}));
  // Suspect 1 sits beside the last portrait.
  EXPECT_EQ(only("Suspect 1: \"The person on my left was in the study.\""),
            (std::vector<Bound>{{.traits = {portrait(3), trait(4, 1)}, .min = 1, .max = 1}}));
  EXPECT_EQ(only("No more than one Caine was in the library."),
            (std::vector<Bound>{{.traits = {trait(2, 0), trait(4, 0)}, .min = 0, .max = 1}}));
  EXPECT_EQ(only("Both Caines were in the study."),
            (std::vector<Bound>{{.traits = {trait(2, 0)}, .min = 2, .max = 2},
                                {.traits = {trait(2, 0), trait(4, 1)}, .min = 2, .max = 2}}));
  EXPECT_EQ(only("Abigail is the Baroness."),
            (std::vector<Bound>{{.traits = {trait(1, 0)}, .min = 1, .max = 1},
                                {.traits = {trait(1, 0), trait(3, 1)}, .min = 1, .max = 1}}));
  EXPECT_EQ(only("If suspect 2 is a Caine, they were not in the library."),
            (std::vector<Bound>{{.traits = {portrait(1), trait(2, 0), trait(4, 0)}, .min = 0, .max = 0}}));
  EXPECT_EQ(only("Suspect 4 recalls: \"I was in the study, and no Caine was there.\""),
            (std::vector<Bound>{{.traits = {portrait(3), trait(4, 1)}, .min = 1, .max = 1},
                                {.traits = {trait(2, 0), trait(4, 1)}, .min = 0, .max = 0}}));
  // Not sentences of the grammar.
  EXPECT_TRUE(parse(setup, "Suspect 3 is a Duke").empty());     // no full stop
  EXPECT_TRUE(parse(setup, "Suspect 9 is the Duke.").empty());  // no such portrait
  EXPECT_TRUE(parse(setup, "Exactly one Caine were in the library.").empty());
  EXPECT_TRUE(parse(setup, "The Caine is the Duke.").empty());                // two Caines: no "the"
  EXPECT_TRUE(parse(setup, "No person called Abigail is a Caine.").empty());  // one Abigail: "Abigail is not"
}

TEST(WhodunnitGrammar, DrawsAreDeterministicAndVaried) {
  const proven::whodunnit::Setup setup = themed_setup(6, Rng::from_seed(3));
  const Statement st{.kind = Kind::NeverTogether,
                     .first = {.category = kSurname, .value = 0},
                     .second = {.category = kRoom, .value = 0}};
  ASSERT_TRUE(expressible(setup, st));
  std::set<std::string> variants;
  for (std::uint64_t i = 0; i < 40; ++i) {
    Rng a = Rng::from_seed(i);
    Rng b = Rng::from_seed(i);
    const std::string first = render(setup, st, a);
    EXPECT_EQ(first, render(setup, st, b));
    variants.insert(first);
  }
  EXPECT_GE(variants.size(), 3u);
}

TEST(WhodunnitGrammar, ClueCarriesKindSpeakerMarkupAndProse) {
  const proven::whodunnit::Setup setup = themed_setup(5, Rng::from_seed(8));
  Rng rng = Rng::from_seed(1);
  const Statement st{.kind = Kind::BesideBoth, .speaker = 4, .first = {.category = kRoom, .value = 0}};
  const Clue clue = make_clue(setup, st, rng);
  EXPECT_EQ(clue.kind, "beside_both");
  EXPECT_EQ(clue.speaker, 4);
  EXPECT_EQ(clue.bounds, beside_both(4, st.first, 5).bounds);
  const std::vector<Statement> readings = parse(setup, clue.prose);
  ASSERT_EQ(readings.size(), 1u) << clue.prose;
  EXPECT_EQ(readings[0].speaker, 4) << clue.prose;
  EXPECT_EQ(kind_from_name(clue.kind), Kind::BesideBoth);
  const std::string question = murder_question(setup, 0, Term{.category = kForename, .value = 0}, rng);
  EXPECT_NE(question.find(setup.categories[kForename].values[0].name), std::string::npos) << question;
  // Without a trait only the murderer holds, the question names their portrait.
  const std::string by_portrait = murder_question(setup, 2, std::nullopt, rng);
  EXPECT_NE(by_portrait.find(" 3"), std::string::npos) << by_portrait;
}

}  // namespace
}  // namespace proven::whodunnit

// Cases: made the same way from a seed, proven by their clues, the question naming one suspect;
// the file round trip, and malformed files named by their place.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/case_json.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/proof.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/stats.hpp"
#include "whodunnit/text.hpp"

namespace proven::whodunnit {
namespace {

// A small solver budget keeps the suite fast; the cases are as proven as with the default.
using test::kFast;

TEST(WhodunnitCase, TheCluesOfEveryCaseProveIt) {
  for (int cast = kMinCast; cast <= kMaxCast; ++cast) {
    for (const std::string seed : {"1", "2", "3", "4", "5", "6", "7", "8", "fog"}) {
      SCOPED_TRACE(seed + " cast " + std::to_string(cast));
      const Case c = make_case(seed, cast, kFast);
      ASSERT_TRUE(fits_setup(c.setup, c.solution));
      const Lattice lattice(c.setup);
      const std::vector<Clue> clues = clue_logic(c);
      EXPECT_TRUE(satisfies(c.solution, clues));
      Bounds bounds(lattice);
      bounds.restrict_all(setup_bounds(c.setup));
      for (const Clue& clue : clues) bounds.restrict_all(clue.bounds);
      bounds.propagate();
      ASSERT_TRUE(bounds.determined());
      EXPECT_EQ(bounds.assignment(), c.solution);

      // The question names exactly the murderer, by a trait only they hold (the setup says one
      // suspect has it) that its sentence uses, or by their portrait.
      ASSERT_GE(c.question.murderer, 0);
      ASSERT_EQ(c.question.description.size(), 1u);
      const Term named = c.question.description[0];
      EXPECT_EQ(c.solution[at(c.question.murderer)][at(named.category)], named.value);
      EXPECT_EQ(suspects_matching(c.solution, c.question.description), std::vector<int>{c.question.murderer});
      if (named.category != kPortrait) {
        EXPECT_EQ(c.setup.categories[at(named.category)].values[at(named.value)].count, 1);
        EXPECT_NE(c.question_prose.find(c.setup.categories[at(named.category)].values[at(named.value)].name),
                  std::string::npos)
            << c.question_prose;
      }
      EXPECT_EQ(c.solver_budget, kFast.solver_budget);

      // Every clue is in some suspect's account, grouped by teller; every suspect has one; a
      // first-person clue is its speaker's, and a fact is not told by a portrait it names.
      std::vector<int> told(at(cast), 0);
      for (std::size_t i = 0; i < c.clues.size(); ++i) {
        const CaseClue& clue = c.clues[i];
        ASSERT_GE(clue.teller, 0);
        ASSERT_LT(clue.teller, cast);
        ++told[at(clue.teller)];
        if (i > 0) {
          EXPECT_LE(c.clues[i - 1].teller, clue.teller);
        }
        if (clue.speaker >= 0) {
          EXPECT_EQ(clue.teller, clue.speaker);
        }
        // No one speaks of themselves in the third person: a fact is not told by a suspect it
        // names (by portrait or by a name they alone hold), and a speaker's remark about their
        // neighbours never uses the speaker's own unique name ("neither person beside me is the
        // Colonel", said by the Colonel). I am / I am not name the speaker on purpose; a room
        // clue's "no b was there" cannot be about a b the speaker is.
        const bool about_neighbours = clue.kind.starts_with("beside_") || clue.kind.starts_with("on_my_");
        if (clue.speaker < 0 || about_neighbours) {
          EXPECT_FALSE(suspects_named(c.setup, c.solution, clue)[at(clue.teller)])
              << "suspect " << clue.teller + 1 << " tells: " << clue.prose;
        }
      }
      EXPECT_EQ(std::ranges::count(told, 0), 0) << "a suspect without an account";

      const Figures f = figures(lattice, clues);
      EXPECT_EQ(c.figures.obviousness, f.obviousness);
      EXPECT_EQ(c.figures.initial_ambiguity, f.initial_ambiguity);
      for (const CaseClue& clue : c.clues) {
        EXPECT_FALSE(clue.prose.empty());
        EXPECT_TRUE(prose_matches_markup(c.setup, clue)) << clue.prose;
      }
    }
  }
  EXPECT_NE(json_text(to_json(make_case("1", 6, kFast))), json_text(to_json(make_case("2", 6, kFast))));
}

TEST(WhodunnitCase, ProseThatSaysSomethingElseIsCaught) {
  const Case c = make_case("prose", 6, kFast);
  int checked = 0;
  for (const CaseClue& clue : c.clues) {
    if (clue.kind == "markup") continue;
    CaseClue lie = clue;
    // Flip one bound: a yes becomes a no, a count of none becomes one.
    lie.bounds[0].min = lie.bounds[0].max = lie.bounds[0].max == 0 ? 1 : 0;
    EXPECT_FALSE(prose_matches_markup(c.setup, lie)) << clue.prose;
    CaseClue misspelt = lie;  // an unknown kind never passes (the reader refuses it first)
    misspelt.kind += " ";
    EXPECT_FALSE(prose_matches_markup(c.setup, misspelt)) << clue.prose;
    ++checked;
  }
  EXPECT_GT(checked, 5);
}

TEST(WhodunnitCase, TheQuestionIsCheckedLikeAClue) {
  for (const int cast : {5, 6, 7}) {
    SCOPED_TRACE(cast);
    const CaseFile file = case_from_json(to_json(make_case("question", cast, kFast)));
    ASSERT_TRUE(check_case(file).problems.empty());
    const Case& c = file.content;
    const auto question_problem = [](const CaseFile& f) {
      return std::ranges::count_if(check_case(f).problems, [](const CaseProblem& p) {
        return p.line().find("the question's prose does not name the murderer") != std::string::npos;
      });
    };
    // The stored description names someone else (by portrait) while the prose is unchanged.
    CaseFile other = file;
    other.content.question.description = {Term{.category = kPortrait, .value = (c.question.murderer + 1) % cast}};
    other.content.question.murderer = -1;
    EXPECT_EQ(question_problem(other), 1);
    // The prose names another value of the described category while the markup is unchanged.
    const Term named = c.question.description[0];
    if (named.category != kPortrait) {
      const auto& values = c.setup.categories[at(named.category)].values;
      const std::string& was = values[at(named.value)].name;
      const std::string& now = values[at((named.value + 1) % static_cast<int>(values.size()))].name;
      CaseFile lie = file;
      lie.content.question_prose.replace(lie.content.question_prose.find(was), was.size(), now);
      EXPECT_EQ(question_problem(lie), 1) << lie.content.question_prose;
    }
  }
}

TEST(WhodunnitCase, TheFileRoundTripsByteForByte) {
  for (const int cast : {4, 6, 8}) {
    Case c = make_case("round", cast, kFast);
    c.clues[0].speaker = c.clues[0].teller = 1;  // an eyewitness clue keeps its speaker
    const std::string text = json_text(to_json(c));
    const CaseFile file = case_from_json(parse_json(text, "case"));
    EXPECT_TRUE(file.has_figures);
    EXPECT_EQ(json_text(to_json(file.content)), text);
    const Case& back = file.content;
    EXPECT_EQ(back.solution, c.solution);
    EXPECT_EQ(back.question.murderer, c.question.murderer);
    EXPECT_EQ(back.question.description, c.question.description);
    ASSERT_EQ(back.clues.size(), c.clues.size());
    for (std::size_t i = 0; i < c.clues.size(); ++i) {
      EXPECT_EQ(back.clues[i].bounds, c.clues[i].bounds);
      EXPECT_EQ(back.clues[i].prose, c.clues[i].prose);
      EXPECT_EQ(back.clues[i].kind, c.clues[i].kind);
      EXPECT_EQ(back.clues[i].speaker, c.clues[i].speaker);
      EXPECT_EQ(back.clues[i].teller, c.clues[i].teller);
    }
    EXPECT_EQ(back.figures.clue_obviousness, c.figures.clue_obviousness);
    EXPECT_EQ(back.solver_calls, c.solver_calls);
  }
}

// A themed case holds its categories' roles and phrases in its setup, so it reads back, proves
// and says its prose from the file alone: the riverboat's deck is a place said "on the".
TEST(WhodunnitCase, AThemedCaseCarriesItsRolesAndPhrases) {
  const Theme riverboat = read_theme_file(PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json");
  const Case c = make_case("river", 5, {.solver_budget = kFast.solver_budget, .theme = &riverboat});
  const nlohmann::json json = to_json(c);
  const nlohmann::json& setup = json["body"]["setup"];
  EXPECT_FALSE(setup[0].contains("role")) << "forename implies given-name";
  EXPECT_EQ(setup[3]["category"], "deck");
  EXPECT_EQ(setup[3]["role"], "place");
  EXPECT_EQ(setup[3]["phrases"]["where"], nlohmann::json::array({"on the {v}"}));
  EXPECT_FALSE(setup[4].contains("role")) << "drink implies trait";
  const std::string text = json_text(json);
  const CaseFile back = case_from_json(parse_json(text, "case"));
  EXPECT_EQ(json_text(to_json(back.content)), text);
  EXPECT_EQ(back.content.setup.categories[4].role, Role::Place);
  for (const CaseClue& clue : back.content.clues) EXPECT_TRUE(prose_matches_markup(back.content.setup, clue));
  EXPECT_TRUE(check_case(back).problems.empty());
}

TEST(WhodunnitCase, TellersShareTheFactsEvenlyAndNeverNameThemselves) {
  const Case c = make_case("1", 4, kFast);
  const int forename = 1;  // every forename is held once
  ASSERT_EQ(c.setup.categories[forename].name, "forename");
  const auto fact = [&](int value, int portrait) {
    CaseClue clue{.bounds = {Bound{.traits = {Term{.category = forename, .value = value}}, .min = 1, .max = 1}}};
    if (portrait >= 0) clue.bounds[0].traits.push_back(Term{.category = kPortrait, .value = portrait});
    return clue;
  };
  std::vector<CaseClue> clues;
  for (int i = 0; i < 8; ++i) clues.push_back(fact(i % 4, i % 3 == 0 ? (i + 1) % 4 : -1));
  clues.push_back(fact(0, -1));
  clues.back().speaker = 2;  // suspect 3's first-person clue, in their account already
  clues.back().prose = "first person";
  assign_tellers(clues, c.setup, c.solution, proven::Rng::from_key("tellers"));
  std::vector<int> told(4, 0);
  for (const CaseClue& clue : clues) ++told[at(clue.teller)];
  EXPECT_LE(std::ranges::max(told) - std::ranges::min(told), 1) << "the accounts come out even";
  EXPECT_TRUE(std::ranges::is_sorted(clues, {}, &CaseClue::teller));
  for (const CaseClue& clue : clues) {
    if (clue.prose == "first person") {
      EXPECT_EQ(clue.teller, 2);
      continue;
    }
    const std::vector<bool> named = suspects_named(c.setup, c.solution, clue);
    EXPECT_FALSE(named[at(clue.teller)]) << "suspect " << clue.teller + 1 << " tells a fact that names them";
    // The forename is held once: its holder is named, and never tells it.
    const std::vector<int> holder = suspects_matching(c.solution, std::span(clue.bounds[0].traits.data(), 1));
    ASSERT_EQ(holder.size(), 1u);
    EXPECT_TRUE(named[at(holder[0])]);
    if (clue.bounds[0].traits.size() == 2) {
      EXPECT_TRUE(named[at(clue.bounds[0].traits[1].value)]);
    }
  }
}

TEST(WhodunnitCase, AFileMayLeaveOutItsClaims) {
  nlohmann::json json = to_json(make_case("1", 5, kFast));
  json["body"].erase("solution");
  json["body"].erase("answer");
  json["body"].erase("figures");
  json["params"].erase("budget");  // a designer's case was made by no generator budget
  ASSERT_TRUE(json["body"].contains("story"));
  json["body"].erase("story");  // nor need it tell a story: the text then starts at the suspects
  const CaseFile file = case_from_json(json);
  EXPECT_EQ(case_text(file.content).find("found dead"), std::string::npos);
  EXPECT_NE(case_text(make_case("1", 5, kFast)).find(" was found dead in "), std::string::npos);
  EXPECT_TRUE(file.content.solution.empty());
  EXPECT_EQ(file.content.question.murderer, -1);
  EXPECT_FALSE(file.has_figures);
  EXPECT_EQ(file.params.budget, 0);
  // Written back, the claims stay out.
  const nlohmann::json body = case_body_json(file.content, file.has_figures);
  EXPECT_EQ(body, json["body"]);
}

TEST(WhodunnitCase, AFileFromAnotherGeneratorVersionIsRefusedNamingBoth) {
  nlohmann::json json = to_json(make_case("1", 5, kFast));
  json["generator_version"] = "2.1";
  try {
    case_from_json(json);
    ADD_FAILURE() << "accepted a case of generator 2.1";
  } catch (const UserError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("version 2.1"), std::string::npos) << what;
    EXPECT_NE(what.find("version " + generator_version()), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

// The fuzz seeds and regression inputs are case files: made by another generator version, each
// would stop at the version check and no longer reach the path it was kept for. A version bump
// must re-make them (fuzz/make_corpus.py; a hand-made one gets the new version string).
TEST(WhodunnitCase, FuzzInputsCarryThisBuildsGeneratorVersion) {
  int files = 0;
  for (const char* dir :
       {PROVEN_FUZZ_DIR "/corpus/whodunnit_document", PROVEN_FUZZ_DIR "/regressions/whodunnit_document"})
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() != ".json") continue;
      ++files;
      const nlohmann::json json = nlohmann::json::parse(read_file(entry.path()));
      EXPECT_EQ(json.at("generator_version"), generator_version()) << entry.path();
    }
  EXPECT_GE(files, 6);
}

// Each breakage must be a UserError whose message names the place.
TEST(WhodunnitCase, MalformedFilesAreUserErrorsNamingThePlace) {
  const nlohmann::json good = to_json(make_case("1", 5, kFast));
  const std::vector<std::pair<std::function<void(nlohmann::json&)>, std::string>> breakages = {
      {[](auto& j) { j["format"] = "proven-whodunnit/1"; },
       "\"format\" is \"proven-whodunnit/1\", expected \"proven-whodunnit-case/2\""},
      {[](auto& j) { j["params"].erase("cast"); }, "params: missing \"cast\""},
      {[](auto& j) { j["params"]["cast"] = 13; }, "params.cast: expected a whole number from 4 to 12"},
      {[](auto& j) { j["params"]["budget"] = -1; }, "params.budget: expected a whole number from 0"},
      {[](auto& j) { j["body"].erase("setup"); }, "body: missing \"setup\""},
      {[](auto& j) { j["body"]["setup"][1]["values"][0]["count"] = 5; }, "setup: category 'surname'"},
      {[](auto& j) { j["body"]["clues"][0]["markup"][0]["traits"]["colour"] = "red"; }, "unknown category 'colour'"},
      {[](auto& j) { j["body"]["clues"][2]["markup"][0]["traits"]["forename"] = "Zed"; },
       "clues[2].markup[0].traits.forename: 'Zed' is not a forename in play"},
      {[](auto& j) {
         const auto name = [&](int category) { return j["body"]["setup"][category]["values"][0]["name"]; };
         j["body"]["clues"][1]["markup"][0]["traits"] = {{"forename", name(0)}, {"title", name(2)}, {"room", name(3)}};
       },
       "three or more trait categories"},
      {[](auto& j) { j["body"]["clues"][1]["markup"][0]["max"] = 6; },
       "clues[1].markup[0].max: expected a whole number from 0 to 5"},
      {[](auto& j) { j["body"]["clues"][1]["markup"] = nlohmann::json::array(); }, "a clue needs at least one bound"},
      {[](auto& j) { j["body"]["clues"][3].erase("prose"); }, "clues[3]: missing \"prose\""},
      {[](auto& j) { j["body"]["story"].erase("time"); }, "story: missing \"time\""},
      {[](auto& j) { j["body"]["story"]["victim"] = "Lord\nAshcombe"; },
       "story.victim: expected one line of 1..80 characters"},
      {[](nlohmann::json& j) {
         j["body"]["story"]["place"] = "the " + j["body"]["setup"][3]["values"][0]["name"].get<std::string>();
       },
       "is a room in play: the body's place would read as a clue"},
      {[](auto& j) { j["body"]["setup"][3]["role"] = "venue"; }, "setup[3].role: unknown role \"venue\""},
      {[](auto& j) { j["body"]["setup"][2]["role"] = "place"; }, "setup: category 'room': a second place"},
      {[](auto& j) {
         j["body"]["setup"][3]["phrases"] = {{"where", {"at the <v>"}}};
       },
       "setup[3].phrases.where[0]: \"at the <v>\": '<' is not allowed"},
      {[](auto& j) {
         j["body"]["setup"][3]["phrases"] = {{"here", {"at the {v}"}}};
       },
       "setup[3].phrases.here: unknown phrase form"},
      // A misspelt kind would switch the prose check off: refused (a designer's clue says "markup").
      {[](auto& j) { j["body"]["clues"][3]["kind"] = "same_person "; },
       "clues[3].kind: unknown clue kind 'same_person '"},
      {[](auto& j) { j["body"]["clues"][3]["speaker"] = "9"; }, "clues[3].speaker: '9' is not a portrait in play"},
      {[](auto& j) { j["body"]["clues"][3]["teller"] = "0"; }, "clues[3].teller: '0' is not a portrait in play"},
      {[](auto& j) {
         j["body"]["clues"][0]["speaker"] = "1";
         j["body"]["clues"][0]["teller"] = "2";
       },
       "clues[0].teller: a first-person account is told by its speaker"},
      {[](auto& j) { j["body"]["question"]["murderer"] = nlohmann::json::object(); },
       "question.murderer: names no trait"},
      {[](auto& j) { j["body"]["solution"][0]["portrait"] = "2"; }, "solution: does not fit the setup"},
      {[](auto& j) { j["body"]["answer"] = 3; }, "answer: expected a string"},
      {[](auto& j) { j["body"]["figures"]["gold_standard"] = 1; }, "figures.gold_standard: expected true or false"},
      {[](auto& j) { j["body"]["figures"]["obviousness"] = 2.5; }, "figures.obviousness: expected a whole number"},
  };
  for (const auto& [breakage, expected] : breakages) {
    nlohmann::json broken = good;
    breakage(broken);
    try {
      case_from_json(broken);
      ADD_FAILURE() << "accepted: " << expected;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

TEST(WhodunnitText, FactsReadAsSentences) {
  const whodunnit::Setup setup = test::small_setup();  // forename, surname (Caine x2), title, room
  EXPECT_EQ(predicate(setup, test::trait(1, 0), true), "is called Abigail");
  EXPECT_EQ(predicate(setup, test::trait(2, 0), false), "is not a Caine");
  EXPECT_EQ(predicate(setup, test::trait(3, 0), true), "is the Duke");
  EXPECT_EQ(predicate(setup, test::trait(4, 1), false), "was not in the study");
  // A theme's own wording: the riverboat's deck and drink.
  const whodunnit::Setup boat =
      themed_setup(5, Rng::from_seed(1), read_theme_file(PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json"));
  const std::string& deck = boat.categories[4].values[0].name;
  EXPECT_EQ(predicate(boat, test::trait(4, 0), true), "was on the " + deck);
  EXPECT_EQ(predicate(boat, test::trait(5, 0), false), "did not drink " + boat.categories[5].values[0].name);
}

TEST(WhodunnitStats, PhrasesAndSpreads) {
  const whodunnit::Setup setup = test::small_setup();
  const CaseClue clue{.bounds = {{.traits = {test::portrait(2), test::trait(2, 0)}, .min = 1, .max = 1}},
                      .kind = "identity",
                      .prose = "Portrait 3 is a Caine, not one of the Caines' guests."};
  EXPECT_EQ(phrase_of(setup, clue), "Portrait {portrait} is a {surname}, not one of the {surname}s' guests.");
  const Spread s = spread_of({5, 1, 4, 2, 3, 10, 9, 8, 7, 6});
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.median, 5);
  EXPECT_EQ(s.p90, 9);
  EXPECT_EQ(s.max, 10);
  EXPECT_DOUBLE_EQ(s.mean, 5.5);
}

}  // namespace
}  // namespace proven::whodunnit

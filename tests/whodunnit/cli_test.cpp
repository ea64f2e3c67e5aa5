// End to end: the real `proven whodunnit` commands, their exit codes, messages and files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/io.hpp"
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"
#include "whodunnit/statement.hpp"

namespace {

using proven::testing::run_proven;

class WhodunnitCli : public proven::testing::ScratchDirTest {
 protected:
  std::string write(const std::string& name, const nlohmann::json& json) {
    proven::write_file_atomic(path(name), proven::json_text(json));
    return path(name);
  }
};

// Stdout and stderr are merged: one line, the error, means nothing else was printed.
bool one_line(const std::string& out) {
  return out.rfind("proven: ", 0) == 0 && std::ranges::count(out, '\n') == 1 && out.back() == '\n';
}

bool has(const std::string& out, const std::string& what) { return out.find(what) != std::string::npos; }

// The generic generate writes the case file (JSON in the envelope) and reports on stderr; show
// prints the case as the player reads it.
TEST_F(WhodunnitCli, GenerateWritesTheFileAndShowPrintsTheCase) {
  auto r = run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000 --out " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "what the generator turned down")) << r.out;
  EXPECT_TRUE(has(r.out, "\naccepted ")) << r.out;
  const auto json = proven::read_json_file(path("case.json"));
  EXPECT_EQ(json["format"], "proven-whodunnit-case/2");
  EXPECT_EQ(json["game"], "whodunnit");
  EXPECT_EQ(json["generator_version"], "8.3");
  EXPECT_EQ(json["params"]["cast"], 5);
  EXPECT_EQ(json["params"]["budget"], 3000);
  // The seed is the case: the same bytes again, other bytes for another seed.
  ASSERT_EQ(run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000 --out " + path("again.json")).code, 0);
  EXPECT_EQ(proven::read_file(path("again.json")), proven::read_file(path("case.json")));
  ASSERT_EQ(run_proven("whodunnit generate --seed 12 --cast 5 --budget 3000 --out " + path("other.json")).code, 0);
  EXPECT_NE(proven::read_file(path("other.json")), proven::read_file(path("case.json")));

  r = run_proven("whodunnit show " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string& text = r.out;
  EXPECT_TRUE(has(text, "The suspects are numbered 1 to 5")) << text;
  EXPECT_TRUE(has(text, "Names in play")) << text;
  // What assign_tellers promises is said where the accounts begin (case_test checks it holds).
  EXPECT_TRUE(has(text, "speaks of themselves only as \"I\", never by\ntheir number or by a name only they have"))
      << text;
  EXPECT_TRUE(has(text, "\nQuestion: ")) << text;
  // The text lists every clue of the file, numbered, under its teller's heading: a fact's prose
  // in quotes, a first-person clue's quoted words (its prose names the speaker).
  const auto& clues = json["body"]["clues"];
  for (std::size_t i = 0; i < clues.size(); ++i) {
    const auto& clue = clues[i];
    const std::string prose = clue["prose"].get<std::string>();
    const std::string words = clue["speaker"].is_null() ? "\"" + prose + "\"" : prose.substr(prose.find('"'));
    const std::size_t line = text.find(std::to_string(i + 1) + ". " + words + "\n");
    ASSERT_NE(line, std::string::npos) << i << ": " << words << "\n" << text;
    const std::size_t heading = text.rfind("  Suspect ", line);
    ASSERT_NE(heading, std::string::npos) << i;
    EXPECT_EQ(text.substr(heading, text.find('\n', heading) - heading),
              "  Suspect " + clue["teller"].get<std::string>() + ":")
        << i;
  }
  EXPECT_EQ(run_proven("whodunnit verify " + path("case.json")).code, 0);

  // The seating is stated in the text and drawn by --svg: a seat per suspect, nothing else.
  EXPECT_TRUE(has(text, "Seating: the suspects sat round one table in number order")) << text;
  EXPECT_TRUE(has(text, "(left: 5) <-- 1 --> (right: 2)")) << text;
  r = run_proven("whodunnit show " + path("case.json") + " --svg " + path("seating.svg"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "picture: " + path("seating.svg"))) << r.out;
  const std::string svg = proven::read_file(path("seating.svg"));
  for (int s = 1; s <= 5; ++s) EXPECT_TRUE(has(svg, "data-seat=\"" + std::to_string(s) + "\"")) << svg;
  EXPECT_FALSE(has(svg, "data-seat=\"6\"")) << svg;
}

TEST_F(WhodunnitCli, SolveExplainAndHint) {
  ASSERT_EQ(run_proven("whodunnit generate --seed 4 --cast 5 --budget 3000 --out " + path("case.json")).code, 0);
  const auto json = proven::read_json_file(path("case.json"))["body"];
  const std::string answer = "Answer: suspect " + json["answer"].get<std::string>() + " (";

  auto r = run_proven("whodunnit solve " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "determined by its clues alone")) << r.out;
  EXPECT_TRUE(has(r.out, answer)) << r.out;

  // The case as `show` prints it is not the file solve reads, and solve says so in one line.
  r = run_proven("whodunnit show " + path("case.json") + " > " + path("case.txt"));
  ASSERT_EQ(r.code, 0) << r.out;
  r = run_proven("whodunnit solve " + path("case.txt"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(has(r.out, "case.txt: this is text, not JSON (it begins 'Whodunnit, seed '4'")) << r.out;
  EXPECT_TRUE(has(r.out, "commands read the JSON file that `generate --out` writes, not the text `show` prints"))
      << r.out;
  EXPECT_EQ(std::ranges::count(r.out, '\n'), 1) << r.out;

  r = run_proven("whodunnit solve " + path("case.json") + " --explain");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Step 1. ")) << r.out;
  EXPECT_TRUE(has(r.out, "Every identity is fixed after ")) << r.out;
  EXPECT_TRUE(has(r.out, answer)) << r.out;

  r = run_proven("whodunnit solve " + path("case.json") + " --hint");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.rfind("Hint: ", 0), 0u) << r.out;
  EXPECT_FALSE(has(r.out, "Answer")) << r.out;

  // A true known fact is fine; a false one is ruled out (1); a malformed one is a user error (2).
  const auto& first = json["solution"][0];
  r = run_proven("whodunnit solve " + path("case.json") + " --hint --known 1=" + first["forename"].get<std::string>());
  EXPECT_EQ(r.code, 0) << r.out;
  const auto& second = json["solution"][1];
  r = run_proven("whodunnit solve " + path("case.json") +
                 " --hint --known 1=forename:" + second["forename"].get<std::string>());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "the clues rule this out")) << r.out;
  r = run_proven("whodunnit solve " + path("case.json") + " --hint --known 9=Abigail");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out)) << r.out;
  EXPECT_EQ(run_proven("whodunnit solve " + path("case.json") + " --hint --explain").code, 2);
}

TEST_F(WhodunnitCli, MalformedContradictoryAndUndeterminedFiles) {
  ASSERT_EQ(run_proven("whodunnit generate --seed 9 --cast 5 --budget 3000 --out " + path("case.json")).code, 0);
  const auto whole_file = proven::read_json_file(path("case.json"));
  // Breakages are made in the body; in_file puts it back in the envelope.
  const auto good = whole_file["body"];
  const auto in_file = [&](const nlohmann::json& body) {
    auto whole = whole_file;
    whole["body"] = body;
    return whole;
  };

  // Malformed: exit 2, one line naming the file, nothing else.
  proven::write_file_atomic(path("cut.json"), proven::read_file(path("case.json")).substr(0, 200));
  for (const std::string& file : {path("cut.json"), path("missing.json")}) {
    const auto r = run_proven("whodunnit solve " + file + " --explain");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_TRUE(one_line(r.out) && has(r.out, file)) << r.out;
  }
  auto broken = good;
  broken["clues"][0]["markup"][0]["traits"]["room"] = "attic";
  auto r = run_proven("whodunnit solve " + write("attic.json", in_file(broken)));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "attic.json: clues[0].markup[0].traits.room: 'attic'")) << r.out;

  // Contradictory: a clue denying portrait 1's true forename. Exit 2, one line.
  auto contradictory = good;
  contradictory["clues"].push_back(
      {{"kind", "markup"},  // a kind the grammar does not check
       {"prose", "Portrait 1 is not who they are."},
       {"speaker", nullptr},
       {"markup",
        {{{"traits", {{"portrait", "1"}, {"forename", good["solution"][0]["forename"]}}}, {"min", 0}, {"max", 0}}}}});
  const std::string bad = write("contradictory.json", in_file(contradictory));
  const std::string contradiction = "consistent: clue " + std::to_string(contradictory["clues"].size()) +
                                    " cannot hold together with the setup and the clues before it";
  r = run_proven("whodunnit solve " + bad + " --explain");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, contradiction)) << r.out;
  // verify names the same promise (exit 1: a broken promise, not an unreadable file).
  r = run_proven("whodunnit verify " + bad);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, contradiction)) << r.out;

  // Prose that says something other than its markup: exit 2.
  auto misprose = good;
  auto& bound = misprose["clues"][0]["markup"][0];
  bound["min"] = bound["max"] = bound["max"].get<int>() == 0 ? 1 : 0;
  r = run_proven("whodunnit solve " + write("misprose.json", in_file(misprose)));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "prose: clue 1's prose does not say what its markup says")) << r.out;

  // Undetermined: only the first two clues. Exit 1, one line.
  auto undetermined = good;
  undetermined["clues"] = {good["clues"][0], good["clues"][1]};
  undetermined.erase("figures");
  const std::string open = write("undetermined.json", in_file(undetermined));
  r = run_proven("whodunnit solve " + open);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "determined: the clues fix ")) << r.out;
  r = run_proven("whodunnit solve " + open + " --hint");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out)) << r.out;

  // A stated solution or answer the clues do not give is a broken promise (exit 1).
  auto wrong = good;
  std::swap(wrong["solution"][0]["forename"], wrong["solution"][1]["forename"]);
  r = run_proven("whodunnit solve " + write("wrong.json", in_file(wrong)));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "solution: the stated solution is not the one the clues determine"))
      << r.out;
  auto wrong_figures = good;
  wrong_figures["figures"]["obviousness"] = good["figures"]["obviousness"].get<int>() + 1;
  EXPECT_EQ(run_proven("whodunnit solve " + write("figures.json", in_file(wrong_figures))).code, 1);
  r = run_proven("whodunnit verify " + path("figures.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "figures: the stated figures are not the data's")) << r.out;
}

TEST_F(WhodunnitCli, TheDefaultBudgetIsTheGeneratorsAndIsRecorded) {
  auto r = run_proven("whodunnit generate --seed 2 --cast 4 --out " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  const auto json = proven::read_json_file(path("case.json"));
  const std::int64_t budget = json["params"]["budget"].get<std::int64_t>();
  EXPECT_GT(budget, 3000);
  r = run_proven("whodunnit generate --seed 2 --cast 4 --budget " + std::to_string(budget) + " --out " +
                 path("spelled.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  // The default, spelled out, is the same case.
  EXPECT_EQ(proven::read_file(path("spelled.json")), proven::read_file(path("case.json")));
  EXPECT_EQ(run_proven("whodunnit solve " + path("case.json")).code, 0);
}

TEST_F(WhodunnitCli, BadArgumentsLeaveNoFileBehind) {
  for (const std::string args :
       {"--cast 13", "--cast 3", "--cast six", "--budget -1", "--budget 100000001", "--format json"}) {
    const auto r = run_proven("whodunnit generate " + args + " --out " + path("x.json"));
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_FALSE(std::filesystem::exists(path("x.json"))) << args;
  }
  EXPECT_EQ(run_proven("whodunnit stats --cast 5 --budget 3000").code, 2);
}

// --seeds takes the one grammar of every game (core/seeds.hpp): A, A..B and comma lists, and
// refuses the same things with one line.
TEST_F(WhodunnitCli, StatsSeedsTakeTheOneGrammar) {
  const auto single = run_proven("whodunnit stats --seeds 3 --cast 4 --budget 500 --jobs 1");
  ASSERT_EQ(single.code, 0) << single.out;
  EXPECT_TRUE(has(single.out, "seeds 3, cast 4, 1 cases")) << single.out;
  const auto list = run_proven("whodunnit stats --seeds 3,5..6 --cast 4 --budget 500 --jobs 1");
  ASSERT_EQ(list.code, 0) << list.out;
  EXPECT_TRUE(has(list.out, "seeds 3,5..6, cast 4, 3 cases")) << list.out;
  for (const std::string bad : {"5..3", "a..b", "1..", "3,3", "1..2x", "1 2"}) {
    const auto r = run_proven("whodunnit stats --seeds '" + bad + "' --cast 4 --budget 500");
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    EXPECT_TRUE(one_line(r.out) && has(r.out, "--seeds '" + bad + "'")) << bad << ": " << r.out;
  }
}

// Standard output is the same bytes for any --jobs and --chunk (the timing line is on stderr),
// and ends with a digest over every case file the report made.
TEST_F(WhodunnitCli, StatsAreTheSameForAnyJobsOrChunks) {
  const std::string stats = "whodunnit stats --seeds 1..12 --cast 4 --budget 2000";
  const auto one = run_proven(stats + " --jobs 1", false);
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_TRUE(has(one.out, "12 cases")) << one.out;
  EXPECT_TRUE(has(one.out, "gold standard")) << one.out;
  EXPECT_TRUE(has(one.out, "clue kinds")) << one.out;
  // Every documented kind is listed, used or not, and the variety goals are checked (twelve
  // cases of 4 cannot use all 17 kinds, so here they are not met).
  for (int k = 0; k < proven::whodunnit::kKindCount; ++k) {
    const std::string_view kind = proven::whodunnit::kind_name(static_cast<proven::whodunnit::Kind>(k));
    EXPECT_TRUE(has(one.out, fmt::format("%  {}\n", kind))) << kind;
  }
  EXPECT_TRUE(has(one.out, "\nvariety: not met (goal: every kind between 2% and 20% of the clues)")) << one.out;
  EXPECT_TRUE(has(one.out, "0.0%  room_all\n") == has(one.out, "room_all 0.0%")) << one.out;
  EXPECT_TRUE(has(one.out, "phrases (")) << one.out;
  EXPECT_TRUE(has(one.out, "\ndigest ")) << one.out;
  EXPECT_FALSE(has(one.out, " s\n")) << "no timing on stdout: " << one.out;
  EXPECT_EQ(run_proven(stats + " --jobs 2", false).out, one.out);
  EXPECT_EQ(run_proven(stats + " --jobs 3 --chunk 5", false).out, one.out);
  EXPECT_EQ(run_proven(stats + " --chunk 1", false).out, one.out);
  EXPECT_NE(run_proven("whodunnit stats --seeds 1..11 --cast 4 --budget 2000", false).out.substr(one.out.size() - 17),
            one.out.substr(one.out.size() - 17))
      << "another range, another digest";
}

// --theme draws another theme's names and story; the case file carries the theme whole (so
// the seed and params remake it byte for byte), verifies, and reads as that theme. A theme file
// that is malformed, or missing, is one line naming it, exit 2, and no case is written.
TEST_F(WhodunnitCli, GenerateTakesAThemeFile) {
  const std::string riverboat = PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json";
  const std::string make = "whodunnit generate --seed 3 --cast 5 --budget 3000 --theme " + riverboat + " --out ";
  ASSERT_EQ(run_proven(make + path("boat.json")).code, 0);
  const auto json = proven::read_json_file(path("boat.json"));
  EXPECT_EQ(json["params"]["theme"]["name"], "riverboat");
  EXPECT_EQ(json["params"]["theme"], proven::read_json_file(riverboat));
  ASSERT_EQ(run_proven(make + path("again.json")).code, 0);
  EXPECT_EQ(proven::read_file(path("again.json")), proven::read_file(path("boat.json")));
  EXPECT_EQ(run_proven("whodunnit verify " + path("boat.json")).code, 0);
  const auto shown = run_proven("whodunnit show " + path("boat.json"));
  ASSERT_EQ(shown.code, 0) << shown.out;
  EXPECT_TRUE(has(shown.out, "Names in play")) << shown.out;
  EXPECT_FALSE(has(shown.out, "Basil") || has(shown.out, "library") || has(shown.out, "Colonel Mustard")) << shown.out;
  // Its own categories, said its own way.
  EXPECT_TRUE(has(shown.out, "  deck: ") && has(shown.out, "  drink: ") && has(shown.out, "(forename and surname)?"))
      << shown.out;
  // The shipped default is the country house: no theme in the file.
  ASSERT_EQ(run_proven("whodunnit generate --seed 3 --cast 5 --budget 3000 --out " + path("house.json")).code, 0);
  EXPECT_FALSE(proven::read_json_file(path("house.json"))["params"].contains("theme"));

  nlohmann::json broken = proven::read_json_file(riverboat);
  broken["categories"][3]["values"][2] = "hurricane deck";
  const auto bad = run_proven("whodunnit generate --seed 3 --cast 5 --theme " + write("bad.json", broken) + " --out " +
                              path("none.json"));
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_TRUE(one_line(bad.out) &&
              has(bad.out, "bad.json: theme.categories[3].values[2]: \"hurricane deck\" is listed twice"))
      << bad.out;
  const auto missing =
      run_proven("whodunnit generate --seed 3 --theme " + path("nowhere.json") + " --out " + path("none.json"));
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_TRUE(one_line(missing.out) && has(missing.out, "nowhere.json")) << missing.out;
  proven::write_file_atomic(path("words.json"), "names: Abner, Beulah\n");
  const auto words = run_proven("whodunnit generate --seed 3 --theme " + path("words.json"));
  EXPECT_EQ(words.code, 2) << words.out;
  EXPECT_TRUE(one_line(words.out) && has(words.out, "words.json: not JSON: a theme file is a JSON object"))
      << words.out;
  EXPECT_FALSE(std::filesystem::exists(path("none.json")));
}

// stats draws from --theme too (it was once accepted and ignored): the header names the theme,
// the digest is over the themed case files, and a checkpoint of another theme is refused.
TEST_F(WhodunnitCli, StatsTakeTheThemeFile) {
  const std::string stats = "whodunnit stats --seeds 1..3 --cast 4 --budget 2000";
  const std::string theme = std::string(" --theme ") + PROVEN_DATA_DIR "/whodunnit/themes/riverboat.json";
  const auto plain = run_proven(stats, false);
  const auto themed = run_proven(stats + theme + " --checkpoint " + path("boat.ckpt"), false);
  ASSERT_EQ(themed.code, 0) << themed.out;
  EXPECT_TRUE(has(themed.out, "solver budget 2000, theme riverboat)\n")) << themed.out;
  EXPECT_NE(themed.out.substr(themed.out.size() - 17), plain.out.substr(plain.out.size() - 17)) << "another digest";
  const auto mixed = run_proven(stats + " --resume " + path("boat.ckpt"));
  EXPECT_EQ(mixed.code, 2) << mixed.out;
  EXPECT_TRUE(one_line(mixed.out) && has(mixed.out, "a checkpoint of another run")) << mixed.out;
}

// A checkpointed report cut after its first chunks resumes to the same bytes.
TEST_F(WhodunnitCli, StatsResumeFromTheirCheckpoint) {
  const std::string stats = "whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --chunk 4";
  const std::string file = path("stats.ckpt");
  const auto whole = run_proven(stats + " --checkpoint " + file, false);
  ASSERT_EQ(whole.code, 0) << whole.out;
  std::vector<std::string> lines;
  {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  ASSERT_EQ(lines.size(), 4u);  // the header and 3 chunks
  proven::write_file_atomic(file, lines[0] + "\n" + lines[1] + "\n");
  const auto resumed = run_proven("whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --resume " + file);
  ASSERT_EQ(resumed.code, 0) << resumed.out;
  EXPECT_TRUE(has(resumed.out, "1 chunk(s) of 4 seeds read from")) << "the chunk size is the checkpoint's";
  EXPECT_EQ(run_proven("whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --resume " + file, false).out, whole.out);
  const auto other = run_proven("whodunnit stats --seeds 1..12 --cast 5 --budget 2000 --resume " + file);
  EXPECT_EQ(other.code, 2) << "a checkpoint of cast 4 is refused for cast 5: " << other.out;
  EXPECT_TRUE(has(other.out, "a checkpoint of another run")) << other.out;
}

// `play` replays moves: exit 0 when the accusation is right, 1 when wrong or never made, 2 for
// an illegal or unreadable move (one line naming it).
TEST_F(WhodunnitCli, PlayExitsZeroOneOrTwo) {
  ASSERT_EQ(run_proven("whodunnit generate --seed 5 --cast 4 --budget 2000 --out " + path("case.json")).code, 0);
  const auto body = proven::read_json_file(path("case.json"))["body"];
  const int murderer = std::stoi(body["answer"].get<std::string>());
  const int innocent = murderer % 4 + 1;
  const std::string forename = body["solution"][0]["forename"].get<std::string>();

  auto r = run_proven("whodunnit play " + path("case.json") + " --moves 'mark 1 forename " + forename +
                      " yes; accuse " + std::to_string(murderer) + "'");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Case solved.")) << r.out;
  EXPECT_TRUE(has(r.out, "won: ")) << r.out;

  r = run_proven("whodunnit play " + path("case.json") + " --moves 'accuse " + std::to_string(innocent) + "'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "Case lost.")) << r.out;

  r = run_proven("whodunnit play " + path("case.json") + " --moves 'mark 1 " + forename + " yes'");
  EXPECT_EQ(r.code, 1) << r.out;  // unfinished: no accusation

  // "hint" is the terminal's word for the solver's next step: it takes no move.
  r = run_proven("whodunnit play " + path("case.json") + " --moves 'hint'");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(has(r.out, "> hint\n")) << r.out;
  EXPECT_TRUE(has(r.out, "0 marks")) << r.out;

  // The transcript so far, then one line naming the move.
  r = run_proven("whodunnit play " + path("case.json") + " --moves 'mark 1 " + forename + " yes; mark 9 " + forename +
                 " yes'");
  EXPECT_EQ(r.code, 2) << r.out;
  const std::string last = r.out.substr(r.out.rfind('\n', r.out.size() - 2) + 1);
  EXPECT_EQ(last, "proven: mark 9 " + forename +
                      " yes: '9' is not a suspect number (1..4) "
                      "(moves: mark 3 forename Hugo yes|no, clear 3 forename Hugo, accuse 5)\n")
      << r.out;
}

}  // namespace

// End to end: the real `proven whodunnit` commands, their exit codes, messages and files.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/io.hpp"
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"

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

TEST_F(WhodunnitCli, GenerateShowsTheCaseAndWritesTheFile) {
  auto r = run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "Portraits: 1, 2, 3, 4, 5.")) << r.out;
  EXPECT_TRUE(has(r.out, "Names in play")) << r.out;
  EXPECT_TRUE(has(r.out, "\nQuestion: ")) << r.out;
  EXPECT_EQ(run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000").out, r.out);  // the seed is the case
  EXPECT_NE(run_proven("whodunnit generate --seed 12 --cast 5 --budget 3000").out, r.out);

  r = run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000 --format json --out " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  const auto json = proven::read_json_file(path("case.json"));
  EXPECT_EQ(json["format"], "proven-whodunnit/1");
  EXPECT_EQ(json["cast"], 5);
  // The text lists every clue of the file, numbered, under its teller's heading: a fact's prose
  // in quotes, a first-person clue's quoted words (its prose names the speaker).
  const std::string text = run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000").out;
  for (std::size_t i = 0; i < json["clues"].size(); ++i) {
    const auto& clue = json["clues"][i];
    const std::string prose = clue["prose"].get<std::string>();
    const std::string words = clue["speaker"].is_null() ? "\"" + prose + "\"" : prose.substr(prose.find('"'));
    const std::size_t line = text.find(std::to_string(i + 1) + ". " + words + "\n");
    ASSERT_NE(line, std::string::npos) << i << ": " << words << "\n" << text;
    const std::size_t heading = text.rfind("  Suspect ", line);
    ASSERT_NE(heading, std::string::npos) << i;
    EXPECT_EQ(text.substr(heading, text.find('\n', heading) - heading), "  Suspect " + clue["teller"].get<std::string>() + ":")
        << i;
  }
  EXPECT_EQ(run_proven("whodunnit generate --seed 11 --cast 5 --budget 3000 --format json").out, proven::read_file(path("case.json")));
}

TEST_F(WhodunnitCli, SolveExplainAndHint) {
  ASSERT_EQ(run_proven("whodunnit generate --seed 4 --cast 5 --budget 3000 --format json --out " + path("case.json")).code, 0);
  const auto json = proven::read_json_file(path("case.json"));
  const std::string answer = "Answer: portrait " + json["answer"].get<std::string>() + " (";

  auto r = run_proven("whodunnit solve " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_TRUE(has(r.out, "determined by its clues alone")) << r.out;
  EXPECT_TRUE(has(r.out, answer)) << r.out;

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
  r = run_proven("whodunnit solve " + path("case.json") + " --hint --known 1=forename:" + second["forename"].get<std::string>());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "the clues rule this out")) << r.out;
  r = run_proven("whodunnit solve " + path("case.json") + " --hint --known 9=Abigail");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out)) << r.out;
  EXPECT_EQ(run_proven("whodunnit solve " + path("case.json") + " --hint --explain").code, 2);
}

TEST_F(WhodunnitCli, MalformedContradictoryAndUndeterminedFiles) {
  ASSERT_EQ(run_proven("whodunnit generate --seed 9 --cast 5 --budget 3000 --format json --out " + path("case.json")).code, 0);
  const auto good = proven::read_json_file(path("case.json"));

  // Malformed: exit 2, one line naming the file, nothing else.
  proven::write_file_atomic(path("cut.json"), proven::read_file(path("case.json")).substr(0, 200));
  for (const std::string& file : {path("cut.json"), path("missing.json")}) {
    const auto r = run_proven("whodunnit solve " + file + " --explain");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_TRUE(one_line(r.out) && has(r.out, file)) << r.out;
  }
  auto broken = good;
  broken["clues"][0]["markup"][0]["traits"]["room"] = "attic";
  auto r = run_proven("whodunnit solve " + write("attic.json", broken));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "attic.json: clues[0].markup[0].traits.room: 'attic'")) << r.out;

  // Contradictory: a clue denying portrait 1's true forename. Exit 2, one line.
  auto contradictory = good;
  contradictory["clues"].push_back({{"kind", "markup"},  // a kind the grammar does not check
                                    {"prose", "Portrait 1 is not who they are."},
                                    {"speaker", nullptr},
                                    {"markup", {{{"traits", {{"portrait", "1"}, {"forename", good["solution"][0]["forename"]}}},
                                                 {"min", 0},
                                                 {"max", 0}}}}});
  const std::string bad = write("contradictory.json", contradictory);
  r = run_proven("whodunnit solve " + bad + " --explain");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "contradictory: clue " + std::to_string(contradictory["clues"].size()) +
                                              " cannot hold together with the setup and clues before it"))
      << r.out;

  // Prose that says something other than its markup: exit 2.
  auto misprose = good;
  auto& bound = misprose["clues"][0]["markup"][0];
  bound["min"] = bound["max"] = bound["max"].get<int>() == 0 ? 1 : 0;
  r = run_proven("whodunnit solve " + write("misprose.json", misprose));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "clue 1's prose does not say what its markup says")) << r.out;

  // Undetermined: only the first two clues. Exit 1, one line.
  auto undetermined = good;
  undetermined["clues"] = {good["clues"][0], good["clues"][1]};
  undetermined.erase("figures");
  const std::string open = write("undetermined.json", undetermined);
  r = run_proven("whodunnit solve " + open);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "undetermined: the clues fix ")) << r.out;
  r = run_proven("whodunnit solve " + open + " --hint");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out)) << r.out;

  // A stated solution or answer the clues do not give is a broken promise (exit 1).
  auto wrong = good;
  std::swap(wrong["solution"][0]["forename"], wrong["solution"][1]["forename"]);
  r = run_proven("whodunnit solve " + write("wrong.json", wrong));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_TRUE(one_line(r.out) && has(r.out, "the stated solution is not the one the clues determine")) << r.out;
  auto wrong_figures = good;
  wrong_figures["figures"]["obviousness"] = good["figures"]["obviousness"].get<int>() + 1;
  EXPECT_EQ(run_proven("whodunnit solve " + write("figures.json", wrong_figures)).code, 1);
}

TEST_F(WhodunnitCli, TheDefaultBudgetIsTheGeneratorsAndIsRecorded) {
  auto r = run_proven("whodunnit generate --seed 2 --cast 4 --format json --out " + path("case.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  const auto json = proven::read_json_file(path("case.json"));
  EXPECT_GT(json["solver_budget"].get<std::int64_t>(), 3000);
  r = run_proven("whodunnit generate --seed 2 --cast 4 --format json --budget " +
                 std::to_string(json["solver_budget"].get<std::int64_t>()));
  EXPECT_EQ(r.out, proven::read_file(path("case.json")));  // the default, spelled out, is the same case
  EXPECT_EQ(run_proven("whodunnit solve " + path("case.json")).code, 0);
}

TEST_F(WhodunnitCli, BadArgumentsLeaveNoFileBehind) {
  for (const std::string args : {"--cast 9", "--cast 3", "--format yaml", "--cast six", "--budget -1"}) {
    const auto r = run_proven("whodunnit generate " + args + " --out " + path("x.json"));
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_FALSE(std::filesystem::exists(path("x.json"))) << args;
  }
  EXPECT_EQ(run_proven("whodunnit stats --seeds 5..3 --cast 5 --budget 3000").code, 2);
  EXPECT_EQ(run_proven("whodunnit stats --cast 5 --budget 3000").code, 2);
}

TEST_F(WhodunnitCli, StatsAreTheSameForAnyJobs) {
  const auto one = run_proven("whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --jobs 1");
  ASSERT_EQ(one.code, 0) << one.out;
  EXPECT_TRUE(has(one.out, "12 cases")) << one.out;
  EXPECT_TRUE(has(one.out, "gold standard")) << one.out;
  EXPECT_TRUE(has(one.out, "clue kinds")) << one.out;
  EXPECT_TRUE(has(one.out, "phrases (")) << one.out;
  EXPECT_EQ(run_proven("whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --jobs 2").out, one.out);
  EXPECT_EQ(run_proven("whodunnit stats --seeds 1..12 --cast 4 --budget 2000 --jobs 3").out, one.out);
}

}  // namespace

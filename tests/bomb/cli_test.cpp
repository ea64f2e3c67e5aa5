// End-to-end tests of `proven bomb ...`: exit codes, one-line errors, output.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/run_proven.hpp"
#include "support/sanitized.hpp"
#include "support/scratch_dir.hpp"

namespace {

using proven::testing::run_proven;

using BombCli = proven::testing::ScratchDirTest;

TEST_F(BombCli, BadSeedsAreOneLineErrorsWithExitTwo) {
  for (const std::string args :
       {"bomb manual --seed 0", "bomb manual --seed 1000000", "bomb manual --seed=-3", "bomb manual --seed abc",
        "bomb manual --seed ''", "bomb deal --seed 1 --bomb-seed 0", "bomb deal --seed 1 --bomb-seed x",
        "bomb deal --seed 1 --bomb-seed 5 --modules 15", "bomb check --seeds 5..2", "bomb check --seeds 0..3",
        "bomb manual --seed 1 --format pdf", "bomb check --seeds 2..3 --chunk 0",
        "bomb check --seeds 2..3 --checkpoint a --resume b", "bomb check --seeds 2..3 --resume /no/such/file",
        "bomb check --seeds 2..3 --checkpoint /no/such/dir/x", "bomb deal --bomb-seed 5 --modules 3 --needy 3",
        "bomb deal --bomb-seed 5 --time 0:10", "bomb autoplay --bomb-seed 5 --strikes 10"}) {
    const auto r = run_proven(args);
    EXPECT_EQ(r.code, 2) << args << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << ": " << r.out;
  }
  EXPECT_NE(run_proven("bomb manual --seed abc").out.find("rule seed must be a whole number from 1 to 999999"),
            std::string::npos);
}

TEST_F(BombCli, ManualJsonIsTheRuleBookWithItsFingerprint) {
  const auto r = run_proven("bomb manual --seed 9 --out " + path("rules.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(path("rules.json"));
  const auto j = nlohmann::json::parse(in);
  EXPECT_EQ(j["format"], "proven-bomb-rules/2");
  EXPECT_EQ(j["game"], "bomb");
  EXPECT_EQ(j["seed"], "9");
  EXPECT_EQ(j["params"], nlohmann::json::object());
  EXPECT_EQ(j["body"]["modules"].size(), 14u);
  EXPECT_EQ(j["body"]["fingerprint"].get<std::string>().size(), 9u);
  // The same file as `generate`, and `verify` holds it.
  ASSERT_EQ(run_proven("bomb generate --seed 9 --out " + path("generated.json")).code, 0);
  std::ifstream generated(path("generated.json"));
  EXPECT_EQ(nlohmann::json::parse(generated), j);
  EXPECT_EQ(run_proven("bomb verify " + path("rules.json")).code, 0);
}

TEST_F(BombCli, ManualMarkdownIsWrittenToAFile) {
  const auto r = run_proven("bomb manual --seed 1 --format md --out " + path("manual.md"));
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(path("manual.md"));
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "# proven bomb manual · manual 1 (standard)");
}

TEST_F(BombCli, DealShowsTheSameFingerprintAsTheManual) {
  const auto manual = nlohmann::json::parse(run_proven("bomb manual --seed 9").out);
  const auto r = run_proven("bomb deal --seed 9 --bomb-seed 31 --modules 6 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto bomb = nlohmann::json::parse(r.out);
  EXPECT_EQ(bomb["fingerprint"], manual["body"]["fingerprint"]);
  EXPECT_EQ(bomb["modules"].size(), 6u);
  EXPECT_EQ(bomb["bomb_seed"], 31);
  const auto text = run_proven("bomb deal --seed 9 --bomb-seed 31 --modules 6");
  EXPECT_NE(text.out.find(manual["body"]["fingerprint"].get<std::string>()), std::string::npos) << text.out;
}

TEST_F(BombCli, DealJsonGivesEveryModulesStateAsDataAndTheTextLinesAgree) {
  const auto r = run_proven("bomb deal --seed 4 --bomb-seed 77 --json");
  ASSERT_EQ(r.code, 0) << r.out;
  const auto bomb = nlohmann::json::parse(r.out);
  EXPECT_EQ(bomb["format"], "proven-bomb/2");
  EXPECT_EQ(bomb["rule_seed"], 4);
  EXPECT_EQ(bomb["bomb_seed"], 77);
  EXPECT_EQ(bomb["strike_limit"], 3);
  EXPECT_TRUE(bomb["edgework"]["serial"].is_string());
  ASSERT_EQ(bomb["modules"].size(), 14u);
  const auto text = run_proven("bomb deal --seed 4 --bomb-seed 77");
  ASSERT_EQ(text.code, 0) << text.out;
  std::set<std::string> ids;
  int needy = 0;
  for (std::size_t i = 0; i < 14; ++i) {
    const auto& m = bomb["modules"][i];
    const std::string id = m["id"].get<std::string>();
    ids.insert(id);
    EXPECT_TRUE(m["kind"] == "regular" || m["kind"] == "needy") << m.dump();
    needy += m["kind"] == "needy" ? 1 : 0;
    EXPECT_EQ(m["solved"], false);
    ASSERT_TRUE(m["state"].is_object() && !m["state"].empty()) << m.dump();
    // The text output's line for this module is the JSON's "shows".
    std::string line = i + 1 < 10 ? " " : "";
    line.append(std::to_string(i + 1)).append(". ").append(m["name"].get<std::string>());
    if (m["kind"] == "needy") line.append(" (needy)");
    line.append(": ").append(m["shows"].get<std::string>()).append("\n");
    EXPECT_NE(text.out.find(line), std::string::npos) << line << text.out;
    // A few fields by name (tests/bomb/state_json_test.cpp checks every field of every module).
    if (id == "wires") {
      ASSERT_TRUE(m["state"]["wires"].is_array());
      EXPECT_EQ(m["shows"].get<std::string>().rfind(std::to_string(m["state"]["wires"].size()) + " wires:", 0), 0u)
          << m.dump();
    }
    if (id == "glyph-keypad") {
      EXPECT_EQ(m["state"]["keys"].size(), 4u) << m.dump();
    }
    if (id == "labyrinth") {
      EXPECT_EQ(m["state"]["markers"].size(), 2u) << m.dump();
    }
    if (id == "pressure-vent") {
      EXPECT_EQ(m["state"]["asleep"], true) << "dealt needy modules start asleep";
    }
  }
  EXPECT_EQ(ids.size(), 14u);
  EXPECT_EQ(needy, 3);
}

TEST_F(BombCli, AutoplayDefusesAndExitsZero) {
  const auto r = run_proven("bomb autoplay --seed 3 --bomb-seed 8");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("defused after"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("with 0 strike(s)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("STRIKE"), std::string::npos) << r.out;
}

// `autoplay` prints its moves as `play` takes them ("> module 3", "> cut wire 2"); fed back to
// `play` they defuse the same bomb. Exit codes: 0 won, 1 unfinished or lost, 2 illegal.
TEST_F(BombCli, PlayTakesTheAutoplayersWordsAndExitsByOutcome) {
  const std::string manual = path("manual.json");
  ASSERT_EQ(run_proven("bomb generate --seed 1 --out " + manual).code, 0);
  const auto autoplay = run_proven("bomb autoplay --seed 1 --bomb-seed 7");
  ASSERT_EQ(autoplay.code, 0) << autoplay.out;
  std::vector<std::string> moves;
  std::size_t at = 0;
  while ((at = autoplay.out.find("\n> ", at)) != std::string::npos) {
    const std::size_t end = autoplay.out.find('\n', at + 1);
    moves.push_back(autoplay.out.substr(at + 3, end - at - 3));
    at = end;
  }
  ASSERT_GT(moves.size(), 20u) << autoplay.out;
  for (const auto& m : moves) EXPECT_EQ(m.find_first_of("0123456789") == 0, false) << "bare index: " << m;
  std::string all;
  for (const auto& m : moves) all += m + ";";
  const auto won = run_proven("bomb play " + manual + " --bomb 7 --moves '" + all + "'");
  EXPECT_EQ(won.code, 0) << won.out.substr(won.out.size() > 2000 ? won.out.size() - 2000 : 0);
  EXPECT_NE(won.out.find("won: 0 strikes of 3"), std::string::npos);
  const auto unfinished = run_proven("bomb play " + manual + " --item 7 --moves '" + moves[0] + ";" + moves[1] + "'");
  EXPECT_EQ(unfinished.code, 1) << unfinished.out;
  const auto illegal = run_proven("bomb play " + manual + " --bomb 7 --moves 'module 99'");
  EXPECT_EQ(illegal.code, 2) << illegal.out;
  EXPECT_NE(illegal.out.find("proven: module 99: 'module K' picks up module K, 1..14"), std::string::npos)
      << illegal.out;
  const auto no_bomb = run_proven("bomb play " + manual + " --bomb 0 --moves 'wait'");
  EXPECT_EQ(no_bomb.code, 2) << no_bomb.out;
}

TEST_F(BombCli, ARuleBookFromAnotherGeneratorVersionIsRefusedInOneLine) {
  const std::string manual = path("manual.json");
  ASSERT_EQ(run_proven("bomb generate --seed 5 --out " + manual).code, 0);
  std::ifstream in(manual);
  nlohmann::json j = nlohmann::json::parse(in);
  j["generator_version"] = "1";
  std::ofstream(path("old.json")) << j.dump(2);
  for (const std::string command : {"verify", "show", "play"}) {
    const auto r = run_proven("bomb " + command + " " + path("old.json") + (command == "play" ? " --moves wait" : ""));
    EXPECT_EQ(r.code, 2) << command << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    EXPECT_NE(r.out.find("made by bomb generator version 1"), std::string::npos) << r.out;
  }
  const auto bad_seed = run_proven("bomb generate --seed abc");
  EXPECT_EQ(bad_seed.code, 2) << bad_seed.out;
  EXPECT_NE(bad_seed.out.find("rule seed must be a whole number from 1 to 999999 (got 'abc')"), std::string::npos);
}

TEST_F(BombCli, VerifyNamesTheModuleAndThePromiseBroken) {
  const std::string manual = path("manual.json");
  ASSERT_EQ(run_proven("bomb generate --seed 5 --out " + manual).code, 0);
  std::ifstream in(manual);
  nlohmann::json j = nlohmann::json::parse(in);
  std::swap(j["body"]["modules"][8]["rules"]["words"][0], j["body"]["modules"][8]["rules"]["words"][1]);
  std::ofstream(path("tampered.json")) << j.dump(2);
  const auto r = run_proven("bomb verify " + path("tampered.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("fingerprint: the file says"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("module Blinker: its rules are not the rules rule seed 5 generates"), std::string::npos)
      << r.out;
}

// Verify checks a rule book, not bombs: it says what it checked (fingerprint, the rules' source,
// each module's proof and how it was made), never a count of bombs.
TEST_F(BombCli, VerifySaysWhatItCheckedNotACountOfBombs) {
  const std::string manual = path("manual.json");
  ASSERT_EQ(run_proven("bomb generate --seed 5 --out " + manual).code, 0);
  auto r = run_proven("bomb verify " + manual);
  ASSERT_EQ(r.code, 0) << r.out;
  std::ifstream in(manual);
  const std::string fingerprint = nlohmann::json::parse(in)["body"]["fingerprint"];
  EXPECT_NE(r.out.find(manual + ": rule book of rule seed 5 verified: fingerprint " + fingerprint +
                       " matches its rules; its rules are the rules rule seed 5 generates; each of its 14 modules "
                       "passes the interesting-rules filter and its proof (verify deals no bomb"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\n  Wires: proven by its own hints, exhaustive ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  Blinker: proven by its own hints, 200 samples\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  Discharge Lever: no rules to prove\n"), std::string::npos) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 15) << r.out;  // the book, then one line per module
  EXPECT_EQ(r.out.find("bombs verified"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("999999999"), std::string::npos) << r.out;
  r = run_proven("bomb verify " + std::string(PROVEN_DATA_DIR) + "/bomb/seed-1.json");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("rule book of rule seed 1 verified: fingerprint F15F-5BCA matches its rules; its rules are "
                       "the frozen standard rules of seed 1;"),
            std::string::npos)
      << r.out;
}

TEST_F(BombCli, CheckTakesTheOneSeedGrammar) {
  const auto r = run_proven("bomb check --seeds 3,5..6 --jobs 2");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("seeds 3,5..6: 3 rule books rebuilt and audited"), std::string::npos) << r.out;
  for (const std::string bad : {"1..1000000", "3,3", "a..b", "4..2"}) {
    const auto e = run_proven("bomb check --seeds " + bad);
    EXPECT_EQ(e.code, 2) << bad << ": " << e.out;
    EXPECT_EQ(std::count(e.out.begin(), e.out.end(), '\n'), 1) << e.out;
  }
}

TEST_F(BombCli, CheckRebuildsAndAuditsARange) {
  const auto r = run_proven("bomb check --seeds 2..6 --jobs 2", false);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("seeds 2..6: 5 rule books rebuilt and audited"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Wires, exhaustive (2460 cases):"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Blinker, sampled:"), std::string::npos) << r.out;
  // The same range gives the same report, byte for byte, on one thread: timings go to stderr,
  // and the last line is a digest over every seed's result.
  const auto one = run_proven("bomb check --seeds 2..6 --jobs 1", false);
  EXPECT_EQ(one.out, r.out);
  const auto digest_at = r.out.rfind("digest ");
  ASSERT_NE(digest_at, std::string::npos) << r.out;
  EXPECT_EQ(r.out.size() - digest_at, std::string("digest ").size() + 16 + 1) << "the digest is the last line";
  // Another range, another digest.
  const auto other = run_proven("bomb check --seeds 2..5 --jobs 2", false);
  EXPECT_NE(other.out.substr(other.out.rfind("digest ")), r.out.substr(digest_at));
}

// A sweep recorded chunk by chunk (--checkpoint) and cut short (its file truncated as a kill
// would leave it) is finished by --resume: only the chunks it lacks are run, and the report is
// the uninterrupted run's, byte for byte. Chunk size changes nothing in the report.
std::string checkpoint_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_F(BombCli, CheckResumesFromItsCheckpoint) {
  const std::string file = path("sweep.ckpt");
  const auto whole = run_proven("bomb check --seeds 2..30 --chunk 5 --checkpoint " + file, false);
  ASSERT_EQ(whole.code, 0) << whole.out;
  EXPECT_EQ(run_proven("bomb check --seeds 2..30 --chunk 29", false).out, whole.out);
  const std::string text = checkpoint_text(file);
  std::size_t at = 0;
  for (int line = 0; line < 3; ++line) at = text.find('\n', at) + 1;                   // the header and two chunks
  std::ofstream(file, std::ios::binary | std::ios::trunc) << text.substr(0, at + 20);  // and a third cut short
  const auto resumed = run_proven("bomb check --seeds 2..30 --chunk 5 --resume " + file);
  EXPECT_EQ(resumed.code, 0) << resumed.out;
  EXPECT_NE(resumed.out.find("(2 chunk(s) of 5 seeds read from"), std::string::npos) << resumed.out;
  EXPECT_EQ(run_proven("bomb check --seeds 2..30 --chunk 5 --resume " + file, false).out, whole.out);
  EXPECT_EQ(checkpoint_text(file), text) << "the checkpoint ends as the uninterrupted run's";
  const auto other = run_proven("bomb check --seeds 2..31 --chunk 5 --resume " + file);
  EXPECT_EQ(other.code, 2) << other.out;
  EXPECT_NE(other.out.find("a checkpoint of another run"), std::string::npos) << other.out;
  // A seed's digest edited in chunk 1's line: refused, naming the line, where it once changed
  // the final digest without a word.
  std::size_t second = text.find('\n', text.find('\n') + 1) + 1;  // chunk 1's line
  const std::size_t digest_at = text.find("\"digests\":[\"", second) + 12;
  std::string edited = text;
  edited[digest_at] = edited[digest_at] == '0' ? '1' : '0';
  std::ofstream(file, std::ios::binary | std::ios::trunc) << edited;
  const auto refused = run_proven("bomb check --seeds 2..30 --chunk 5 --resume " + file);
  EXPECT_EQ(refused.code, 2) << refused.out;
  EXPECT_EQ(std::count(refused.out.begin(), refused.out.end(), '\n'), 1) << refused.out;
  EXPECT_NE(
      refused.out.find("--resume " + file +
                       ": line 3: chunk 1: its line_digest is not its content's (the line was edited or damaged)"),
      std::string::npos)
      << refused.out;
  std::filesystem::remove(file);
}

}  // namespace

namespace {

// The CI sweep the issue asks for: seeds 2..500 rebuilt and audited, every module.
TEST_F(BombCli, SweepOfSeeds2To500HoldsForEveryModule) {
  // Under sanitizers, 2..100: the same audit on every module, a fifth of the seeds.
  const std::string last = proven::testing::kSanitized ? "100" : "500";
  const auto r = run_proven("bomb check --seeds 2.." + last + " --jobs 2");
  EXPECT_EQ(r.code, 0) << r.out.substr(0, 2000);
  const std::string books = proven::testing::kSanitized ? "99" : "499";
  EXPECT_NE(r.out.find("seeds 2.." + last + ": " + books + " rule books rebuilt and audited"), std::string::npos)
      << r.out.substr(0, 500);
}

}  // namespace

namespace {

// `autoplay --log` writes the run log `replay` verifies; a tampered log is refused (exit 1, why);
// a file that is no run log is a one-line user error (exit 2).
TEST_F(BombCli, AutoplayWritesARunLogThatReplayVerifiesAndATamperedOneIsRefused) {
  const std::string log = path("run.json");
  ASSERT_EQ(run_proven("bomb autoplay --seed 7 --bomb-seed 3 --log " + log).code, 0);
  const auto ok = run_proven("bomb replay " + log);
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_NE(ok.out.find("verified: bomb 3 under manual 7"), std::string::npos) << ok.out;
  nlohmann::json j = nlohmann::json::parse(std::ifstream(log));
  j["strikes"] = 0;
  j["ended_at_ms"] = j["ended_at_ms"].get<int>() - 250;
  std::ofstream(log) << j.dump(2);
  const auto refused = run_proven("bomb replay " + log);
  EXPECT_EQ(refused.code, 1) << refused.out;
  EXPECT_NE(refused.out.find("refused: the log claims defused"), std::string::npos) << refused.out;
  std::ofstream(log) << "{\"format\": \"proven-bomb-run/1\"}";
  const auto bad = run_proven("bomb replay " + log);
  EXPECT_EQ(bad.code, 2) << bad.out;
  EXPECT_EQ(std::count(bad.out.begin(), bad.out.end(), '\n'), 1) << bad.out;
  EXPECT_EQ(run_proven("bomb replay " + path("missing.json")).code, 2);
}

}  // namespace

// End to end: the real `proven prism` commands (generate, verify, show, play), their exit codes,
// messages and files.
#include <gtest/gtest.h>

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "core/io.hpp"
#include "prism/game.hpp"
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"

namespace {

using proven::prism::Game;
using proven::testing::run_proven;

const std::string kCampaign = std::string(PROVEN_DATA_DIR) + "/prism/campaign.json";

class PrismCli : public proven::testing::ScratchDirTest {};

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::ranges::count(text, '\n')); }

TEST_F(PrismCli, PlayExitsZeroWonOneUnfinishedTwoIllegal) {
  const auto pack = proven::document_from_json<Game>(proven::read_json_file(kCampaign));
  const std::vector<std::string> moves = Game::solution(pack, 6);
  ASSERT_GE(moves.size(), 2u);
  auto r = run_proven(fmt::format("prism play {} --level 7 --moves \"{}\"", kCampaign, fmt::join(moves, "; ")));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("won: Perfect"), std::string::npos) << r.out;

  r = run_proven(fmt::format("prism play {} --level 7 --moves \"{}\"", kCampaign, moves.front()));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("level 7 unfinished"), std::string::npos) << r.out;

  // The solution fed on stdin, one move per line, plays the same.
  r = run_proven(fmt::format("prism play {} --item 7 <<'EOF'\n{}\nEOF", kCampaign, fmt::join(moves, "\n")));
  EXPECT_EQ(r.code, 0) << r.out;

  for (const std::string bad : {"tap Z9", "tap", "rotate A1"}) {
    r = run_proven(fmt::format("prism play {} --level 7 --moves \"{}; {}\"", kCampaign, moves.front(), bad));
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    const std::string last = r.out.substr(r.out.rfind("proven: "));
    EXPECT_EQ(lines(last), 1u) << last;
    EXPECT_NE(last.find(bad), std::string::npos) << last;
  }
}

TEST_F(PrismCli, GenerateVerifyShowOneChapter) {
  const auto pack = path("pack.json");
  auto r = run_proven("prism generate --seed 5 --chapter 1 --jobs 2 --out " + pack);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("chapter 1 Reflection: 14 levels"), std::string::npos) << r.out;  // the tally
  const auto json = proven::read_json_file(pack);
  EXPECT_EQ(json["format"], "proven-prism-pack/2");
  EXPECT_EQ(json["params"], (nlohmann::json{{"chapter", 1}}));
  r = run_proven("prism verify " + pack);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("all 14 levels verified"), std::string::npos) << r.out;

  r = run_proven("prism show " + pack + " --level 3 --svg " + path("l3.svg"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("solution: tap "), std::string::npos) << r.out;
  EXPECT_NE(proven::read_file(path("l3.svg")).find("<svg"), std::string::npos);
  EXPECT_EQ(run_proven("prism show " + pack + " --level 15").code, 2);
  EXPECT_EQ(run_proven("prism generate --chapter 7").code, 2);

  // A broken promise: exit 1, naming the level and the promise.
  auto broken = json;
  broken["body"]["levels"][3]["par"] = 0;
  proven::write_file_atomic(path("broken.json"), proven::json_text(broken));
  r = run_proven("prism verify " + path("broken.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("level 4: par range: par 0 is outside chapter 1's 1..4"), std::string::npos) << r.out;

  // Malformed: exit 2 with one line.
  broken = json;
  broken["body"]["levels"][2]["solution"][0] = 5;
  proven::write_file_atomic(path("malformed.json"), proven::json_text(broken));
  r = run_proven("prism verify " + path("malformed.json"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(lines(r.out), 1u) << r.out;
  EXPECT_NE(r.out.find("level 3.solution[0]"), std::string::npos) << r.out;
}

// A proof that runs out of budget says so (exit 1), never that the promise is false.
TEST_F(PrismCli, VerifyWithinABudget) {
  const auto pack = path("pack.json");
  ASSERT_EQ(run_proven("prism generate --seed 5 --chapter 1 --jobs 2 --out " + pack).code, 0);
  auto r = run_proven("prism verify " + pack + " --budget 2");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("not proven within budget 2"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("is not the"), std::string::npos) << r.out;  // no disproof claimed
  EXPECT_EQ(r.out.find("broken promise"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("proof(s) not proven within budget (no verdict either way; verify --budget raises it)"),
            std::string::npos)
      << r.out;
  // The shipped campaign with a budget of one node: every level's proof runs out, and none of
  // them is a broken promise.
  r = run_proven("prism verify " + kCampaign + " --budget 1");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("campaign.json: 240 proof(s) not proven within budget"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("broken promise"), std::string::npos) << r.out;
  EXPECT_EQ(run_proven("prism verify " + pack + " --budget 100000000").code, 0);
  for (const char* bad : {"0", "-1", "0x10", "1000000001"})
    EXPECT_EQ(run_proven("prism verify " + pack + " --budget " + bad).code, 2) << bad;
}

// No command destroys its input or half-does its work.
TEST_F(PrismCli, OutputsNeverClobberInputs) {
  const auto pack = path("pack.json");
  proven::write_file_atomic(pack, proven::read_file(kCampaign));
  auto r = run_proven("prism show " + pack + " --svg " + pack);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(proven::read_file(pack), proven::read_file(kCampaign));
  r = run_proven("prism generate --chapter 1 --out " + path("missing/p.json"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(r.out.find("levels"), std::string::npos) << r.out;  // refused before generating
}

// Integer options take plain decimal only, and a user error is one line whatever it echoes.
TEST_F(PrismCli, IntegerOptionsArePlainDecimal) {
  for (const char* bad : {"0x10", "'+5'", "' 5'", "0b1"}) {
    const auto r = run_proven(std::string("prism generate --chapter 1 --jobs ") + bad + " --out " + path("x.json"));
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    EXPECT_EQ(lines(r.out), 1u) << r.out;
  }
  // A seed is stored in the JSON, so it must be text JSON can hold (once: exit 3 from the writer).
  for (const char* bad : {"\"$(printf '2\\265')\"", "\"$(printf '\\377')\""}) {
    const auto r = run_proven(std::string("prism generate --chapter 1 --seed ") + bad + " --out " + path("x.json"));
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    EXPECT_NE(r.out.find("--seed: not UTF-8 text"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run_proven("prism generate --chapter 1 --seed \"caf\u00e9\" --out " + path("utf8.json")).code, 0);
  const auto r = run_proven("prism show " + kCampaign + " --level \"$(printf '1\\n2')\"");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(lines(r.out), 1u) << r.out;
  EXPECT_FALSE(std::filesystem::exists(path("x.json")));
}

}  // namespace

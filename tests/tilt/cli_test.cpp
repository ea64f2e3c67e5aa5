// End to end: the real `proven tilt` commands, their exit codes, messages and files.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "core/io.hpp"
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"
#include "tilt/game.hpp"

namespace {

using proven::testing::run_proven;

class TiltCli : public proven::testing::ScratchDirTest {};

TEST_F(TiltCli, GenerateVerifyShowAndTheExitCodes) {
  const auto pack = path("pack.json");
  auto r = run_proven("tilt generate --seed 5 --chapter 1 --jobs 2 --out " + pack);
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("no path home"), std::string::npos) << r.out;  // the tally is printed
  r = run_proven("tilt verify " + pack);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("all 10 levels verified"), std::string::npos) << r.out;

  r = run_proven("tilt show " + pack + " --level 3 --svg " + path("l3.svg"));
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(proven::read_file(path("l3.svg")).find("<svg"), std::string::npos);
  EXPECT_EQ(run_proven("tilt show " + pack + " --level 11").code, 2);

  // A broken promise: exit 1, naming the level and the promise.
  auto json = proven::read_json_file(pack);
  json["body"]["levels"][6]["par"] = json["body"]["levels"][6]["par"].get<int>() + 1;
  proven::write_file_atomic(path("broken.json"), proven::json_text(json));
  r = run_proven("tilt verify " + path("broken.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("level 7: its solution does not clear the board in exactly its par"), std::string::npos)
      << r.out;

  // Malformed: exit 2, one line, and generate never leaves a partial file behind.
  proven::write_file_atomic(path("bad.json"), "{\"format\": \"proven-tilt-pack/2\"");
  EXPECT_EQ(run_proven("tilt verify " + path("bad.json")).code, 2);
  EXPECT_EQ(run_proven("tilt verify " + path("missing.json")).code, 2);
  EXPECT_EQ(run_proven("tilt generate --chapter 14 --out " + path("x.json")).code, 2);
  EXPECT_FALSE(std::filesystem::exists(path("x.json")));
}

// `proven tilt play`: the stored solution wins (exit 0), a loss or an unfinished level is exit 1,
// an unreadable move exit 2 naming it. The sequences come from the shipped file itself.
TEST_F(TiltCli, PlayExitsByTheOutcome) {
  const std::string campaign = std::string(PROVEN_DATA_DIR) + "/tilt/campaign.json";
  const auto pack = proven::document_from_json<proven::tilt::Game>(proven::read_json_file(campaign));
  const auto joined = [](const std::vector<std::string>& moves) {
    std::string text;
    for (const auto& m : moves) text += (text.empty() ? "" : ";") + m;
    return text;
  };
  const std::vector<std::string> solution = proven::tilt::Game::solution(pack, 2);  // level 3
  auto r = run_proven("tilt play " + campaign + " --level 3 --moves \"" + joined(solution) + "\"");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find(fmt::format("won: {} tilt", solution.size())), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("legend:"), std::string::npos) << r.out;
  // The same through stdin, in words.
  std::string words;
  for (const auto& m : solution)
    words += std::string(m == "U" ? "up" : m == "D" ? "DOWN" : m == "L" ? "Left" : "right") + "\n";
  proven::write_file_atomic(path("moves.txt"), words);
  r = run_proven("tilt play " + campaign + " --item 3 < " + path("moves.txt"));
  EXPECT_EQ(r.code, 0) << r.out;

  auto unfinished = solution;
  unfinished.pop_back();
  r = run_proven("tilt play " + campaign + " --level 3 --moves \"" + joined(unfinished) + "\"");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("level 3 unfinished"), std::string::npos) << r.out;

  // A losing sequence, found by playing (the first level with a pit where some 1-3 tilts fall in).
  std::optional<std::pair<std::size_t, std::vector<std::string>>> losing;
  for (std::size_t i = 0; i < pack.levels.size() && !losing; ++i) {
    std::vector<std::vector<std::string>> layer = {{}};
    for (int depth = 0; depth < 3 && !losing; ++depth) {
      std::vector<std::vector<std::string>> next;
      for (const auto& moves : layer)
        for (const char* m : {"U", "D", "L", "R"}) {
          auto play = proven::tilt::Game::Play::start(pack, i);
          auto longer = moves;
          longer.emplace_back(m);
          for (const auto& x : longer) play.apply(x);
          if (play.status().phase == proven::PlayPhase::Lost && !losing) losing.emplace(i, longer);
          if (play.status().phase == proven::PlayPhase::Playing) next.push_back(longer);
        }
      layer = std::move(next);
    }
  }
  ASSERT_TRUE(losing.has_value());
  r = run_proven(
      fmt::format("tilt play {} --level {} --moves \"{}\"", campaign, losing->first + 1, joined(losing->second)));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find(fmt::format("level {} lost", losing->first + 1)), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("marble fell"), std::string::npos) << r.out;

  r = run_proven("tilt play " + campaign + " --level 3 --moves \"R;Q\"");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("Q: not a tilt"), std::string::npos) << r.out;
  EXPECT_EQ(run_proven("tilt play " + campaign + " --level 131 --moves R").code, 2);
}

// A solve that runs out of budget says so (exit 1), never that a promise is false.
TEST_F(TiltCli, VerifyWithinABudget) {
  const std::string campaign = std::string(PROVEN_DATA_DIR) + "/tilt/campaign.json";
  auto r = run_proven("tilt verify " + campaign + " --budget 5");
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("not proven within budget 5 states"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("is not the"), std::string::npos) << r.out;  // no disproof claimed
  EXPECT_NE(r.out.find("... and "), std::string::npos) << r.out;    // a bounded list
  EXPECT_EQ(r.out.find("broken promise"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("campaign.json: 128 proof(s) not proven within budget (no verdict either way"),
            std::string::npos)
      << r.out;
  const auto pack = path("pack.json");
  proven::write_file_atomic(pack, proven::read_file(campaign));
  r = run_proven("tilt show " + pack + " --svg " + pack);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_EQ(proven::read_file(pack), proven::read_file(campaign));
}

}  // namespace

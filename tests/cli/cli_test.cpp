// End-to-end tests of the `proven` executable: exit codes, one-line errors, files on disk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include <algorithm>
#include "support/run_proven.hpp"
#include "support/sanitized.hpp"
#include "support/scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;

using proven::testing::Run;
Run run(const std::string& args) { return proven::testing::run_proven(args); }

int lines(const std::string& text) { return static_cast<int>(std::count(text.begin(), text.end(), '\n')); }

using Cli = proven::testing::ScratchDirTest;

// The games of the one list (PROVEN_GAMES in CMakeLists.txt, passed in by tests/CMakeLists.txt),
// in its order.
std::vector<std::string> listed_games() {
  std::vector<std::string> names;
  std::istringstream words(PROVEN_GAME_NAMES);
  for (std::string name; words >> name;) names.push_back(name);
  return names;
}

TEST_F(Cli, VersionNamesEveryGeneratorOfTheList) {
  const auto r = run("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("proven 0."), std::string::npos) << r.out;
  std::size_t after = r.out.find("generators:");
  ASSERT_NE(after, std::string::npos) << r.out;
  const auto games = listed_games();
  ASSERT_GE(games.size(), 5u);
  for (const std::string& game : games) {  // each with its version, in the list's order
    const auto at = r.out.find(" " + game + " ", after);
    EXPECT_NE(at, std::string::npos) << game << " is missing from --version, or out of order: " << r.out;
    if (at != std::string::npos) after = at + 1;
  }
}

TEST_F(Cli, HelpListsEveryGameOfTheListAndBench) {
  const auto r = run("--help");
  EXPECT_EQ(r.code, 0);
  std::size_t after = 0;
  for (const std::string& game : listed_games()) {
    const auto at = r.out.find("\n  " + game + " ", after);
    EXPECT_NE(at, std::string::npos) << game << " is missing from --help, or out of the list's order";
    if (at != std::string::npos) after = at;
    EXPECT_EQ(run(game + " --help").code, 0) << game;
  }
  EXPECT_NE(r.out.find("bench"), std::string::npos);
}

TEST_F(Cli, UserMistakesAreOneLineAndExitTwo) {
  for (const std::string args :
       {"", "nonsense", "demo", "demo generate --count 0", "demo generate --count abc", "demo generate --jobs -1",
        "demo verify", "demo verify /no/such/file.json", "bench --game nosuchgame"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << "'" << args << "': " << r.out;
    EXPECT_EQ(lines(r.out), 1) << "'" << args << "': " << r.out;
    EXPECT_EQ(r.out.rfind("proven: ", 0), 0u) << r.out;
  }
}

// `play` reads at most 4,096 bytes a line from stdin: an endless line of zero bytes (once 100 MB
// of memory a second, without end) is refused at once, exit 2, one line.
TEST_F(Cli, PlayRefusesAnOverlongLineOfMovesAtOnce) {
  ASSERT_EQ(run("demo generate --seed 1 --count 2 --out " + path("b.json")).code, 0);
  const auto r = proven::testing::run_proven("demo play " + path("b.json") + " < /dev/zero", false);
  EXPECT_EQ(r.code, 2) << r.out;
  const auto e = run("demo play " + path("b.json") + " < /dev/zero");  // the rules, the position, the error
  EXPECT_TRUE(e.out.ends_with("\nproven: a line of moves longer than 4096 bytes\n")) << e.out;
}

TEST_F(Cli, BenchPrintsFiguresAndAStableDigest) {
  const auto a = run("bench --game demo --jobs 2");
  // Under sanitizers the workload runs once (threads included); one thread is compared in Release.
  const auto b = proven::testing::kSanitized ? a : run("bench --game demo --jobs 1");
  ASSERT_EQ(a.code, 0) << a.out;
  ASSERT_EQ(b.code, 0) << b.out;
  auto digest = [](const std::string& out) {
    const auto at = out.find("bench digest ");
    return at == std::string::npos ? std::string() : out.substr(at, 29);
  };
  EXPECT_FALSE(digest(a.out).empty()) << a.out;
  EXPECT_EQ(digest(a.out), digest(b.out));
  EXPECT_NE(a.out.find("blocks per second"), std::string::npos);
}

}  // namespace

// End-to-end tests of the `proven` executable: exit codes, one-line errors, files on disk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
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

TEST_F(Cli, VersionNamesEveryGenerator) {
  const auto r = run("--version");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("proven 0."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("generators: demo 1"), std::string::npos) << r.out;
}

TEST_F(Cli, HelpListsTheGamesAndBench) {
  const auto r = run("--help");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("demo"), std::string::npos);
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

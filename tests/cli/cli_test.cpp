// End-to-end tests of the `proven` executable: exit codes, one-line errors, files on disk.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"
#include <algorithm>

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
  for (const std::string args : {"", "nonsense", "demo", "demo generate --count 0", "demo generate --count abc",
                                 "demo generate --jobs -1", "demo verify", "demo verify /no/such/file.json",
                                 "bench --game nosuchgame"}) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << "'" << args << "': " << r.out;
    EXPECT_EQ(lines(r.out), 1) << "'" << args << "': " << r.out;
    EXPECT_EQ(r.out.rfind("proven: ", 0), 0u) << r.out;
  }
}

TEST_F(Cli, GenerateThenVerify) {
  const auto r = run("demo generate --seed 5 --count 6 --jobs 2 --out " + path("s.json"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("not unique"), std::string::npos) << "the tally is printed: " << r.out;
  const auto s = run("demo show " + path("s.json") + " --item 6 --svg " + path("s.svg"));
  ASSERT_EQ(s.code, 0) << s.out;
  EXPECT_TRUE(fs::exists(path("s.svg")));
  const auto v = run("demo verify " + path("s.json"));
  EXPECT_EQ(v.code, 0) << v.out;
  EXPECT_NE(v.out.find("all 6 blocks verified"), std::string::npos) << v.out;
}

TEST_F(Cli, JobsNeverChangeTheOutputBytes) {
  ASSERT_EQ(run("demo generate --seed x --count 30 --jobs 1 --out " + path("1.json")).code, 0);
  ASSERT_EQ(run("demo generate --seed x --count 30 --jobs 4 --out " + path("4.json")).code, 0);
  auto slurp = [](const std::string& p) {
    std::ifstream in(p);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(slurp(path("1.json")), slurp(path("4.json")));
}

TEST_F(Cli, VerifyFailsWithExitOneOnABrokenPromise) {
  ASSERT_EQ(run("demo generate --seed 5 --count 3 --out " + path("s.json")).code, 0);
  // Replace block 1 by a self-consistent block with two fillings (1 2 / 2 1 and 2 1 / 1 2).
  std::ifstream in(path("s.json"));
  auto json = nlohmann::json::parse(in);
  json["body"]["blocks"][1] = {{"rows", 2}, {"cols", 2}, {"row_sums", {3, 3}}, {"col_sums", {3, 3}},
                       {"solution", {{1, 2}, {2, 1}}}};
  std::ofstream(path("bad.json")) << json.dump();
  const auto r = run("demo verify " + path("bad.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("block 2:"), std::string::npos) << r.out;
}

TEST_F(Cli, MalformedInputIsExitTwoAndUnwritableOutputLeavesNothing) {
  std::ofstream(path("junk.json")) << "{ not json";
  const auto r = run("demo verify " + path("junk.json"));
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("invalid JSON"), std::string::npos) << r.out;

  const auto w = run("demo generate --count 2 --out " + path("no-dir/out.json"));
  EXPECT_EQ(w.code, 2) << w.out;
  EXPECT_FALSE(fs::exists(path("no-dir")));
}

TEST_F(Cli, BenchPrintsFiguresAndAStableDigest) {
  const auto a = run("bench --game demo --jobs 1");
  const auto b = run("bench --game demo --jobs 2");
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

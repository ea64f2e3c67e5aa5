#include "core/command.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/verify.hpp"

namespace proven {
namespace {

// Parses `args` (after the program name) into a tree with integer options at two depths.
bool parses(const std::vector<std::string>& args) {
  CLI::App app{"test"};
  unsigned jobs = 0;
  int offset = 0;
  std::int64_t budget = 0;
  std::string name;
  add_jobs_option(app, jobs);
  app.add_option("--offset", offset);
  app.add_option("--name", name);
  CLI::App* sub = app.add_subcommand("sub");
  sub->add_option("--budget", budget);
  require_plain_integers(app);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses a reversed vector
  try {
    app.parse(reversed);
    return true;
  } catch (const CLI::ParseError&) {
    return false;
  }
}

TEST(PlainIntegers, OnlyPlainDecimalReachesAnIntegerOption) {
  EXPECT_TRUE(parses({"--jobs", "16"}));
  EXPECT_TRUE(parses({"--offset", "-3"}));
  EXPECT_TRUE(parses({"sub", "--budget", "12"}));
  EXPECT_TRUE(parses({"--name", "0x10"}));  // a string option is left alone
  for (const char* bad : {"0x10", "0b1", " 5", "+5", "5 ", "1e3", "", "-"}) {
    EXPECT_FALSE(parses({"--jobs", bad})) << "'" << bad << "'";
    EXPECT_FALSE(parses({"sub", "--budget", bad})) << "'" << bad << "'";
  }
  EXPECT_FALSE(parses({"--jobs", "-1"}));  // unsigned: no sign at all
}

TEST(OneLine, ControlCharactersAreEscaped) {
  EXPECT_EQ(one_line("a\nb\tc\rd\x01"), "a\\nb\\tc\\rd\\x01");
  EXPECT_EQ(one_line("plain: C3 ü"), "plain: C3 ü");
}

TEST(FailOnProblems, ListsABoundedNumberAndCountsTheRest) {
  EXPECT_NO_THROW(fail_on_problems("p.json", {}));
  std::vector<std::string> problems;
  for (int i = 1; i <= 120; ++i) problems.push_back("level " + std::to_string(i) + ": broken\nsecond line");
  try {
    fail_on_problems("p.json", problems);
    FAIL();
  } catch (const Failure& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("p.json: 120 broken promise(s)\n", 0), 0u);
    EXPECT_NE(message.find("level 50: broken\\nsecond line"), std::string::npos);
    EXPECT_EQ(message.find("level 51:"), std::string::npos);
    EXPECT_NE(message.find("... and 70 more"), std::string::npos);
    EXPECT_EQ(std::count(message.begin(), message.end(), '\n'), 51);
  }
}

// A proof that ran out of budget is no verdict either way: it is listed apart, under its own
// heading, and never counted as a broken promise.
TEST(FailOnProblems, ProofsOutOfBudgetAreTheirOwnVerdictNotBrokenPromises) {
  const std::vector<std::string> unproven = {"level 1: unique: not proven within budget 1 nodes",
                                             "level 2: unique: not proven within budget 1 nodes"};
  try {
    fail_on_problems("p.json", {}, unproven);
    FAIL();
  } catch (const Failure& e) {
    const std::string message = e.what();
    EXPECT_EQ(message,
              "p.json: 2 proof(s) not proven within budget (no verdict either way; verify --budget raises it)\n"
              "  level 1: unique: not proven within budget 1 nodes\n"
              "  level 2: unique: not proven within budget 1 nodes");
    EXPECT_EQ(message.find("broken promise"), std::string::npos);
  }
  try {
    fail_on_problems("p.json", {"level 3: par: par 4 is not the BFS minimum 3"}, unproven);
    FAIL();
  } catch (const Failure& e) {
    EXPECT_EQ(std::string(e.what()),
              "p.json: 1 broken promise(s)\n"
              "  level 3: par: par 4 is not the BFS minimum 3\n"
              "p.json: 2 proof(s) not proven within budget (no verdict either way; verify --budget raises it)\n"
              "  level 1: unique: not proven within budget 1 nodes\n"
              "  level 2: unique: not proven within budget 1 nodes");
  }
}

// Verify returns the proofs that ran out after the broken promises, unless the caller takes
// them apart: play and the server refuse an unproven document all the same.
TEST(VerifyFindings, ProofsOutOfBudgetGoToTheNotesWhenAskedFor) {
  EXPECT_EQ(verify_findings({"broken"}, {"not proven"}, {}), (std::vector<std::string>{"broken", "not proven"}));
  VerifyNotes notes;
  EXPECT_EQ(verify_findings({"broken"}, {"not proven"}, {.budget = 0, .notes = &notes}),
            (std::vector<std::string>{"broken"}));
  EXPECT_EQ(notes.not_proven, (std::vector<std::string>{"not proven"}));
  EXPECT_EQ(not_proven_within_budget(5, "states"), "not proven within budget 5 states (verify --budget raises it)");
}

}  // namespace
}  // namespace proven

// A NUL byte in echoed input would end what() early (an empty message at worst): it is escaped.
TEST(UserErrors, ANulByteInAMessageIsEscapedNotCut) {
  const std::string move("tap \0A1", 7);
  const proven::UserError error(move + ": no such cell");
  EXPECT_STREQ(error.what(), "tap \\x00A1: no such cell");
  EXPECT_STREQ(proven::UserError(std::string("\0\0", 2)).what(), "\\x00\\x00");
}

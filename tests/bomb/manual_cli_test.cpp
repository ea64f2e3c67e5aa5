// End-to-end tests of `proven bomb manual --format html`: the file, its atomic writing, and an
// outside XML parser's opinion of it (xmllint, from libxml2-utils in scripts/install-deps.sh).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"

namespace {

using proven::testing::run_proven;

using BombManualCli = proven::testing::ScratchDirTest;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST_F(BombManualCli, HtmlGoesToTheFileWholeAndTheSameEveryTime) {
  const auto r = run_proven("bomb manual --seed 1 --format html --out " + path("manual.html"));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "");
  const std::string html = slurp(path("manual.html"));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>\n<html lang=\"en\">\n", 0), 0u) << html.substr(0, 80);
  EXPECT_TRUE(html.ends_with("</body>\n</html>\n"));
  EXPECT_NE(html.find("<h1>proven bomb manual · manual 1 (standard)</h1>"), std::string::npos);
  EXPECT_NE(html.find("<strong>F15F-5BCA</strong>"), std::string::npos);  // seed 1's pinned fingerprint
  // Only the file, no temporary left beside it; stdout gives the same bytes.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_), std::filesystem::directory_iterator()), 1);
  EXPECT_EQ(run_proven("bomb manual --seed 1 --format html").out, html);
}

TEST_F(BombManualCli, AFailedRunLeavesAnExistingFileAsItWas) {
  ASSERT_EQ(run_proven("bomb manual --seed 5 --format html --out " + path("manual.html")).code, 0);
  const std::string before = slurp(path("manual.html"));
  for (const std::string bad :
       {"--seed 0 --format html", "--seed 5 --format pdf", "--seed 5 --format HTML", "--seed 5 --format ''"}) {
    const auto r = run_proven("bomb manual " + bad + " --out " + path("manual.html"));
    EXPECT_EQ(r.code, 2) << bad << ": " << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << bad << ": " << r.out;
    EXPECT_EQ(slurp(path("manual.html")), before) << bad;
  }
  EXPECT_NE(run_proven("bomb manual --seed 5 --format pdf").out.find("--format pdf: expected html, md or json"),
            std::string::npos);
  const auto missing = run_proven("bomb manual --seed 5 --format html --out " + path("no/such/dir/manual.html"));
  EXPECT_EQ(missing.code, 2) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(path("no")));
}

TEST_F(BombManualCli, XmllintFindsTheHtmlWellFormed) {
  if (std::system("command -v xmllint > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "xmllint not installed (scripts/install-deps.sh adds it)";
  for (const std::string seed : {"1", "31", "999999"}) {
    ASSERT_EQ(run_proven("bomb manual --seed " + seed + " --format html --out " + path("m.html")).code, 0);
    EXPECT_EQ(std::system(("xmllint --noout --nonet " + path("m.html")).c_str()), 0) << seed;
  }
}

}  // namespace

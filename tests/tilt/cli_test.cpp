// End to end: the real `proven tilt` commands, their exit codes, messages and files.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "core/io.hpp"
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"

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
  json["levels"][6]["par"] = json["levels"][6]["par"].get<int>() + 1;
  proven::write_file_atomic(path("broken.json"), proven::json_text(json));
  r = run_proven("tilt verify " + path("broken.json"));
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("level 7: its solution does not clear the board in exactly its par"), std::string::npos) << r.out;

  // Malformed: exit 2, one line, and generate never leaves a partial file behind.
  proven::write_file_atomic(path("bad.json"), "{\"format\": \"proven-tilt-pack/1\"");
  EXPECT_EQ(run_proven("tilt verify " + path("bad.json")).code, 2);
  EXPECT_EQ(run_proven("tilt verify " + path("missing.json")).code, 2);
  EXPECT_EQ(run_proven("tilt generate --chapter 14 --out " + path("x.json")).code, 2);
  EXPECT_FALSE(std::filesystem::exists(path("x.json")));
}

}  // namespace

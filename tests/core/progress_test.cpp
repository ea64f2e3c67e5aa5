#include "core/progress.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <thread>

namespace proven {
namespace {

TEST(Progress, FormatsCountRateAndEta) {
  EXPECT_EQ(Progress::format_line("levels", 120, 240, 4.0), "levels  120/240  30.0/s  ETA 4s");
  EXPECT_EQ(Progress::format_line("levels", 10, 1000, 10.0), "levels  10/1000  1.0/s  ETA 16m30s");
  EXPECT_EQ(Progress::format_line("x", 1, 100000, 10.0), "x  1/100000  0.1/s  ETA 277h46m");
  EXPECT_EQ(Progress::format_line("x", 0, 5, 0.0), "x  0/5  0.0/s  ETA --");
}

std::string captured(bool enabled) {
  std::FILE* file = std::tmpfile();
  {
    Progress progress("jobs", 3, file, enabled);
    progress.advance();  // within 100 ms of the start: throttled, not drawn
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    progress.advance(2);  // drawn
  }
  std::fflush(file);
  std::rewind(file);
  std::string text;
  for (int c; (c = std::fgetc(file)) != EOF;) text += static_cast<char>(c);
  std::fclose(file);
  return text;
}

TEST(Progress, SilentWhenDisabled) { EXPECT_EQ(captured(false), ""); }

TEST(Progress, ErasesItsLineWhenFinished) {
  const std::string text = captured(true);
  EXPECT_EQ(text.find("1/3"), std::string::npos) << text;
  EXPECT_NE(text.find("jobs  3/3"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\r\x1b[2K")) << text;
}

}  // namespace
}  // namespace proven

#include "core/io.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "support/scratch_dir.hpp"

namespace proven {
namespace {

namespace fs = std::filesystem;

class IoTest : public proven::testing::ScratchDirTest {
 protected:
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
};

TEST_F(IoTest, WritesAndReadsBack) {
  const auto path = dir_ / "pack.json";
  write_file_atomic(path, "hello\n");
  EXPECT_EQ(read_file(path), "hello\n");
  write_file_atomic(path, "replaced");
  EXPECT_EQ(read_file(path), "replaced");
  EXPECT_EQ(entries(), 1u);  // no temporary file left behind
}

TEST_F(IoTest, AWriterThatFailsHalfwayLeavesTheOldFileAndNoTemporary) {
  const auto path = dir_ / "pack.json";
  write_file_atomic(path, "old complete content");
  EXPECT_THROW(write_file_atomic(path,
                                 [](std::ostream& out) {
                                   out << "half of the new";
                                   throw std::runtime_error("interrupted");
                                 }),
               std::runtime_error);
  EXPECT_EQ(read_file(path), "old complete content");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(IoTest, AFailedFirstWriteLeavesNoFileAtAll) {
  const auto path = dir_ / "new.json";
  EXPECT_THROW(write_file_atomic(path,
                                 [](std::ostream& out) {
                                   out << "{";
                                   throw std::runtime_error("x");
                                 }),
               std::runtime_error);
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(entries(), 0u);
}

TEST_F(IoTest, UnwritablePlacesAreUserErrors) {
  EXPECT_THROW(write_file_atomic(dir_ / "missing-dir" / "x.json", "data"), UserError);
  fs::create_directories(dir_ / "a-directory");
  EXPECT_THROW(write_file_atomic(dir_ / "a-directory", "data"), UserError);  // rename onto a dir fails
  EXPECT_TRUE(fs::is_directory(dir_ / "a-directory"));
  EXPECT_EQ(entries(), 1u);  // just the directory: the temporary was removed
  EXPECT_THROW(write_file_atomic("", "data"), UserError);
}

TEST_F(IoTest, ReadingMissingOrMalformedInputIsAClearUserError) {
  EXPECT_THROW(read_file(dir_ / "absent"), UserError);
  EXPECT_THROW(read_file(dir_), UserError);
  write_file_atomic(dir_ / "bad.json", "{\"a\": [1, 2,");
  try {
    read_json_file(dir_ / "bad.json");
    FAIL();
  } catch (const UserError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("bad.json: invalid JSON at byte"), std::string::npos) << message;
    EXPECT_EQ(message.find("[json.exception"), std::string::npos) << message;
  }
}

TEST(Json, NumbersTooLargeForADoubleAreUserErrors) {
  for (const char* text : {"{\"a\": 1e400}", "[-1e400]"}) {
    try {
      parse_json(text, "big.json");
      FAIL() << text;
    } catch (const UserError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("big.json: invalid JSON", 0), 0u) << message;
      EXPECT_EQ(message.find("[json.exception"), std::string::npos) << message;
    }
  }
}

TEST(Json, CanonicalTextSortsKeysAndEndsWithNewline) {
  const auto text = json_text(nlohmann::json{{"b", 1}, {"a", 2}});
  EXPECT_EQ(text, "{\n  \"a\": 2,\n  \"b\": 1\n}\n");
  EXPECT_EQ(parse_json(text, "x"), (nlohmann::json{{"a", 2}, {"b", 1}}));
}

}  // namespace
}  // namespace proven

#include "core/io.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "fuzz/nesting_mutator.hpp"
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
  // Text where JSON belongs is named as text; JSON's own words (true, null) still parse.
  write_file_atomic(dir_ / "text.json", "\n  Whodunnit, seed '3': a cast of 4\nmore\n");
  try {
    read_json_file(dir_ / "text.json");
    FAIL();
  } catch (const UserError& e) {
    EXPECT_NE(
        std::string(e.what()).find("text.json: this is text, not JSON (it begins 'Whodunnit, seed '3': a cast of 4')"),
        std::string::npos)
        << e.what();
  }
  EXPECT_EQ(parse_json(" true", "t"), nlohmann::json(true));
  EXPECT_EQ(parse_json("null", "n"), nlohmann::json(nullptr));
}

TEST_F(IoTest, ASymlinkIsFollowedNotReplaced) {
  const auto target = dir_ / "real.json", link = dir_ / "link.json";
  write_file_atomic(target, "old");
  fs::create_symlink("real.json", link);  // relative, as `ln -s` makes them
  write_file_atomic(link, "new");
  EXPECT_TRUE(fs::is_symlink(link));
  EXPECT_EQ(read_file(target), "new");
  const auto dangling = dir_ / "dangling.json";
  fs::create_symlink(dir_ / "made-through-the-link.json", dangling);
  write_file_atomic(dangling, "made");
  EXPECT_TRUE(fs::is_symlink(dangling));
  EXPECT_EQ(read_file(dir_ / "made-through-the-link.json"), "made");
  fs::create_symlink("loop-b", dir_ / "loop-a");
  fs::create_symlink("loop-a", dir_ / "loop-b");
  EXPECT_THROW(write_file_atomic(dir_ / "loop-a", "x"), UserError);
}

TEST(IoDevices, DevicesAreWrittenInPlaceAndTheirErrorsReported) {
  write_file_atomic("/dev/null", "discarded");
  EXPECT_TRUE(fs::is_character_file("/dev/null"));  // still the device, not a plain file
  if (fs::exists("/dev/full")) {
    try {
      write_file_atomic("/dev/full", "no room");
      FAIL() << "/dev/full accepted a write";
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find("No space left"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::is_character_file("/dev/full"));
  }
}

TEST_F(IoTest, OutputPathsThatWouldDestroyAnInputOrCannotBeWrittenAreRefused) {
  const auto input = (dir_ / "pack.json").string();
  write_file_atomic(input, "{}");
  fs::create_symlink("pack.json", dir_ / "alias.json");
  EXPECT_THROW(check_output_path("--svg", input, {input}), UserError);
  EXPECT_THROW(check_output_path("--svg", (dir_ / "alias.json").string(), {input}), UserError);
  EXPECT_THROW(check_output_path("--svg", (dir_ / "." / "pack.json").string(), {input}), UserError);
  EXPECT_THROW(check_output_path("--out", dir_.string(), {}), UserError);
  try {
    check_output_path("--out", (dir_ / "missing" / "x.svg").string(), {});
    FAIL();
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--out ", 0), 0u) << e.what();
  }
  EXPECT_NO_THROW(check_output_path("--svg", (dir_ / "new.svg").string(), {input}));
  EXPECT_NO_THROW(check_output_path("--out", "-", {input}));
  EXPECT_NO_THROW(check_output_path("--out", "relative-new-file.json", {}));
}

TEST_F(IoTest, InputsOverTheLimitAreRefusedWithoutReadingThemWhole) {
  const auto big = dir_ / "big.json";
  write_file_atomic(big, std::string((1u << 20) + 1, ' '));
  ::setenv("PROVEN_MAX_INPUT_MB", "1", 1);
  EXPECT_THROW(read_file(big), UserError);
  EXPECT_THROW(read_file("/dev/zero"), UserError);  // endless: stops one byte past the limit
  ::setenv("PROVEN_MAX_INPUT_MB", "0x10", 1);
  EXPECT_THROW(max_input_bytes(), UserError);
  ::unsetenv("PROVEN_MAX_INPUT_MB");
  EXPECT_EQ(max_input_bytes(), 64u << 20);
  EXPECT_EQ(read_file(big).size(), (1u << 20) + 1);
}

// SIGINT and SIGTERM remove the temporary file of a write in progress; SIGKILL cannot.
TEST_F(IoTest, ATerminatedWriteLeavesNoTemporaryFile) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto path = dir_ / "out.json";
  for (const int signal_number : {SIGTERM, SIGINT}) {
    EXPECT_EXIT(
        {
          remove_temporary_files_on_signals();
          write_file_atomic(path, [signal_number](std::ostream& out) {
            out << "half";
            out.flush();
            std::raise(signal_number);
          });
        },
        ::testing::KilledBySignal(signal_number), "");
    EXPECT_EQ(entries(), 0u) << "signal " << signal_number;
  }
}

// The note a signal prints while a checkpoint line is being written is the one the file backs:
// the previous note until the line is whole, the new one after (empty: none).
TEST_F(IoTest, ASignalNoteWaitingOnAWriteIsShownOnlyOnceTheFileHoldsIt) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto path = dir_ / "checkpoint";
  const auto stop_after_writing = [&](std::string_view bytes, std::string_view next_note) {
    remove_temporary_files_on_signals();
    std::FILE* file = std::fopen(path.c_str(), "w");
    set_signal_note("chunk 3 unfinished\n");
    set_signal_note_once_file_reaches(::fileno(file), 6, next_note);
    std::fputs(std::string(bytes).c_str(), file);
    std::fflush(file);
    std::raise(SIGTERM);
  };
  EXPECT_EXIT(stop_after_writing("", "all done\n"), ::testing::KilledBySignal(SIGTERM), "^chunk 3 unfinished\n$");
  EXPECT_EXIT(stop_after_writing("line", "all done\n"), ::testing::KilledBySignal(SIGTERM), "^chunk 3 unfinished\n$");
  EXPECT_EXIT(stop_after_writing("line\n\n", "all done\n"), ::testing::KilledBySignal(SIGTERM), "^all done\n$");
  EXPECT_EXIT(stop_after_writing("line\n\n", ""), ::testing::KilledBySignal(SIGTERM), "^$");
  EXPECT_EXIT(
      {
        set_signal_note("chunk 3 unfinished\n");
        set_signal_note_once_file_reaches(-1, 6, "all done\n");
        confirm_signal_note();
        remove_temporary_files_on_signals();
        std::raise(SIGTERM);
      },
      ::testing::KilledBySignal(SIGTERM), "^all done\n$");
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

// A file nested 10^5 deep once crashed every document reader (a recursive copy ran out of
// stack): nesting is bounded before anything is parsed, and brackets in strings do not count.
TEST(Json, NestingPastTheLimitIsAUserErrorBeforeParsing) {
  const auto nested = [](std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); };
  EXPECT_NO_THROW(parse_json(nested(kMaxJsonDepth), "ok.json"));
  for (const std::size_t depth : {kMaxJsonDepth + 1, std::size_t{100'000}}) {
    try {
      parse_json(nested(depth), "deep.json");
      ADD_FAILURE() << depth << " levels were parsed";
    } catch (const UserError& e) {
      EXPECT_EQ(std::string(e.what()),
                "deep.json: JSON nested deeper than 256 levels at byte 257 (no file proven "
                "reads needs more than a few)");
    }
  }
  const std::string objects = "{\"a\":" + std::string(300, '[') + std::string(300, ']') + "}";
  EXPECT_THROW(parse_json(objects, "o.json"), UserError);
  // Brackets inside strings, escaped quotes included, are text.
  const std::string text = "[\"" + std::string(1000, '[') + "\\\"" + std::string(1000, '{') + "\"]";
  EXPECT_EQ(parse_json(text, "s.json").size(), 1u);
}

// The fuzz targets' nesting mutation (fuzz/nesting_mutator.hpp) wraps one whole value, so what it
// makes stays JSON and reaches the nesting bound rather than the parser's syntax errors.
TEST(Json, TheFuzzersNestingMutationKeepsJsonValid) {
  const std::string document = R"({"a": [1, "x]}", {"b": true}], "c": -2.5e3})";
  for (std::uint64_t pick = 0; pick < 12; ++pick)
    for (const bool objects : {false, true}) {
      const std::string nested = fuzz::wrap_deep(document, pick, 100, objects, 1 << 20);
      EXPECT_GT(nested.size(), document.size() + 100) << pick;
      EXPECT_NO_THROW(parse_json(nested, "nested.json")) << nested;
      EXPECT_THROW(parse_json(fuzz::wrap_deep(document, pick, 300, objects, 1 << 20), "deep.json"), UserError);
    }
  EXPECT_EQ(fuzz::wrap_deep(document, 0, 100'000, false, 4096), document);  // past max_size: unchanged
  EXPECT_EQ(fuzz::wrap_deep("::", 0, 10, false, 4096), "::");               // no value in it
}

TEST(Json, CanonicalTextSortsKeysAndEndsWithNewline) {
  const auto text = json_text(nlohmann::json{{"b", 1}, {"a", 2}});
  EXPECT_EQ(text, "{\n  \"a\": 2,\n  \"b\": 1\n}\n");
  EXPECT_EQ(parse_json(text, "x"), (nlohmann::json{{"a", 2}, {"b", 1}}));
}

}  // namespace
}  // namespace proven

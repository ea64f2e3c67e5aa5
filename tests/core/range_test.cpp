// Seed-range runs (core/range.hpp): chunks folded in order, checkpoints written as chunks finish,
// and a resumed run that does only the chunks its checkpoint lacks and ends as an uninterrupted
// run does, even when a kill cut the checkpoint's last line short.
#include "core/range.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/range_ledger.hpp"

namespace proven {
namespace {

std::string scratch(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("proven-range-" + std::to_string(::getpid()) + "-" + name))
      .string();
}

// A toy job: a chunk's result is the sum of its seeds' squares; the fold lists them in order.
struct Toy {
  std::vector<std::uint64_t> ran;  // first index of each chunk actually run
  std::vector<std::uint64_t> folded;
  ChunkJob job() {
    return [this](std::uint64_t first, std::uint64_t n) {
      ran.push_back(first);
      std::uint64_t sum = 0;
      for (std::uint64_t i = first; i < first + n; ++i) sum += i * i;
      return nlohmann::json{{"sum", sum}};
    };
  }
  ChunkFold fold() {
    return [this](const nlohmann::json& r) { folded.push_back(r.at("sum").get<std::uint64_t>()); };
  }
};

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(Range, ChunksAreFoldedInOrderAndCheckpointed) {
  const std::string file = scratch("a.ckpt");
  Toy toy;
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 4};
  EXPECT_EQ(run_range(run, toy.job(), toy.fold(), {.checkpoint = file})->resumed, 0u);
  EXPECT_EQ(toy.ran, (std::vector<std::uint64_t>{0, 4, 8}));
  EXPECT_EQ(toy.folded, (std::vector<std::uint64_t>{0 + 1 + 4 + 9, 16 + 25 + 36 + 49, 64 + 81}));
  const auto lines = lines_of(file);
  ASSERT_EQ(lines.size(), 4u);  // the header, then one line per chunk
  EXPECT_EQ(nlohmann::json::parse(lines[0]).at("format"), std::string(kCheckpointFormat));
  EXPECT_EQ(nlohmann::json::parse(lines[3]).at("count"), 2);
  std::filesystem::remove(file);
}

TEST(Range, AResumedRunDoesOnlyWhatItsCheckpointLacksAndEndsTheSame) {
  const std::string file = scratch("b.ckpt");
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 3};
  Toy whole;
  run_range(run, whole.job(), whole.fold(), {.checkpoint = file});
  auto lines = lines_of(file);
  ASSERT_EQ(lines.size(), 5u);
  // A kill after chunk 1, in the middle of writing chunk 2's line.
  write_file_atomic(file, lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[3].substr(0, 9));
  Toy resumed;
  EXPECT_EQ(run_range(run, resumed.job(), resumed.fold(), {.checkpoint = file, .resume = true})->resumed, 2u);
  EXPECT_EQ(resumed.ran, (std::vector<std::uint64_t>{6, 9}));
  EXPECT_EQ(resumed.folded, whole.folded);
  EXPECT_EQ(lines_of(file), lines) << "the checkpoint ends as the uninterrupted run's";
  // Resuming a finished run runs nothing.
  Toy again;
  EXPECT_EQ(run_range(run, again.job(), again.fold(), {.checkpoint = file, .resume = true})->resumed, 4u);
  EXPECT_TRUE(again.ran.empty());
  EXPECT_EQ(again.folded, whole.folded);
  std::filesystem::remove(file);
}

TEST(Range, ACheckpointOfAnotherRunOrDamagedInsideIsRefused) {
  const std::string file = scratch("c.ckpt");
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 3};
  Toy toy;
  run_range(run, toy.job(), toy.fold(), {.checkpoint = file});
  const auto lines = lines_of(file);
  for (const RangeRun& other : {RangeRun{.name = "toy", .params = "v1", .range = "1..11", .count = 11, .chunk = 3},
                                RangeRun{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 4},
                                RangeRun{.name = "other", .params = "v1", .range = "1..10", .count = 10, .chunk = 3},
                                RangeRun{.name = "toy", .params = "v2", .range = "1..10", .count = 10, .chunk = 3}}) {
    Toy t;
    EXPECT_THROW(run_range(other, t.job(), t.fold(), {.checkpoint = file, .resume = true}), UserError);
    EXPECT_TRUE(t.ran.empty());
  }
  write_file_atomic(file, lines[0] + "\n" + lines[1] + "\nnot json\n" + lines[3] + "\n");
  Toy damaged;
  EXPECT_THROW(run_range(run, damaged.job(), damaged.fold(), {.checkpoint = file, .resume = true}), UserError);
  std::filesystem::remove(file);
  Toy missing;
  EXPECT_THROW(run_range(run, missing.job(), missing.fold(), {.checkpoint = file, .resume = true}), UserError);
  EXPECT_THROW(run_range(run, missing.job(), missing.fold(), {.checkpoint = "/no/such/dir/x.ckpt"}), UserError);
}

// The message of the UserError a resume of `file` throws, or "(resumed)".
std::string resume_refusal(const RangeRun& run, const std::string& file) {
  Toy toy;
  try {
    run_range(run, toy.job(), toy.fold(), {.checkpoint = file, .resume = true});
  } catch (const UserError& e) {
    EXPECT_TRUE(toy.ran.empty()) << "refused before any chunk ran";
    return e.what();
  }
  return "(resumed)";
}

// Resumed results are folded into the report unchecked, so each chunk line carries a digest of
// its own content: a line edited after the run wrote it is refused, naming it, instead of
// changing the report's digest without a word.
TEST(Range, AnEditedChunkLineIsRefusedNamingIt) {
  const std::string file = scratch("e.ckpt");
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 3};
  Toy toy;
  run_range(run, toy.job(), toy.fold(), {.checkpoint = file});
  const auto lines = lines_of(file);
  ASSERT_EQ(lines.size(), 5u);
  const nlohmann::json line = nlohmann::json::parse(lines[2]);  // chunk 1
  ASSERT_TRUE(line.at("line_digest").is_string());
  EXPECT_EQ(line.size(), 5u);
  const auto with_line_2_as = [&](const nlohmann::json& edited) {
    write_file_atomic(file,
                      lines[0] + "\n" + lines[1] + "\n" + edited.dump() + "\n" + lines[3] + "\n" + lines[4] + "\n");
  };
  const std::string prefix = "--resume " + file + ": line 3: ";
  nlohmann::json edited = line;
  edited["result"]["sum"] = edited["result"]["sum"].get<std::uint64_t>() + 1;  // the result, digest kept
  with_line_2_as(edited);
  EXPECT_EQ(resume_refusal(run, file),
            prefix + "chunk 1: its line_digest is not its content's (the line was edited or damaged)");
  edited = line;
  edited["line_digest"] = "0000000000000000";
  with_line_2_as(edited);
  EXPECT_EQ(resume_refusal(run, file),
            prefix + "chunk 1: its line_digest is not its content's (the line was edited or damaged)");
  edited = line;
  edited["count"] = 2;  // a count that is not the chunk's, even with its digest made again
  edited.erase("line_digest");
  edited["line_digest"] = digest_hex(edited.dump());
  with_line_2_as(edited);
  EXPECT_EQ(resume_refusal(run, file), prefix + "chunk 1: its seed count is not its chunk's");
  edited = line;
  edited["note"] = "x";
  with_line_2_as(edited);
  EXPECT_EQ(resume_refusal(run, file), prefix + "not a finished chunk");
  // The same chunk twice, each line whole.
  write_file_atomic(file, lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[2] + "\n" + lines[3] + "\n");
  EXPECT_EQ(resume_refusal(run, file), "--resume " + file + ": line 4: chunk 1 again (line 3 holds it)");
  // The edited line as the last one is refused too: a kill cuts a line short, and a line cut
  // short does not parse.
  edited = line;
  edited["result"]["sum"] = 0;
  write_file_atomic(file, lines[0] + "\n" + lines[1] + "\n" + edited.dump() + "\n");
  EXPECT_EQ(resume_refusal(run, file),
            prefix + "chunk 1: its line_digest is not its content's (the line was edited or damaged)");
  // Untouched, it resumes to the uninterrupted run's results.
  write_file_atomic(file, lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  Toy resumed;
  EXPECT_EQ(run_range(run, resumed.job(), resumed.fold(), {.checkpoint = file, .resume = true})->resumed, 2u);
  EXPECT_EQ(resumed.folded, toy.folded);
  std::filesystem::remove(file);
}

// A checkpoint of the format before chunk lines carried their digest is not resumed: its lines
// cannot be told from edited ones.
TEST(Range, ACheckpointOfTheFormerFormatIsRefused) {
  const std::string file = scratch("f.ckpt");
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 3};
  write_file_atomic(file,
                    R"({"chunk":3,"format":"proven-range-checkpoint/2","job":"toy","params":"v1","range":"1..10"})"
                    "\n"
                    R"({"chunk":0,"count":3,"first":0,"result":{"sum":5}})"
                    "\n");
  EXPECT_EQ(resume_refusal(run, file),
            "--resume " + file +
                ": line 1: format proven-range-checkpoint/2: this build resumes only proven-range-checkpoint/3 "
                "checkpoints, whose chunk lines each carry a digest of their own (run again with --checkpoint "
                "instead of --resume to start afresh)");
  std::filesystem::remove(file);
}

// MPI ranks finish chunks in any order: the ledger folds them in chunk order all the same, and
// the checkpoint holds them as they came.
TEST(Range, TheLedgerFoldsResultsInChunkOrderWhateverOrderTheyArriveIn) {
  const std::string file = scratch("d.ckpt");
  const RangeRun run{.name = "toy", .params = "v1", .range = "1..10", .count = 10, .chunk = 3};
  Toy toy;
  Progress progress("seeds", 10, stderr, false);
  {
    RangeLedger ledger(run, toy.fold(), {.checkpoint = file, .progress = &progress});
    ASSERT_EQ(ledger.unfinished(), (std::vector<std::uint64_t>{0, 1, 2, 3}));
    EXPECT_EQ(ledger.count_of(3), 1u);
    const auto result = [&](std::uint64_t k) { return toy.job()(ledger.first_of(k), ledger.count_of(k)); };
    ledger.finish(2, result(2), false);
    ledger.finish(3, result(3), true);
    EXPECT_TRUE(toy.folded.empty()) << "chunk 0 is still missing";
    ledger.finish(0, result(0), false);
    EXPECT_EQ(toy.folded.size(), 1u);
    EXPECT_EQ(ledger.unfinished(), (std::vector<std::uint64_t>{1}));
    EXPECT_FALSE(ledger.complete());
    ledger.finish(1, result(1), false);
    EXPECT_TRUE(ledger.complete());
  }
  EXPECT_EQ(progress.done(), 9u) << "chunk 3 was counted by its own job";
  Toy plain;
  run_range(run, plain.job(), plain.fold());
  EXPECT_EQ(toy.folded, plain.folded);
  const auto lines = lines_of(file);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(nlohmann::json::parse(lines[1]).at("chunk"), 2);
  std::filesystem::remove(file);
}

TEST(Range, UnfinishedChunksAreNamedAsShortRuns) {
  EXPECT_EQ(chunk_list_text({}), "");
  EXPECT_EQ(chunk_list_text({4}), "4");
  EXPECT_EQ(chunk_list_text({0, 1, 2, 5, 7, 8}), "0..2, 5, 7..8");
}

}  // namespace
}  // namespace proven

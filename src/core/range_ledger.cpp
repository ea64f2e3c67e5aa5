#include "core/range_ledger.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"

namespace proven {
namespace {

nlohmann::json header(const RangeRun& run) {
  return {{"format", std::string(kCheckpointFormat)},
          {"job", run.name},
          {"params", run.params},
          {"range", run.range},
          {"chunk", run.chunk}};
}

// What a chunk line's digest is taken over: the line's other fields, as the ledger writes them.
nlohmann::json entry_content(std::uint64_t k, std::uint64_t first, std::uint64_t n, const nlohmann::json& result) {
  return {{"chunk", k}, {"first", first}, {"count", n}, {"result", result}};
}

// A chunk line carries a digest of its own content, so that resuming can tell a line edited or
// damaged after it was written from one the run wrote: the results it holds are folded into the
// report unchecked, and a changed one would change the report's digest without a word.
std::string line_digest(const nlohmann::json& content) { return digest_hex(content.dump()); }

nlohmann::json entry(std::uint64_t k, std::uint64_t first, std::uint64_t n, const nlohmann::json& result) {
  nlohmann::json line = entry_content(k, first, n, result);
  line["line_digest"] = line_digest(line);
  return line;
}

bool unsigned_field(const nlohmann::json& line, std::string_view key) {
  const auto it = line.find(key);
  return it != line.end() && it->is_number_unsigned();
}

// The chunks a checkpoint holds, by number. A line that does not parse is accepted only as the
// last one (a kill can cut the line being written); anywhere else the file is damaged. A line
// that parses must be one the run wrote: its digest, its first seed and its seed count agree with
// its chunk, and no chunk is there twice.
std::map<std::uint64_t, nlohmann::json> read_checkpoint(const std::string& path, const RangeRun& run,
                                                        std::uint64_t chunks) {
  std::ifstream in(path);
  if (!in) throw UserError(fmt::format("--resume {}: cannot read it", one_line(path)));
  std::string line;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  const auto bad = [&](std::size_t at, std::string_view why) {
    return UserError(fmt::format("--resume {}: line {}: {}", one_line(path), at + 1, why));
  };
  if (lines.empty()) throw bad(0, "empty: not a checkpoint");
  const nlohmann::json head = nlohmann::json::parse(lines[0], nullptr, false);
  if (head.is_object() && head.contains("format") && head["format"] != std::string(kCheckpointFormat)) {
    const std::string format = head["format"].is_string() ? head["format"].get<std::string>() : head["format"].dump();
    throw bad(0, fmt::format("format {}: this build resumes only {} checkpoints, whose chunk lines each carry a "
                             "digest of their own (run again with --checkpoint instead of --resume to start afresh)",
                             one_line(format), kCheckpointFormat));
  }
  if (head != header(run))
    throw bad(0, fmt::format("a checkpoint of another run (this run is {})", header(run).dump()));
  std::map<std::uint64_t, nlohmann::json> done;
  std::map<std::uint64_t, std::size_t> line_of;  // chunk -> the line that holds it
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const nlohmann::json line_json = nlohmann::json::parse(lines[i], nullptr, false);
    const bool well_formed = line_json.is_object() && line_json.size() == 5 && unsigned_field(line_json, "chunk") &&
                             line_json["chunk"].get<std::uint64_t>() < chunks && unsigned_field(line_json, "first") &&
                             unsigned_field(line_json, "count") && line_json.contains("result") &&
                             line_json.contains("line_digest") && line_json["line_digest"].is_string();
    if (!well_formed) {
      if (i + 1 == lines.size()) break;  // cut short by a kill
      throw bad(i, "not a finished chunk");
    }
    const std::uint64_t k = line_json["chunk"].get<std::uint64_t>();
    const std::uint64_t first = line_json["first"].get<std::uint64_t>(), n = line_json["count"].get<std::uint64_t>();
    if (line_json["line_digest"] != line_digest(entry_content(k, first, n, line_json["result"])))
      throw bad(i, fmt::format("chunk {}: its line_digest is not its content's (the line was edited or damaged)", k));
    if (first != k * run.chunk) throw bad(i, fmt::format("chunk {}: its first seed is not its chunk's", k));
    if (n != std::min(run.chunk, run.count - first))
      throw bad(i, fmt::format("chunk {}: its seed count is not its chunk's", k));
    if (const auto [at, fresh] = line_of.emplace(k, i); !fresh)
      throw bad(i, fmt::format("chunk {} again (line {} holds it)", k, at->second + 1));
    done[k] = line_json["result"];
  }
  return done;
}

}  // namespace

std::string chunk_list_text(const std::vector<std::uint64_t>& chunks) {
  std::string text;
  for (std::size_t i = 0; i < chunks.size();) {
    std::size_t j = i;
    while (j + 1 < chunks.size() && chunks[j + 1] == chunks[j] + 1) ++j;
    if (!text.empty()) text += ", ";
    text += j == i ? fmt::format("{}", chunks[i]) : fmt::format("{}..{}", chunks[i], chunks[j]);
    i = j + 1;
  }
  return text;
}

RangeLedger::RangeLedger(const RangeRun& run, const ChunkFold& fold, const RangeOptions& options)
    : run_(run), fold_(fold), options_(options) {
  PROVEN_CHECK(run.chunk > 0, "a range is cut into chunks of at least one seed");
  chunks_ = (run.count + run.chunk - 1) / run.chunk;
  finished_.assign(chunks_, false);
  std::map<std::uint64_t, nlohmann::json> done;
  if (options.resume) done = read_checkpoint(options.checkpoint, run, chunks_);
  if (!options.checkpoint.empty()) {
    // The file is rewritten first (atomically) with what it holds, so a line a kill cut short
    // is gone before new lines are appended after it.
    std::string kept = header(run).dump() + "\n";
    for (const auto& [k, result] : done) kept += entry(k, first_of(k), count_of(k), result).dump() + "\n";
    try {
      write_file_atomic(options.checkpoint, kept);
    } catch (const std::exception& e) {
      throw UserError(fmt::format("--checkpoint {}: cannot write it ({})", one_line(options.checkpoint), e.what()));
    }
    checkpoint_ = std::fopen(options.checkpoint.c_str(), "a");
    if (!checkpoint_) throw UserError(fmt::format("--checkpoint {}: cannot write it", one_line(options.checkpoint)));
  }
  resumed_ = done.size();
  for (auto& [k, result] : done) {
    finished_[k] = true;
    if (options_.progress) options_.progress->advance(count_of(k));
    waiting_.emplace(k, std::move(result));
  }
  fold_ready();
  set_signal_note(signal_note());
}

RangeLedger::~RangeLedger() {
  set_signal_note("");
  if (checkpoint_) std::fclose(checkpoint_);
}

std::uint64_t RangeLedger::count_of(std::uint64_t k) const { return std::min(run_.chunk, run_.count - first_of(k)); }

std::vector<std::uint64_t> RangeLedger::unfinished() const {
  std::vector<std::uint64_t> left;
  for (std::uint64_t k = 0; k < chunks_; ++k)
    if (!finished_[k]) left.push_back(k);
  return left;
}

void RangeLedger::finish(std::uint64_t k, nlohmann::json result, bool counted) {
  PROVEN_CHECK(k < chunks_ && !finished_[k], "each chunk of a range finishes once");
  finished_[k] = true;
  const std::string note = signal_note();
  if (checkpoint_) {
    // A signal during the write names chunk k unfinished until its whole line is in the file.
    const auto cannot_write = [&] {
      finished_[k] = false;  // not in the file: a later signal names it unfinished
      return UserError(fmt::format("--checkpoint {}: cannot write it", one_line(options_.checkpoint)));
    };
    const std::string line = entry(k, first_of(k), count_of(k), result).dump() + "\n";
    const int fd = ::fileno(checkpoint_);
    struct stat file {};
    if (::fstat(fd, &file) != 0) throw cannot_write();
    set_signal_note_once_file_reaches(fd, static_cast<std::uint64_t>(file.st_size) + line.size(), note);
    if (std::fputs(line.c_str(), checkpoint_) < 0 || std::fflush(checkpoint_) != 0) throw cannot_write();
    confirm_signal_note();
  } else {
    set_signal_note(note);
  }
  if (!counted && options_.progress) options_.progress->advance(count_of(k));
  waiting_.emplace(k, std::move(result));
  fold_ready();
}

void RangeLedger::fold_ready() {
  for (auto it = waiting_.begin(); it != waiting_.end() && it->first == folded_; it = waiting_.erase(it)) {
    fold_(it->second);
    ++folded_;
  }
}

// What a stop leaves undone, for the signal handler (core/io.hpp); empty when nothing is.
std::string RangeLedger::signal_note() const {
  const std::vector<std::uint64_t> left = unfinished();
  if (left.empty()) return "";
  const std::string kept =
      options_.checkpoint.empty()
          ? "nothing was kept (--checkpoint FILE keeps finished chunks)"
          : fmt::format("the finished ones are in {0}: rerun with --resume {0} to run only the rest",
                        one_line(options_.checkpoint));
  return fmt::format("proven: {} stopped: chunk(s) {} of 0..{} unfinished ({} seeds each); {}\n", run_.name,
                     chunk_list_text(left), chunks_ - 1, run_.chunk, kept);
}

}  // namespace proven

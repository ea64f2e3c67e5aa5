#include "core/range.hpp"

#include <cstdio>
#include <fstream>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven {
namespace {

nlohmann::json header(const RangeRun& run) {
  return {{"format", std::string(kCheckpointFormat)}, {"job", run.name}, {"range", run.range}, {"chunk", run.chunk}};
}

// The chunks a checkpoint holds, by number. A line that does not parse is accepted only as the
// last one (a kill can cut the line being written); anywhere else the file is damaged.
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
  if (head != header(run))
    throw bad(0, fmt::format("a checkpoint of another run (this run is {})", header(run).dump()));
  std::map<std::uint64_t, nlohmann::json> done;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const nlohmann::json entry = nlohmann::json::parse(lines[i], nullptr, false);
    const bool well_formed = entry.is_object() && entry.contains("chunk") && entry["chunk"].is_number_unsigned() &&
                             entry["chunk"].get<std::uint64_t>() < chunks && entry.contains("result");
    if (!well_formed) {
      if (i + 1 == lines.size()) break;  // cut short by a kill
      throw bad(i, "not a finished chunk");
    }
    const std::uint64_t k = entry["chunk"].get<std::uint64_t>();
    if (entry.value("first", std::uint64_t{0}) != k * run.chunk) throw bad(i, "its first seed is not its chunk's");
    done[k] = entry["result"];
  }
  return done;
}

}  // namespace

std::uint64_t run_range(const RangeRun& run, const ChunkJob& job, const ChunkFold& fold, const RangeOptions& options) {
  PROVEN_CHECK(run.chunk > 0, "a range is cut into chunks of at least one seed");
  const std::uint64_t chunks = (run.count + run.chunk - 1) / run.chunk;
  std::map<std::uint64_t, nlohmann::json> done;
  if (options.resume) done = read_checkpoint(options.checkpoint, run, chunks);
  std::FILE* out = nullptr;
  if (!options.checkpoint.empty()) {
    // The file is rewritten first (atomically) with what it holds, so a line a kill cut short
    // is gone before new lines are appended after it.
    std::string kept = header(run).dump() + "\n";
    for (const auto& [k, result] : done) {
      const std::uint64_t first = k * run.chunk;
      kept +=
          nlohmann::json{
              {"chunk", k}, {"first", first}, {"count", std::min(run.chunk, run.count - first)}, {"result", result}}
              .dump() +
          "\n";
    }
    try {
      write_file_atomic(options.checkpoint, kept);
    } catch (const std::exception& e) {
      throw UserError(fmt::format("--checkpoint {}: cannot write it ({})", one_line(options.checkpoint), e.what()));
    }
    out = std::fopen(options.checkpoint.c_str(), "a");
    if (!out) throw UserError(fmt::format("--checkpoint {}: cannot write it", one_line(options.checkpoint)));
  }
  const std::uint64_t resumed = done.size();
  try {
    for (std::uint64_t k = 0; k < chunks; ++k) {
      if (const auto it = done.find(k); it != done.end()) {
        fold(it->second);
        continue;
      }
      const std::uint64_t first = k * run.chunk;
      const std::uint64_t n = std::min(run.chunk, run.count - first);
      const nlohmann::json result = job(first, n);
      if (out) {
        const nlohmann::json entry = {{"chunk", k}, {"first", first}, {"count", n}, {"result", result}};
        std::fprintf(out, "%s\n", entry.dump().c_str());
        if (std::fflush(out) != 0)
          throw UserError(fmt::format("--checkpoint {}: cannot write it", one_line(options.checkpoint)));
      }
      fold(result);
    }
  } catch (...) {
    if (out) std::fclose(out);
    throw;
  }
  if (out) std::fclose(out);
  return resumed;
}

}  // namespace proven

#pragma once
// File I/O with the guarantees users rely on: a written file is either the complete new content
// or untouched (never half-written), and unreadable or malformed input is a UserError naming
// the file and the place, never a crash.
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace proven {

// Writes to a temporary file beside `path`, flushes it to disk, then renames it over `path`
// (atomic on POSIX). If anything fails, or `writer` throws, the temporary file is removed, an
// existing file at `path` keeps its old content, and the error propagates (UserError for I/O
// failures).
void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& writer);
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// The whole file; UserError if it cannot be read.
std::string read_file(const std::filesystem::path& path);

// Parses JSON; UserError "FILE: invalid JSON at byte N: ..." on malformed input.
nlohmann::json parse_json(std::string_view text, const std::string& source_name);
nlohmann::json read_json_file(const std::filesystem::path& path);

// The canonical text of a JSON value: keys sorted, two-space indent, trailing newline.
// Output files use it so the same data is always the same bytes.
std::string json_text(const nlohmann::json& value);

}  // namespace proven

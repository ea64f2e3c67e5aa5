#pragma once
// File I/O with the guarantees users rely on: a written file is either the complete new content
// or untouched (never half-written), and unreadable or malformed input is a UserError naming
// the file and the place, never a crash.
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace proven {

// Writes `path` whole or not at all. A regular file (or a new path) gets a temporary file beside
// it, flushed to disk, then renamed over it (atomic on POSIX): if anything fails, or `writer`
// throws, the temporary file is removed, an existing file keeps its old content, and the error
// propagates (UserError for I/O failures). A symlink is followed (the file it names is replaced,
// the link stays). A device, FIFO or socket (/dev/null, /dev/stdout, /proc/self/fd/1) is written
// in place, since replacing it would turn it into a plain file; its write errors are reported
// (/dev/full: "No space left on device"). A directory is refused.
void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& writer);
void write_file_atomic(const std::filesystem::path& path, std::string_view content);

// Removes the temporary files of writes in progress when SIGINT, SIGTERM or SIGHUP arrives, then
// lets the signal end the process as it would have. SIGKILL cannot be caught: it may leave a
// `.NAME.tmp-PID-N` file beside the target (never a partial target). Call once, from main.
void remove_temporary_files_on_signals();

// A line the same handler writes to stderr before the signal ends the process: what a long job
// leaves undone and how to take it up again (core/range.hpp names its unfinished chunks). The
// newest note replaces the last; an empty one clears it. At most 8 KiB are kept.
void set_signal_note(std::string_view note);
// A note that becomes true once file `fd`, being appended to, reaches `size` bytes (a checkpoint
// line recording a finished chunk): until the write is done a signal shows the previous note,
// after it this one, so a signal at any point names exactly what the file lacks. Once the write
// is done, confirm_signal_note() makes it the note (an empty `note` clears it then).
void set_signal_note_once_file_reaches(int fd, std::uint64_t size, std::string_view note);
void confirm_signal_note();

// Refuses (UserError naming `option`) an output path that would destroy an input or cannot be
// written: the same file as one of `inputs`, a directory, or a path in a missing directory.
// Commands call it for every destination before doing any work, so nothing is half done.
void check_output_path(std::string_view option, const std::string& output, const std::vector<std::string>& inputs);

// The whole file, at most max_input_bytes() of it; UserError if it cannot be read or is larger.
std::string read_file(const std::filesystem::path& path);
// The input size limit: 64 MiB, or PROVEN_MAX_INPUT_MB mebibytes when that is set (1..65536).
std::size_t max_input_bytes();

// How deep arrays and objects may nest in any JSON proven reads (files, request bodies, themes,
// run logs). Its own documents nest under 10 deep; a deeper input is refused before it is parsed,
// so no reader, copy or destructor can run out of stack on it (a file 10^5 deep once crashed
// every reader).
inline constexpr std::size_t kMaxJsonDepth = 256;
// UserError "FILE: JSON nested deeper than 256 levels at byte N ..." past kMaxJsonDepth.
void check_json_depth(std::string_view text, const std::string& source_name);

// Parses JSON; UserError "FILE: invalid JSON at byte N: ..." on malformed input or nesting past
// kMaxJsonDepth.
// With `quote_text` false, text that is not JSON is named as such without quoting its start (a
// server's report must not print a file's content).
nlohmann::json parse_json(std::string_view text, const std::string& source_name, bool quote_text = true);
nlohmann::json read_json_file(const std::filesystem::path& path);

// Whether text is UTF-8, as JSON requires of every string: text from a user (a seed, a move) is
// checked before it can reach a JSON writer, which throws on anything else.
bool is_utf8(std::string_view text);

// The canonical text of a JSON value: keys sorted, two-space indent, trailing newline.
// Output files use it so the same data is always the same bytes.
std::string json_text(const nlohmann::json& value);

}  // namespace proven

#include "core/io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>

#include "core/errors.hpp"

namespace proven {
namespace {

std::string system_error_text(int error) { return std::strerror(error); }

// Temporary files being written, for the signal handler: fixed storage, so the handler only
// reads memory and calls unlink (both async-signal-safe).
constexpr std::size_t kTrackedTemps = 16, kTempPathMax = 4096;
std::array<std::array<char, kTempPathMax>, kTrackedTemps> g_temps{};
std::array<std::atomic<bool>, kTrackedTemps> g_temp_used{};
std::mutex g_temps_mutex;

// Registers `temp` for removal on a signal while alive (a path too long to track, or more
// writes at once than slots, is simply not tracked: SIGKILL's case).
class TrackedTemporary {
 public:
  explicit TrackedTemporary(const std::filesystem::path& temp) {
    const std::string& text = temp.native();
    if (text.size() >= kTempPathMax) return;
    const std::lock_guard lock(g_temps_mutex);
    for (std::size_t i = 0; i < kTrackedTemps; ++i) {
      if (g_temp_used[i].load()) continue;
      std::memcpy(g_temps[i].data(), text.c_str(), text.size() + 1);
      g_temp_used[i].store(true);
      slot_ = static_cast<int>(i);
      return;
    }
  }
  ~TrackedTemporary() {
    if (slot_ >= 0) g_temp_used[static_cast<std::size_t>(slot_)].store(false);
  }
  TrackedTemporary(const TrackedTemporary&) = delete;
  TrackedTemporary& operator=(const TrackedTemporary&) = delete;

 private:
  int slot_ = -1;
};

// The signal note: two fixed buffers, one being written while the handler may read the other,
// and the index of the one that is whole (-1: no note). The handler only reads and write()s.
constexpr std::size_t kNoteMax = 8192;
std::array<std::array<char, kNoteMax>, 2> g_notes{};
std::array<std::size_t, 2> g_note_sizes{};
std::atomic<int> g_note_shown{-1};
std::mutex g_note_mutex;
// A note waiting on a write: the handler shows buffer g_note_pending (kEmptyNote: none) once file
// g_pending_fd has reached g_pending_size bytes (the write is done, so the note is true), else
// the shown one. -1: no note waits.
constexpr int kEmptyNote = 2;
std::atomic<int> g_note_pending{-1};
std::atomic<int> g_pending_fd{-1};
std::atomic<off_t> g_pending_size{0};

// The note that is true now (-1: none). Only fstat is called: async-signal-safe.
int note_to_show() {
  if (const int pending = g_note_pending.load(); pending >= 0) {
    struct stat file {};
    if (::fstat(g_pending_fd.load(), &file) == 0 && file.st_size >= g_pending_size.load())
      return pending == kEmptyNote ? -1 : pending;
  }
  return g_note_shown.load();
}

extern "C" void remove_temporaries_and_reraise(int signal_number) {
  for (std::size_t i = 0; i < kTrackedTemps; ++i)
    if (g_temp_used[i].load()) ::unlink(g_temps[i].data());
  if (const int shown = note_to_show(); shown >= 0) {
    const auto& note = g_notes[static_cast<std::size_t>(shown)];
    [[maybe_unused]] const ssize_t written =
        ::write(STDERR_FILENO, note.data(), g_note_sizes[static_cast<std::size_t>(shown)]);
  }
  std::signal(signal_number, SIG_DFL);
  std::raise(signal_number);
}

// A unique sibling name: same directory, so rename() never crosses filesystems.
std::filesystem::path temporary_sibling(const std::filesystem::path& path) {
  static std::atomic<unsigned> counter{0};
  auto name = path.filename().string();
  name = "." + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  return path.parent_path() / name;
}

void sync_file(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;  // the data is written; durability on power loss is best effort
  ::fsync(fd);
  ::close(fd);
}

// The path a chain of symlinks ends at (the link's target may not exist yet): renaming over the
// link itself would replace the link with a plain file.
std::filesystem::path resolve_links(const std::filesystem::path& path) {
  std::filesystem::path at = path;
  for (int hops = 0; hops < 40; ++hops) {
    std::error_code ec;
    if (!std::filesystem::is_symlink(std::filesystem::symlink_status(at, ec))) return at;
    const std::filesystem::path target = std::filesystem::read_symlink(at, ec);
    if (ec) throw UserError("cannot write " + path.string() + ": " + ec.message());
    at = target.is_absolute() ? target : at.parent_path() / target;
  }
  throw UserError("cannot write " + path.string() + ": too many levels of symbolic links");
}

// Writes `content` to an existing non-regular file (device, FIFO, socket) without replacing it.
void write_in_place(const std::filesystem::path& path, const std::string& content) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) throw UserError("cannot write " + path.string() + ": " + system_error_text(errno));
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      ::close(fd);
      throw UserError("cannot write " + path.string() + ": " + system_error_text(error));
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) throw UserError("cannot write " + path.string() + ": " + system_error_text(errno));
}

void replace_atomically(const std::filesystem::path& shown, const std::filesystem::path& path,
                        const std::function<void(std::ostream&)>& writer) {
  const auto temp = temporary_sibling(path);
  const TrackedTemporary tracked(temp);
  try {
    {
      std::ofstream out(temp, std::ios::binary | std::ios::trunc);
      if (!out) throw UserError("cannot write " + shown.string() + ": " + system_error_text(errno));
      writer(out);
      out.flush();
      if (!out) throw UserError("cannot write " + shown.string() + ": write failed");
    }
    sync_file(temp);
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) throw UserError("cannot write " + shown.string() + ": " + ec.message());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw;
  }
}

}  // namespace

void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& writer) {
  if (path.empty()) throw UserError("cannot write a file with an empty name");
  struct stat info {};
  if (::stat(path.c_str(), &info) == 0) {  // follows symlinks, including /proc/self/fd/1
    if (S_ISDIR(info.st_mode)) throw UserError("cannot write " + path.string() + ": it is a directory");
    if (!S_ISREG(info.st_mode)) {
      std::ostringstream buffer;
      writer(buffer);
      write_in_place(path, std::move(buffer).str());
      return;
    }
  }
  replace_atomically(path, resolve_links(path), writer);
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  write_file_atomic(
      path, [content](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); });
}

void remove_temporary_files_on_signals() {
  for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) std::signal(signal_number, remove_temporaries_and_reraise);
}

namespace {

// Copies `note` into the buffer the handler is not showing; returns its index (-1: empty note).
int fill_spare_note(std::string_view note) {
  if (note.empty()) return -1;
  const std::size_t spare = g_note_shown.load() == 0 ? 1 : 0;
  const std::size_t size = std::min(note.size(), kNoteMax);
  std::memcpy(g_notes[spare].data(), note.data(), size);
  g_note_sizes[spare] = size;
  return static_cast<int>(spare);
}

}  // namespace

void set_signal_note(std::string_view note) {
  const std::lock_guard lock(g_note_mutex);
  g_note_pending.store(-1);
  g_note_shown.store(fill_spare_note(note));
}

void set_signal_note_once_file_reaches(int fd, std::uint64_t size, std::string_view note) {
  const std::lock_guard lock(g_note_mutex);
  g_note_pending.store(-1);
  g_pending_fd.store(fd);
  g_pending_size.store(static_cast<off_t>(size));
  g_note_pending.store(note.empty() ? kEmptyNote : fill_spare_note(note));
}

void confirm_signal_note() {
  const std::lock_guard lock(g_note_mutex);
  if (const int pending = g_note_pending.exchange(-1); pending >= 0)
    g_note_shown.store(pending == kEmptyNote ? -1 : pending);
}

void check_output_path(std::string_view option, const std::string& output, const std::vector<std::string>& inputs) {
  if (output.empty() || output == "-") return;  // stdout
  const std::string where = std::string(option) + " " + output;
  std::error_code ec;
  const std::filesystem::path path(output);
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::is_directory(status)) throw UserError(where + ": it is a directory");
  if (!std::filesystem::exists(status)) {
    const std::filesystem::path parent = resolve_links(path).parent_path();
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
      throw UserError(where + ": no directory " + parent.string());
    return;  // a new file cannot be one of the inputs
  }
  for (const std::string& input : inputs)
    if (std::filesystem::equivalent(path, input, ec) && !ec)
      throw UserError(where + ": it is the input file " + input + "; writing it would destroy the input");
}

std::size_t max_input_bytes() {
  std::size_t mebibytes = 64;
  if (const char* text = std::getenv("PROVEN_MAX_INPUT_MB")) {
    char* end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || value < 1 || value > 65536 || text[0] < '0' || text[0] > '9')
      throw UserError(std::string("PROVEN_MAX_INPUT_MB must be a whole number of mebibytes, 1..65536 (it is '") + text +
                      "')");
    mebibytes = static_cast<std::size_t>(value);
  }
  return mebibytes << 20;
}

std::string read_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UserError("cannot read " + path.string() + ": it is a directory");
  }
  const std::size_t limit = max_input_bytes();
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read " + path.string() + ": " + system_error_text(errno));
  // Read in pieces up to one byte over the limit: /dev/zero or a huge file stops there.
  std::string content;
  std::array<char, 1 << 16> chunk{};
  while (in && content.size() <= limit) {
    in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    content.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw UserError("cannot read " + path.string() + ": read failed");
  if (content.size() > limit)
    throw UserError("cannot read " + path.string() + ": larger than the input limit of " + std::to_string(limit >> 20) +
                    " MB (PROVEN_MAX_INPUT_MB raises it)");
  return content;
}

void check_json_depth(std::string_view text, const std::string& source_name) {
  // One pass over the text, before any parser builds anything: brackets inside strings (with
  // their escapes) do not count.
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        throw UserError(source_name + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                        " levels at byte " + std::to_string(i + 1) + " (no file proven reads needs more than a few)");
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
}

nlohmann::json parse_json(std::string_view text, const std::string& source_name, bool quote_text) {
  // Text where a file was expected (a case as `show` prints it, say) is a common mistake: name
  // it as such, rather than as a syntax error at byte 1.
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && std::isalpha(static_cast<unsigned char>(text[first])) &&
      !text.substr(first).starts_with("true") && !text.substr(first).starts_with("false") &&
      !text.substr(first).starts_with("null")) {
    if (!quote_text) throw UserError(source_name + ": this is text, not JSON");
    const std::string_view line = text.substr(first, std::min(text.find('\n', first), text.size()) - first);
    throw UserError(source_name + ": this is text, not JSON (it begins '" + std::string(line.substr(0, 48)) +
                    "'): commands read the JSON file that `generate --out` writes, not the text `show` prints");
  }
  check_json_depth(text, source_name);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    // nlohmann prefixes its messages with "[json.exception.parse_error.101] "; users need the rest.
    std::string detail = e.what();
    if (auto end = detail.find("] "); end != std::string::npos) detail.erase(0, end + 2);
    throw UserError(source_name + ": invalid JSON at byte " + std::to_string(e.byte) + ": " + detail);
  } catch (const nlohmann::json::out_of_range& e) {
    // A number too large for a double (1e400) is the file's mistake, not ours.
    std::string detail = e.what();
    if (auto end = detail.find("] "); end != std::string::npos) detail.erase(0, end + 2);
    throw UserError(source_name + ": invalid JSON: " + detail);
  }
}

nlohmann::json read_json_file(const std::filesystem::path& path) { return parse_json(read_file(path), path.string()); }

bool is_utf8(std::string_view text) {
  try {
    (void)nlohmann::json(std::string(text)).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

std::string json_text(const nlohmann::json& value) { return value.dump(2) + "\n"; }

}  // namespace proven

#include "core/io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/errors.hpp"

namespace proven {
namespace {

std::string system_error_text(int error) { return std::strerror(error); }

// A unique sibling name: same directory, so rename() never crosses filesystems.
std::filesystem::path temporary_sibling(const std::filesystem::path& path) {
  static std::atomic<unsigned> counter{0};
  auto name = path.filename().string();
  name = "." + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
  return path.parent_path() / name;
}

void sync_file(const std::filesystem::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return;  // the data is written; durability on power loss is best effort
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& writer) {
  if (path.empty()) throw UserError("cannot write a file with an empty name");
  const auto temp = temporary_sibling(path);
  try {
    {
      std::ofstream out(temp, std::ios::binary | std::ios::trunc);
      if (!out) {
        throw UserError("cannot write " + path.string() + ": " + system_error_text(errno));
      }
      writer(out);
      out.flush();
      if (!out) throw UserError("cannot write " + path.string() + ": write failed");
    }
    sync_file(temp);
    std::error_code ec;
    std::filesystem::rename(temp, path, ec);
    if (ec) throw UserError("cannot write " + path.string() + ": " + ec.message());
  } catch (...) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    throw;
  }
}

void write_file_atomic(const std::filesystem::path& path, std::string_view content) {
  write_file_atomic(
      path, [content](std::ostream& out) { out.write(content.data(), static_cast<std::streamsize>(content.size())); });
}

std::string read_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw UserError("cannot read " + path.string() + ": it is a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UserError("cannot read " + path.string() + ": " + system_error_text(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) throw UserError("cannot read " + path.string() + ": read failed");
  return std::move(buffer).str();
}

nlohmann::json parse_json(std::string_view text, const std::string& source_name) {
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

std::string json_text(const nlohmann::json& value) { return value.dump(2) + "\n"; }

}  // namespace proven

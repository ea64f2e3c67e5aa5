#include "core/command.hpp"

#include <cstdio>

#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven {

CLI::Option* add_jobs_option(CLI::App& app, unsigned& jobs) {
  return app.add_option("--jobs,-j", jobs, "worker threads (0 = one per core); never changes output")
      ->check(CLI::Range(0u, 1024u));
}

void emit(const std::string& path, std::string_view content) {
  if (path.empty() || path == "-") {
    std::fwrite(content.data(), 1, content.size(), stdout);
    std::fflush(stdout);
  } else {
    write_file_atomic(path, content);
  }
}

void fail_on_problems(const std::string& path, const std::vector<std::string>& problems) {
  if (problems.empty()) return;
  std::string message = path + ": " + std::to_string(problems.size()) + " broken promise(s)";
  for (const auto& p : problems) message += "\n  " + p;
  throw Failure(message);
}

}  // namespace proven

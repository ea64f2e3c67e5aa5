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

void fail_on_problems(const std::string& path, const std::vector<std::string>& problems,
                      const std::vector<std::string>& not_proven) {
  if (problems.empty() && not_proven.empty()) return;
  std::string message;
  const auto list = [&](const std::string& heading, const std::vector<std::string>& lines) {
    if (lines.empty()) return;
    message += (message.empty() ? "" : "\n") + one_line(path) + ": " + heading;
    for (std::size_t i = 0; i < lines.size() && i < kMaxProblemLines; ++i) message += "\n  " + one_line(lines[i]);
    if (lines.size() > kMaxProblemLines)
      message += "\n  ... and " + std::to_string(lines.size() - kMaxProblemLines) + " more";
  };
  list(std::to_string(problems.size()) + " broken promise(s)", problems);
  list(std::to_string(not_proven.size()) +
           " proof(s) not proven within budget (no verdict either way; verify --budget raises it)",
       not_proven);
  throw Failure(message);
}

void require_plain_integers(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    const std::string type = option->get_type_name();
    const std::string base = type.substr(0, type.find(':'));
    if (base != "INT" && base != "UINT") continue;
    const bool sign_allowed = base == "INT";
    option->check(CLI::Validator(
        [sign_allowed](std::string& text) -> std::string {
          const std::size_t digits = sign_allowed && !text.empty() && text[0] == '-' ? 1 : 0;
          const bool plain = text.size() > digits && text.find_first_not_of("0123456789", digits) == std::string::npos;
          return plain ? "" : "'" + one_line(text) + "' is not a plain decimal number";
        },
        ""));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) require_plain_integers(*sub);
}

std::string one_line(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace proven

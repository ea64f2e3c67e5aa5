#pragma once
// Runs the real `proven` executable, as a user would, for end-to-end tests. The test target
// defines PROVEN_EXE as the executable's path (tests/CMakeLists.txt).
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace proven::testing {

struct Run {
  int code;
  std::string out;  // stdout and stderr, merged (or stdout alone)
};

// `args` go to a shell after the executable's path, so they may quote and redirect. Without
// `with_stderr`, stderr is dropped and `out` is standard output alone.
inline Run run_proven(const std::string& args, bool with_stderr = true) {
  const std::string command = std::string(PROVEN_EXE) + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace proven::testing

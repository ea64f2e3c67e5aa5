#pragma once
// The two kinds of error a user can meet, and the exit codes the CLI maps them to.
// Anything else that escapes (std::logic_error from PROVEN_CHECK, bad_alloc) is a bug: exit 3.
#include <stdexcept>
#include <string>

namespace proven {

enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,    // a proof, verification or generation did not hold
  kExitUserError = 2,  // bad arguments, unreadable or malformed input
  kExitBug = 3,        // an internal error; please report it
};

// A message that may echo input, made safe to carry through what(), a C string: a NUL byte
// (a move or name typed with one) becomes "\x00" instead of cutting the message short.
inline std::string without_nul(std::string text) {
  for (std::size_t i = text.find('\0'); i != std::string::npos; i = text.find('\0', i + 4)) text.replace(i, 1, "\\x00");
  return text;
}

// The user asked for something invalid: a bad seed, a missing file, malformed JSON.
class UserError : public std::runtime_error {
 public:
  explicit UserError(const std::string& message) : std::runtime_error(without_nul(message)) {}
  explicit UserError(const char* message) : std::runtime_error(message) {}
};

// A promise did not hold: a proof failed, a pack did not verify, a budget ran out.
class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace proven

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

// The user asked for something invalid: a bad seed, a missing file, malformed JSON.
class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A promise did not hold: a proof failed, a pack did not verify, a budget ran out.
class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace proven

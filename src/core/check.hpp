#pragma once
// PROVEN_CHECK guards programmer mistakes (a contract broken by the caller), never user input:
// user input is validated at the boundary and reported as proven::UserError (core/errors.hpp).
// It throws instead of aborting so a bug surfaces as one clear line, not a core dump.
#include <stdexcept>
#include <string>

#define PROVEN_CHECK(cond, what)                                                                                       \
  do {                                                                                                                 \
    if (!(cond))                                                                                                       \
      throw std::logic_error(std::string(__FILE__) + ":" + std::to_string(__LINE__) + ": broken contract: " + (what)); \
  } while (false)

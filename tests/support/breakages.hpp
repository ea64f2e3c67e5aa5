#pragma once
// Data-driven malformed-input tests: each breakage edits a valid document, and parsing the
// edited document must throw UserError (a clear message), never crash or accept it.
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

namespace proven::testing {

using Breakage = std::function<void(nlohmann::json&)>;

template <class Parse>
void expect_each_breakage_rejected(const nlohmann::json& valid, const std::vector<Breakage>& breakages, Parse parse) {
  for (std::size_t i = 0; i < breakages.size(); ++i) {
    auto broken = valid;
    breakages[i](broken);
    EXPECT_THROW(parse(broken), proven::UserError) << "breakage " << i << ": " << broken.dump().substr(0, 200);
  }
}

}  // namespace proven::testing

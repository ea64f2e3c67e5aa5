#include "core/verify.hpp"

#include <iterator>
#include <utility>

#include <fmt/format.h>

namespace proven {

std::vector<std::string> verify_findings(std::vector<std::string> broken, std::vector<std::string> not_proven,
                                         const VerifyOptions& options) {
  std::vector<std::string>& into = options.notes ? options.notes->not_proven : broken;
  into.insert(into.end(), std::make_move_iterator(not_proven.begin()), std::make_move_iterator(not_proven.end()));
  return broken;
}

std::string not_proven_within_budget(std::uint64_t budget, std::string_view unit) {
  return fmt::format("not proven within budget {} {} (verify --budget raises it)", budget, unit);
}

}  // namespace proven

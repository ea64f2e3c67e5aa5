#include "bomb/cache.hpp"

namespace proven::bomb {

std::shared_ptr<const RuleBook> RuleBookCache::get(int seed) {
  return books_.get(seed, [seed] { return build_rule_book(seed); });
}

}  // namespace proven::bomb

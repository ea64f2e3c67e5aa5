#pragma once
// Checking a rule seed from scratch, as `proven bomb check` and the CI sweep do:
//
//   SeedCheck c = check_seed(42);   // c.failure empty: every module built and held its audit
//
// The rule book is rebuilt (never cached; seed 1, being frozen, is read and then filtered and
// proven like a fresh candidate), then every module with rules is audited: proven
// again by samples keyed apart from the generator's own (Rng::from_seed(seed).fork("audit")
// .fork(id)), sampled even where the generator proved exhaustively, so the audit does not
// replay the cases the generator already saw.
#include <string>
#include <vector>

#include "bomb/rulebook.hpp"

namespace proven::bomb {

struct SeedCheck {
  std::vector<ModuleReport> reports;  // the rebuild's per-module tries, tallies and proofs
  std::string failure;                // empty: every module held; else which seed and module failed
};

SeedCheck check_seed(int seed);

}  // namespace proven::bomb

#pragma once
// Checking a rule seed from scratch, as `proven bomb check` and the CI sweep do:
//
//   SeedCheck c = check_seed(42);   // c.failure empty: every module built and held its audit
//
// The rule book is rebuilt (never cached; seed 1, being frozen, is read and then filtered and
// proven like a fresh candidate), then audited: every module with rules plays again, on samples
// keyed apart from the generator's own (Rng::from_seed(seed).fork("audit")), sampled even where
// the generator proved exhaustively, so the audit does not replay the cases the generator saw.
//
// The audit deals whole bombs, as a real one is dealt: bomb i (audit.fork("bomb", i)) draws one
// edgework, strike count and timer, then each module's state in catalog order, and every module
// plays its first kInfo.samples bombs (1,000, or 200 for the slow ones). Each module plays as
// many independent samples as a proof of its own would; the setting is dealt once per bomb
// instead of once per module and sample (a fork and an edgework each: about a tenth of the audit).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bomb/proof.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb {

struct SeedCheck {
  std::vector<ModuleReport> reports;  // the rebuild's per-module tries, tallies and proofs
  std::string failure;                // empty: every module held; else which seed and module failed
};

SeedCheck check_seed(int seed);

struct AuditResult {
  bool passed = true;
  std::uint64_t plays = 0;  // module plays made (all of them when passed)
  // When failed: the first module whose play failed, on which bomb, and how it ended.
  std::string_view module;
  std::uint64_t bomb = 0;
  PlayEnd end = PlayEnd::Solved;
};

// The audit check_seed makes, on any rule book (`audit`: the seed's Rng "audit" fork).
AuditResult audit_rule_book(const RuleBook& book, const Rng& audit);

}  // namespace proven::bomb

#include "bomb/check.hpp"

#include <fmt/format.h>

namespace proven::bomb {

SeedCheck check_seed(int seed) {
  SeedCheck out;
  RuleBook book;
  try {
    book = build_rule_book(seed);  // seed 1: the frozen data; any other: rebuilt, never cached
  } catch (const GenerationFailed& e) {
    out.failure = e.what();
    return out;
  }
  out.reports = book.reports;
  if (seed == 1) {
    // The frozen standard manual is read, not rebuilt: give it the generator's own checks too.
    for_each_module([&]<class M>() {
      if constexpr (has_rules<M>()) {
        if (!out.failure.empty()) return;
        const auto& rules = book.rules_of<M>();
        if (const auto reason = M::dull(rules)) {
          out.failure =
              fmt::format("rule seed 1 (frozen): module {}: the filter rejects it ({})", M::kInfo.name, *reason);
          return;
        }
        const ProofResult proof = check_module_solvable<M>(rules, Rng::from_seed(1).fork(M::kInfo.id).fork("frozen"));
        if (!proof.passed)
          out.failure = fmt::format("rule seed 1 (frozen): module {}: case {} ended {}", M::kInfo.name,
                                    proof.failing_case, name(proof.failure));
      }
    });
  }
  const Rng audit = Rng::from_seed(static_cast<std::uint64_t>(seed)).fork("audit");
  for_each_module([&]<class M>() {
    if constexpr (has_rules<M>()) {
      if (!out.failure.empty()) return;
      const ProofResult proof = check_module_solvable<M>(book.rules_of<M>(), audit.fork(M::kInfo.id),
                                                         {.samples = std::nullopt, .allow_exhaustive = false});
      if (!proof.passed)
        out.failure = fmt::format("rule seed {}: module {}: audit sample {} ended {}", seed, M::kInfo.name,
                                  proof.failing_case, name(proof.failure));
    }
  });
  return out;
}

}  // namespace proven::bomb

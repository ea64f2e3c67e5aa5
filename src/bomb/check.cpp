#include "bomb/check.hpp"

#include <algorithm>
#include <tuple>
#include <type_traits>
#include <utility>

#include <fmt/format.h>

#include "bomb/catalog.hpp"

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
  if (!out.failure.empty()) return out;
  const AuditResult audit = audit_rule_book(book, Rng::from_seed(static_cast<std::uint64_t>(seed)).fork("audit"));
  if (!audit.passed)
    out.failure =
        fmt::format("rule seed {}: module {}: audit bomb {} ended {}", seed, audit.module, audit.bomb, name(audit.end));
  return out;
}

namespace {

// What a module's plays read: its prepared lookup, or a copy of its rules (prepare_lookup).
template <class M>
using LookupOf = std::remove_cvref_t<decltype(prepare_lookup<M>(std::declval<const typename M::Rules&>()))>;

template <class... Ms>
std::tuple<LookupOf<Ms>...> prepare_every_module(const RuleBook& book, ModuleList<Ms...>) {
  return {prepare_lookup<Ms>(book.rules_of<Ms>())...};
}

int most_samples() {
  int most = 0;
  for (const ModuleInfo& info : Catalog::infos) most = std::max(most, info.samples);
  return most;
}

}  // namespace

AuditResult audit_rule_book(const RuleBook& book, const Rng& audit) {
  AuditResult result;
  const auto lookups = prepare_every_module(book, Catalog{});  // once for every bomb below
  const Rng::UnnamedForks bombs = audit.unnamed_forks("bomb");
  const int bomb_count = most_samples();
  for (int i = 0; i < bomb_count && result.passed; ++i) {
    Rng bomb = bombs.at(static_cast<std::uint64_t>(i));  // audit.fork("bomb", i), without its path
    const SampleSetting setting = deal_setting(bomb);
    for_each_module([&]<class M>() {
      if constexpr (has_rules<M>()) {
        if (!result.passed || i >= M::kInfo.samples) return;
        const auto& rules = book.rules_of<M>();
        const typename M::State state = M::deal(bomb, setting.edge, rules);
        const PlayEnd end = play_with<M>(rules, std::get<LookupOf<M>>(lookups), state, setting.edge, setting.clock);
        ++result.plays;
        if (!play_passed(end)) result = {false, result.plays, M::kInfo.name, static_cast<std::uint64_t>(i), end};
      }
    });
  }
  return result;
}

}  // namespace proven::bomb

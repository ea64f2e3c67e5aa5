#pragma once
// The proof that a module's rules can be followed: play bombs by the module's own hints.
//
//   ProofResult r = check_module_solvable<Wires>(rules, rng.fork("proof"));
//   if (!r.passed) ... r.failure names what went wrong and on which case
//
// Each play follows `hint` in simulated time and judges with `apply` (docs/bomb.md, "Proofs"):
//   * a strike, from a hinted action or a timed event, fails the rule set;
//   * solved passes a regular module; a needy module passes by surviving 90 s without a strike;
//   * a regular module with no correct action for 3 simulated minutes fails (stalled), and so
//     does any play past 5,000 steps.
// A module with `for_each_case` is proven over every case it lists (method Exhaustive); the
// others play kInfo.samples samples (or options.samples), sample i drawing its random edgework,
// its 0-2 strikes already on the bomb, its timer and the module itself from rng.fork("sample", i).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "bomb/edgework.hpp"
#include "bomb/module.hpp"
#include "core/rng.hpp"

namespace proven::bomb {

inline constexpr int kStepCap = 5'000;
inline constexpr std::int64_t kStallMs = 180'000;        // 3 minutes without a correct action
inline constexpr std::int64_t kNeedySurviveMs = 90'000;  // a needy module's proof horizon
inline constexpr std::int64_t kActionMs = 250;           // simulated time one action takes
inline constexpr std::int64_t kTimerMinMs = 60'000;      // sampled bomb clocks: 1:00 ..
inline constexpr std::int64_t kTimerMaxMs = 300'000;     //                      5:00 remaining

enum class PlayEnd : std::uint8_t { Solved, Survived, Strike, Stalled, StepCap };
std::string_view name(PlayEnd end);

// NotNeeded: a module without generated rules (Discharge Lever) has nothing to prove.
// Frozen: rules read from data (seed 1); the tests and `check` re-prove them.
enum class ProofMethod : std::uint8_t { Exhaustive, Sampled, NotNeeded, Frozen };

struct ProofResult {
  bool passed = false;
  ProofMethod method = ProofMethod::Sampled;
  std::uint64_t cases = 0;  // plays made (all of them when passed)
  // When failed: how the first failing play ended and which case/sample it was.
  PlayEnd failure = PlayEnd::Solved;
  std::uint64_t failing_case = 0;

  // "exhaustive (2460 cases)", "1000 samples" or "no rules to prove".
  std::string method_text() const;
};

struct ProofOptions {
  std::optional<int> samples;    // overrides kInfo.samples (tests, audits)
  bool allow_exhaustive = true;  // false: sample even when the module can enumerate its cases
};

// A module whose rule lookup is worth preparing once per rule set (module.hpp): the proof
// prepares it once and plays every case against it, instead of rebuilding it on every look.
template <class M>
concept PreparedModule = Module<M> &&
    requires(const typename M::Rules& rules, const typename M::Lookup& lookup, typename M::State& state,
             const typename M::State& cstate, const Context& ctx, Action action) {
  { M::prepare(rules) } -> std::same_as<typename M::Lookup>;
  { M::hint(lookup, cstate, ctx) } -> std::same_as<Action>;
  { M::apply(lookup, state, action, ctx) } -> std::same_as<Outcome>;
};

// What the play loop hands hint and apply: the prepared lookup, or the rules themselves.
template <Module M>
decltype(auto) prepare_lookup(const typename M::Rules& rules) {
  if constexpr (PreparedModule<M>) {
    return M::prepare(rules);
  } else {
    return (rules);  // a reference: nothing to prepare
  }
}

// Plays one module from a dealt state to its end; `lookup` is prepare_lookup<M>(rules).
template <Module M, class Lookup>
PlayEnd play_with(const typename M::Rules& rules, const Lookup& lookup, typename M::State state, const Edgework& edge,
                  Clock clock) {
  Context ctx{edge, clock, 0};
  std::int64_t last_progress_ms = 0;
  for (int step = 0; step < kStepCap; ++step) {
    if constexpr (TimedModule<M>) {
      // An event that fell due while the Defuser was acting happens before the next look.
      const std::optional<std::int64_t> due = M::next_event_at(rules, state, ctx);
      if (due && *due <= ctx.now_ms && M::tick(rules, state, ctx) == Outcome::Strike) return PlayEnd::Strike;
    }
    const Action action = M::hint(lookup, state, ctx);
    if (!action.is_wait()) {
      const Outcome outcome = M::apply(lookup, state, action, ctx);
      if (outcome == Outcome::Strike) return PlayEnd::Strike;
      if (outcome == Outcome::Solved) return PlayEnd::Solved;
      ctx.now_ms += kActionMs;
      last_progress_ms = ctx.now_ms;
      if (M::kInfo.kind == ModuleKind::Needy && ctx.now_ms >= kNeedySurviveMs) return PlayEnd::Survived;
      continue;
    }
    std::optional<std::int64_t> next;
    if constexpr (TimedModule<M>) next = M::next_event_at(rules, state, ctx);
    if (M::kInfo.kind == ModuleKind::Needy) {
      if (!next || *next >= kNeedySurviveMs) return PlayEnd::Survived;
    } else if (!next || *next - last_progress_ms > kStallMs) {
      return PlayEnd::Stalled;
    }
    if constexpr (TimedModule<M>) {
      PROVEN_CHECK(*next > ctx.now_ms, "next_event_at must lie in the future");
      ctx.now_ms = *next;
      if (M::tick(rules, state, ctx) == Outcome::Strike) return PlayEnd::Strike;
    }
  }
  return PlayEnd::StepCap;
}

// Plays one module from a dealt state to its end.
template <Module M>
PlayEnd play(const typename M::Rules& rules, typename M::State state, const Edgework& edge, Clock clock) {
  return play_with<M>(rules, prepare_lookup<M>(rules), std::move(state), edge, clock);
}

inline bool play_passed(PlayEnd end) { return end == PlayEnd::Solved || end == PlayEnd::Survived; }

// A module that lists every case its rules can tell apart.
template <class M>
concept EnumerableModule = Module<M> && requires(const typename M::Rules& rules) {
  M::for_each_case(rules, [](const typename M::State&, const Edgework&, const Clock&) { return true; });
};

// Whether a module has generated rules (all but Discharge Lever).
template <class M>
constexpr bool has_rules() {
  if constexpr (requires { M::kHasRules; }) {
    return M::kHasRules;
  } else {
    return true;
  }
}

// What a sample bomb shows every module before its own state is dealt: edgework, the 0-2
// strikes already on it and its timer (uniform in kTimerMinMs..kTimerMaxMs), in that draw order.
struct SampleSetting {
  Edgework edge;
  Clock clock;
};
inline SampleSetting deal_setting(Rng& sample) {
  SampleSetting setting{deal_edgework(sample), {}};
  setting.clock.strikes = static_cast<int>(sample.below<3>());
  // uniform(kTimerMinMs, kTimerMaxMs), with a constant divisor: the same value.
  setting.clock.timer_ms = kTimerMinMs + static_cast<std::int64_t>(sample.below<kTimerMaxMs - kTimerMinMs + 1>());
  return setting;
}

template <Module M>
ProofResult check_module_solvable(const typename M::Rules& rules, const Rng& rng, const ProofOptions& options = {}) {
  ProofResult result;
  auto judge = [&](PlayEnd end) {
    ++result.cases;
    if (play_passed(end)) return true;
    result.failure = end;
    result.failing_case = result.cases - 1;
    return false;
  };
  const auto& lookup = prepare_lookup<M>(rules);  // once for all the plays below
  if constexpr (EnumerableModule<M>) {
    if (options.allow_exhaustive) {
      result.method = ProofMethod::Exhaustive;
      bool all = true;
      M::for_each_case(rules, [&](const typename M::State& state, const Edgework& edge, const Clock& clock) {
        all = judge(play_with<M>(rules, lookup, state, edge, clock));
        return all;
      });
      result.passed = all;
      return result;
    }
  }
  result.method = ProofMethod::Sampled;
  const int sample_count = options.samples.value_or(M::kInfo.samples);
  const Rng::UnnamedForks samples = rng.unnamed_forks("sample");
  for (int i = 0; i < sample_count; ++i) {
    Rng sample = samples.at(static_cast<std::uint64_t>(i));  // rng.fork("sample", i), without its path
    const SampleSetting setting = deal_setting(sample);
    const typename M::State state = M::deal(sample, setting.edge, rules);
    if (!judge(play_with<M>(rules, lookup, state, setting.edge, setting.clock))) return result;
  }
  result.passed = true;
  return result;
}

}  // namespace proven::bomb

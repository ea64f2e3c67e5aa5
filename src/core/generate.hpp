#pragma once
// The one loop every generator in proven runs: propose -> cheap gates -> expensive proof -> accept.
//
//   std::vector<proven::Gate<Board>> gates = {
//       {"too easy", [](const Board& b) { return b.par >= 3; }},           // cheap first
//       {"not unique", [](Board& b) { return prove_unique(b); }},          // the proof last
//   };
//   auto result = proven::generate<Board>(rng.fork("level", 7), propose_board, gates,
//                                         {.budget = 200});
//   Board board = std::move(result).take();   // throws GenerationFailed when the budget ran out
//
// Try i proposes from its own fork `try<i>` of the given stream, so a try's candidate depends
// only on the seed path and i. Gates run in order; the first one that rejects is counted in
// the tally under its name (or under the reason it returns) and the next try begins. The first
// candidate that passes every gate is accepted. Budgets count tries, never seconds, so the
// result is the same on a slow machine.
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/rng.hpp"
#include "core/tally.hpp"

namespace proven {

// A gate's answer. `true` passes and `false` rejects under the gate's own name; a gate with
// several ways to fail (a prover: "not unique", "over proof budget") returns reject(reason).
// The reason must outlive the call (use a string literal).
class Verdict {
 public:
  Verdict(bool passed) : passed_(passed) {}  // NOLINT: implicit on purpose, gates return bool
  static Verdict pass() { return Verdict(true); }
  static Verdict reject(std::string_view reason) { return Verdict(false, reason); }
  bool passed() const { return passed_; }
  std::string_view reason() const { return reason_; }  // empty: use the gate's name

 private:
  Verdict(bool passed, std::string_view reason) : passed_(passed), reason_(reason) {}
  bool passed_;
  std::string_view reason_;
};

// A named check on a candidate. It may annotate the candidate (a prover stores the par it
// found), and it may draw randomness from the try's stream (forks only: it is const).
template <class Candidate>
struct Gate {
  std::string name;
  std::function<Verdict(Candidate&, const Rng&)> check;
  // Extra reasons this gate may return, declared up front so tables list them from the start.
  std::vector<std::string> other_reasons;

  template <class F>
  Gate(std::string gate_name, F f, std::vector<std::string> reasons = {})
      : name(std::move(gate_name)), other_reasons(std::move(reasons)) {
    if constexpr (std::is_invocable_v<F&, Candidate&, const Rng&>) {
      check = std::move(f);
    } else {
      static_assert(std::is_invocable_v<F&, Candidate&>, "a gate takes (Candidate&[, const Rng&])");
      check = [g = std::move(f)](Candidate& c, const Rng&) mutable { return Verdict(g(c)); };
    }
  }
};

struct GenerateOptions {
  std::uint64_t budget = 200;          // tries before giving up
  std::string_view try_label = "try";  // try i draws from fork(try_label + i)
};

// The tally row a proposal that returns std::nullopt is counted under.
inline constexpr std::string_view kProposalFailed = "proposal failed";

// Thrown by Generated::take() when no candidate passed every gate within the budget.
class GenerationFailed : public Failure {
 public:
  GenerationFailed(std::string message, Tally tally) : Failure(std::move(message)), tally_(std::move(tally)) {}
  const Tally& tally() const { return tally_; }

 private:
  Tally tally_;
};

template <class Candidate>
struct Generated {
  std::optional<Candidate> value;  // the accepted candidate, if any
  std::uint64_t tries = 0;         // tries used, the accepted one included
  std::uint64_t accepted_try = 0;  // index i of the accepted try (valid when value is set)
  Tally tally;
  std::string seed_path;  // the stream the loop ran on, for messages
  std::uint64_t budget = 0;

  bool ok() const { return value.has_value(); }
  std::string failure_message() const {
    return "generation failed for seed '" + seed_path + "': no candidate passed every gate in " +
           std::to_string(budget) + " tries\n" + tally.table();
  }
  Candidate take() && {
    if (!value) throw GenerationFailed(failure_message(), tally);
    return std::move(*value);
  }
};

// Propose is callable as (Rng&) and returns Candidate or std::optional<Candidate>.
template <class Candidate, class Propose>
Generated<Candidate> generate(const Rng& rng, Propose&& propose, std::span<const Gate<Candidate>> gates,
                              const GenerateOptions& options = {}) {
  Generated<Candidate> out;
  out.seed_path = rng.path();
  out.budget = options.budget;
  for (const auto& gate : gates) {
    out.tally.declare(gate.name);
    for (const auto& reason : gate.other_reasons) out.tally.declare(reason);
  }
  for (std::uint64_t i = 0; i < options.budget; ++i) {
    ++out.tries;
    Rng try_rng = rng.fork(options.try_label, i);
    std::optional<Candidate> candidate;
    if constexpr (std::is_same_v<std::invoke_result_t<Propose&, Rng&>, std::optional<Candidate>>) {
      candidate = propose(try_rng);
    } else {
      candidate.emplace(propose(try_rng));
    }
    if (!candidate) {
      out.tally.reject(kProposalFailed);
      continue;
    }
    bool passed_all = true;
    for (const auto& gate : gates) {
      const Verdict verdict = gate.check(*candidate, try_rng);
      if (!verdict.passed()) {
        out.tally.reject(verdict.reason().empty() ? std::string_view(gate.name) : verdict.reason());
        passed_all = false;
        break;
      }
    }
    if (passed_all) {
      out.tally.accept();
      out.accepted_try = i;
      out.value = std::move(candidate);
      return out;
    }
  }
  return out;
}

// Overload for a braced list or vector of gates.
template <class Candidate, class Propose>
Generated<Candidate> generate(const Rng& rng, Propose&& propose, const std::vector<Gate<Candidate>>& gates,
                              const GenerateOptions& options = {}) {
  return generate<Candidate>(rng, std::forward<Propose>(propose), std::span<const Gate<Candidate>>(gates), options);
}

}  // namespace proven

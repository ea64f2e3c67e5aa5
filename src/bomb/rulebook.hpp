#pragma once
// The rule book: one accepted rule set per catalog module, a pure function of the rule seed.
//
//   int seed = proven::bomb::parse_rule_seed("42");          // UserError unless 1..999,999
//   proven::bomb::RuleBook book = proven::bomb::build_rule_book(seed);
//   const Wires::Rules& wires = book.rules_of<Wires>();
//
// Module M draws from Rng::from_seed(seed).fork(M::kInfo.id); try i from its fork "try<i>".
// A try's candidate must pass the module's interesting-rules filter (cheap, first), then
// check_module_solvable (its samples from the try's fork "proof"). 200 failed tries end with a
// Failure naming the seed and the module.
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bomb/catalog.hpp"
#include "bomb/proof.hpp"
#include "core/document.hpp"
#include "core/generate.hpp"
#include "core/tally.hpp"

namespace proven::bomb {

// Bumped whenever a seed's rule book changes (every seed but the frozen seed 1, once it is frozen).
// 2: Tangled Wires' filter (no casing without a wire to cut) and its deal (always a wire to cut).
// 3: no rule line that can never fire: Big Button's filter looks at every situation (lines that
//    never fire or change nothing, a dead otherwise, idle conditions), and Word Grid's lists end
//    where no round can reach (same answers, shorter lists; seed 1's data cut the same way).
inline constexpr int kGeneratorVersion = 3;
inline constexpr int kMinRuleSeed = 1;
inline constexpr int kMaxRuleSeed = 999'999;
inline constexpr std::uint64_t kRuleTries = 200;

// Tally rows every module shares (the filter's rows are the module's kFilterReasons).
inline constexpr std::string_view kProofStrike = "proof: strike";
inline constexpr std::string_view kProofStalled = "proof: stalled";
inline constexpr std::string_view kProofStepCap = "proof: step cap";

// Parses a rule seed given by a user; anything but a whole number in 1..999,999 is a UserError.
int parse_rule_seed(std::string_view text);

struct ModuleReport {
  ModuleInfo info;
  std::uint64_t tries = 0;  // the accepted try is try<tries - 1>
  Tally tally;              // rejections by reason
  ProofResult proof;        // the accepted rule set's proof
};

struct RuleBook {
  int seed = 0;
  Catalog::RulesTuple rules;
  std::vector<ModuleReport> reports;  // catalog order

  template <Module M>
  const typename M::Rules& rules_of() const {
    return std::get<typename M::Rules>(rules);
  }
};

// Accepted rules for one module (used by the book, tests and the sweep).
template <Module M>
struct ModuleBuild {
  typename M::Rules rules;
  ModuleReport report;
};

// The filter and the proof as gates, over a candidate that keeps its proof for the report.
template <Module M>
struct RuleCandidate {
  typename M::Rules rules;
  ProofResult proof;
};

template <Module M>
std::vector<Gate<RuleCandidate<M>>> rule_gates(const ProofOptions& proof_options = {}) {
  std::vector<Gate<RuleCandidate<M>>> gates;
  gates.emplace_back(
      "filter",
      [](RuleCandidate<M>& c) -> Verdict {
        const auto reason = M::dull(c.rules);
        return reason ? Verdict::reject(*reason) : Verdict::pass();
      },
      std::vector<std::string>(M::kFilterReasons.begin(), M::kFilterReasons.end()));
  gates.emplace_back(
      "proof",
      [proof_options](RuleCandidate<M>& c, const Rng& try_rng) -> Verdict {
        c.proof = check_module_solvable<M>(c.rules, try_rng.fork("proof"), proof_options);
        if (c.proof.passed) return Verdict::pass();
        if (c.proof.failure == PlayEnd::Strike) return Verdict::reject(kProofStrike);
        if (c.proof.failure == PlayEnd::Stalled) return Verdict::reject(kProofStalled);
        return Verdict::reject(kProofStepCap);
      },
      std::vector<std::string>{std::string(kProofStrike), std::string(kProofStalled), std::string(kProofStepCap)});
  return gates;
}

// Thrown when a module's 200 tries all failed: names the seed path and module, with the tally.
template <Module M>
ModuleBuild<M> build_module_rules(const Rng& seed_root, const ProofOptions& proof_options = {}) {
  if constexpr (!has_rules<M>()) {
    ProofResult none;
    none.passed = true;
    none.method = ProofMethod::NotNeeded;
    return {typename M::Rules{}, {M::kInfo, 0, Tally{}, none}};
  }
  const Rng module_rng = seed_root.fork(M::kInfo.id);
  auto generated = generate<RuleCandidate<M>>(module_rng,
                                              [](Rng& rng) {
                                                return RuleCandidate<M>{M::generate_rules(rng), {}};
                                              },
                                              rule_gates<M>(proof_options), {.budget = kRuleTries, .try_label = "try"});
  if (!generated.ok())
    throw GenerationFailed("rule seed '" + seed_root.path() + "': module " + std::string(M::kInfo.name) +
                               ": no rule set passed the filter and the proof in " + std::to_string(kRuleTries) +
                               " tries\n" + generated.tally.table(),
                           generated.tally);
  ModuleBuild<M> build{generated.value->rules, {M::kInfo, generated.tries, generated.tally, generated.value->proof}};
  return build;
}

// The rule book of a seed in 1..999,999 (a UserError otherwise). Seed 1, the standard manual,
// is frozen: it is read from data/bomb/seed-1.json (compiled in), never generated, so no
// generator change can move it. Every other seed is generated, its modules on `jobs` threads
// (0: one per core); the book is the same for any job count.
RuleBook build_rule_book(int seed, unsigned jobs = 1);

// Runs the generators, for any seed, seed 1 included (to freeze it, and for tests).
RuleBook generate_rule_book(int seed, unsigned jobs = 1);

// The frozen standard manual (seed 1), parsed from the compiled-in data/bomb/seed-1.json (a rule
// book file: the envelope is checked like any other, so a generator version bump rewrites the
// file's "generator_version", never its rules).
RuleBook frozen_seed_one();
// The text of data/bomb/seed-1.json as compiled in.
std::string_view frozen_seed_one_text();

// The inverse of to_json: checks the format, the seed, the modules in catalog order and every
// module's rules; anything malformed is a UserError naming where. Reports say "frozen".
RuleBook rule_book_from_json(const nlohmann::json& j);

// The rules' canonical form: {"format": "proven-bomb-rules/1", "seed": N, "modules": [{"id":
// "wires", "name": "Wires", "needy": false, "rules": {...}}, ...]} in catalog order (docs/bomb.md).
// The fingerprint and every pinned rule digest are taken over this text; files carry the modules
// inside the envelope instead (rule_book_body).
nlohmann::json to_json(const RuleBook& book);

// A short code derived from the rules' canonical form ("3F9A-2C1B"): the manual and the bomb both
// print it, so a team sees at a glance that they agree.
std::string fingerprint(const RuleBook& book);

// A rule book file (data/bomb/seed-1.json, `proven bomb generate`) is the core envelope
// (core/document.hpp) with this format and game "bomb"; its body is
// {"fingerprint": "F15F-5BCA", "modules": [... as in to_json ...]}.
inline constexpr std::string_view kRuleBookFormat = "proven-bomb-rules/2";
nlohmann::json rule_book_body(const RuleBook& book);
// The modules of a body, in catalog order (UserError naming where for anything malformed); the
// body's fingerprint is returned as written, for verify to compare.
struct RuleBookBody {
  RuleBook book;
  std::string fingerprint;
};
RuleBookBody rule_book_from_body(int seed, const nlohmann::json& body);
// The envelope a rule book file of this build carries (seed as text, no parameters).
Envelope rule_book_envelope(int seed);

}  // namespace proven::bomb

#pragma once
// How hard `verify` may work, and what it may say besides the broken promises it returns
// (core/game.hpp, Game::verify; the CLI's verify prints it, src/cli/entry.hpp).
//
//   VerifyNotes notes;
//   const auto broken = G::verify(doc, {.budget = 1000, .notes = &notes});
//   // broken: promises that do not hold; notes.not_proven: proofs that ran out of budget
//
// A proof that runs out of its budget proves nothing either way: it is its own verdict, never a
// broken promise, so a caller that asks gets it apart from them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace proven {

// What verify has to say besides the broken promises, for a caller that asks (the CLI).
struct VerifyNotes {
  // One line per proof that ran out of its budget, naming the item, as a broken promise would.
  std::vector<std::string> not_proven;
  // What verify checked, when nothing is broken, for a document that is not a list of items
  // each checked in turn (a bomb's rule book: its items are bombs dealt on demand, which verify
  // never deals). One or more lines; empty: "all N <item>s verified" says it.
  std::string verified;
};

// Every proof has a budget (search nodes or states, never seconds, so verdicts do not depend on
// the machine); a proof that runs out says "not proven within budget N", never that the promise
// is false. budget 0: each game's documented default.
struct VerifyOptions {
  std::uint64_t budget = 0;
  // Set: verify puts here what it has to say besides the broken promises. Unset (play, the
  // server, most tests): the proofs that ran out are returned after the broken promises, so a
  // document that was not proven is refused all the same.
  VerifyNotes* notes = nullptr;
};
// The largest budget a user may ask for: a BFS of 10^9 states needs up to 32 GB.
inline constexpr std::uint64_t kMaxVerifyBudget = 1'000'000'000;

// What Game::verify returns from what it found: `broken`, then `not_proven` unless the caller
// takes those apart (options.notes), in which case they go there.
std::vector<std::string> verify_findings(std::vector<std::string> broken, std::vector<std::string> not_proven,
                                         const VerifyOptions& options);

// How every proof that ran out says so: "not proven within budget 5 states (verify --budget
// raises it)", `unit` naming what the budget counts.
std::string not_proven_within_budget(std::uint64_t budget, std::string_view unit);

}  // namespace proven

#pragma once
// The generator: a solution drawn from the seed, every true clue of every kind as a candidate,
// a greedy start that reaches a determined mystery, then substitutions that lower its
// obviousness while it stays determined, within a budget of solver calls; finally every clue
// that adds nothing is dropped, so removing any kept clue leaves the mystery undetermined.
//
//   Setup setup = themed_setup(6, rng);
//   std::optional<Mystery> m = generate_mystery(setup, rng);      // default budget for a cast of 6
//   m->clues[0].prose;  // "Suspect 3 says: \"I sat beside no Colonel.\""
//
// Everything is a pure function of the setup, the rng's key and the budget: the budget counts
// solver calls, never time, so a seed gives the same mystery on any machine. See
// docs/whodunnit.md ("Generator") for the steps and measured figures.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "core/tally.hpp"
#include "whodunnit/bounds.hpp"
#include "whodunnit/statement.hpp"

namespace proven::whodunnit {

// Bumped whenever the same seed may produce a different mystery.
// 2: all clue kinds with prose, the obviousness optimiser, the murder question.
// 3: one name for a suspect ("suspect k"), no "born a"; no one says "I sat beside no Colonel" of
//    their own unique title; a fact is never told by a suspect it names (case.hpp).
// 4: variety: every kind with candidates is wanted (a clue of it brought in where the mystery
//    allows, never dropped while it is its kind's last), at most max(3, cast - 2) of a kind.
// 5: a third murder question ("The police are sure of one thing: the killer was ...").
// 6: casts up to 12; the country house lists 13 titles and 12 surnames (every draw of a list
//    changes with its length).
// 7: a wanted kind is also brought in by a witness (a solution one trade away that only the new
//    clue rules out), so weak counts (at most, at least) are read more often.
// 8: from six suspects, more shared names (two families or one of three, perhaps two pairs of
//    titles); in half the draws one name fills a room; kinds placed in priority order (room_all,
//    at_most, the rest); restarts ranked gold first, then by score (obviousness plus a penalty per
//    kind missing).
inline constexpr int kGeneratorVersion = 8;

struct Mystery {
  Setup setup;
  Assignment solution;
  std::vector<Clue> clues;
  std::int64_t solver_calls = 0;
  // figures.hpp, for the clues as kept: a, Σ(a − a_n) and Σ(a − a_n) < a; per clue a − a_n.
  int initial_ambiguity = 0;
  int obviousness = 0;
  bool gold_standard = false;
  std::vector<int> clue_obviousness = {};
  // What the restarts compared, after the gold standard (a result that meets it beats one that
  // does not): obviousness plus kMissingKindPenalty percent of a for each of the `missing_kinds`
  // kinds the clues lack though the solution has a candidate of them.
  int score = 0;
  int missing_kinds = 0;
  // The closing question: the murderer (a portrait index), the sentence that asks it, and what the
  // sentence names them by: the one trait only they hold, or their portrait when none is named.
  int murderer = -1;
  std::string question = {};
  Term question_names = {};
  // Every candidate the search turned down, by step and reason (generation_reasons(), in that
  // order); accepted: the clues kept. A candidate may be turned down at several steps and
  // restarts, so the rows count decisions, not distinct candidates.
  Tally tally = {};
};

// The tally's rows, in the order they are declared (docs/whodunnit.md, "Generator").
std::vector<std::string_view> generation_reasons();

// Percent of the ambiguity a a restart's score adds per wanted kind it lacks. Cast 6, seeds
// 1..300: at 0, `exactly` or `beside_both` ends just under 2% of the clues (mean obviousness / a
// 52.4–53.1%); at 5 every kind has 2% or more (54.6–55.7%); at 10 as well, for about 58%.
constexpr int kMissingKindPenalty = 5;

struct GeneratorOptions {
  // Solver calls for the whole generation; 0 means default_solver_budget(cast). The greedy start
  // and the final drop always run to completion, so the budget bounds the optimiser only.
  std::int64_t solver_budget = 0;
};

// Chosen so that one core generates a cast of 8 in under a second, 10 under 5 s and 12 under
// 30 s (issue 17; measured figures in docs/whodunnit.md, "Generator 6").
std::int64_t default_solver_budget(int cast);

// The most solver calls a user may ask for: 40 times the largest default (cast 12), minutes of
// work, not the days an unbounded budget would allow (about 7 microseconds a call at cast 8).
inline constexpr std::int64_t kMaxSolverBudget = 100'000'000;

// Each category's column a shuffle of its values, from rng.fork("solution").
Assignment draw_solution(const Setup& setup, const Rng& rng);

// Every statement of every kind that is true of the solution and expressible by the grammar,
// less forms that are plainly weaker or silly (a count clue on a value only one suspect holds,
// "at most" a bound the setup already implies), in a fixed order. The generator further drops
// any whose obviousness is 0 (the setup alone implies it).
// `inexpressible`, when given, counts the true statements the grammar cannot say.
std::vector<Statement> candidate_statements(const Setup& setup, const Assignment& solution,
                                            std::uint64_t* inexpressible = nullptr);

// The candidates as clues (markup, kind, speaker; no prose).
std::vector<Clue> candidate_clues(const Setup& setup, const Assignment& solution);

// nullopt if the candidates, all kept, do not determine the mystery (never for a setup whose
// every portrait × trait identity is a candidate, which is every setup).
std::optional<Mystery> generate_mystery(const Setup& setup, const Rng& rng, const GeneratorOptions& options = {});

}  // namespace proven::whodunnit

#pragma once
// A case: one whodunnit as the player gets it (the setup, the clues with their prose, the
// question) and what proves it (the solution, the answer, the figures). `generate`, `solve`,
// `stats` and the bench all make cases with make_case, so a seed means the same case everywhere.
//
//   Case c = make_case("7", 6);                 // seed key, cast size
//   c.question.murderer                         // the answer, a portrait index
//   solve(Lattice(c.setup), clue_logic(c))      // the clues determine c.solution
//
// The question names the murderer by traits (exactly one suspect in the solution has them all,
// e.g. "the murderer is the Colonel"); the player answers with a portrait, which only the clues
// reveal.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "whodunnit/figures.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit {

inline constexpr std::string_view kCaseFormat = "proven-whodunnit/1";
// Bumped whenever a seed may give another case through this layer (setup, question, clue text);
// the mystery generator has its own version, and a case names both (generator_version()).
inline constexpr int kCaseVersion = 1;

struct Question {
  int murderer = -1;                 // portrait index: the answer
  std::vector<Term> description = {};  // traits only the murderer has, in category order
};

// A clue as the file holds it: its markup and how it is presented.
struct CaseClue {
  std::vector<Bound> bounds = {};
  std::string kind = {};
  std::string prose = {};
  int speaker = -1;  // the suspect whose account it is, or -1 for a narrator's fact
};

struct Case {
  std::string seed = {};
  std::string generator_version = {};
  Setup setup = {};
  std::vector<CaseClue> clues = {};
  Question question = {};
  std::string question_prose = {};
  Assignment solution = {};
  Figures figures = {};
  std::int64_t solver_calls = 0;  // spent by the generator
};

// The version string every case records: the mystery generator's and this layer's.
std::string generator_version();

// STAND-IN until who-gen's themed_setup (theme.hpp) reaches main; delete it after the merge.
// Four trait categories: distinct forenames, surnames with repeats, distinct titles, 2-3 rooms.
Setup stand_in_setup(int cast, const Rng& rng);

// The suspects having every trait of `traits` in `assignment`, in portrait order.
std::vector<int> suspects_matching(const Assignment& assignment, std::span<const Term> traits);

// The murderer drawn from rng.fork("murderer"), described by one trait no one else has or, when
// every trait is shared, by two that no one else has together. UserError if no suspect can be
// described by at most two traits (two suspects alike in everything but the portrait).
Question pose_question(const Setup& setup, const Assignment& solution, const Rng& rng);

// "The murderer is the Colonel. Which portrait is the murderer?"
std::string question_text(const Setup& setup, const Question& question);

// A kind for markup that came without one (every generated clue names its kind): "identity"
// for a yes/no on one suspect, else "count".
std::string kind_of_markup(const std::vector<Bound>& bounds);

// The case of a seed key and cast size: setup, mystery, question, figures. UserError for a cast
// outside 4..8; Failure if the generator gives up.
Case make_case(const std::string& seed, int cast);

// The clues as the solver takes them.
std::vector<Clue> clue_logic(const Case& c);

}  // namespace proven::whodunnit

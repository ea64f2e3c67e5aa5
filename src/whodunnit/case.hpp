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

// The suspects having every trait of `traits` in `assignment`, in portrait order.
std::vector<int> suspects_matching(const Assignment& assignment, std::span<const Term> traits);

// The murderer drawn from rng.fork("murderer"), described by one trait no one else has or, when
// every trait is shared, by two that no one else has together. UserError if no suspect can be
// described by at most two traits (two suspects alike in everything but the portrait).
Question pose_question(const Setup& setup, const Assignment& solution, const Rng& rng);

// The question's sentence: the grammar's for a trait only the murderer holds, else (two traits)
// "The murderer is a Caine and was in the library. Which portrait is the murderer?".
std::string question_text(const Setup& setup, const Question& question, Rng& rng);

// A clue as the file holds it. A generated clue keeps its kind, prose and speaker; a bare count
// (the first generator writes no prose) gets the grammar's kind and prose when its markup is a
// kind's (identity, not_identity, never_together, exactly), else kind "markup" and the plain
// reading of its bounds.
CaseClue case_clue(const Setup& setup, const Clue& clue, Rng& rng);

// Whether the prose says what the markup says: for a kind the grammar knows, some reading of the
// prose has exactly the clue's markup; clues of other kinds are not checked (true).
bool prose_matches_markup(const Setup& setup, const CaseClue& clue);

// The case of a seed key and cast size: themed_setup, mystery, question, figures, each from its
// own fork of Rng::from_key(seed). UserError for a cast outside 4..8; Failure if the generator
// gives up.
Case make_case(const std::string& seed, int cast);

// The clues as the solver takes them.
std::vector<Clue> clue_logic(const Case& c);

}  // namespace proven::whodunnit

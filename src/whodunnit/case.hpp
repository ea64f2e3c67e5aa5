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
// e.g. "the murderer was the Colonel"); the player answers with a portrait and a full name, which
// only the clues reveal.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "core/tally.hpp"
#include "whodunnit/figures.hpp"
#include "whodunnit/model.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {

// Bumped whenever a seed may give another case through this layer (its forks, what it keeps of
// the mystery); the mystery generator has its own version, and a case names both.
// 2: every clue is part of a suspect's account (CaseClue::teller), clues grouped by teller.
// 3: a story (victim, place, time) from root.fork("story").
inline constexpr int kCaseVersion = 3;

struct Question {
  int murderer = -1;                   // portrait index: the answer
  std::vector<Term> description = {};  // traits only the murderer has, in category order
};

// A clue as the file holds it: its markup and how it is presented.
struct CaseClue {
  std::vector<Bound> bounds = {};
  std::string kind = {};
  std::string prose = {};
  int speaker = -1;  // the suspect speaking in the first person (part of the logic), or -1
  // The suspect whose account holds the clue (the original's clues are all firsthand accounts).
  // For a first-person clue it is the speaker; a third-person fact is given to a suspect by
  // make_case for presentation only: every suspect tells the truth, so no logic depends on who.
  int teller = -1;
};

struct Case {
  std::string seed = {};
  std::string generator_version = {};
  Setup setup = {};
  std::vector<CaseClue> clues = {};
  Question question = {};
  std::string question_prose = {};
  Story story = {};  // empty in a file that tells none
  Assignment solution = {};
  Figures figures = {};
  std::int64_t solver_budget = 0;   // the generator's, as used
  std::int64_t solver_calls = 0;    // spent by the generator
  std::optional<Theme> theme = {};  // the theme it was generated with, when not the shipped one
};

// The version string every case records: "<generator>.<case>", e.g. "2.2".
std::string generator_version();

// The kind of a designer's clue: its markup is the logic and its prose is free text, not checked.
// Every other kind must be one the grammar knows (the reader refuses the rest, so a misspelt kind
// cannot switch the prose check off).
inline constexpr std::string_view kDesignerClueKind = "markup";

// Whether the prose says what the markup says: for a kind the grammar knows, some reading of the
// prose (grammar.hpp parse) has exactly the clue's markup; a designer's clue always passes and
// an unknown kind never does.
bool prose_matches_markup(const Setup& setup, const CaseClue& clue);

struct CaseOptions {
  std::int64_t solver_budget = 0;  // the generator's; 0: default_solver_budget(cast)
  const Theme* theme = nullptr;    // the names and story drawn; nullptr: the shipped country house
};

// The case of a seed key and cast size: themed_setup from root.fork("setup") and
// generate_mystery from root.fork("mystery"), root = Rng::from_key(seed); tellers from
// root.fork("tellers") (assign_tellers), the clues then grouped by teller; the figures recomputed
// with figures(). UserError for a cast outside 4..8; Failure if the generator gives up.
// `tally`, when given, receives the generator's (Mystery::tally): what it turned down, and why.
Case make_case(const std::string& seed, int cast, const CaseOptions& options = {}, Tally* tally = nullptr);

// The suspects a clue names: by portrait, or by a name only one suspect has in `solution` (the
// Professor, Felix). Such a suspect never tells it: they would speak of themselves in the third
// person, which every reader takes to mean they are someone else.
std::vector<bool> suspects_named(const Setup& setup, const Assignment& solution, const CaseClue& clue);

// Gives every clue a teller: a first-person clue its speaker; each third-person fact in turn the
// suspect with the fewest clues so far among those it does not name (suspects_named; ties drawn
// from rng), so the accounts come out even. Then sorts the clues by teller, keeping their order
// within each account.
void assign_tellers(std::vector<CaseClue>& clues, const Setup& setup, const Assignment& solution, Rng rng);

// The clues as the solver takes them.
std::vector<Clue> clue_logic(const Case& c);

}  // namespace proven::whodunnit

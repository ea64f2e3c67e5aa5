#pragma once
// What the CLI prints: the case as the player reads it, a solution, and the explain steps.
#include <span>
#include <string>

#include "whodunnit/case.hpp"
#include "whodunnit/explain.hpp"

namespace proven::whodunnit {

// The portraits, the seating (its sentence and ASCII picture, seating.hpp), the names in play per
// category with their counts, every clue (an eyewitness clue as the speaker's account), and the
// question.
std::string case_text(const Case& c);

// One line per suspect: "suspect 3: Abigail Caine, Colonel, library".
std::string solution_text(const Setup& setup, const Assignment& solution);

// "suspect 3 (Colonel Abigail Caine, in the library)".
std::string suspect_text(const Setup& setup, const Assignment& solution, int suspect);

// How a clue reads in a listing: its prose (the grammar writes an eyewitness clue as the
// speaker's account: Suspect 3 says: "I sat beside no Colonel.").
std::string clue_line(const Case& c, int clue);

// A step: the cited clues, the inference, and the facts it settles (facts that follow at once
// from another fact of the same step, or of `grid`, are left out of the list; they are still in
// the grid).
std::string step_text(const Case& c, const Step& step, std::span<const Fact> grid);

// A fact as a sentence fragment: "suspect 3 is called Abigail".
std::string fact_text(const Setup& setup, const Fact& fact);

}  // namespace proven::whodunnit

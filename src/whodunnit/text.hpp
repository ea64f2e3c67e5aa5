#pragma once
// Plain English for the facts of `solve --explain` and `--hint` ("suspect 3 is called Abigail"),
// which no grammar sentence writes.
//
//   predicate(setup, {kForename, 0}, true)   // "is called Abigail"
//
// The themed categories (forename, surname, title, room) read naturally; any other category reads
// "has <category> <value>", so hand-written setups stay readable.
#include <string>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

// "suspect 3" (suspect index 2): the one way every text names a suspect.
std::string suspect_name(int suspect);

// The verb phrase saying a suspect has (or has not) `trait`: "is called Abigail", "is not a
// Caine", "was in the library", "is the Colonel" (a title only one suspect holds).
std::string predicate(const Setup& setup, Term trait, bool holds);

// Capitalises the first letter.
std::string sentence_case(std::string text);

}  // namespace proven::whodunnit

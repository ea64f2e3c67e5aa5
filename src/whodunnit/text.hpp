#pragma once
// Plain English for the model, used wherever a sentence is needed that no grammar wrote: facts
// in `solve --explain` ("portrait 3 is called Abigail"), the question, the readout of a bound
// for a clue that carries no prose, and the names in play.
//
//   predicate(setup, {kForename, 0}, true, false)   // "is called Abigail"
//   read_bound(setup, bound)                        // "Exactly two suspects were in the library."
//
// The themed categories (forename, surname, title, room) read naturally; any other category reads
// "has <category> <value>", so hand-written setups stay readable.
#include <span>
#include <string>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

// "portrait 3" (suspect index 2).
std::string portrait_name(int suspect);

// The verb phrase saying a suspect has (or has not) `trait`: "is called Abigail", "is not a
// Caine", "were in the library" (plural for counted groups).
std::string predicate(const Setup& setup, Term trait, bool holds, bool plural);

// The predicates of several traits joined by "and".
std::string predicates(const Setup& setup, std::span<const Term> traits, bool holds, bool plural);

// A bound as a sentence, e.g. "Portrait 3 is not a Caine." or "At most one suspect is called
// Abigail and was in the library."
std::string read_bound(const Setup& setup, const Bound& bound);

// "one", "two", ... "eight" (then digits).
std::string number_word(int n);

// Capitalises the first letter.
std::string sentence_case(std::string text);

}  // namespace proven::whodunnit

#pragma once
// Clue kinds as markup: each builder returns the bounds a sentence of that kind means, so prose
// rendered from a kind can never disagree with its logic. Every bound is on a cell set.
//
//   Clue c = same_person({1, 0}, {3, 1});   // "Abigail is a Baroness" (Abigail unique)
#include <vector>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

// "Suspect s is <trait>" / "Suspect s is not <trait>".
inline Clue is(int suspect, Term trait) {
  return {.bounds = {{.traits = {{.category = kPortrait, .value = suspect}, trait}, .min = 1, .max = 1}}};
}
inline Clue is_not(int suspect, Term trait) {
  return {.bounds = {{.traits = {{.category = kPortrait, .value = suspect}, trait}, .min = 0, .max = 0}}};
}
// "<a> is <b>" where exactly one suspect has a (the setup says so): one a, and one a-and-b.
inline Clue same_person(Term a, Term b) {
  return {.bounds = {{.traits = {a}, .min = 1, .max = 1}, {.traits = {a, b}, .min = 1, .max = 1}}};
}
// "No <a> is <b>".
inline Clue never_together(Term a, Term b) { return {.bounds = {{.traits = {a, b}, .min = 0, .max = 0}}}; }
// "No more than k ..." / "At least k ..." of the suspects having every trait.
inline Clue at_most(std::vector<Term> traits, int k) {
  return {.bounds = {{.traits = std::move(traits), .min = 0, .max = k}}};
}
inline Clue at_least(std::vector<Term> traits, int k, int cast) {
  return {.bounds = {{.traits = std::move(traits), .min = k, .max = cast}}};
}

}  // namespace proven::whodunnit

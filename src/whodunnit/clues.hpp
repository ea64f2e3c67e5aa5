#pragma once
// Clue kinds as markup: each builder returns the bounds a sentence of that kind means, so prose
// rendered from a kind can never disagree with its logic. Every bound is on a cell set (the
// portrait optional, at most two trait categories), so the bounds solver reads each one directly.
// statement.hpp names the kinds and grammar.hpp renders their prose.
//
//   Clue c = same_person({1, 0}, {3, 1}, 1);   // "Abigail is a Baroness" (one Abigail)
//
// Seating: the suspects sat round one table in portrait order, so suspect s sat between
// suspect s − 1 (on their left) and suspect s + 1 (on their right), counting modulo the cast:
// the first portrait sat beside the last. Eyewitness kinds about neighbours are bounds on those
// two portraits' cells.
#include <vector>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

inline int left_of(int suspect, int cast) { return (suspect + cast - 1) % cast; }
inline int right_of(int suspect, int cast) { return (suspect + 1) % cast; }

inline Term portrait_term(int suspect) { return {.category = kPortrait, .value = suspect}; }

// "Suspect s is <trait>" / "Suspect s is not <trait>".
inline Clue is(int suspect, Term trait) {
  return {.bounds = {{.traits = {portrait_term(suspect), trait}, .min = 1, .max = 1}}};
}
inline Clue is_not(int suspect, Term trait) {
  return {.bounds = {{.traits = {portrait_term(suspect), trait}, .min = 0, .max = 0}}};
}
// "If suspect s is <a>, they are not <b>": not both at once (a disjunction the solver reads as
// one cell: the portrait with both traits holds nobody).
inline Clue not_both(int suspect, Term a, Term b) {
  return {.bounds = {{.traits = {portrait_term(suspect), a, b}, .min = 0, .max = 0}}};
}
// "<a> is <b>" / "Both <a>s are <b>": every one of the `count_a` suspects with a (the setup
// says how many) has b too. Spelled as the setup's count of a and the count of a-and-b.
inline Clue every(Term a, Term b, int count_a) {
  return {
      .bounds = {{.traits = {a}, .min = count_a, .max = count_a}, {.traits = {a, b}, .min = count_a, .max = count_a}}};
}
// The spec's "Abigail is a Baroness" where exactly one suspect is Abigail.
inline Clue same_person(Term a, Term b, int count_a = 1) { return every(a, b, count_a); }
// "No <a> is <b>" (also "none of the <a>s ...").
inline Clue never_together(Term a, Term b) { return {.bounds = {{.traits = {a, b}, .min = 0, .max = 0}}}; }
// "Exactly / no more than / at least k ..." of the suspects having every trait.
inline Clue exact_count(std::vector<Term> traits, int k) {
  return {.bounds = {{.traits = std::move(traits), .min = k, .max = k}}};
}
inline Clue at_most(std::vector<Term> traits, int k) {
  return {.bounds = {{.traits = std::move(traits), .min = 0, .max = k}}};
}
inline Clue at_least(std::vector<Term> traits, int k, int cast) {
  return {.bounds = {{.traits = std::move(traits), .min = k, .max = cast}}};
}

// Eyewitness kinds, said by `speaker` (first person: "I ...").
// "I sat beside no <trait>": neither neighbour has it.
inline Clue beside_none(int speaker, Term trait, int cast) {
  return {.bounds = {{.traits = {portrait_term(left_of(speaker, cast)), trait}, .min = 0, .max = 0},
                     {.traits = {portrait_term(right_of(speaker, cast)), trait}, .min = 0, .max = 0}}};
}
// "Both my neighbours were <trait>".
inline Clue beside_both(int speaker, Term trait, int cast) {
  return {.bounds = {{.traits = {portrait_term(left_of(speaker, cast)), trait}, .min = 1, .max = 1},
                     {.traits = {portrait_term(right_of(speaker, cast)), trait}, .min = 1, .max = 1}}};
}
// "I was in the <room>, and no <trait> was there": the speaker's room, and nobody in it has trait
// (the speaker included).
inline Clue room_none(int speaker, Term room, Term trait) {
  return {.bounds = {{.traits = {portrait_term(speaker), room}, .min = 1, .max = 1},
                     {.traits = {room, trait}, .min = 0, .max = 0}}};
}
// "Everyone in the <room>, myself included, was <trait>": the speaker's room, and all
// `count_room` of its occupants have trait.
inline Clue room_all(int speaker, Term room, Term trait, int count_room) {
  return {.bounds = {{.traits = {portrait_term(speaker), room}, .min = 1, .max = 1},
                     {.traits = {room, trait}, .min = count_room, .max = count_room}}};
}

}  // namespace proven::whodunnit

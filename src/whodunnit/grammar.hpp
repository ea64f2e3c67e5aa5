#pragma once
// Prose from a stochastic grammar: recursive templates with alternatives, expanded from a
// Statement (statement.hpp) and the setup's names, with every choice drawn from proven::Rng.
// The same productions parse a sentence back into the statements it can be derived from, so
// tests can check that prose and markup never disagree (docs/whodunnit.md, "Grammar").
//
//   Rng rng = Rng::from_seed(7).fork("prose");
//   Clue clue = make_clue(setup, {.kind = Kind::BesideNone, .speaker = 2, .first = {kTitle, 0}}, rng);
//   // clue.prose: Suspect 3 says: "I sat beside no Colonel."
//   std::vector<Statement> readings = parse(setup, clue.prose);   // one reading, same markup
//
// Template language (the rules are in grammar.cpp):
//   text        literal text
//   <rule>      a nonterminal; <rule:X> first makes X the current variable. Variables: S (the
//               subject suspect), L (the speaker), A and B (trait terms), K (a count). For a
//               term variable the rule looked up is the category's own form of that name if
//               it has one (Category::phrases, from its theme), else "rule.<role>" (given-name,
//               family, honorific, place, trait), else plain "rule".
//   {v} {c}     the current term's value name / category name; {a}: a or an before {v};
//               {p}: its plural (Caines, Fairfaxes)
//   {N}         the current term's count in the setup, as a word
//   {F}         the categories a full name is made of: "title, forename and surname"
//   {n}         the current suspect's portrait number (1-based)
//   {k}         K as a word ("one", "two", ...)
//   ^           capitalise the next letter
//   [X=1] ...   a condition on the alternative: X is A, B, K or . (the current variable; for a
//               term, its count in the setup); operators = < >.
// An alternative is drawn uniformly among those whose conditions hold and whose nonterminals can
// all be expanded.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "whodunnit/statement.hpp"

namespace proven::whodunnit {

// True if the grammar has a sentence for this (well-formed) statement in this setup: eyewitness
// room kinds need a place; SamePerson needs a unique first value; and so on.
bool expressible(const Setup& setup, const Statement& statement);

// One sentence for the statement (PROVEN_CHECK that it is expressible).
std::string render(const Setup& setup, const Statement& statement, Rng& rng);

// Every statement the grammar derives this sentence from (empty if none). A sentence of the
// grammar has readings whose markup is the same; tests check it.
std::vector<Statement> parse(const Setup& setup, std::string_view sentence);

// clue_of(setup, statement) with its prose rendered.
Clue make_clue(const Setup& setup, const Statement& statement, Rng& rng);

// The mystery's closing question: the murderer named by a trait only they hold (count 1), or,
// without one, by their portrait.
std::string murder_question(const Setup& setup, int murderer, std::optional<Term> unique_trait, Rng& rng);

// Every trait (or portrait) a murder question could be read as naming the murderer by; empty if
// the sentence is not one of the grammar's questions. verify holds it to the stored description.
std::vector<Term> question_readings(const Setup& setup, std::string_view sentence);

// The forms a category may give its own phrases for (Category::phrases): is, is_not, are,
// they_not, be, am, am_not, noun, nouns, the_one, and for a place was_in and where. grammar.cpp
// says what each is for, and docs/whodunnit.md ("Themes") shows a full set.
const std::vector<std::string_view>& phrase_forms();
// What is wrong with one alternative of a category's phrase, as a sentence; empty if nothing.
// An alternative is optional conditions on the value's count ([.=1], [.>1], [.<3]) and then
// printable ASCII with the slots {v}, {a}, {p} or {N}, naming the value ({v} or {p}).
std::string phrase_problem(std::string_view alternative);
// Whether an alternative's conditions hold for a value held by `count` suspects.
bool phrase_applies(std::string_view alternative, int count);
// The term said in one form ("is", "is_not", "where", ...) by its first alternative that renders:
// "was in the library", "is not a Caine". The plain, undrawn wording the hints use.
std::string phrase(const Setup& setup, Term term, std::string_view form);

// The count words the grammar uses: 0 "no", 1 "one", ... 8 "eight".
std::string_view count_word(int k);

}  // namespace proven::whodunnit

#pragma once
// A clue's logic before it is markup: which kind of sentence, about whom, with which traits.
// The markup (clues.hpp builders) and the prose (grammar.hpp) are both functions of a Statement,
// so they cannot disagree; the grammar's parser reads a sentence back into Statements.
//
//   Statement st{.kind = Kind::BesideNone, .speaker = 2, .first = {kTitle, 0}};
//   std::vector<Bound> bounds = markup(setup, st);  // {portrait 2, title 0} = 0, {portrait 4, title 0} = 0
//
// Which fields a kind uses (others keep their defaults and are ignored):
//   kind            subject  speaker  first  second  count   meaning
//   Identity        suspect           a                      suspect is a
//   NotIdentity     suspect           a                      suspect is not a
//   NotBoth         suspect           a      b               suspect is not both a and b
//   SamePerson                        a      b               the one a is b (count(a) = 1)
//   Every                             a      b               every a is b (count(a) >= 2)
//   NeverTogether                     a      b               no a is b
//   Exactly                           a      b       k       exactly k suspects are a and b
//   AtMost                            a      b       k       at most k ...
//   AtLeast                           a      b       k       at least k ...
//   IAm                      speaker  a                      "I am a"
//   IAmNot                   speaker  a                      "I am not a"
//   BesideNone               speaker  a                      "I sat beside no a"
//   BesideBoth               speaker  a                      "both my neighbours were a"
//   OnMyLeft / OnMyRight     speaker  a                      "the one a sat on my left / right"
//   RoomNone                 speaker  a      b               "I was in room a; no b was there"
//   RoomAll                  speaker  a      b               "everyone in room a, me too, was b"
// Seating is defined in clues.hpp (portrait order round one table).
#include <optional>
#include <string_view>
#include <vector>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

enum class Kind : int {
  Identity,
  NotIdentity,
  NotBoth,
  SamePerson,
  Every,
  NeverTogether,
  Exactly,
  AtMost,
  AtLeast,
  IAm,
  IAmNot,
  BesideNone,
  BesideBoth,
  OnMyLeft,
  OnMyRight,
  RoomNone,
  RoomAll,
};
inline constexpr int kKindCount = 17;

// "identity", "not_identity", "not_both", "same_person", "every", "never_together", "exactly",
// "at_most", "at_least", "i_am", "i_am_not", "beside_none", "beside_both", "on_my_left",
// "on_my_right", "room_none", "room_all": the Clue::kind strings.
std::string_view kind_name(Kind kind);
std::optional<Kind> kind_from_name(std::string_view name);
// Eyewitness kinds are first person, said by Statement::speaker.
bool is_eyewitness(Kind kind);

struct Statement {
  Kind kind = Kind::Identity;
  int subject = -1;  // a suspect (portrait index) the narrator speaks of
  int speaker = -1;  // the suspect who says an eyewitness statement
  Term first = {};
  Term second = {};
  int count = 0;
  friend bool operator==(const Statement&, const Statement&) = default;
};

// Whether the statement is well formed for the setup: its kind's fields in range, trait terms on
// trait categories (not the portrait), first and second on different categories, the count
// conditions of SamePerson / Every, and RoomNone / RoomAll's first on the place category (Role::Place).
bool well_formed(const Setup& setup, const Statement& statement);

// The statement's markup (a PROVEN_CHECK that it is well formed). Each bound's traits are in
// increasing category order, so equal meanings give equal markup.
std::vector<Bound> markup(const Setup& setup, const Statement& statement);

// A Clue with the statement's markup, kind and speaker (prose is the grammar's: see grammar.hpp).
Clue clue_of(const Setup& setup, const Statement& statement);

}  // namespace proven::whodunnit

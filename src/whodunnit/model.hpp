#pragma once
// The whodunnit model: a cast of suspects, the trait categories in play, a solution, and clue
// logic as bounds. docs/whodunnit.md states the semantics; this is their one definition.
//
//   Setup setup = make_setup(5, {{"forename", {{"Abigail", 1}, ...}}, ...});
//   std::vector<Bound> facts = setup_bounds(setup);        // what the player is told up front
//   Bound b{.traits = {{1, 0}, {3, 2}}, .min = 1, .max = 1}; // one suspect is Abigail *and* a Baroness
//   bool holds = satisfies(solution, b);
//
// Category 0 is always the portrait: values "1".."N", each held by exactly one suspect, so a
// suspect *is* their portrait. Other categories list distinct value names with how many suspects
// hold each (values may repeat: two members of one family); the counts sum to the cast size and
// are part of the setup the player sees.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace proven::whodunnit {

// Categories, values and suspects are ints in the model (they are small and are subtracted);
// `at` turns one into a vector index.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

inline constexpr int kPortrait = 0;
inline constexpr int kMinCast = 4;
inline constexpr int kMaxCast = 12;
inline constexpr int kMinTraitCategories = 4;  // besides the portrait
inline constexpr int kMaxTraitCategories = 7;  // so every category set fits in one byte mask

struct ValueCount {
  std::string name;
  int count = 0;
};

// What a category is to the story. The logic never reads it (a bound is a bound), except that
// the eyewitness room kinds need a place; the prose, the full name and the murderer's naming do.
//   given-name: what a suspect is called ("Felix"); part of the full name, never names the murderer
//   family:     a surname several may share ("the two Caines"); part of the full name
//   honorific:  a title before the name ("the Colonel"); part of the full name
//   place:      where each suspect was at the time ("in the library"); the room kinds need one
//   trait:      anything else ("a bourbon drinker"); its phrases come with it (grammar.hpp)
// A setup has one category of each role but trait at most. ByName (the default) is resolved by
// make_setup from the category's name: forename, surname, title and room are the first four
// roles, any other name a trait; so a case file names a role only where its name does not.
enum class Role { ByName, GivenName, Family, Honorific, Place, Trait };

std::string_view role_name(Role role);  // "given-name", "family", ... ("by-name" for ByName)
// The role named so, or nullopt (ByName is never named).
std::optional<Role> role_from_name(std::string_view name);
Role role_implied_by(std::string_view category_name);

// A category's own phrase forms, overriding its role's: form ("is", "nouns", ...) -> its
// alternatives in the grammar's template language (grammar.hpp, phrase_problem). Ordered by form.
using PhraseForms = std::map<std::string, std::vector<std::string>, std::less<>>;

struct Category {
  std::string name;
  std::vector<ValueCount> values;
  Role role = Role::ByName;
  PhraseForms phrases = {};
};

struct Setup {
  int cast = 0;
  std::vector<Category> categories;  // categories[0] is the portrait

  int category_count() const { return static_cast<int>(categories.size()); }
  int value_count(int category) const {
    return static_cast<int>(categories[static_cast<std::size_t>(category)].values.size());
  }
};

// Builds a setup with the portrait category prepended and every ByName role resolved; UserError
// if the cast size, category count, names or counts are invalid (a count below 1, counts not
// summing to the cast, a repeated name) or two categories share a role other than trait.
Setup make_setup(int cast, std::vector<Category> trait_categories);

// One conjunct of a bound: `category` has value index `value`.
struct Term {
  int category = 0;
  int value = 0;
  friend bool operator==(const Term&, const Term&) = default;
};

// How many suspects have the trait `t`.
inline int count_of(const Setup& setup, Term t) { return setup.categories[at(t.category)].values[at(t.value)].count; }

// The number of suspects having every trait in `traits` lies in [min, max]. Empty traits count
// the whole cast.
struct Bound {
  std::vector<Term> traits;
  int min = 0;
  int max = 0;
  friend bool operator==(const Bound&, const Bound&) = default;
};

// A clue: its logic (the markup: every bound must hold) and its presentation. `kind` names the
// builder that wrote the markup (clues.hpp), `prose` is the sentence rendered from that markup
// (grammar.hpp), `speaker` the suspect (portrait index) who says it, or -1 for a narrator's fact.
struct Clue {
  std::vector<Bound> bounds;
  std::string kind = {};
  std::string prose = {};
  int speaker = -1;
};

// The setup as bounds: the cast size, one suspect per portrait, each value's count.
std::vector<Bound> setup_bounds(const Setup& setup);

// Checks a bound names real categories and values, no category twice, and 0 <= min, max <= cast
// (min > max is allowed: it is a contradiction, not a malformed bound); UserError otherwise.
void validate_bound(const Setup& setup, const Bound& bound);

// assignment[suspect][category] = value index; assignment[s][kPortrait] == s.
using Assignment = std::vector<std::vector<int>>;

int count_matching(const Assignment& assignment, const std::vector<Term>& traits);
// The suspects having every trait of `traits` in `assignment`, in portrait order.
std::vector<int> suspects_matching(const Assignment& assignment, std::span<const Term> traits);
bool satisfies(const Assignment& assignment, const Bound& bound);
bool satisfies(const Assignment& assignment, const Clue& clue);  // every one of its bounds
bool satisfies(const Assignment& assignment, const std::vector<Clue>& clues);
// True if the assignment is a permutation of the setup's value counts in every category.
bool fits_setup(const Setup& setup, const Assignment& assignment);

}  // namespace proven::whodunnit

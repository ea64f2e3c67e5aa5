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
#include <string>
#include <vector>

namespace proven::whodunnit {

// Categories, values and suspects are ints in the model (they are small and are subtracted);
// `at` turns one into a vector index.
inline std::size_t at(int i) { return static_cast<std::size_t>(i); }

inline constexpr int kPortrait = 0;
inline constexpr int kMinCast = 4;
inline constexpr int kMaxCast = 8;
inline constexpr int kMinTraitCategories = 4;  // besides the portrait
inline constexpr int kMaxTraitCategories = 7;  // so every category set fits in one byte mask

struct ValueCount {
  std::string name;
  int count = 0;
};

struct Category {
  std::string name;
  std::vector<ValueCount> values;
};

struct Setup {
  int cast = 0;
  std::vector<Category> categories;  // categories[0] is the portrait

  int category_count() const { return static_cast<int>(categories.size()); }
  int value_count(int category) const {
    return static_cast<int>(categories[static_cast<std::size_t>(category)].values.size());
  }
};

// Builds a setup with the portrait category prepended; UserError if the cast size, category
// count, names or counts are invalid (a count below 1, counts not summing to the cast, a
// repeated name).
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
bool satisfies(const Assignment& assignment, const Bound& bound);
bool satisfies(const Assignment& assignment, const std::vector<Clue>& clues);
// True if the assignment is a permutation of the setup's value counts in every category.
bool fits_setup(const Setup& setup, const Assignment& assignment);

}  // namespace proven::whodunnit

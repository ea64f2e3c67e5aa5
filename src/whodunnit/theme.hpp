#pragma once
// The period-drama theme: a Bohemian country house, a dinner party, a body in the conservatory.
//
//   Setup setup = themed_setup(6, Rng::from_seed(7).fork("theme"));
//
// Four trait categories besides the portrait, in this order (their indices are fixed):
//   forename (all distinct), surname (families: some repeat, "the two Caines"),
//   title (honorifics, usually distinct, at most one repeat), room (where each was at the time:
//   few rooms, several suspects each).
// Names are drawn from the fixed lexicon below by the seed; counts are drawn too, and always sum
// to the cast. Titles are gender-neutral so no forename clashes with its title (the solver knows
// nothing of gender, so the setup must not hint at any).
#include <span>
#include <string>
#include <string_view>

#include "core/rng.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit {

inline constexpr int kForename = 1;
inline constexpr int kSurname = 2;
inline constexpr int kTitle = 3;
inline constexpr int kRoom = 4;

struct Lexicon {
  std::span<const std::string_view> forenames;
  std::span<const std::string_view> surnames;
  std::span<const std::string_view> titles;
  std::span<const std::string_view> rooms;
};
const Lexicon& bohemian_lexicon();

// The story around a case: who died, where the body lay and when. Presentation only: no logic
// reads it, and the place is never one of the theme's rooms, so it cannot be taken for a clue
// about who was where.
struct Story {
  std::string victim, place, time;  // "Lord Ashcombe", "the orangery", "shortly after midnight"
  auto operator<=>(const Story&) const = default;
};
// Drawn from rng (make_case gives it root.fork("story")).
Story themed_story(const Rng& rng);
std::span<const std::string_view> story_places();  // every place a story may name

// A themed setup for a cast of 4..8 (UserError otherwise). A pure function of the cast and the
// rng's key: draws come from rng.fork("theme").
Setup themed_setup(int cast, const Rng& rng);

}  // namespace proven::whodunnit

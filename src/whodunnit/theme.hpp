#pragma once
// Themes: the names a case draws and the story around it, as data (docs/whodunnit.md, "Themes").
//
//   Setup setup = themed_setup(6, Rng::from_seed(7).fork("theme"));          // the country house
//   Theme mine = read_theme_file("space.json");                              // or any theme file
//   Setup other = themed_setup(6, Rng::from_seed(7).fork("theme"), mine);
//
// The shipped default is data/whodunnit/themes/country-house.json, compiled in (the library reads
// no file at run time): a Bohemian country house, a dinner party, a body in the grounds.
//
// Four trait categories besides the portrait, in this order (their indices are fixed):
//   forename (all distinct), surname (families: some repeat, "the two Caines"),
//   title (honorifics, usually distinct, at most one repeat), room (where each was at the time:
//   few rooms, several suspects each).
// Names are drawn from the theme's lists by the seed; counts are drawn too, and always sum to
// the cast. A theme's titles should be gender-neutral so no forename clashes with its title (the
// solver knows nothing of gender, so the setup must not hint at any).
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/rng.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit {

inline constexpr int kForename = 1;
inline constexpr int kSurname = 2;
inline constexpr int kTitle = 3;
inline constexpr int kRoom = 4;

inline constexpr std::string_view kThemeFormat = "proven-whodunnit-theme/1";

struct Theme {
  std::string name;   // "country-house": letters, digits and hyphens
  std::string about;  // one line for people
  // The lists names are drawn from, in the order they are listed (a setup keeps that order).
  std::vector<std::string> forenames, surnames, titles, rooms;
  // The story's banks: who died, where the body lay (never a room) and when.
  std::vector<std::string> victims, places, times;
  auto operator<=>(const Theme&) const = default;
};

// The country house, read once from the compiled-in data file.
const Theme& default_theme();
// A theme from its JSON; anything malformed is a UserError naming the place after `where`
// ("params.theme.names.title[3]: ..."); read_theme_file names the file first
// ("space.json: theme.names.title[3]: ...").
Theme theme_from_json(const nlohmann::json& json, const std::string& where);
nlohmann::json to_json(const Theme& theme);
Theme read_theme_file(const std::string& path);
// 16 hex digits over the theme's JSON: two runs with the same digest drew from the same theme.
std::string theme_digest(const Theme& theme);

// The story around a case: who died, where the body lay and when. Presentation only: no logic
// reads it, and the place is never one of the theme's rooms, so it cannot be taken for a clue
// about who was where.
struct Story {
  std::string victim, place, time;  // "Lord Ashcombe", "the orangery", "shortly after midnight"
  auto operator<=>(const Story&) const = default;
};
// Drawn from rng (make_case gives it root.fork("story")).
Story themed_story(const Rng& rng, const Theme& theme = default_theme());

// A themed setup for a cast of 4..8 (UserError otherwise). A pure function of the cast, the
// rng's key and the theme: draws come from rng.fork("theme").
Setup themed_setup(int cast, const Rng& rng, const Theme& theme = default_theme());

}  // namespace proven::whodunnit

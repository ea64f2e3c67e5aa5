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
// A theme names its own trait categories (4 to 7), each with a role (model.hpp: one given name,
// at most one family, honorific and place, any number of plain traits), the way its counts are
// drawn, its values, and phrases where the role's own wording will not do ("was on the texas
// deck"; a plain trait always brings its own). The country house has forename, surname, title
// and room, at the fixed indices below. Names are drawn from the theme's lists by the seed;
// counts are drawn too, and always sum to the cast. A theme's titles should be gender-neutral so
// no forename clashes with its title (the solver knows nothing of gender, so the setup must not
// hint at any).
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/rng.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit {

// The country house's categories (tests and examples name them).
inline constexpr int kForename = 1;
inline constexpr int kSurname = 2;
inline constexpr int kTitle = 3;
inline constexpr int kRoom = 4;

inline constexpr std::string_view kThemeFormat = "proven-whodunnit-theme/2";
// The first format (four fixed lists under "names") still reads, as the country house's four.
inline constexpr std::string_view kThemeFormatV1 = "proven-whodunnit-theme/1";

// How many distinct values a cast of n draws from a category's list, and how many suspects may
// share one:
//   distinct         n, one each (given names; or a trait everyone has their own of)
//   families         n-3 to n-2 (n-2 to n-1 for n <= 5), at most 3 a value: "the two Caines"
//   mostly-distinct  n-2 to n (n-1 or n for n <= 5), at most 2 a value: "the two Colonels" at most
//   groups           2 to min(4, n-2) up to n = 8, then 2 to n/2; any number a value: rooms,
//                    several suspects each
enum class Draw { Distinct, Families, MostlyDistinct, Groups };
std::string_view draw_name(Draw draw);
// The most values a cast of `cast` draws from a list of this draw.
std::size_t values_needed(Draw draw, int cast);

struct ThemeCategory {
  std::string name;  // as the grid and the case file say it: "forename", "deck"
  Role role = Role::Trait;
  Draw draw = Draw::Distinct;
  std::vector<std::string> values;  // drawn from, kept in list order in a setup
  PhraseForms phrases = {};
  auto operator<=>(const ThemeCategory&) const = default;
};

struct Theme {
  std::string name;                       // "country-house": letters, digits and hyphens
  std::string about;                      // one line for people
  std::vector<ThemeCategory> categories;  // in the order the setup lists them
  // The story's banks: who died, where the body lay (never a room) and when.
  std::vector<std::string> victims, places, times;
  auto operator<=>(const Theme&) const = default;
};

// The country house, read once from the compiled-in data file.
const Theme& default_theme();
// A theme from its JSON; anything malformed is a UserError naming the place after `where`
// ("params.theme.categories[2].values[3]: ..."); read_theme_file names the file first
// ("space.json: theme.categories[2].values[3]: ...").
Theme theme_from_json(const nlohmann::json& json, const std::string& where);
// The parts a theme and a case file share: a role's name, and a category's phrase forms (each
// alternative checked by grammar.hpp's phrase_problem). UserError naming the place.
Role role_from_json(const nlohmann::json& value, const std::string& where);
PhraseForms phrases_from_json(const nlohmann::json& value, const std::string& where);
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

// The largest cast the theme's lists serve (at least 8, at most kMaxCast): a cast of n needs n
// given names, n - 2 family names (n - 1 up to 5), n values of a mostly-distinct or distinct trait.
int largest_cast(const Theme& theme);

// A themed setup for a cast of 4..largest_cast(theme) (UserError otherwise, naming the list that
// is too short). A pure function of the cast, the
// rng's key and the theme: draws come from rng.fork("theme").
Setup themed_setup(int cast, const Rng& rng, const Theme& theme = default_theme());

}  // namespace proven::whodunnit

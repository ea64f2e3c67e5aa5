#include "whodunnit/theme.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven::whodunnit {

std::string_view country_house_theme_text();  // generated from data/whodunnit/themes/country-house.json

namespace {
// Two to four groups up to a cast of 8 (never one suspect alone in every room), then up to half
// the cast, so a large cast is not two crowds of six.
int most_groups(int cast) { return std::max(std::min(4, cast - 2), cast / 2); }
// From six suspects up, surnames are shared more (two families, or one of three, at least) and
// titles may hold two pairs: counts on shared names ("at most one Vane was in the library") need
// such names to speak of, and with one pair of a name a cast of 6 had room for too few of them
// (docs/whodunnit.md, "Generator 8").
int most_families(int cast) { return cast - (cast >= 6 ? 2 : 1); }
int fewest_mostly_distinct(int cast) { return cast - (cast >= 6 ? 2 : 1); }
}  // namespace

std::size_t values_needed(Draw draw, int cast) {
  switch (draw) {
    case Draw::Families:
      return at(most_families(cast));
    case Draw::Groups:
      return at(most_groups(cast));
    default:
      return at(cast);
  }
}

int largest_cast(const Theme& theme) {
  int largest = kMaxCast;
  for (const ThemeCategory& category : theme.categories)
    while (largest > kMinCast && category.values.size() < values_needed(category.draw, largest)) --largest;
  return largest;
}

namespace {

// `distinct` names drawn from `names` (kept in list order, so the setup reads the same way every
// time), their counts 1 plus the cast's remainder spread one at a time, none above `cap`.
Category draw_category(const ThemeCategory& from, int distinct, int cast, int cap, Rng& rng) {
  const std::vector<std::string>& names = from.values;
  std::vector<std::size_t> picked = rng.sample(at(distinct), names.size());
  std::ranges::sort(picked);
  std::vector<int> counts(at(distinct), 1);
  for (int extra = cast - distinct; extra > 0;) {
    const std::size_t v = rng.below(at(distinct));
    if (counts[v] >= cap) continue;
    ++counts[v];
    --extra;
  }
  Category category{.name = from.name, .values = {}, .role = from.role, .phrases = from.phrases};
  for (int v = 0; v < distinct; ++v) category.values.push_back({.name = names[picked[at(v)]], .count = counts[at(v)]});
  return category;
}

}  // namespace

const Theme& default_theme() {
  static const Theme theme = theme_from_json(parse_json(country_house_theme_text(), "country-house.json"),
                                             "data/whodunnit/themes/country-house.json");
  return theme;
}

Story themed_story(const Rng& rng, const Theme& theme) {
  Rng draws = rng;
  Story story;
  story.victim = draws.pick(theme.victims);
  story.place = draws.pick(theme.places);
  story.time = draws.pick(theme.times);
  return story;
}

Setup themed_setup(int cast, const Rng& rng, const Theme& theme) {
  if (cast < kMinCast || cast > kMaxCast)
    throw UserError(fmt::format("cast of {} suspects: must be {}..{}", cast, kMinCast, kMaxCast));
  for (const ThemeCategory& category : theme.categories)
    if (category.values.size() < values_needed(category.draw, cast))
      throw UserError(fmt::format("theme '{}': a cast of {} needs {} values of {}, and it lists {} (casts up to {})",
                                  theme.name, cast, values_needed(category.draw, cast), category.name,
                                  category.values.size(), largest_cast(theme)));
  Rng draws = rng.fork("theme");
  // How many values each category has (in category order), then which (in the same order).
  std::vector<int> distinct, caps;
  for (const ThemeCategory& category : theme.categories) {
    switch (category.draw) {
      case Draw::Distinct:  // each suspect their own
        distinct.push_back(cast);
        caps.push_back(1);
        break;
      case Draw::Families:  // repeated surnames: two Caines, perhaps three Vanes
        distinct.push_back(static_cast<int>(draws.uniform(cast - 3 + (cast <= 5 ? 1 : 0), most_families(cast))));
        caps.push_back(3);
        break;
      case Draw::MostlyDistinct:  // all distinct, or a pair (two Colonels), or two pairs
        distinct.push_back(static_cast<int>(draws.uniform(fewest_mostly_distinct(cast), cast)));
        caps.push_back(2);
        break;
      case Draw::Groups:  // two to most_groups(cast)
        distinct.push_back(static_cast<int>(draws.uniform(2, most_groups(cast))));
        caps.push_back(cast);
        break;
    }
  }
  std::vector<Category> traits;
  for (std::size_t c = 0; c < theme.categories.size(); ++c)
    traits.push_back(draw_category(theme.categories[c], distinct[c], cast, caps[c], draws));
  return make_setup(cast, std::move(traits));
}

}  // namespace proven::whodunnit

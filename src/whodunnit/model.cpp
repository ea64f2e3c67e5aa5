#include "whodunnit/model.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace proven::whodunnit {

namespace {
constexpr std::array<std::pair<Role, std::string_view>, 6> kRoleNames = {{{Role::ByName, "by-name"},
                                                                          {Role::GivenName, "given-name"},
                                                                          {Role::Family, "family"},
                                                                          {Role::Honorific, "honorific"},
                                                                          {Role::Place, "place"},
                                                                          {Role::Trait, "trait"}}};
}  // namespace

std::string_view role_name(Role role) {
  for (const auto& [r, name] : kRoleNames)
    if (r == role) return name;
  return "by-name";
}

std::optional<Role> role_from_name(std::string_view name) {
  for (const auto& [r, known] : kRoleNames)
    if (known == name && r != Role::ByName) return r;
  return std::nullopt;
}

Role role_implied_by(std::string_view category_name) {
  if (category_name == "forename") return Role::GivenName;
  if (category_name == "surname") return Role::Family;
  if (category_name == "title") return Role::Honorific;
  if (category_name == "room") return Role::Place;
  return Role::Trait;
}

Setup make_setup(int cast, std::vector<Category> trait_categories) {
  if (cast < kMinCast || cast > kMaxCast)
    throw UserError(fmt::format("cast of {} suspects: must be {}..{}", cast, kMinCast, kMaxCast));
  const int traits = static_cast<int>(trait_categories.size());
  if (traits < kMinTraitCategories || traits > kMaxTraitCategories)
    throw UserError(
        fmt::format("{} trait categories: must be {}..{}", traits, kMinTraitCategories, kMaxTraitCategories));
  Setup setup{.cast = cast, .categories = {}};
  Category portrait{.name = "portrait", .values = {}, .role = Role::Trait, .phrases = {}};
  for (int s = 0; s < cast; ++s) portrait.values.push_back({.name = std::to_string(s + 1), .count = 1});
  setup.categories.push_back(std::move(portrait));
  std::set<std::string> category_names{"portrait"};
  std::set<Role> roles;
  for (Category& category : trait_categories) {
    if (category.name.empty() || !category_names.insert(category.name).second)
      throw UserError(fmt::format("category name '{}' is empty or repeated", category.name));
    if (category.role == Role::ByName) category.role = role_implied_by(category.name);
    if (category.role != Role::Trait && !roles.insert(category.role).second)
      throw UserError(fmt::format("category '{}': a second {} (one category per role; any number of traits)",
                                  category.name, role_name(category.role)));
    std::set<std::string> value_names;
    int total = 0;
    for (const ValueCount& value : category.values) {
      if (value.name.empty() || !value_names.insert(value.name).second)
        throw UserError(fmt::format("category '{}': value name '{}' is empty or repeated", category.name, value.name));
      if (value.count < 1)
        throw UserError(fmt::format("category '{}': value '{}' has count {}", category.name, value.name, value.count));
      total += value.count;
    }
    if (total != cast)
      throw UserError(fmt::format("category '{}': counts sum to {}, not the cast of {}", category.name, total, cast));
    setup.categories.push_back(std::move(category));
  }
  return setup;
}

std::vector<Bound> setup_bounds(const Setup& setup) {
  std::vector<Bound> bounds;
  bounds.push_back({.traits = {}, .min = setup.cast, .max = setup.cast});
  for (int c = 0; c < setup.category_count(); ++c) {
    for (int v = 0; v < setup.value_count(c); ++v) {
      const int count = setup.categories[static_cast<std::size_t>(c)].values[static_cast<std::size_t>(v)].count;
      bounds.push_back({.traits = {{.category = c, .value = v}}, .min = count, .max = count});
    }
  }
  return bounds;
}

void validate_bound(const Setup& setup, const Bound& bound) {
  std::vector<bool> seen(static_cast<std::size_t>(setup.category_count()), false);
  for (const Term& term : bound.traits) {
    if (term.category < 0 || term.category >= setup.category_count())
      throw UserError(fmt::format("bound names category {} of {}", term.category, setup.category_count()));
    if (term.value < 0 || term.value >= setup.value_count(term.category))
      throw UserError(fmt::format("bound names value {} of category '{}'", term.value,
                                  setup.categories[static_cast<std::size_t>(term.category)].name));
    if (seen[static_cast<std::size_t>(term.category)])
      throw UserError(fmt::format("bound names category '{}' twice",
                                  setup.categories[static_cast<std::size_t>(term.category)].name));
    seen[static_cast<std::size_t>(term.category)] = true;
  }
  if (bound.min < 0 || bound.max > setup.cast)
    throw UserError(fmt::format("bound [{}, {}] outside 0..{}", bound.min, bound.max, setup.cast));
}

int count_matching(const Assignment& assignment, const std::vector<Term>& traits) {
  return static_cast<int>(std::ranges::count_if(assignment, [&](const std::vector<int>& suspect) {
    return std::ranges::all_of(traits,
                               [&](const Term& t) { return suspect[static_cast<std::size_t>(t.category)] == t.value; });
  }));
}

std::vector<int> suspects_matching(const Assignment& assignment, std::span<const Term> traits) {
  std::vector<int> out;
  for (int s = 0; s < static_cast<int>(assignment.size()); ++s)
    if (std::ranges::all_of(traits, [&](const Term& t) { return assignment[at(s)][at(t.category)] == t.value; }))
      out.push_back(s);
  return out;
}

bool satisfies(const Assignment& assignment, const Bound& bound) {
  const int n = count_matching(assignment, bound.traits);
  return bound.min <= n && n <= bound.max;
}

bool satisfies(const Assignment& assignment, const Clue& clue) {
  return std::ranges::all_of(clue.bounds, [&](const Bound& b) { return satisfies(assignment, b); });
}

bool satisfies(const Assignment& assignment, const std::vector<Clue>& clues) {
  return std::ranges::all_of(clues, [&](const Clue& clue) { return satisfies(assignment, clue); });
}

bool fits_setup(const Setup& setup, const Assignment& assignment) {
  if (static_cast<int>(assignment.size()) != setup.cast) return false;
  for (const std::vector<int>& suspect : assignment)
    if (static_cast<int>(suspect.size()) != setup.category_count()) return false;
  for (int s = 0; s < setup.cast; ++s)
    if (assignment[static_cast<std::size_t>(s)][kPortrait] != s) return false;
  return std::ranges::all_of(setup_bounds(setup), [&](const Bound& b) {
    for (const Term& t : b.traits)
      if (t.value < 0 || t.value >= setup.value_count(t.category)) return false;
    return satisfies(assignment, b);
  });
}

}  // namespace proven::whodunnit

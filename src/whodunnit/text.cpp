#include "whodunnit/text.hpp"

#include <cctype>
#include <string_view>

#include <fmt/format.h>

#include "whodunnit/grammar.hpp"

namespace proven::whodunnit {
std::string suspect_name(int suspect) { return fmt::format("suspect {}", suspect + 1); }

std::string sentence_case(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string predicate(const Setup& setup, Term trait, bool holds) {
  const Category& category = setup.categories[at(trait.category)];
  const ValueCount& value = category.values[at(trait.value)];
  const char* be = holds ? "is" : "is not";
  if (trait.category == kPortrait) return fmt::format("{} portrait {}", be, value.name);
  // A theme's own wording, when it gives one ("was on the texas deck").
  if (const std::string_view form = holds ? "is" : "is_not"; category.phrases.contains(form))
    return phrase(setup, trait, form);
  switch (category.role) {
    case Role::GivenName:
      return fmt::format("{} called {}", be, value.name);
    case Role::Family:
    case Role::Honorific: {
      // A title held by one suspect is "the Colonel"; a family or a shared title is "a Caine".
      const bool vowel =
          std::string_view("AEIOU").find(value.name.empty() ? ' ' : value.name[0]) != std::string_view::npos;
      const bool the = category.role == Role::Honorific && value.count == 1;
      return fmt::format("{} {} {}", be, the ? "the" : vowel ? "an" : "a", value.name);
    }
    case Role::Place:
      return fmt::format("{} in the {}", holds ? "was" : "was not", value.name);
    default:
      return fmt::format("{} {} {}", holds ? "has" : "does not have", category.name, value.name);
  }
}

}  // namespace proven::whodunnit

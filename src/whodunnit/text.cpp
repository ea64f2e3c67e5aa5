#include "whodunnit/text.hpp"

#include <cctype>
#include <string_view>

#include <fmt/format.h>

namespace proven::whodunnit {
std::string suspect_name(int suspect) { return fmt::format("suspect {}", suspect + 1); }

std::string sentence_case(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string predicate(const Setup& setup, Term trait, bool holds) {
  const Category& category = setup.categories[at(trait.category)];
  const ValueCount& value = category.values[at(trait.value)];
  const std::string& name = category.name;
  const char* be = holds ? "is" : "is not";
  if (trait.category == kPortrait) return fmt::format("{} portrait {}", be, value.name);
  if (name == "forename") return fmt::format("{} called {}", be, value.name);
  // A title held by one suspect is "the Colonel"; a family or a shared title is "a Caine".
  if (name == "surname" || name == "title") {
    const bool vowel =
        std::string_view("AEIOU").find(value.name.empty() ? ' ' : value.name[0]) != std::string_view::npos;
    return fmt::format("{} {} {}", be, name == "title" && value.count == 1 ? "the" : vowel ? "an" : "a", value.name);
  }
  if (name == "room") return fmt::format("{} in the {}", holds ? "was" : "was not", value.name);
  return fmt::format("{} {} {}", holds ? "has" : "does not have", name, value.name);
}

}  // namespace proven::whodunnit

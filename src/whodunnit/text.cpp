#include "whodunnit/text.hpp"

#include <array>
#include <cctype>

#include <fmt/format.h>

namespace proven::whodunnit {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// English plural of a family or title name: Caines, Colonels, Fairfaxes.
std::string plural_of(const std::string& name) {
  const auto ends_with = [&](std::string_view tail) {
    return name.size() >= tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends_with("s") || ends_with("x") || ends_with("z") || ends_with("ch") || ends_with("sh")) return name + "es";
  return name + "s";
}

}  // namespace

std::string portrait_name(int suspect) { return fmt::format("portrait {}", suspect + 1); }

std::string number_word(int n) {
  static constexpr std::array<std::string_view, 9> kWords = {"no",   "one", "two",   "three", "four",
                                                             "five", "six", "seven", "eight"};
  if (n >= 0 && n < static_cast<int>(kWords.size())) return std::string(kWords[at(n)]);
  return std::to_string(n);
}

std::string sentence_case(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

std::string predicate(const Setup& setup, Term trait, bool holds, bool plural) {
  const Category& category = setup.categories[at(trait.category)];
  const ValueCount& value = category.values[at(trait.value)];
  const std::string& name = category.name;
  const std::string be = plural ? (holds ? "are" : "are not") : (holds ? "is" : "is not");
  if (trait.category == kPortrait) return fmt::format("{} portrait {}", be, value.name);
  if (name == "forename") return fmt::format("{} called {}", be, value.name);
  if (name == "surname" || name == "title") {
    if (plural) return fmt::format("{} {}", be, plural_of(value.name));
    // A title held by one suspect is "the Colonel"; a family or shared title is "a Caine".
    const bool only_one = name == "title" && value.count == 1;
    return fmt::format("{} {} {}", be, only_one ? "the" : "a", value.name);
  }
  if (name == "room") {
    const std::string was = plural ? (holds ? "were" : "were not") : (holds ? "was" : "was not");
    return fmt::format("{} in the {}", was, value.name);
  }
  const std::string have = plural ? (holds ? "have" : "do not have") : (holds ? "has" : "does not have");
  return fmt::format("{} {} {}", have, name, value.name);
}

std::string predicates(const Setup& setup, std::span<const Term> traits, bool holds, bool plural) {
  std::string text;
  for (std::size_t i = 0; i < traits.size(); ++i) {
    if (i > 0) text += " and ";
    text += predicate(setup, traits[i], holds, plural);
  }
  return text;
}

std::string read_bound(const Setup& setup, const Bound& bound) {
  std::vector<Term> others;
  int suspect = -1;
  for (const Term& t : bound.traits) {
    if (t.category == kPortrait)
      suspect = t.value;
    else
      others.push_back(t);
  }
  if (suspect >= 0 && !others.empty() && bound.min == bound.max) {
    // About one suspect: a yes or a no.
    const std::string subject = sentence_case(portrait_name(suspect));
    if (bound.min == 1) return fmt::format("{} {}.", subject, predicates(setup, others, true, false));
    if (others.size() == 1) return fmt::format("{} {}.", subject, predicate(setup, others[0], false, false));
    return fmt::format("{} is not someone who {}.", subject, predicates(setup, others, true, false));
  }
  if (bound.traits.empty())
    return fmt::format("There are between {} and {} suspects.", bound.min, bound.max);
  // A count of suspects with every trait (a portrait term, if any, reads as a trait too).
  const int k_min = bound.min;
  const int k_max = std::min(bound.max, setup.cast);
  std::string quantity;
  int shown = 0;  // the number the noun agrees with
  if (k_min == k_max) {
    quantity = k_min == 0 ? "no" : "exactly " + number_word(k_min);
    shown = k_min == 0 ? 1 : k_min;
  } else if (k_min == 0) {
    quantity = "at most " + number_word(k_max);
    shown = k_max;
  } else if (k_max == setup.cast) {
    quantity = "at least " + number_word(k_min);
    shown = k_min;
  } else {
    quantity = fmt::format("between {} and {}", number_word(k_min), number_word(k_max));
    shown = k_max;
  }
  const bool plural = shown != 1;
  return fmt::format("{} {} {}.", sentence_case(quantity), plural ? "suspects" : "suspect",
                     predicates(setup, bound.traits, true, plural));
}

}  // namespace proven::whodunnit

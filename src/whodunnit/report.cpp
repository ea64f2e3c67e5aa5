#include "whodunnit/report.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "whodunnit/case_json.hpp"
#include "whodunnit/grammar.hpp"
#include "whodunnit/seating.hpp"
#include "whodunnit/text.hpp"

namespace proven::whodunnit {
namespace {

std::string join(const std::vector<std::string>& parts, std::string_view last_separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += i + 1 == parts.size() ? std::string(last_separator) : ", ";
    out += parts[i];
  }
  return out;
}

std::string citation(const Step& step) {
  if (step.clues.empty())
    return "by elimination: each suspect has one name of each kind, and each name goes to as many suspects as "
           "the names in play say";
  std::vector<std::string> numbers;
  for (const int i : step.clues) numbers.push_back(std::to_string(i + 1));
  std::string text = step.clues.size() == 1 ? "clue " + numbers[0] : "clues " + join(numbers, " and ");
  if (step.clues.size() == 1 && !step.uses_grid) text += " on its own";
  if (step.clues.size() > 1) text += " together";
  if (step.uses_grid) text += ", with the grid so far";
  return text;
}

// The words inside the quotes of a first-person clue ('Suspect 3 insists: "I was..."'), quoted;
// a fact's prose, quoted.
std::string account_words(const CaseClue& clue) {
  const std::size_t open = clue.prose.find('"');
  const std::size_t close = clue.prose.rfind('"');
  if (clue.speaker >= 0 && open != std::string::npos && close > open) return clue.prose.substr(open, close - open + 1);
  return "\"" + clue.prose + "\"";
}

}  // namespace

std::string fact_text(const Setup& setup, const Fact& fact) {
  return fmt::format("{} {}", suspect_name(fact.suspect), predicate(setup, fact.trait, fact.holds));
}

std::string suspect_text(const Setup& setup, const Assignment& solution, int suspect) {
  // Title, forename and surname make a full name ("Colonel Hugo Vane"); any other trait follows,
  // a place as the theme says it ("in the library"), a trait as "drink bourbon".
  std::string name;
  std::vector<std::string> rest;
  const auto held = [&](int c) { return Term{.category = c, .value = solution[at(suspect)][at(c)]}; };
  for (const Role part : {Role::Honorific, Role::GivenName, Role::Family})
    for (int c = 1; c < setup.category_count(); ++c)
      if (setup.categories[at(c)].role == part)
        name += (name.empty() ? "" : " ") + setup.categories[at(c)].values[at(held(c).value)].name;
  for (int c = 1; c < setup.category_count(); ++c) {
    const Category& category = setup.categories[at(c)];
    if (category.role == Role::Place) rest.push_back(phrase(setup, held(c), "where"));
    if (category.role == Role::Trait) rest.push_back(category.name + " " + category.values[at(held(c).value)].name);
  }
  if (!name.empty()) rest.insert(rest.begin(), name);
  return fmt::format("{} ({})", suspect_name(suspect), join(rest, ", "));
}

std::string solution_text(const Setup& setup, const Assignment& solution) {
  std::vector<std::string> names;
  for (int c = 1; c < setup.category_count(); ++c) names.push_back(setup.categories[at(c)].name);
  std::string text = fmt::format("  suspect: {}\n", join(names, ", "));
  for (int s = 0; s < setup.cast; ++s) {
    std::vector<std::string> values;
    for (int c = 1; c < setup.category_count(); ++c)
      values.push_back(setup.categories[at(c)].values[at(solution[at(s)][at(c)])].name);
    text += fmt::format("  {}: {}\n", suspect_name(s), join(values, ", "));
  }
  return text;
}

std::string clue_line(const Case& c, int clue) {
  const CaseClue& line = c.clues[at(clue)];
  // A first-person clue's prose names its speaker already; a fact is framed as its teller's.
  if (line.speaker >= 0 || line.teller < 0) return line.prose;
  return fmt::format("Suspect {}: \"{}\"", line.teller + 1, line.prose);
}

std::string case_text(const Case& c) {
  const Setup& setup = c.setup;
  std::string text = fmt::format("Whodunnit, seed '{}': a cast of {} ({}, generator {})\n\n", c.seed, setup.cast,
                                 kCaseFormat, c.generator_version);
  // Said once, plainly: the numbers are given, the names are the puzzle. Every text after this
  // calls the sitter in portrait k "suspect k" and nothing else.
  std::vector<std::string> categories;
  for (int k = 1; k < setup.category_count(); ++k) categories.push_back(setup.categories[at(k)].name);
  // The story first (flavour: the place is never a room in play, so it says nothing of anyone).
  if (!c.story.victim.empty())
    text += fmt::format("{} was found dead in {} {}. One of the {} suspects did it.\n\n", sentence_case(c.story.victim),
                        c.story.place, c.story.time, setup.cast);
  text += fmt::format(
      "The suspects are numbered 1 to {}: suspect k is the person in portrait k.\n"
      "Their numbers are known; what the clues reveal is each one's {}.\n\n",
      setup.cast, join(categories, " and "));
  // The clues' seating (clues.hpp) in words and as a picture: "on my left" means nothing until
  // the reader knows which way round the table the portraits run.
  text += seating_text(setup.cast) + "\n";
  text += "Names in play (how many suspects have each):\n";
  for (int k = 1; k < setup.category_count(); ++k) {
    std::vector<std::string> values;
    for (const ValueCount& v : setup.categories[at(k)].values)
      values.push_back(v.count == 1 ? v.name : fmt::format("{} x{}", v.name, v.count));
    text += fmt::format("  {}: {}\n", setup.categories[at(k)].name, join(values, ", "));
  }
  // Each suspect's account (make_case groups the clues by teller); every word of them is true.
  // The second line is assign_tellers' promise: a reader may lean on it, so it is said.
  text +=
      "\nAccounts (every suspect tells the truth, and speaks of themselves only as \"I\", never by\n"
      "their number or by a name only they have):\n";
  for (int i = 0; i < static_cast<int>(c.clues.size()); ++i) {
    const CaseClue& clue = c.clues[at(i)];
    if (i == 0 || clue.teller != c.clues[at(i - 1)].teller)
      text += clue.teller >= 0 ? fmt::format("  Suspect {}:\n", clue.teller + 1) : std::string("  Facts:\n");
    text += fmt::format("    {:>2}. {}\n", i + 1, clue.teller >= 0 ? account_words(clue) : clue.prose);
  }
  text += fmt::format("\nQuestion: {}\n", c.question_prose);
  return text;
}

std::string step_text(const Case& c, const Step& step, std::span<const Fact> grid) {
  const Setup& setup = c.setup;
  std::string text = sentence_case(citation(step)) + ":\n";
  for (const int i : step.clues) text += fmt::format("    {}. {}\n", i + 1, clue_line(c, i));
  std::vector<Fact> positives;
  for (const Fact& f : grid)
    if (f.holds) positives.push_back(f);
  for (const Fact& f : step.settled)
    if (f.holds) positives.push_back(f);
  std::vector<std::string> shown;
  for (const Fact& f : step.settled)
    if (f.holds) shown.push_back(fact_text(setup, f));
  int hidden = 0;
  for (const Fact& f : step.settled) {
    if (f.holds) continue;
    if (follows_at_once(setup, f, positives))
      ++hidden;
    else
      shown.push_back(fact_text(setup, f));
  }
  if (shown.empty()) {
    // Only facts that follow at once: they are the step, so name them.
    for (const Fact& f : step.settled) shown.push_back(fact_text(setup, f));
    hidden = 0;
  }
  text += "  so " + join(shown, " and ");
  if (hidden == 1) text += " (and one more that follows at once)";
  if (hidden > 1) text += fmt::format(" (and {} more that follow at once)", hidden);
  return text + ".\n";
}

}  // namespace proven::whodunnit

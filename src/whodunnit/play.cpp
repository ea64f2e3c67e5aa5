// Whodunnit's Play: the notebook grid and the accusation (docs/whodunnit.md, "Play").
#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/svg.hpp"
#include "whodunnit/explain.hpp"
#include "whodunnit/game.hpp"
#include "whodunnit/proof.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/seating.hpp"

namespace proven::whodunnit {
namespace {

std::string join_words(std::span<const std::string_view> words) {
  std::string out;
  for (const std::string_view w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

constexpr std::string_view kMoveHelp = "moves: mark 3 forename Hugo yes|no, clear 3 forename Hugo, accuse 5";

using Mark = Game::Play::Mark;

std::string_view mark_word(Mark mark) { return mark == Mark::Yes ? "yes" : mark == Mark::No ? "no" : "none"; }
char mark_letter(Mark mark) { return mark == Mark::Yes ? 'Y' : mark == Mark::No ? 'N' : '.'; }
nlohmann::json mark_json(Mark mark) {
  return mark == Mark::None ? nlohmann::json(nullptr) : nlohmann::json(mark_word(mark));
}

}  // namespace

struct Game::Play::Fixed {
  struct Column {
    int category = 0;
    int value = 0;
  };
  Case content;
  Proof proof;
  std::vector<Column> columns;  // every name of every trait category, in setup order

  const Category& category_of(int column) const { return content.setup.categories[at(columns[at(column)].category)]; }
  const ValueCount& value_of(int column) const { return category_of(column).values[at(columns[at(column)].value)]; }
  int cast() const { return content.setup.cast; }
  int column_count() const { return static_cast<int>(columns.size()); }
  // "forename Hugo": how moves and messages name a column.
  std::string name(int column) const { return category_of(column).name + " " + value_of(column).name; }
};

Game::Play Game::Play::start(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item == 0, "a whodunnit document holds one case");
  CaseCheck check = check_case(doc);
  if (!check.proof) throw UserError(fmt::format("this case cannot be played: {}", check.problems.front().line()));
  auto fixed = std::make_shared<Fixed>();
  fixed->content = doc.content;
  fixed->proof = std::move(*check.proof);
  const Setup& setup = fixed->content.setup;
  for (int c = 1; c < setup.category_count(); ++c)
    for (int v = 0; v < setup.value_count(c); ++v) fixed->columns.push_back({.category = c, .value = v});
  Play play;
  play.marks_.assign(at(setup.cast) * fixed->columns.size(), Mark::None);
  play.locked_.assign(at(setup.cast), 0);
  play.fixed_ = std::move(fixed);
  return play;
}

std::size_t Game::Play::cell(int suspect, int column) const {
  return at(suspect) * fixed_->columns.size() + at(column);
}

std::string Game::Play::refusal(int suspect, int column, Mark mark) const {
  const Fixed& f = *fixed_;
  const int category = f.columns[at(column)].category;
  const int count = f.value_of(column).count;
  const auto marked = [&](Mark m) {  // other portraits with mark m in this column
    std::vector<std::string> portraits;
    for (int s = 0; s < f.cast(); ++s)
      if (s != suspect && mark_at(s, column) == m) portraits.push_back(std::to_string(s + 1));
    return portraits;
  };
  if (mark == Mark::Yes) {
    for (int k = 0; k < f.column_count(); ++k)
      if (k != column && f.columns[at(k)].category == category && mark_at(suspect, k) == Mark::Yes)
        return fmt::format("suspect {} is already marked yes for {}; clear that first", suspect + 1, f.name(k));
    if (const auto yes = marked(Mark::Yes); static_cast<int>(yes.size()) >= count)
      return fmt::format("only {} suspect{} {} {}, and suspect{} {} {} marked yes already", count,
                         count == 1 ? " has" : "s have", f.category_of(column).name, f.value_of(column).name,
                         yes.size() == 1 ? "" : "s", fmt::join(yes, ", "), yes.size() == 1 ? "is" : "are");
  } else {
    bool open = false;
    for (int k = 0; k < f.column_count(); ++k)
      if (k != column && f.columns[at(k)].category == category && mark_at(suspect, k) != Mark::No) open = true;
    if (!open)
      return fmt::format("every other {} is marked no for suspect {}: it cannot be none of them",
                         f.category_of(column).name, suspect + 1);
    if (const auto no = marked(Mark::No); static_cast<int>(no.size()) >= f.cast() - count)
      return fmt::format("{} of the {} suspects have {}, so at most {} can be marked no, and suspects {} are", count,
                         f.cast(), f.name(column), f.cast() - count, fmt::join(no, ", "));
  }
  return {};
}

MoveResult Game::Play::apply(std::string_view move) {
  const Fixed& f = *fixed_;
  const std::vector<std::string_view> w = split_words(move);
  const auto bad = [&](std::string_view why) { return IllegalMove(fmt::format("{}: {} ({})", move, why, kMoveHelp)); };
  if (accused_ >= 0) throw bad("the case is closed: the accusation is made");
  if (w.empty() || (w[0] != "mark" && w[0] != "clear" && w[0] != "accuse"))
    throw bad("expected 'mark', 'clear' or 'accuse'");
  const auto portrait = [&](std::string_view word) {
    int number = 0;
    const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), number);
    if (error != std::errc() || end != word.data() + word.size() || number < 1 || number > f.cast() || word[0] == '0')
      throw bad(fmt::format("'{}' is not a suspect number (1..{})", word, f.cast()));
    return number - 1;
  };

  if (w[0] == "accuse") {
    if (w.size() != 2) throw bad("'accuse' takes one suspect number");
    accused_ = portrait(w[1]);
    const bool right = accused_ == f.proof.murderer;
    const std::string who = suspect_text(f.content.setup, f.proof.solution, accused_);
    return {.text = right ? fmt::format("You accuse {}: the murderer. Case solved.", who)
                          : fmt::format("You accuse {}, but the murderer is {}. Case lost.", who,
                                        suspect_text(f.content.setup, f.proof.solution, f.proof.murderer)),
            .changes = {{"accused", accused_ + 1}, {"murderer", f.proof.murderer + 1}, {"correct", right}}};
  }

  const bool marking = w[0] == "mark";
  if (w.size() < (marking ? 4u : 3u))
    throw bad(marking ? "'mark' takes a suspect number, a name (its category optional) and yes or no"
                      : "'clear' takes a suspect number and a name (its category optional)");
  const int suspect = portrait(w[1]);
  if (locked_[at(suspect)])
    throw bad(fmt::format("suspect {} is confirmed and locked in: its marks no longer change", suspect + 1));
  Mark mark = Mark::None;
  if (marking) {
    if (w.back() != "yes" && w.back() != "no") throw bad("a mark ends with yes or no");
    mark = w.back() == "yes" ? Mark::Yes : Mark::No;
  }
  // The name: "forename Hugo", or "Hugo" alone when only one category has it; names may hold
  // spaces ("room billiard room").
  const std::string text = join_words(std::span(w).subspan(2, w.size() - (marking ? 3 : 2)));
  std::vector<int> found;
  for (int k = 0; k < f.column_count(); ++k)
    if (text == f.name(k) || text == f.value_of(k).name) found.push_back(k);
  if (found.empty()) throw bad(fmt::format("'{}' is not a name in play", text));
  if (found.size() > 1)
    throw bad(
        fmt::format("'{}' is a name in several categories: write its category first, as '{}'", text, f.name(found[0])));
  const int column = found[0];
  Mark& here = mark_at(suspect, column);
  const Mark before = here;
  if (here == mark)
    throw bad(mark == Mark::None ? fmt::format("suspect {} has no mark for {}", suspect + 1, f.name(column))
                                 : fmt::format("suspect {} is already marked {} for {}", suspect + 1, mark_word(mark),
                                               f.name(column)));
  if (mark != Mark::None)
    if (const std::string why = refusal(suspect, column, mark); !why.empty()) throw bad(why);
  here = mark;
  const std::string what = mark == Mark::None ? "cleared" : fmt::format("marked {}", mark_word(mark));
  const std::vector<int> locked = lock_in();
  std::string said = fmt::format("suspect {}, {}: {}", suspect + 1, f.name(column), what);
  if (!locked.empty()) {
    std::vector<int> numbers;
    for (const int s : locked) numbers.push_back(s + 1);
    said += fmt::format("; suspects {} are right and locked in", fmt::join(numbers, ", "));
  }
  nlohmann::json locked_json = nlohmann::json::array();
  for (const int s : locked) locked_json.push_back(s + 1);
  return {.text = std::move(said),
          .changes = {{"portrait", suspect + 1},
                      {"category", f.category_of(column).name},
                      {"value", f.value_of(column).name},
                      {"mark", mark_json(mark)},
                      {"before", mark_json(before)},
                      {"locked", std::move(locked_json)}}};
}

bool Game::Play::identity_right(int suspect) const {
  const Fixed& f = *fixed_;
  int right = 0;
  for (int k = 0; k < f.column_count(); ++k)
    if (mark_at(suspect, k) == Mark::Yes) {
      const auto& column = f.columns[at(k)];
      if (f.proof.solution[at(suspect)][at(column.category)] != column.value) return false;
      ++right;
    }
  return right == f.content.setup.category_count() - 1;  // at most one yes per category: one in each
}

std::vector<int> Game::Play::lock_in() {
  std::vector<int> ready;
  for (int s = 0; s < fixed_->cast(); ++s)
    if (!locked_[at(s)] && identity_right(s)) ready.push_back(s);
  if (ready.size() < 3) return {};
  for (const int s : ready) locked_[at(s)] = 1;
  return ready;
}

nlohmann::json Game::Play::locked_json() const {
  nlohmann::json locked = nlohmann::json::array();
  for (int s = 0; s < fixed_->cast(); ++s)
    if (locked_[at(s)]) locked.push_back(s + 1);
  return locked;
}

std::string Game::Play::hint() const {
  const Fixed& f = *fixed_;
  if (accused_ >= 0) return "The case is closed.";
  const Setup& setup = f.content.setup;
  std::vector<Fact> known;
  int wrong = 0;
  for (int s = 0; s < f.cast(); ++s)
    for (int k = 0; k < f.column_count(); ++k) {
      const Mark mark = mark_at(s, k);
      if (mark == Mark::None) continue;
      const auto& column = f.columns[at(k)];
      const bool holds = f.proof.solution[at(s)][at(column.category)] == column.value;
      if (holds != (mark == Mark::Yes)) {
        ++wrong;
        continue;
      }
      known.push_back({.suspect = s, .trait = {.category = column.category, .value = column.value}, .holds = holds});
    }
  const std::string warning =
      wrong == 0
          ? std::string()
          : fmt::format("{} of your marks disagree{} with the clues; from the others: ", wrong, wrong == 1 ? "s" : "");
  const std::optional<Step> step = next_step(Lattice(setup), clue_logic(f.content), known);
  if (!step) return warning + "every identity follows from your marks already: make your accusation.";
  std::string text = warning + step_text(f.content, *step, known);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

int Game::Play::complete_identities() const {
  const Fixed& f = *fixed_;
  const int categories = f.content.setup.category_count() - 1;
  int complete = 0;
  for (int s = 0; s < f.cast(); ++s) {
    int yes = 0;
    for (int k = 0; k < f.column_count(); ++k) yes += mark_at(s, k) == Mark::Yes ? 1 : 0;
    complete += yes == categories ? 1 : 0;  // at most one yes per category: one in each
  }
  return complete;
}

PlayStatus Game::Play::status() const {
  const Fixed& f = *fixed_;
  const auto marks = std::ranges::count_if(marks_, [](Mark m) { return m != Mark::None; });
  const int complete = complete_identities();
  PlayStatus s;
  s.figures = {{"marks", marks},
               {"identities_complete", complete},
               {"locked", std::ranges::count(locked_, 1)},
               {"cast", f.cast()},
               {"accused", accused_ >= 0 ? nlohmann::json(accused_ + 1) : nlohmann::json(nullptr)}};
  if (accused_ < 0) {
    s.summary = fmt::format("{} mark{}, {} of {} identities complete; no accusation yet", marks, marks == 1 ? "" : "s",
                            complete, f.cast());
  } else if (accused_ == f.proof.murderer) {
    s.phase = PlayPhase::Won;
    s.summary = fmt::format("suspect {} accused: the murderer, as the clues determine", accused_ + 1);
  } else {
    s.phase = PlayPhase::Lost;
    s.summary = fmt::format("suspect {} accused, but the clues make suspect {} the murderer", accused_ + 1,
                            f.proof.murderer + 1);
  }
  return s;
}

std::vector<std::string> Game::Play::legal_moves() const {
  const Fixed& f = *fixed_;
  std::vector<std::string> moves;
  if (accused_ >= 0) return moves;
  for (int s = 0; s < f.cast(); ++s)
    for (int k = 0; k < f.column_count() && !locked_[at(s)]; ++k) {
      for (const Mark mark : {Mark::Yes, Mark::No})
        if (mark_at(s, k) != mark && refusal(s, k, mark).empty())
          moves.push_back(fmt::format("mark {} {} {}", s + 1, f.name(k), mark_word(mark)));
      if (mark_at(s, k) != Mark::None) moves.push_back(fmt::format("clear {} {}", s + 1, f.name(k)));
    }
  for (int s = 0; s < f.cast(); ++s) moves.push_back(fmt::format("accuse {}", s + 1));
  return moves;
}

std::string Game::Play::rules() const {
  const Fixed& f = *fixed_;
  return fmt::format(
             "Find each suspect's names, then name the murderer. Suspects are numbered 1..{}, as in the case.\n"
             "Your notebook has a row per suspect and a column per name in play, grouped by category; a cell\n"
             "is Y (that suspect has the name), N (it has not) or . (not marked).\n"
             "  mark 3 forename Hugo yes   suspect 3 is called Hugo ('no': is not). The category may be left\n"
             "                             out when only one category has the name: mark 3 Hugo yes\n"
             "  clear 3 forename Hugo      take that mark off\n"
             "  accuse 5                   name suspect 5 the murderer: one accusation ends the case, won if\n"
             "                             it is the murderer the clues determine, lost otherwise\n"
             "Names are written as the case writes them (a room may be two words). A mark may be wrong, but the\n"
             "notebook refuses one that breaks its own arithmetic: a second yes in a suspect's category, more\n"
             "yes in a column than suspects with that name (the count after it), no on every name of a\n"
             "category for one suspect, or more no in a column than suspects without that name.\n"
             "When three suspects are marked in full (a yes in every category) and all three are right,\n"
             "they are confirmed and locked in, as in Return of the Obra Dinn: their marks no longer change.\n"
             "Wrong marks are never pointed out otherwise. 'hint' gives the next step the clues allow from\n"
             "your right marks, citing its clues.\n\n",
             f.cast()) +
         case_text(f.content) + "\n";
}

std::string Game::Play::render() const {
  const Fixed& f = *fixed_;
  const Setup& setup = f.content.setup;
  std::size_t label = std::string_view("suspect 8*").size();  // the widest row label: locked in
  for (int c = 1; c < setup.category_count(); ++c) label = std::max(label, setup.categories[at(c)].name.size());
  std::string text = "Notebook (Y: has the name, N: has not, .: not marked; *: locked in)\n";
  for (int c = 1; c < setup.category_count(); ++c) {
    std::vector<int> columns;
    for (int k = 0; k < f.column_count(); ++k)
      if (f.columns[at(k)].category == c) columns.push_back(k);
    text += fmt::format("{:<{}}", setup.categories[at(c)].name, label);
    for (const int k : columns) {
      const ValueCount& v = f.value_of(k);
      text += "  " + (v.count == 1 ? v.name : fmt::format("{} x{}", v.name, v.count));
    }
    text += "\n";
    for (int s = 0; s < f.cast(); ++s) {
      text += fmt::format("{:<{}}", fmt::format("suspect {}{}", s + 1, locked_[at(s)] ? "*" : ""), label);
      for (const int k : columns) {
        const ValueCount& v = f.value_of(k);
        const std::size_t width = v.count == 1 ? v.name.size() : v.name.size() + 3 + std::to_string(v.count).size();
        const std::size_t left = (width - 1) / 2;
        text += "  " + std::string(left, ' ') + mark_letter(mark_at(s, k)) + std::string(width - 1 - left, ' ');
      }
      // No trailing spaces: a transcript compares line by line.
      while (text.back() == ' ') text.pop_back();
      text += "\n";
    }
  }
  text += fmt::format("Question: {}\n", f.content.question_prose);
  if (accused_ >= 0) text += fmt::format("Accused: suspect {}\n", accused_ + 1);
  return text;
}

nlohmann::json Game::Play::to_json() const {
  const Fixed& f = *fixed_;
  const Setup& setup = f.content.setup;
  nlohmann::json categories = nlohmann::json::array();
  for (int c = 1; c < setup.category_count(); ++c) {
    nlohmann::json values = nlohmann::json::array();
    for (const ValueCount& v : setup.categories[at(c)].values) values.push_back({{"name", v.name}, {"count", v.count}});
    categories.push_back({{"category", setup.categories[at(c)].name}, {"values", values}});
  }
  nlohmann::json grid = nlohmann::json::array();  // per portrait: {category: {name: "yes" | "no"}}, marked cells only
  for (int s = 0; s < f.cast(); ++s) {
    nlohmann::json row = nlohmann::json::object();
    for (int k = 0; k < f.column_count(); ++k)
      if (mark_at(s, k) != Mark::None) row[f.category_of(k).name][f.value_of(k).name] = mark_word(mark_at(s, k));
    grid.push_back(row);
  }
  nlohmann::json clues = nlohmann::json::array();
  for (std::size_t i = 0; i < f.content.clues.size(); ++i)
    clues.push_back({{"number", i + 1},
                     {"teller", f.content.clues[i].teller >= 0 ? nlohmann::json(f.content.clues[i].teller + 1)
                                                               : nlohmann::json(nullptr)},
                     {"text", clue_line(f.content, static_cast<int>(i))}});
  const PlayStatus s = status();
  return {{"cast", f.cast()},
          {"categories", categories},
          {"marks", grid},
          {"clues", clues},
          {"question", f.content.question_prose},
          {"accused", accused_ >= 0 ? nlohmann::json(accused_ + 1) : nlohmann::json(nullptr)},
          {"locked", locked_json()},
          {"phase", phase_name(s.phase)},
          {"summary", s.summary}};
}

std::string Game::Play::svg() const {
  const Fixed& f = *fixed_;
  const bool open = accused_ < 0;
  constexpr double kRow = 30, kLabel = 92, kTop = 44, kGroupGap = 14;
  const auto heading = [&](int k) {
    const ValueCount& v = f.value_of(k);
    return v.count == 1 ? v.name : fmt::format("{} x{}", v.name, v.count);
  };
  // Column positions: each as wide as its heading, categories apart by a gap.
  std::vector<double> left(at(f.column_count())), width(at(f.column_count()));
  double x = kLabel;
  for (int k = 0; k < f.column_count(); ++k) {
    if (k > 0 && f.columns[at(k)].category != f.columns[at(k - 1)].category) x += kGroupGap;
    width[at(k)] = std::max(34.0, 7.5 * static_cast<double>(heading(k).size()) + 10);
    left[at(k)] = x;
    x += width[at(k)];
  }
  // The seating above the notebook: the neighbour clues need it while marking, and a picture in
  // the notebook's own SVG needs no change to the page every game shares. It holds no move.
  Svg svg(std::max(x + 100, kSeatingWidth), kSeatingHeight + kTop + kRow * f.cast() + 10);  // accuse at the right
  draw_seating(svg, f.cast(), 0, 0);
  svg.open_group(fmt::format(R"svg(transform="translate(0,{})")svg", kSeatingHeight));
  constexpr auto kSmall = R"(font-family="sans-serif" font-size="12" fill="#ccc" text-anchor="middle")";
  constexpr auto kMarkText = R"(font-family="sans-serif" font-size="13" fill="#eee" text-anchor="middle")";
  for (int k = 0; k < f.column_count(); ++k) {
    if (k == 0 || f.columns[at(k)].category != f.columns[at(k - 1)].category)
      svg.text(left[at(k)], 14, f.category_of(k).name, R"(font-family="sans-serif" font-size="12" fill="#999")");
    svg.text(left[at(k)] + width[at(k)] / 2, 34, heading(k), kSmall);
  }
  for (int s = 0; s < f.cast(); ++s) {
    const double y = kTop + kRow * s;
    svg.text(8, y + 19, fmt::format("suspect {}{}", s + 1, locked_[at(s)] ? " \u2713" : ""),
             locked_[at(s)] ? R"(font-family="sans-serif" font-size="13" fill="#5fd38a" class="locked")"
                            : R"(font-family="sans-serif" font-size="13" fill="#ddd")");
    for (int k = 0; k < f.column_count(); ++k) {
      const Mark mark = mark_at(s, k);
      // The next step round the cycle that the notebook accepts now.
      std::string move;
      if (open && !locked_[at(s)]) {
        const std::string cell = fmt::format("{} {}", s + 1, f.name(k));
        const bool yes_ok = refusal(s, k, Mark::Yes).empty(), no_ok = refusal(s, k, Mark::No).empty();
        if (mark == Mark::None)
          move = yes_ok ? "mark " + cell + " yes" : no_ok ? "mark " + cell + " no" : "";
        else if (mark == Mark::Yes)
          move = no_ok ? "mark " + cell + " no" : "clear " + cell;
        else
          move = "clear " + cell;
      }
      if (!move.empty()) svg.open_group(fmt::format(R"(class="act" data-move="{}")", xml_escape(move))).title(move);
      svg.rect(left[at(k)] + 2, y + 2, width[at(k)] - 4, kRow - 4,
               mark == Mark::Yes  ? R"(fill="#1f4d2c" stroke="#3c8" rx="4")"
               : mark == Mark::No ? R"(fill="#4d1f24" stroke="#c55" rx="4")"
                                  : R"(fill="#1d2027" stroke="#333" rx="4")");
      if (mark != Mark::None)
        svg.text(left[at(k)] + width[at(k)] / 2, y + 20, mark == Mark::Yes ? "yes" : "no", kMarkText);
      if (!move.empty()) svg.close_group();
    }
    const std::string accuse = fmt::format("accuse {}", s + 1);
    if (open) svg.open_group(fmt::format(R"(class="act accuse" data-move="{}")", accuse)).title(accuse);
    svg.rect(x + 10, y + 3, 80, kRow - 6,
             accused_ == s ? R"(fill="#7a2a2a" stroke="#e66" rx="6")" : R"(fill="#2a2d35" stroke="#777" rx="6")");
    svg.text(x + 50, y + 19, accused_ == s ? "accused" : "accuse", kMarkText);
    if (open) svg.close_group();
  }
  svg.close_group();
  return svg.str(false);
}

}  // namespace proven::whodunnit

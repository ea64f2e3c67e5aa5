// The designer grid (inspect.hpp): what it draws is the bounds solver's state, and what each
// clue's switch says it adds is what the solver and the figures say.
#include "whodunnit/inspect.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "whodunnit/cases.hpp"
#include "whodunnit/figures.hpp"

namespace proven::whodunnit {
namespace {

int occurrences(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The clues of a case with those in `off` left out, as the solver takes them.
std::vector<Clue> clues_without(const Case& c, const std::vector<std::size_t>& off) {
  std::vector<Clue> logic = clue_logic(c);
  std::vector<Clue> kept;
  for (std::size_t i = 0; i < logic.size(); ++i)
    if (std::ranges::find(off, i) == off.end()) kept.push_back(logic[i]);
  return kept;
}

TEST(WhodunnitInspect, WithEveryClueOnTheGridIsTheSolution) {
  for (const int cast : {4, 6}) {
    const Case c = make_case("grid", cast, test::kFast);
    const Lattice lattice(c.setup);
    const Bounds all = bounds_with(lattice, c, std::vector<bool>(c.clues.size(), true));
    ASSERT_TRUE(all.determined());
    const int categories = c.setup.category_count();
    int cells = 0;
    for (int a = 0; a < categories; ++a)
      for (int b = a + 1; b < categories; ++b)
        for (int va = 0; va < c.setup.value_count(a); ++va)
          for (int vb = 0; vb < c.setup.value_count(b); ++vb) {
            ++cells;
            const Term pair[] = {{a, va}, {b, vb}};
            const std::vector<Term> traits(std::begin(pair), std::end(pair));
            const int truth = count_matching(c.solution, traits);
            EXPECT_EQ(all.range(lattice.cell_of(pair)), (Range{truth, truth}));
          }
    const Inspection view = inspect_case(c, {});
    EXPECT_NE(view.summary.find("determined, exactly one solution"), std::string::npos) << view.summary;
    // One cell rectangle per pair of names, every pair of categories once.
    EXPECT_EQ(occurrences(view.svg, R"(stroke="#999")"), cells);
    EXPECT_EQ(occurrences(view.svg, R"(fill="#ef9a9a")"), 0);
  }
}

TEST(WhodunnitInspect, EachSwitchSaysWhatTheSolverSays) {
  const Case c = make_case("switches", 5, test::kFast);
  const Lattice lattice(c.setup);
  const Figures expected = figures(lattice, clue_logic(c));
  const std::vector<std::size_t> off = {1};
  const Inspection view = inspect_case(c, off);
  ASSERT_EQ(view.switches.size(), c.clues.size());
  const Outcome now = solve(lattice, clues_without(c, off));
  EXPECT_NE(view.summary.find(fmt::format("{} of {} clues on", c.clues.size() - 1, c.clues.size())), std::string::npos);
  if (now.status == Status::Undetermined) {
    EXPECT_NE(view.summary.find(fmt::format("ambiguity {}", now.ambiguity)), std::string::npos) << view.summary;
  }
  for (std::size_t i = 0; i < c.clues.size(); ++i) {
    const InspectionSwitch& item = view.switches[i];
    EXPECT_EQ(item.on, i != 1);
    EXPECT_EQ(item.label, fmt::format("clue {}", i + 1));
    EXPECT_TRUE(item.note.starts_with(fmt::format("obviousness {};", expected.clue_obviousness[i]))) << item.note;
    // Flipping switch i from the view's state: clue 2 back on gives every clue; any other off too.
    std::vector<std::size_t> flipped = i == 1 ? std::vector<std::size_t>{} : std::vector<std::size_t>{1, i};
    const Outcome after = solve(lattice, clues_without(c, flipped));
    const std::string said =
        after.status == Status::Contradictory ? "contradictory" : fmt::format("ambiguity {}", after.ambiguity);
    EXPECT_TRUE(item.note.ends_with(fmt::format("switching it {}: {}", i == 1 ? "on" : "off", said))) << item.note;
  }
}

TEST(WhodunnitInspect, EveryClueOffIsTheSetupAlone) {
  const Case c = make_case("off", 4, test::kFast);
  std::vector<std::size_t> every;
  for (std::size_t i = 0; i < c.clues.size(); ++i) every.push_back(i);
  const Inspection view = inspect_case(c, every);
  const Outcome setup_only = solve(Lattice(c.setup), {});
  EXPECT_NE(
      view.summary.find(fmt::format("0 of {} clues on: undetermined, ambiguity {} (the setup alone: ambiguity {})",
                                    c.clues.size(), setup_only.ambiguity, setup_only.ambiguity)),
      std::string::npos)
      << view.summary;
}

TEST(WhodunnitInspect, AContradictionIsSaidAndAClueOutOfRangeIsRefused) {
  Case c = make_case("contradiction", 4, test::kFast);
  // Portrait 1 is not who the solution says it is, by its forename: the clues now contradict.
  const int forename = 1;
  c.clues.push_back(
      {.bounds = {{.traits = {{kPortrait, 0}, {forename, c.solution[0][forename]}}, .min = 0, .max = 0}}});
  EXPECT_NE(inspect_case(c, {}).summary.find("contradictory"), std::string::npos);
  EXPECT_NE(inspect_case(c, {c.clues.size() - 1}).summary.find("determined, exactly one"), std::string::npos);
  EXPECT_THROW(inspect_case(c, {c.clues.size()}), UserError);
}

}  // namespace
}  // namespace proven::whodunnit

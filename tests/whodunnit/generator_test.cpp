#include "whodunnit/generator.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "whodunnit/cases.hpp"

namespace proven::whodunnit {
namespace {

// A cast of n with four trait categories; surname and room repeat values.
proven::whodunnit::Setup themed_setup(int n) {
  std::vector<Category> traits = {{.name = "forename", .values = {}}, {.name = "surname", .values = {}},
                                  {.name = "title", .values = {}}, {.name = "room", .values = {}}};
  for (int s = 0; s < n; ++s) {
    traits[0].values.push_back({.name = fmt::format("forename{}", s), .count = 1});
    traits[2].values.push_back({.name = fmt::format("title{}", s), .count = 1});
  }
  traits[1].values = {{.name = "Caine", .count = 2}, {.name = "Pryce", .count = n - 2}};
  traits[3].values = {{.name = "library", .count = n / 2}, {.name = "study", .count = n - n / 2}};
  return make_setup(n, std::move(traits));
}

void expect_sound(const Mystery& m, const std::string& where) {
  const Lattice lattice(m.setup);
  EXPECT_TRUE(fits_setup(m.setup, m.solution)) << where;
  EXPECT_TRUE(satisfies(m.solution, m.clues)) << where;
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(m.setup));
  for (const Clue& c : m.clues) bounds.restrict_all(c.bounds);
  bounds.propagate();
  ASSERT_TRUE(bounds.determined()) << where;
  EXPECT_EQ(bounds.assignment(), m.solution) << where;
  for (std::size_t i = 0; i < m.clues.size(); ++i) {
    std::vector<Clue> without = m.clues;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    EXPECT_EQ(solve(lattice, without).status, Status::Undetermined) << where << ": clue " << i << " adds nothing";
  }
}

TEST(WhodunnitGenerator, MysteriesAreDeterminedAndHaveNoSpareClue) {
  for (int n = kMinCast; n <= kMaxCast; ++n)
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      const std::optional<Mystery> m = generate_mystery(themed_setup(n), Rng::from_seed(seed));
      const std::string where = fmt::format("cast {} seed {}", n, seed);
      ASSERT_TRUE(m.has_value()) << where;
      expect_sound(*m, where);
    }
}

TEST(WhodunnitGenerator, SeedsReproduceMysteries) {
  const proven::whodunnit::Setup setup = themed_setup(6);
  const std::optional<Mystery> a = generate_mystery(setup, Rng::from_seed(11));
  const std::optional<Mystery> b = generate_mystery(setup, Rng::from_seed(11));
  const std::optional<Mystery> c = generate_mystery(setup, Rng::from_seed(12));
  ASSERT_TRUE(a && b && c);
  EXPECT_EQ(a->solution, b->solution);
  ASSERT_EQ(a->clues.size(), b->clues.size());
  for (std::size_t i = 0; i < a->clues.size(); ++i) EXPECT_EQ(a->clues[i].bounds, b->clues[i].bounds);
  const bool same = a->solution == c->solution && a->clues.size() == c->clues.size();
  EXPECT_FALSE(same && a->clues.front().bounds == c->clues.front().bounds);
}

}  // namespace
}  // namespace proven::whodunnit

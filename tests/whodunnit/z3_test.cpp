// An independent cross-check with z3 (Debian libz3-dev, linked only into this test): on many
// generated cases, read back from their files, exactly one assignment satisfies the setup and
// every clue, and it is the generator's solution. z3 shares nothing with the bounds solver but
// the file: the encoding below is the model's definition of a bound, written out as integers.
#include <gtest/gtest.h>

#include <z3++.h>

#include "core/io.hpp"
#include "support/sanitized.hpp"
#include "whodunnit/case_json.hpp"

namespace proven::whodunnit {
namespace {

class Encoding {
 public:
  explicit Encoding(const Setup& setup) : setup_(setup), solver_(context_) {
    // value[s][c]: suspect s's value index in trait category c (the portrait is s itself).
    for (int s = 0; s < setup.cast; ++s) {
      std::vector<z3::expr> row;
      for (int c = 1; c < setup.category_count(); ++c) {
        z3::expr x = context_.int_const(("v_" + std::to_string(s) + "_" + std::to_string(c)).c_str());
        solver_.add(x >= 0 && x < setup.value_count(c));
        row.push_back(x);
      }
      values_.push_back(row);
    }
    // Each value is held by exactly as many suspects as the setup says.
    for (int c = 1; c < setup.category_count(); ++c)
      for (int v = 0; v < setup.value_count(c); ++v)
        add_count({{.category = c, .value = v}}, setup.categories[at(c)].values[at(v)].count,
                  setup.categories[at(c)].values[at(v)].count);
  }

  void add_count(const std::vector<Term>& traits, int min, int max) {
    z3::expr total = context_.int_val(0);
    for (int s = 0; s < setup_.cast; ++s) {
      z3::expr has_all = context_.bool_val(true);
      for (const Term& t : traits) {
        if (t.category == kPortrait)
          has_all = has_all && context_.bool_val(t.value == s);
        else
          has_all = has_all && values_[at(s)][at(t.category - 1)] == t.value;
      }
      total = total + z3::ite(has_all, context_.int_val(1), context_.int_val(0));
    }
    solver_.add(total >= min && total <= max);
  }

  z3::check_result check() { return solver_.check(); }

  Assignment model_assignment() {
    const z3::model model = solver_.get_model();
    Assignment out(at(setup_.cast), std::vector<int>(at(setup_.category_count()), 0));
    for (int s = 0; s < setup_.cast; ++s) {
      out[at(s)][kPortrait] = s;
      for (int c = 1; c < setup_.category_count(); ++c)
        out[at(s)][at(c)] = model.eval(values_[at(s)][at(c - 1)], true).get_numeral_int();
    }
    return out;
  }

  // Rules the assignment out, so a second check finds any other.
  void block(const Assignment& a) {
    z3::expr differs = context_.bool_val(false);
    for (int s = 0; s < setup_.cast; ++s)
      for (int c = 1; c < setup_.category_count(); ++c)
        differs = differs || values_[at(s)][at(c - 1)] != a[at(s)][at(c)];
    solver_.add(differs);
  }

 private:
  const Setup& setup_;
  z3::context context_;
  z3::solver solver_;
  std::vector<std::vector<z3::expr>> values_;
};

// The case of a seed, written and read back, has exactly one assignment satisfying its clues, and
// it is the case's solution.
void expect_unique(int cast, int seed) {
  SCOPED_TRACE("cast " + std::to_string(cast) + " seed " + std::to_string(seed));
  const std::string text = json_text(to_json(make_case("z3-" + std::to_string(seed), cast, {.solver_budget = 3000})));
  const Case c = case_from_json(parse_json(text, "case")).content;
  Encoding encoding(c.setup);
  for (const CaseClue& clue : c.clues)
    for (const Bound& b : clue.bounds) encoding.add_count(b.traits, b.min, b.max);
  ASSERT_EQ(encoding.check(), z3::sat);
  const Assignment found = encoding.model_assignment();
  EXPECT_EQ(found, c.solution);
  encoding.block(found);
  EXPECT_EQ(encoding.check(), z3::unsat) << "a second assignment satisfies every clue";
}

TEST(WhodunnitZ3, ExactlyOneAssignmentSatisfiesEveryGeneratedCase) {
  // z3 itself is not instrumented: under sanitizers a third of the sample (every cast still) is
  // enough to run the reading and generating code it checks.
  using proven::testing::kSanitized;
  int checked = 0;
  for (const int cast : {4, 5, 6, 7}) {
    const int seeds = (cast <= 5 ? 12 : 6) / (kSanitized ? 3 : 1);
    for (int seed = 1; seed <= seeds; ++seed, ++checked) expect_unique(cast, seed);
  }
  EXPECT_EQ(checked, kSanitized ? 12 : 36);
}

// The larger casts, a small sample each: the bounds solver's "determined" is the same uniqueness
// to an independent prover at 8 to 12 suspects too.
TEST(WhodunnitZ3, LargerCastsAreUniqueToo) {
  for (int cast = 8; cast <= kMaxCast; ++cast) expect_unique(cast, 1);
  if (!proven::testing::kSanitized)
    for (const int cast : {10, 12}) expect_unique(cast, 2);
}

// The encoding can tell: the setup alone has many solutions, and a lie has none.
TEST(WhodunnitZ3, TheEncodingSeesAmbiguityAndLies) {
  const Case c = make_case("z3-control", 5, {.solver_budget = 3000});
  {
    Encoding encoding(c.setup);
    ASSERT_EQ(encoding.check(), z3::sat);
    encoding.block(encoding.model_assignment());
    EXPECT_EQ(encoding.check(), z3::sat);
  }
  {
    Encoding encoding(c.setup);
    for (const CaseClue& clue : c.clues)
      for (const Bound& b : clue.bounds) encoding.add_count(b.traits, b.min, b.max);
    // A lie: portrait 1 does not have their forename.
    encoding.add_count({{.category = kPortrait, .value = 0}, {.category = 1, .value = c.solution[0][1]}}, 0, 0);
    EXPECT_EQ(encoding.check(), z3::unsat);
  }
}

}  // namespace
}  // namespace proven::whodunnit

#pragma once
// For the exhaustive proofs that play one representative per class of cases (wires.hpp,
// color_echo.hpp, glyph_keypad.hpp): play every case of a rule set and check that it ends as its
// class's representative does, so the reduction is shown sound on each rule set a test tries.
#include <gtest/gtest.h>

#include <cstddef>
#include <map>
#include <type_traits>

#include "bomb/proof.hpp"

namespace proven::bomb {

struct ClassCheck {
  std::size_t classes = 0;  // distinct keys among M::for_each_case's representatives
  std::size_t cases = 0;    // cases for_each_all visited
  bool all_passed = true;   // every case's play passed
};

// key_of(state, edge, clock) names a case's class; for_each_all(visit) visits every case the
// module can be dealt, stopping when visit returns false (here: at the first mismatch).
template <Module M, class KeyOf, class ForEachAll>
ClassCheck check_cases_play_as_their_class(const typename M::Rules& rules, KeyOf&& key_of, ForEachAll&& for_each_all) {
  using State = typename M::State;
  using Key = std::invoke_result_t<KeyOf&, const State&, const Edgework&, const Clock&>;
  const auto& lookup = prepare_lookup<M>(rules);
  std::map<Key, PlayEnd> by_class;
  M::for_each_case(rules, [&](const State& state, const Edgework& edge, const Clock& clock) {
    by_class[key_of(state, edge, clock)] = play_with<M>(rules, lookup, state, edge, clock);
    return true;
  });
  ClassCheck check;
  check.classes = by_class.size();
  for_each_all([&](const State& state, const Edgework& edge, const Clock& clock) {
    const PlayEnd end = play_with<M>(rules, lookup, state, edge, clock);
    const auto it = by_class.find(key_of(state, edge, clock));
    EXPECT_TRUE(it != by_class.end() && it->second == end)
        << M::show(state) << " ended " << name(end) << ", unlike its class";
    check.all_passed = check.all_passed && play_passed(end);
    ++check.cases;
    return !::testing::Test::HasFailure();
  });
  return check;
}

}  // namespace proven::bomb

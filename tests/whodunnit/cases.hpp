#pragma once
// Shared test setups for the whodunnit suite.
#include "whodunnit/case.hpp"
#include "whodunnit/model.hpp"

namespace proven::whodunnit::test {

// Four suspects; surnames and rooms repeat (two Caines, two in the library, two in the study).
inline Setup small_setup() {
  return make_setup(4, {
                           {.name = "forename", .values = {{"Abigail", 1}, {"Basil", 1}, {"Cora", 1}, {"Dorian", 1}}},
                           {.name = "surname", .values = {{"Caine", 2}, {"Pryce", 1}, {"Vane", 1}}},
                           {.name = "title", .values = {{"Duke", 1}, {"Baroness", 1}, {"Lady", 1}, {"Sir", 1}}},
                           {.name = "room", .values = {{"library", 2}, {"study", 2}}},
                       });
}

// Case generation on a smaller solver budget: faster, and every case still proven unique.
inline constexpr CaseOptions kFast{.solver_budget = 3000};

inline Term portrait(int suspect) { return {.category = kPortrait, .value = suspect}; }
inline Term trait(int category, int value) { return {.category = category, .value = value}; }
inline Clue exactly(std::vector<Term> traits, int n) {
  return {.bounds = {{.traits = std::move(traits), .min = n, .max = n}}};
}

}  // namespace proven::whodunnit::test

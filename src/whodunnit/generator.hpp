#pragma once
// A first generator: a solution drawn from the seed, candidate clues that are true of it, kept
// greedily while they lower the ambiguity until the mystery is determined, then every clue that
// adds nothing dropped (removing any kept clue leaves the mystery undetermined).
//
//   Mystery m = generate_mystery(setup, Rng::from_seed(7).fork("mystery"));
//
// Not yet the optimiser (substitution by ambiguity and obviousness); see docs/whodunnit.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "whodunnit/bounds.hpp"

namespace proven::whodunnit {

// Bumped whenever the same seed may produce a different mystery.
inline constexpr int kGeneratorVersion = 1;

struct Mystery {
  Setup setup;
  Assignment solution;
  std::vector<Clue> clues;
  std::int64_t solver_calls = 0;
  // figures.hpp, for the clues as kept: a, Σ(a − a_n) and Σ(a − a_n) < a; per clue a − a_n.
  int initial_ambiguity = 0;
  int obviousness = 0;
  bool gold_standard = false;
  std::vector<int> clue_obviousness = {};
  // The closing question: the murderer (a portrait index), and the sentence that asks it.
  int murderer = -1;
  std::string question = {};
};

// Each category's column a shuffle of its values, from rng.fork("solution").
Assignment draw_solution(const Setup& setup, const Rng& rng);

// Every true single-bound clue on a portrait and one trait, or on two traits: the exact count
// ("suspect 3 is the Duke" = 1, "no Caine is in the study" = 0, "two Caines are in the library").
std::vector<Clue> candidate_clues(const Setup& setup, const Assignment& solution);

// nullopt if the candidates, all kept, do not determine the mystery.
std::optional<Mystery> generate_mystery(const Setup& setup, const Rng& rng);

}  // namespace proven::whodunnit

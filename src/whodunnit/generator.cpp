#include "whodunnit/generator.hpp"

#include "whodunnit/figures.hpp"

namespace proven::whodunnit {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

Clue exact(std::vector<Term> traits, const Assignment& solution) {
  const int n = count_matching(solution, traits);
  return {.bounds = {{.traits = std::move(traits), .min = n, .max = n}}};
}

}  // namespace

Assignment draw_solution(const Setup& setup, const Rng& rng) {
  Rng draws = rng.fork("solution");
  Assignment solution(at(setup.cast), std::vector<int>(at(setup.category_count()), 0));
  for (int s = 0; s < setup.cast; ++s) solution[at(s)][kPortrait] = s;
  for (int c = 1; c < setup.category_count(); ++c) {
    std::vector<int> column;
    for (int v = 0; v < setup.value_count(c); ++v)
      column.insert(column.end(), at(setup.categories[at(c)].values[at(v)].count), v);
    draws.shuffle(column);
    for (int s = 0; s < setup.cast; ++s) solution[at(s)][at(c)] = column[at(s)];
  }
  return solution;
}

std::vector<Clue> candidate_clues(const Setup& setup, const Assignment& solution) {
  std::vector<Clue> clues;
  for (int c = 1; c < setup.category_count(); ++c)
    for (int v = 0; v < setup.value_count(c); ++v) {
      for (int s = 0; s < setup.cast; ++s)
        clues.push_back(exact({{.category = kPortrait, .value = s}, {.category = c, .value = v}}, solution));
      for (int d = c + 1; d < setup.category_count(); ++d)
        for (int w = 0; w < setup.value_count(d); ++w)
          clues.push_back(exact({{.category = c, .value = v}, {.category = d, .value = w}}, solution));
    }
  return clues;
}

std::optional<Mystery> generate_mystery(const Setup& setup, const Rng& rng) {
  const Lattice lattice(setup);
  Mystery mystery{.setup = setup, .solution = draw_solution(setup, rng), .clues = {}, .solver_calls = 0};
  std::vector<Clue> candidates = candidate_clues(setup, mystery.solution);
  Rng order = rng.fork("candidates");
  order.shuffle(candidates);

  // Keep a candidate only if it lowers the ambiguity of what is kept so far.
  Outcome current = solve(lattice, mystery.clues);
  ++mystery.solver_calls;
  for (Clue& candidate : candidates) {
    if (current.status == Status::Determined) break;
    mystery.clues.push_back(std::move(candidate));
    const Outcome with = solve(lattice, mystery.clues);
    ++mystery.solver_calls;
    if (with.ambiguity < current.ambiguity || with.status == Status::Determined) {
      current = with;
    } else {
      mystery.clues.pop_back();
    }
  }
  if (current.status != Status::Determined) return std::nullopt;

  // Drop, last to first, every clue the others do without; afterwards none can be dropped,
  // since dropping more clues only ever raises the ambiguity (propagation is monotone).
  for (std::size_t i = mystery.clues.size(); i-- > 0;) {
    std::vector<Clue> without = mystery.clues;
    without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
    ++mystery.solver_calls;
    if (solve(lattice, without).status == Status::Determined) mystery.clues = std::move(without);
  }
  const Figures f = figures(lattice, mystery.clues);
  mystery.initial_ambiguity = f.initial_ambiguity;
  mystery.obviousness = f.obviousness;
  mystery.gold_standard = f.gold_standard;
  mystery.clue_obviousness = f.clue_obviousness;
  return mystery;
}

}  // namespace proven::whodunnit

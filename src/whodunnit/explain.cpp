#include "whodunnit/explain.hpp"

#include <algorithm>

#include "core/check.hpp"

namespace proven::whodunnit {
namespace {

constexpr int kMaxExhaustive = 3;  // citations of up to this many clues are searched exhaustively

// The grid's cells: portrait s x trait (c, v), in grid order.
struct GridCell {
  int cell;
  Fact positive;
};

std::vector<GridCell> grid_cells(const Lattice& lattice) {
  const Setup& setup = lattice.setup();
  std::vector<GridCell> out;
  for (int s = 0; s < setup.cast; ++s)
    for (int c = 1; c < setup.category_count(); ++c)
      for (int v = 0; v < setup.value_count(c); ++v) {
        const Term traits[] = {{.category = kPortrait, .value = s}, {.category = c, .value = v}};
        out.push_back(
            {.cell = lattice.cell_of(traits), .positive = {.suspect = s, .trait = {.category = c, .value = v}}});
      }
  return out;
}

// The setup and the grid, propagated: the state every citation starts from.
Bounds grid_state(const Lattice& lattice, std::span<const Fact> grid) {
  Bounds state(lattice);
  state.restrict_all(setup_bounds(lattice.setup()));
  for (const Fact& f : grid) state.restrict(fact_bound(f));
  state.propagate();
  return state;
}

// The facts the state fixes, in grid order, leaving out cells marked in `skip`.
std::vector<Fact> facts_of(const Bounds& state, const std::vector<GridCell>& cells,
                           const std::vector<char>* skip = nullptr) {
  std::vector<Fact> out;
  if (state.contradictory()) return out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (skip && (*skip)[i]) continue;
    const Range r = state.range(cells[i].cell);
    if (r.min != r.max) continue;
    Fact f = cells[i].positive;
    f.holds = r.min == 1;
    out.push_back(f);
  }
  return out;
}

// The index of a fact's cell in grid order.
std::size_t grid_index(const Setup& setup, const Fact& f) {
  int row = 0;
  int offset = 0;
  for (int c = 1; c < setup.category_count(); ++c) {
    if (c == f.trait.category) offset = row;
    row += setup.value_count(c);
  }
  return at(f.suspect * row + offset + f.trait.value);
}

// True if the state already implies every bound of the clue (citing it cannot help).
bool implied(const Bounds& state, const Clue& clue) {
  return std::ranges::all_of(clue.bounds, [&](const Bound& b) {
    const Range r = state.range(state.lattice().cell_of(b.traits));
    return b.min <= r.min && r.max <= b.max;
  });
}

class StepSearch {
 public:
  StepSearch(const Lattice& lattice, std::span<const Clue> clues, std::span<const Fact> grid)
      : lattice_(lattice), clues_(clues), cells_(grid_cells(lattice)), base_(grid_state(lattice, grid)) {
    PROVEN_CHECK(!base_.contradictory(), "the grid contradicts the setup");
    in_grid_.assign(cells_.size(), 0);
    for (const Fact& f : grid) in_grid_[grid_index(lattice.setup(), f)] = 1;
    for (const Fact& f : grid)
      if (f.holds) positives_.push_back(f);
    base_facts_ = new_facts(base_);
    in_base_ = in_grid_;
    for (const Fact& f : base_facts_) in_base_[grid_index(lattice.setup(), f)] = 1;
    for (int i = 0; i < static_cast<int>(clues.size()); ++i)
      if (!implied(base_, clues[at(i)])) useful_.push_back(i);
  }

  std::optional<Step> find() {
    // Elimination: the grid and the counts alone fix facts not yet written down. If they are all
    // facts that follow at once, they go with the next step instead.
    std::vector<Fact> with_base = positives_;
    for (const Fact& f : base_facts_)
      if (f.holds) with_base.push_back(f);
    const bool worth_a_step = std::ranges::any_of(
        base_facts_, [&](const Fact& f) { return !follows_at_once(lattice_.setup(), f, with_base); });
    if (worth_a_step) return Step{.clues = {}, .settled = base_facts_, .uses_grid = true};
    for (int k = 1; k <= kMaxExhaustive && k <= static_cast<int>(useful_.size()); ++k) {
      std::vector<int> chosen;
      best_.reset();
      search(k, 0, chosen);
      if (best_) return finish(std::move(*best_));
    }
    return minimal_by_dropping();
  }

 private:
  std::vector<Fact> new_facts(const Bounds& state) const { return facts_of(state, cells_, &in_grid_); }

  // The facts the chosen clues fix beyond the grid, or none if they fix nothing beyond the base
  // state (the grid and its eliminations).
  std::vector<Fact> fixed_with(std::span<const int> chosen) const {
    Bounds state = base_;
    for (const int i : chosen) state.restrict_all(clues_[at(i)].bounds);
    state.propagate();
    PROVEN_CHECK(!state.contradictory(), "clues contradict the grid");
    if (facts_of(state, cells_, &in_base_).empty()) return {};
    return new_facts(state);
  }

  void search(int k, std::size_t from, std::vector<int>& chosen) {
    if (static_cast<int>(chosen.size()) == k) {
      std::vector<Fact> fresh = fixed_with(chosen);
      if (!fresh.empty() && (!best_ || fresh.size() > best_->settled.size()))
        best_ = Step{.clues = chosen, .settled = std::move(fresh), .uses_grid = false};
      return;
    }
    for (std::size_t i = from; i < useful_.size(); ++i) {
      chosen.push_back(useful_[i]);
      search(k, i + 1, chosen);
      chosen.pop_back();
    }
  }

  std::optional<Step> minimal_by_dropping() {
    std::vector<int> chosen = useful_;
    if (chosen.empty() || fixed_with(chosen).empty()) return std::nullopt;
    for (std::size_t i = chosen.size(); i-- > 0;) {
      std::vector<int> without = chosen;
      without.erase(without.begin() + static_cast<std::ptrdiff_t>(i));
      if (!fixed_with(without).empty()) chosen = std::move(without);
    }
    std::vector<Fact> fresh = fixed_with(chosen);
    return finish(Step{.clues = std::move(chosen), .settled = std::move(fresh), .uses_grid = false});
  }

  // Whether the cited clues needed the grid: on the setup alone, do they fix the same facts?
  Step finish(Step step) const {
    Bounds alone(lattice_);
    alone.restrict_all(setup_bounds(lattice_.setup()));
    for (const int i : step.clues) alone.restrict_all(clues_[at(i)].bounds);
    alone.propagate();
    const std::vector<Fact> without_grid = facts_of(alone, cells_);
    step.uses_grid = !std::ranges::all_of(
        step.settled, [&](const Fact& f) { return std::ranges::find(without_grid, f) != without_grid.end(); });
    return step;
  }

  const Lattice& lattice_;
  std::span<const Clue> clues_;
  std::vector<GridCell> cells_;
  Bounds base_;
  std::vector<char> in_grid_;     // per grid cell: its fact is in the grid
  std::vector<char> in_base_;     // per grid cell: fixed in the base state
  std::vector<Fact> positives_;   // of the grid
  std::vector<Fact> base_facts_;  // fixed in the base state, not in the grid
  std::vector<int> useful_;
  std::optional<Step> best_;
};

}  // namespace

bool follows_at_once(const Setup& setup, const Fact& fact, std::span<const Fact> positives) {
  if (fact.holds) return false;
  int holders = 0;
  for (const Fact& p : positives) {
    if (p.trait.category != fact.trait.category) continue;
    if (p.suspect == fact.suspect && p.trait.value != fact.trait.value) return true;
    if (p.trait.value == fact.trait.value) ++holders;
  }
  return holders == setup.categories[at(fact.trait.category)].values[at(fact.trait.value)].count;
}

Bound fact_bound(const Fact& fact) {
  const int n = fact.holds ? 1 : 0;
  return {.traits = {{.category = kPortrait, .value = fact.suspect}, fact.trait}, .min = n, .max = n};
}

std::vector<Fact> fixed_facts(const Lattice& lattice, std::span<const Fact> known, std::span<const Clue> clues) {
  Bounds state = grid_state(lattice, known);
  for (const Clue& clue : clues) state.restrict_all(clue.bounds);
  state.propagate();
  return facts_of(state, grid_cells(lattice));
}

std::optional<Step> next_step(const Lattice& lattice, std::span<const Clue> clues, std::span<const Fact> known) {
  return StepSearch(lattice, clues, known).find();
}

std::vector<Step> explain(const Lattice& lattice, std::span<const Clue> clues, std::span<const Fact> known) {
  std::vector<Step> steps;
  std::vector<Fact> grid(known.begin(), known.end());
  while (std::optional<Step> step = next_step(lattice, clues, grid)) {
    grid.insert(grid.end(), step->settled.begin(), step->settled.end());
    steps.push_back(std::move(*step));
  }
  return steps;
}

bool every_identity_fixed(const Setup& setup, std::span<const Fact> grid) {
  int row = 0;
  for (int c = 1; c < setup.category_count(); ++c) row += setup.value_count(c);
  std::vector<char> seen(at(setup.cast * row), 0);
  for (const Fact& f : grid) seen[grid_index(setup, f)] = 1;
  return std::ranges::all_of(seen, [](char x) { return x != 0; });
}

}  // namespace proven::whodunnit

#pragma once
// The bounds solver: the solution space of a mystery as [min, max] counts on combinations of
// trait values, tightened to a fixpoint.
//
//   const Lattice lattice(setup);                 // layout, built once per setup
//   Bounds bounds(lattice);                       // every cell [0, cast]
//   bounds.restrict_all(setup_bounds(setup));     // the setup is bounds too
//   for (const Clue& c : clues) bounds.restrict_all(c.bounds);
//   bounds.propagate();
//   if (bounds.contradictory()) ...; else if (bounds.ambiguity() == 0) ...  // determined
//
// Cells: for every category set S holding at most two trait categories (the portrait optional)
// and every tuple of values on S, the number of suspects with exactly those values. Combinations
// of three trait categories are not cells: with the portrait paired with any two, fixing every
// portrait's identity fixes every cell, and the lattice stays small: 3 753 cells for a cast of 8 with four trait
// categories of 8 values.
//
// Propagation uses one relation, everywhere it applies: a cell X on S and a category c outside S
// split X into its refinements X+(c=v), v over c's values, whose counts sum to X's. Each such
// group tightens both ways (see docs/whodunnit.md). Every rule is a valid consequence of the
// bounds, so propagation never removes a real solution; at ambiguity 0 the portrait cells name
// one assignment that satisfies every bound, so determined means exactly one solution.
//
// Memory is allocated when a Lattice or Bounds is built; restrict and propagate never allocate.
#include <cstdint>
#include <span>
#include <vector>

#include "whodunnit/model.hpp"

namespace proven::whodunnit {

using CategoryMask = std::uint8_t;  // bit c set: category c is in the combination

class Lattice {
 public:
  explicit Lattice(const Setup& setup);

  const Setup& setup() const { return setup_; }
  int cell_count() const { return static_cast<int>(cell_mask_.size()); }
  int group_count() const { return static_cast<int>(group_parent_.size()); }

  // True if bounds on this category set are cells (at most two trait categories).
  static bool is_cell_set(CategoryMask mask);
  // The cell of a validated trait list, or -1 if its category set is not a cell set.
  int cell_of(std::span<const Term> traits) const;
  // The traits of a cell, in increasing category order.
  std::vector<Term> traits_of(int cell) const;

  // Group g: parent cell and its refinements by one category (children are contiguous).
  int group_parent(int g) const { return group_parent_[static_cast<std::size_t>(g)]; }
  std::span<const int> group_children(int g) const;
  // The groups a cell takes part in, as parent or child.
  std::span<const int> groups_of(int cell) const;

 private:
  int encode(CategoryMask mask, std::span<const int> value_of_category) const;

  Setup setup_;
  std::vector<int> set_offset_;               // per mask: first cell, or -1
  std::vector<std::vector<int>> set_stride_;  // per mask, per category: stride (0 if absent)
  std::vector<CategoryMask> cell_mask_;
  std::vector<int> group_parent_;
  std::vector<int> group_child_begin_;  // size groups + 1, into group_child_
  std::vector<int> group_child_;
  std::vector<int> cell_group_begin_;  // size cells + 1, into cell_group_
  std::vector<int> cell_group_;
};

struct Range {
  int min = 0;
  int max = 0;
  friend bool operator==(const Range&, const Range&) = default;
};

class Bounds {
 public:
  explicit Bounds(const Lattice& lattice);

  const Lattice& lattice() const { return *lattice_; }

  // Intersects the bound's cell with [min, max]. A bound whose category set is not a cell set is
  // a contract violation (check with Lattice::cell_of first). Returns false on contradiction.
  bool restrict(const Bound& bound);
  bool restrict_all(std::span<const Bound> bounds);

  // Tightens every group to a fixpoint, or stops at the first contradiction. Returns the number
  // of group visits (the solver's unit of work). Does not allocate.
  std::int64_t propagate();

  bool contradictory() const { return contradictory_; }
  // Σ max − Σ min over every cell; 0 iff determined (when not contradictory).
  int ambiguity() const;
  bool determined() const { return !contradictory_ && ambiguity() == 0; }

  Range range(int cell) const;
  // For a determined state: the one assignment (value index per suspect and category).
  Assignment assignment() const;

 private:
  bool tighten(int cell, int min, int max);         // false on contradiction; queues changed groups
  bool narrow(int cell, int new_min, int new_max);  // tighten's change: [new_min, new_max] is inside the old range

  const Lattice* lattice_;
  std::vector<std::uint8_t> min_;
  std::vector<std::uint8_t> max_;
  std::vector<int>
      queue_;  // ring of group ids; capacity: groups, rounded up to a power of two (a mask, not a division)
  std::vector<std::uint8_t> queued_;
  std::size_t head_ = 0;
  std::size_t size_ = 0;
  bool contradictory_ = false;
};

enum class Status : std::uint8_t { Determined, Undetermined, Contradictory };

struct Outcome {
  Status status = Status::Undetermined;
  int ambiguity = 0;
  std::int64_t work = 0;  // group visits
};

// Setup bounds plus every clue, propagated. Clue bounds must be validated and on cell sets.
Outcome solve(const Lattice& lattice, std::span<const Clue> clues);

}  // namespace proven::whodunnit

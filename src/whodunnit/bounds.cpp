#include "whodunnit/bounds.hpp"

#include <algorithm>
#include <bit>

#include "core/check.hpp"

namespace proven::whodunnit {
namespace {

constexpr CategoryMask kPortraitBit = 1;

}  // namespace

bool Lattice::is_cell_set(CategoryMask mask) { return std::popcount(static_cast<unsigned>(mask & ~kPortraitBit)) <= 2; }

Lattice::Lattice(const Setup& setup) : setup_(setup) {
  const int categories = setup_.category_count();
  const int masks = 1 << categories;
  set_offset_.assign(at(masks), -1);
  set_stride_.assign(at(masks), std::vector<int>(at(categories), 0));
  int cells = 0;
  for (int m = 0; m < masks; ++m) {
    const auto mask = static_cast<CategoryMask>(m);
    if (!is_cell_set(mask)) continue;
    set_offset_[at(m)] = cells;
    int size = 1;
    for (int c = categories - 1; c >= 0; --c) {
      if (!(mask & (1 << c))) continue;
      set_stride_[at(m)][at(c)] = size;
      size *= setup_.value_count(c);
    }
    cell_mask_.insert(cell_mask_.end(), at(size), mask);
    cells += size;
  }

  // One group per (cell on S, category c outside S) where S+c is still a cell set.
  std::vector<int> values(at(categories), 0);
  std::vector<std::vector<int>> groups_per_cell(at(cells));
  group_child_begin_.push_back(0);
  for (int cell = 0; cell < cells; ++cell) {
    const CategoryMask mask = cell_mask_[at(cell)];
    int rest = cell - set_offset_[mask];
    for (int c = 0; c < categories; ++c) {
      const int stride = set_stride_[mask][at(c)];
      values[at(c)] = stride ? rest / stride : 0;
      if (stride) rest %= stride;
    }
    for (int c = 0; c < categories; ++c) {
      const auto finer = static_cast<CategoryMask>(mask | (1 << c));
      if (finer == mask || !is_cell_set(finer)) continue;
      const int g = static_cast<int>(group_parent_.size());
      group_parent_.push_back(cell);
      groups_per_cell[at(cell)].push_back(g);
      for (int v = 0; v < setup_.value_count(c); ++v) {
        values[at(c)] = v;
        const int child = encode(finer, values);
        group_child_.push_back(child);
        groups_per_cell[at(child)].push_back(g);
      }
      values[at(c)] = 0;
      group_child_begin_.push_back(static_cast<int>(group_child_.size()));
    }
  }
  cell_group_begin_.push_back(0);
  for (const std::vector<int>& groups : groups_per_cell) {
    cell_group_.insert(cell_group_.end(), groups.begin(), groups.end());
    cell_group_begin_.push_back(static_cast<int>(cell_group_.size()));
  }
}

int Lattice::encode(CategoryMask mask, std::span<const int> value_of_category) const {
  int cell = set_offset_[mask];
  for (std::size_t c = 0; c < value_of_category.size(); ++c) cell += set_stride_[mask][c] * value_of_category[c];
  return cell;
}

int Lattice::cell_of(std::span<const Term> traits) const {
  CategoryMask mask = 0;
  std::vector<int> values(at(setup_.category_count()), 0);
  for (const Term& t : traits) {
    mask = static_cast<CategoryMask>(mask | (1 << t.category));
    values[at(t.category)] = t.value;
  }
  if (!is_cell_set(mask)) return -1;
  return encode(mask, values);
}

std::vector<Term> Lattice::traits_of(int cell) const {
  const CategoryMask mask = cell_mask_[at(cell)];
  int rest = cell - set_offset_[mask];
  std::vector<Term> traits;
  for (int c = 0; c < setup_.category_count(); ++c) {
    const int stride = set_stride_[mask][at(c)];
    if (!stride) continue;
    traits.push_back({.category = c, .value = rest / stride});
    rest %= stride;
  }
  return traits;
}

std::span<const int> Lattice::group_children(int g) const {
  const int begin = group_child_begin_[at(g)];
  const int end = group_child_begin_[at(g + 1)];
  return std::span<const int>(group_child_).subspan(at(begin), at(end - begin));
}

std::span<const int> Lattice::groups_of(int cell) const {
  const int begin = cell_group_begin_[at(cell)];
  const int end = cell_group_begin_[at(cell + 1)];
  return std::span<const int>(cell_group_).subspan(at(begin), at(end - begin));
}

Bounds::Bounds(const Lattice& lattice)
    : lattice_(&lattice),
      min_(at(lattice.cell_count()), 0),
      max_(at(lattice.cell_count()), static_cast<std::uint8_t>(lattice.setup().cast)),
      queue_(std::bit_ceil(at(lattice.group_count())), 0),
      queued_(at(lattice.group_count()), 0) {}

// The common case, a bound that changes nothing, is a compare inline in propagate's loops.
inline bool Bounds::tighten(int cell, int min, int max) {
  const int old_min = min_[at(cell)];
  const int old_max = max_[at(cell)];
  if (min <= old_min && max >= old_max) return true;
  return narrow(cell, std::max(old_min, min), std::min(old_max, max));
}

bool Bounds::narrow(int cell, int new_min, int new_max) {
  if (new_min > new_max) {
    contradictory_ = true;
    return false;
  }
  min_[at(cell)] = static_cast<std::uint8_t>(new_min);
  max_[at(cell)] = static_cast<std::uint8_t>(new_max);
  for (const int g : lattice_->groups_of(cell)) {
    if (queued_[at(g)]) continue;
    queued_[at(g)] = 1;
    queue_[(head_ + size_) & (queue_.size() - 1)] = g;
    ++size_;
  }
  return true;
}

bool Bounds::restrict(const Bound& bound) {
  const int cell = lattice_->cell_of(bound.traits);
  PROVEN_CHECK(cell >= 0, "bound on more than two trait categories");
  if (contradictory_) return false;
  return tighten(cell, bound.min, bound.max);
}

bool Bounds::restrict_all(std::span<const Bound> bounds) {
  for (const Bound& b : bounds)
    if (!restrict(b)) return false;
  return true;
}

std::int64_t Bounds::propagate() {
  std::int64_t visits = 0;
  while (size_ > 0 && !contradictory_) {
    const int g = queue_[head_];
    head_ = (head_ + 1) & (queue_.size() - 1);
    --size_;
    queued_[at(g)] = 0;
    ++visits;
    const int parent = lattice_->group_parent(g);
    const std::span<const int> children = lattice_->group_children(g);
    int sum_min = 0;
    int sum_max = 0;
    for (const int child : children) {
      sum_min += min_[at(child)];
      sum_max += max_[at(child)];
    }
    // The parent is the sum of its refinements.
    if (!tighten(parent, sum_min, sum_max)) break;
    const int parent_min = min_[at(parent)];
    const int parent_max = max_[at(parent)];
    // Each refinement is the parent less the others: at least parent_min − Σ other max, at most
    // parent_max − Σ other min. Sums are taken before this loop; using stale (looser) sums is
    // still valid, and the group is requeued if any child changed.
    for (const int child : children) {
      const int others_max = sum_max - max_[at(child)];
      const int others_min = sum_min - min_[at(child)];
      if (!tighten(child, parent_min - others_max, parent_max - others_min)) break;
    }
  }
  if (contradictory_) {
    size_ = 0;
    std::ranges::fill(queued_, std::uint8_t{0});
  }
  return visits;
}

int Bounds::ambiguity() const {
  int total = 0;
  for (std::size_t i = 0; i < min_.size(); ++i) total += max_[i] - min_[i];
  return total;
}

Range Bounds::range(int cell) const { return {.min = min_[at(cell)], .max = max_[at(cell)]}; }

Assignment Bounds::assignment() const {
  PROVEN_CHECK(determined(), "assignment of an undetermined state");
  const Setup& setup = lattice_->setup();
  Assignment result(at(setup.cast), std::vector<int>(at(setup.category_count()), 0));
  for (int s = 0; s < setup.cast; ++s) {
    result[at(s)][kPortrait] = s;
    for (int c = 1; c < setup.category_count(); ++c) {
      for (int v = 0; v < setup.value_count(c); ++v) {
        const Term traits[] = {{.category = kPortrait, .value = s}, {.category = c, .value = v}};
        if (min_[at(lattice_->cell_of(traits))] == 1) result[at(s)][at(c)] = v;
      }
    }
  }
  return result;
}

Outcome solve(const Lattice& lattice, std::span<const Clue> clues) {
  Bounds bounds(lattice);
  bounds.restrict_all(setup_bounds(lattice.setup()));
  for (const Clue& clue : clues) bounds.restrict_all(clue.bounds);
  const std::int64_t work = bounds.propagate();
  if (bounds.contradictory()) return {.status = Status::Contradictory, .ambiguity = 0, .work = work};
  const int ambiguity = bounds.ambiguity();
  return {.status = ambiguity == 0 ? Status::Determined : Status::Undetermined, .ambiguity = ambiguity, .work = work};
}

}  // namespace proven::whodunnit

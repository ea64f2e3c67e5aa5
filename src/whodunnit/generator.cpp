#include "whodunnit/generator.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <set>
#include <span>
#include <utility>

#include <fmt/format.h>

#include "core/check.hpp"
#include "whodunnit/clues.hpp"
#include "whodunnit/grammar.hpp"

namespace proven::whodunnit {
namespace {

Term held(const Assignment& solution, int suspect, int category) {
  return {.category = category, .value = solution[at(suspect)][at(category)]};
}

bool has(const Assignment& solution, int suspect, Term t) { return solution[at(suspect)][at(t.category)] == t.value; }

std::string markup_key(const std::vector<Bound>& bounds) {
  std::string key;
  for (const Bound& b : bounds) {
    for (const Term& t : b.traits) key += fmt::format("{}={},", t.category, t.value);
    key += fmt::format("[{},{}];", b.min, b.max);
  }
  return key;
}

// Why the search turns a candidate down, counted in plain integers (the optimiser's inner loop
// runs a hundred thousand times) and copied into a Tally once, in declaration order.
enum class Reason {
  Inexpressible,
  SameMarkup,
  ImpliedBySetup,
  GreedyKindFull,
  GreedyNoGain,
  Spare,
  SwapKindFull,
  SwapWantedKind,
  SwapUndetermined,
  SplitUndetermined,
  SplitNoGain,
  VarietyNoRoom,
  RestartNotBetter,
  Count
};
constexpr std::array<std::string_view, static_cast<std::size_t>(Reason::Count)> kReasonNames = {
    "candidate: the grammar cannot say it",
    "candidate: same markup as an earlier one",
    "candidate: the setup implies it",
    "greedy start: its kind is full",
    "greedy start: lowers no ambiguity",
    "dropped: the other clues do without it",
    "swap: its kind is full",
    "swap: removes the last clue of a wanted kind",
    "swap: leaves the mystery undetermined",
    "several for one: lighter clues leave it undetermined",
    "several for one: no less obvious in the end",
    "variety: no kept clue can give way to it",
    "restart: a mystery scoring no better than the best",
};

class Rejections {
 public:
  void add(Reason reason, std::uint64_t n = 1) { counts_[static_cast<std::size_t>(reason)] += n; }
  Tally tally(std::uint64_t accepted) const {
    Tally tally;
    for (std::size_t i = 0; i < kReasonNames.size(); ++i) {
      tally.declare(kReasonNames[i]);
      tally.reject(kReasonNames[i], counts_[i]);
    }
    tally.accept(accepted);
    return tally;
  }

 private:
  std::array<std::uint64_t, static_cast<std::size_t>(Reason::Count)> counts_{};
};

// A candidate clue with its obviousness (a − a_n against the setup alone).
struct Candidate {
  Statement statement;
  Clue clue;
  int obviousness = 0;
};

// Solver calls, counted: every propagation is one call, whether from scratch or from a copy of
// a propagated state (incremental), so the budget means the same on every machine.
class Solver {
 public:
  explicit Solver(const Lattice& lattice) : setup_state_(lattice) {
    setup_state_.restrict_all(setup_bounds(lattice.setup()));
    setup_state_.propagate();
    ++calls_;
    PROVEN_CHECK(!setup_state_.contradictory(), "the setup contradicts itself");
  }

  const Bounds& setup_state() const { return setup_state_; }
  std::int64_t calls() const { return calls_; }

  Bounds add(const Bounds& from, const Clue& clue) {
    ++calls_;
    Bounds next = from;
    next.restrict_all(clue.bounds);
    next.propagate();
    return next;
  }

  // The setup and every kept clue except `skip` (or none: -1).
  Bounds of(const std::vector<Candidate>& pool, const std::vector<int>& kept, int skip = -1) {
    ++calls_;
    Bounds state = setup_state_;
    for (const int i : kept)
      if (i != skip) state.restrict_all(pool[at(i)].clue.bounds);
    state.propagate();
    return state;
  }

 private:
  Bounds setup_state_;
  std::int64_t calls_ = 0;
};

int total_obviousness(const std::vector<Candidate>& pool, const std::vector<int>& kept) {
  int total = 0;
  for (const int i : kept) total += pool[at(i)].obviousness;
  return total;
}

int kind_of(const std::vector<Candidate>& pool, int i) { return static_cast<int>(pool[at(i)].statement.kind); }

// Which kinds a placement puts first and may cost the others: "everyone in the room was ..."
// (true only where one name fills a room) before "at most" (a weak count, seldom needed by a set
// built for low obviousness) before the rest. Without this order the two were under 2% and 1% of
// the clues at cast 6 (docs/whodunnit.md, "Generator 8").
int placement_priority(int kind) {
  switch (static_cast<Kind>(kind)) {
    case Kind::RoomAll:
      return 0;
    case Kind::AtMost:
      return 1;
    default:
      return 2;
  }
}

// How the kept clues may spread over the kinds: at most `cap` of one kind, and a clue of each
// `wanted` kind kept where the search can (every kind with candidates: the least-obvious search
// alone would pass over some kinds, such as exact counts, and cases would read alike).
struct KindPlan {
  int cap = 0;
  std::vector<bool> wanted = std::vector<bool>(at(kKindCount), false);
  // Whether a clue of kind `placing` must be brought in without costing `kind` its last clue:
  // every wanted kind of the same or an earlier placement priority (-1: every wanted kind).
  bool keeps(int kind, int placing = -1) const {
    return wanted[at(kind)] && (placing < 0 || placement_priority(kind) <= placement_priority(placing));
  }
};

// Drops, most obvious first (clues of wanted kinds last), every kept clue the others do without.
// Dropping more clues never lowers the ambiguity (propagation is monotone), so afterwards no
// single clue can be dropped: a wanted kind never pads a case.
void drop_spare_clues(Solver& solver, const std::vector<Candidate>& pool, std::vector<int>& kept, const KindPlan& plan,
                      Rejections& rejections) {
  std::vector<int> order = kept;
  std::vector<int> kinds(at(kKindCount), 0);
  for (const int i : kept) ++kinds[at(kind_of(pool, i))];
  const auto last_of_wanted = [&](int i) {
    return plan.wanted[at(kind_of(pool, i))] && kinds[at(kind_of(pool, i))] == 1;
  };
  std::ranges::stable_sort(order, [&](int x, int y) {
    if (last_of_wanted(x) != last_of_wanted(y)) return last_of_wanted(y);
    return pool[at(x)].obviousness > pool[at(y)].obviousness;
  });
  for (const int drop : order) {
    if (solver.of(pool, kept, drop).determined()) {
      std::erase(kept, drop);
      rejections.add(Reason::Spare);
    }
  }
}

// How many kept clues are of each kind, so no kind crowds out the others.
std::vector<int> kind_counts(const std::vector<Candidate>& pool, const std::vector<int>& kept) {
  std::vector<int> counts(at(kKindCount), 0);
  for (const int i : kept) ++counts[at(static_cast<int>(pool[at(i)].statement.kind))];
  return counts;
}

// Whether a kind that `before` holds, and that placing a clue of kind `placing` must keep
// (KindPlan::keeps), is missing from `after` (kind counts).
bool loses_wanted_kind(const KindPlan& plan, const std::vector<int>& before, const std::vector<int>& after,
                       int placing = -1) {
  for (int kind = 0; kind < kKindCount; ++kind)
    if (plan.keeps(kind, placing) && before[at(kind)] > 0 && after[at(kind)] == 0) return true;
  return false;
}

// Several for one: at a local optimum of one-for-one swaps that is not yet the gold standard, a
// kept clue (most obvious first) gives way to less obvious ones, added least obvious first while
// each narrows the set until it is determined again; the set's spare clues are then dropped, and
// the result stays if its obviousness is lower. A larger cast has more ambiguity to remove than
// one-for-one swaps can spread thin: this takes it towards the gold standard, with more clues.
bool split_obvious_clue(Solver& solver, const std::vector<Candidate>& pool, std::vector<int>& kept, std::int64_t budget,
                        const KindPlan& plan, Rejections& rejections) {
  std::vector<int> by_obviousness = kept;
  std::ranges::stable_sort(by_obviousness,
                           [&](int x, int y) { return pool[at(x)].obviousness > pool[at(y)].obviousness; });
  std::vector<int> outside;
  for (int c = 0; c < static_cast<int>(pool.size()); ++c)
    if (std::ranges::find(kept, c) == kept.end()) outside.push_back(c);
  std::ranges::stable_sort(outside, {}, [&](int c) { return pool[at(c)].obviousness; });
  const int before = total_obviousness(pool, kept);
  for (const int k : by_obviousness) {
    std::vector<int> trial = kept;
    std::erase(trial, k);
    std::vector<int> kinds = kind_counts(pool, trial);
    Bounds state = solver.of(pool, kept, k);
    for (std::size_t i = 0; i < outside.size() && !state.determined() && solver.calls() < budget; ++i) {
      const int c = outside[i];
      if (pool[at(c)].obviousness >= pool[at(k)].obviousness) break;  // sorted: none lighter left
      if (kinds[at(kind_of(pool, c))] >= plan.cap) continue;
      Bounds next = solver.add(state, pool[at(c)].clue);
      if (next.ambiguity() >= state.ambiguity()) continue;
      trial.push_back(c);
      ++kinds[at(kind_of(pool, c))];
      state = std::move(next);
    }
    if (solver.calls() >= budget) return false;
    if (!state.determined()) {
      rejections.add(Reason::SplitUndetermined);
      continue;
    }
    drop_spare_clues(solver, pool, trial, plan, rejections);
    const bool lost = loses_wanted_kind(plan, kind_counts(pool, kept), kind_counts(pool, trial));
    if (!lost && total_obviousness(pool, trial) < before) {
      kept = std::move(trial);
      return true;
    }
    rejections.add(Reason::SplitNoGain);
  }
  return false;
}

// Substitutions: a clue outside the set replaces a kept clue that is more obvious, when the set
// stays determined, no kind goes over the plan's cap and no wanted kind loses its last clue. Each round takes the first
// improving swap in a fresh random order of proposals, then drops spare clues; it stops at a local optimum or when the
// budget is spent.
void lower_obviousness(Solver& solver, const std::vector<Candidate>& pool, std::vector<int>& kept, std::int64_t budget,
                       const KindPlan& plan, const Rng& rng, Rejections& rejections) {
  for (std::uint64_t round = 0; solver.calls() < budget; ++round) {
    std::vector<int> by_obviousness = kept;
    std::ranges::stable_sort(by_obviousness,
                             [&](int x, int y) { return pool[at(x)].obviousness > pool[at(y)].obviousness; });
    const int most_obvious = pool[at(by_obviousness.front())].obviousness;
    std::vector<int> proposals;
    for (int c = 0; c < static_cast<int>(pool.size()); ++c)
      if (pool[at(c)].obviousness < most_obvious && std::ranges::find(kept, c) == kept.end()) proposals.push_back(c);
    Rng order = rng.fork("round", round);
    order.shuffle(proposals);

    // The set without each kept clue, propagated once per round (they stay valid until a swap).
    std::vector<Bounds> without;
    for (const int k : by_obviousness) without.push_back(solver.of(pool, kept, k));

    const std::vector<int> kinds = kind_counts(pool, kept);
    bool swapped = false;
    for (const int c : proposals) {
      const bool kind_full = kinds[at(kind_of(pool, c))] >= plan.cap;
      for (std::size_t j = 0; j < by_obviousness.size() && solver.calls() < budget; ++j) {
        const int k = by_obviousness[j];
        if (pool[at(k)].obviousness <= pool[at(c)].obviousness) break;  // sorted: no better swap
        if (kind_full && kind_of(pool, k) != kind_of(pool, c)) {
          rejections.add(Reason::SwapKindFull);
          continue;
        }
        if (plan.wanted[at(kind_of(pool, k))] && kinds[at(kind_of(pool, k))] == 1 &&
            kind_of(pool, k) != kind_of(pool, c)) {
          rejections.add(Reason::SwapWantedKind);
          continue;
        }
        if (!solver.add(without[j], pool[at(c)].clue).determined()) {
          rejections.add(Reason::SwapUndetermined);
          continue;
        }
        *std::ranges::find(kept, k) = c;
        swapped = true;
        break;
      }
      if (swapped || solver.calls() >= budget) break;
    }
    if (!swapped) {
      const bool gold = total_obviousness(pool, kept) < solver.setup_state().ambiguity();
      if (gold || !split_obvious_clue(solver, pool, kept, budget, plan, rejections)) return;
    }
    drop_spare_clues(solver, pool, kept, plan, rejections);
  }
}

// A kind that `had` holds, that placing a clue of kind `placing` must keep, and whose clues all
// left `trial` (they rule the witness out) gets the least obvious of its candidates that allows
// the witness. False when a kind has none: this witness cannot serve.
bool add_stand_ins(const std::vector<Candidate>& pool, const Assignment& witness, const KindPlan& plan,
                   const std::vector<int>& had, std::vector<int>& trial, int placing) {
  const std::vector<int> kinds = kind_counts(pool, trial);
  for (int kind = 0; kind < kKindCount; ++kind) {
    if (!plan.keeps(kind, placing) || had[at(kind)] == 0 || kinds[at(kind)] > 0) continue;
    int stand_in = -1;
    for (int d = 0; d < static_cast<int>(pool.size()); ++d)
      if (kind_of(pool, d) == kind && satisfies(witness, pool[at(d)].clue) &&
          (stand_in < 0 || pool[at(d)].obviousness < pool[at(stand_in)].obviousness))
        stand_in = d;
    if (stand_in < 0) return false;
    trial.push_back(stand_in);
  }
  return true;
}

// Places candidate `c` as a clue the set needs, by a witness: a solution next to the real one
// (two suspects trade their values in one category) that `c` rules out. The kept clues that also
// rule the witness out give way (stand-ins keep each kind `c` may not cost, KindPlan::keeps); the
// least obvious candidates that allow the witness complete the set until it is determined; then
// its spare clues go. Every clue but `c` allows the witness, so the others can never determine the
// mystery alone: `c` stays, and is needed. A weak clue (an upper bound on a count) is seldom
// needed by a set built for low obviousness, so without this such kinds would hardly ever be
// read. The first kWitnessesPerCandidate witnesses are tried (single trades, in category then
// suspect order); fails, leaving `kept` as it was, when none completes or a kept kind would lose
// its last clue.
constexpr int kWitnessesPerCandidate = 4;
bool place_with_witness(Solver& solver, const std::vector<Candidate>& pool, const Assignment& solution,
                        std::vector<int>& kept, int c, const KindPlan& plan, std::size_t& witnessed) {
  const int cast = static_cast<int>(solution.size());
  const int categories = static_cast<int>(solution.front().size());
  const std::vector<int> had = kind_counts(pool, kept);
  int witnesses = 0;
  for (int category = 1; category < categories; ++category)
    for (int s = 0; s < cast; ++s)
      for (int t = s + 1; t < cast; ++t) {
        if (witnesses >= kWitnessesPerCandidate) return false;
        if (solution[at(s)][at(category)] == solution[at(t)][at(category)]) continue;
        Assignment witness = solution;
        std::swap(witness[at(s)][at(category)], witness[at(t)][at(category)]);
        if (satisfies(witness, pool[at(c)].clue)) continue;
        if (witnesses++ == 0) ++witnessed;
        std::vector<int> trial;
        for (const int k : kept)
          if (satisfies(witness, pool[at(k)].clue)) trial.push_back(k);
        trial.push_back(c);
        if (!add_stand_ins(pool, witness, plan, had, trial, kind_of(pool, c))) continue;
        std::vector<int> kinds = kind_counts(pool, trial);
        Bounds state = solver.of(pool, trial);
        std::vector<int> lighter;
        for (int d = 0; d < static_cast<int>(pool.size()); ++d)
          if (std::ranges::find(trial, d) == trial.end() && satisfies(witness, pool[at(d)].clue)) lighter.push_back(d);
        std::ranges::stable_sort(lighter, {}, [&](int d) { return pool[at(d)].obviousness; });
        for (std::size_t i = 0; i < lighter.size() && !state.determined(); ++i) {
          if (kinds[at(kind_of(pool, lighter[i]))] >= plan.cap) continue;
          Bounds next = solver.add(state, pool[at(lighter[i])].clue);
          if (next.ambiguity() >= state.ambiguity()) continue;
          trial.push_back(lighter[i]);
          ++kinds[at(kind_of(pool, lighter[i]))];
          state = std::move(next);
        }
        if (!state.determined()) continue;
        Rejections ignored;  // trials that fail leave no trace in the tally
        drop_spare_clues(solver, pool, trial, plan, ignored);
        if (loses_wanted_kind(plan, had, kind_counts(pool, trial), kind_of(pool, c))) continue;
        kept = std::move(trial);
        return true;
      }
  return false;
}

// Brings in a clue of each wanted kind the set lacks, kinds in placement priority order. A clue
// brought in may cost a kind of a later priority its last clue (that kind's turn may still come),
// never one of the same or an earlier priority. First as a swap: each candidate of the kind, least
// obvious first, in place of each kept clue it may cost (most obvious first); the first swap that
// keeps the mystery determined stays. Failing that, as an addition: the least obvious kFillTries
// candidates, each added and the set's spare clues dropped (the newcomer last); the first newcomer
// that survives, taking no kept kind's last clue, stays. Failing that, by a witness
// (place_with_witness) for the least obvious kWitnessTries candidates that some witness tells
// apart. The least-obvious search alone passes such kinds over (an exact count says much at once),
// and every case would read alike. Like the greedy start it runs to completion whatever the
// budget, so more budget only adds restarts and swaps: it never makes a mystery more obvious.
constexpr std::size_t kFillTries = 16;
constexpr std::size_t kWitnessTries = 4;
void fill_wanted_kinds(Solver& solver, const std::vector<Candidate>& pool, const Assignment& solution,
                       std::vector<int>& kept, const KindPlan& plan, Rejections& rejections) {
  std::vector<int> by_priority(at(kKindCount));
  for (int kind = 0; kind < kKindCount; ++kind) by_priority[at(kind)] = kind;
  std::ranges::stable_sort(by_priority, {}, placement_priority);
  for (const int kind : by_priority) {
    if (!plan.wanted[at(kind)] || kind_counts(pool, kept)[at(kind)] > 0) continue;
    std::vector<int> candidates;
    for (int c = 0; c < static_cast<int>(pool.size()); ++c)
      if (kind_of(pool, c) == kind) candidates.push_back(c);
    std::ranges::stable_sort(candidates, {}, [&](int c) { return pool[at(c)].obviousness; });
    bool placed = false;
    const std::vector<int> kinds = kind_counts(pool, kept);
    std::vector<int> givers;
    for (const int k : kept)
      if (kinds[at(kind_of(pool, k))] >= 2 || !plan.keeps(kind_of(pool, k), kind)) givers.push_back(k);
    std::ranges::stable_sort(givers, std::greater{}, [&](int k) { return pool[at(k)].obviousness; });
    std::vector<Bounds> without;
    for (const int k : givers) without.push_back(solver.of(pool, kept, k));
    for (std::size_t i = 0; i < candidates.size() && !placed; ++i)
      for (std::size_t j = 0; j < givers.size() && !placed; ++j)
        if (solver.add(without[j], pool[at(candidates[i])].clue).determined()) {
          *std::ranges::find(kept, givers[j]) = candidates[i];
          placed = true;
        }
    for (std::size_t i = 0; i < candidates.size() && i < kFillTries; ++i) {
      const int c = candidates[i];
      if (placed) break;
      std::vector<int> trial = kept;
      trial.push_back(c);
      Rejections ignored;  // trials that fail leave no trace in the tally
      drop_spare_clues(solver, pool, trial, plan, ignored);
      if (!loses_wanted_kind(plan, kinds, kind_counts(pool, trial), kind) &&
          std::ranges::find(trial, c) != trial.end()) {
        kept = std::move(trial);
        placed = true;
        break;
      }
    }
    std::size_t witnessed = 0;  // candidates tried that some witness tells apart
    for (std::size_t i = 0; i < candidates.size() && witnessed < kWitnessTries && !placed; ++i)
      placed = place_with_witness(solver, pool, solution, kept, candidates[i], plan, witnessed);
    if (!placed) rejections.add(Reason::VarietyNoRoom);
  }
  drop_spare_clues(solver, pool, kept, plan, rejections);  // a swap may leave a clue spare
}

// Greedy start in the given order: keep a candidate when it lowers the ambiguity and its kind
// has room; if that does not determine the mystery, a second pass ignores the kind caps. Empty
// if even every candidate does not determine it.
std::vector<int> greedy_start(Solver& solver, const std::vector<Candidate>& pool, const std::vector<int>& order,
                              int per_kind, Rejections& rejections) {
  std::vector<int> kept;
  std::vector<int> kinds(at(kKindCount), 0);
  Bounds current = solver.setup_state();
  for (const int cap : {per_kind, INT_MAX})
    for (const int c : order) {
      if (current.determined()) return kept;
      if (std::ranges::find(kept, c) != kept.end()) continue;
      if (kinds[at(kind_of(pool, c))] >= cap) {
        rejections.add(Reason::GreedyKindFull);
        continue;
      }
      Bounds next = solver.add(current, pool[at(c)].clue);
      if (next.ambiguity() < current.ambiguity()) {
        kept.push_back(c);
        ++kinds[at(kind_of(pool, c))];
        current = std::move(next);
      } else {
        rejections.add(Reason::GreedyNoGain);
      }
    }
  if (!current.determined()) kept.clear();
  return kept;
}

// Narrator facts first, then the testimonies by speaker, each group in the order kept.
void order_for_reading(const std::vector<Candidate>& pool, std::vector<int>& kept) {
  std::ranges::stable_sort(kept, [&](int x, int y) { return pool[at(x)].clue.speaker < pool[at(y)].clue.speaker; });
}

// At most this many kept clues of one kind (a cast of 8 keeps about 27 clues).
int kind_cap(int cast) { return std::max(3, cast - 2); }

// In half the draws where one can, the holders of one shared name fill a room of two or more
// guests: only then can a guest say "everyone in the library, me included, was a Vane". Left to
// the shuffle that happens in about a quarter of cast-6 setups, and the kind was under 1% of the
// clues. Rooms and names are picked among those that fit (a room no larger than the name's
// holders), in setup order; the other guests keep their rooms, traded only with the gathered.
void gather_in_a_room(const Setup& setup, Rng draws, Assignment& solution) {
  int place = -1;
  for (int c = 1; c < setup.category_count(); ++c)
    if (setup.categories[at(c)].role == Role::Place) place = c;
  if (place < 0) return;
  struct Fit {
    Term room, name;
  };
  std::vector<Fit> fits;
  for (int r = 0; r < setup.value_count(place); ++r) {
    const Term room{.category = place, .value = r};
    if (count_of(setup, room) < 2) continue;
    for (int c = 1; c < setup.category_count(); ++c)
      for (int v = 0; c != place && v < setup.value_count(c); ++v)
        if (const Term name{.category = c, .value = v}; count_of(setup, name) >= count_of(setup, room))
          fits.push_back({.room = room, .name = name});
  }
  if (fits.empty() || !draws.chance(1, 2)) return;
  const Fit fit = draws.pick(fits);
  std::vector<int> holders = suspects_matching(solution, std::span(&fit.name, 1));
  draws.shuffle(holders);
  holders.resize(at(count_of(setup, fit.room)));
  std::ranges::sort(holders);
  std::vector<int> leaving;  // guests of the room who are not among the chosen holders
  for (const int s : suspects_matching(solution, std::span(&fit.room, 1)))
    if (std::ranges::find(holders, s) == holders.end()) leaving.push_back(s);
  std::size_t next = 0;
  for (const int h : holders)
    if (solution[at(h)][at(place)] != fit.room.value)
      std::swap(solution[at(h)][at(place)], solution[at(leaving[next++])][at(place)]);
}

}  // namespace

std::int64_t default_solver_budget(int cast) {
  PROVEN_CHECK(cast >= kMinCast && cast <= kMaxCast, "budget for a cast outside 4..12");
  static constexpr std::int64_t kBudget[] = {30000, 60000, 100000, 120000, 120000, 300000, 600000, 1200000, 2500000};
  return kBudget[cast - kMinCast];
}

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
  gather_in_a_room(setup, rng.fork("gather"), solution);
  return solution;
}

std::vector<std::string_view> generation_reasons() { return {kReasonNames.begin(), kReasonNames.end()}; }

std::vector<Statement> candidate_statements(const Setup& setup, const Assignment& solution,
                                            std::uint64_t* inexpressible) {
  const int n = setup.cast;
  std::vector<Term> terms;
  for (int c = 1; c < setup.category_count(); ++c)
    for (int v = 0; v < setup.value_count(c); ++v) terms.push_back({.category = c, .value = v});
  std::vector<Statement> out;
  const auto add = [&](const Statement& st) {
    if (expressible(setup, st)) {
      out.push_back(st);
    } else if (inexpressible != nullptr) {
      ++*inexpressible;
    }
  };

  for (int s = 0; s < n; ++s)
    for (const Term& t : terms) {
      const bool mine = has(solution, s, t);
      add({.kind = mine ? Kind::Identity : Kind::NotIdentity, .subject = s, .first = t});
      add({.kind = mine ? Kind::IAm : Kind::IAmNot, .speaker = s, .first = t});
      const bool left = has(solution, left_of(s, n), t);
      const bool right = has(solution, right_of(s, n), t);
      if (left) add({.kind = Kind::OnMyLeft, .speaker = s, .first = t});
      if (right) add({.kind = Kind::OnMyRight, .speaker = s, .first = t});
      // Not of the speaker's own unique name: "the Colonel did not sit beside me", said by the
      // Colonel, reads as if the speaker were someone else.
      if (!left && !right && !(mine && count_of(setup, t) == 1))
        add({.kind = Kind::BesideNone, .speaker = s, .first = t});
      if (left && right) add({.kind = Kind::BesideBoth, .speaker = s, .first = t});
    }

  for (const Term& a : terms)
    for (const Term& b : terms) {
      if (a.category == b.category) continue;
      const int na = count_of(setup, a);
      const int nb = count_of(setup, b);
      const int both = count_matching(solution, {a, b});
      // Directed kinds (the subject is a).
      if (na == 1 && both == 1) add({.kind = Kind::SamePerson, .first = a, .second = b});
      if (na >= 2 && both == na) add({.kind = Kind::Every, .first = a, .second = b});
      if (a.category > b.category) continue;
      // Symmetric kinds, once per pair; the scarcer value leads ("the Colonel was not ...").
      const Term lead = nb < na ? b : a;
      const Term other = nb < na ? a : b;
      if (both == 0) add({.kind = Kind::NeverTogether, .first = lead, .second = other});
      for (int s = 0; s < n; ++s)
        if (has(solution, s, a) != has(solution, s, b))
          add({.kind = Kind::NotBoth, .subject = s, .first = a, .second = b});
      const int fewer = std::min(na, nb);
      if (fewer < 2) continue;  // counts on a unique value are same_person / never_together
      if (both >= 1 && both < fewer) add({.kind = Kind::Exactly, .first = a, .second = b, .count = both});
      for (int k = std::max(both, 1); k < fewer; ++k) add({.kind = Kind::AtMost, .first = a, .second = b, .count = k});
      // At least k, above what the counts already force (na + nb − n) and below "every".
      for (int k = std::max(1, na + nb - n + 1); k <= both && k < fewer; ++k)
        add({.kind = Kind::AtLeast, .first = a, .second = b, .count = k});
    }

  // Room testimonies: the speaker's room and what was (not) in it.
  for (int s = 0; s < n; ++s)
    for (int c = 1; c < setup.category_count(); ++c) {
      const Term room = held(solution, s, c);
      const int occupants = count_of(setup, room);
      for (const Term& b : terms) {
        if (b.category == c) continue;
        const int both = count_matching(solution, {room, b});
        // Expressible only when c is the room category (the grammar has no other "there").
        if (both == 0) add({.kind = Kind::RoomNone, .speaker = s, .first = room, .second = b});
        if (occupants >= 2 && both == occupants) add({.kind = Kind::RoomAll, .speaker = s, .first = room, .second = b});
      }
    }
  return out;
}

std::vector<Clue> candidate_clues(const Setup& setup, const Assignment& solution) {
  std::vector<Clue> clues;
  for (const Statement& st : candidate_statements(setup, solution)) clues.push_back(clue_of(setup, st));
  return clues;
}

std::optional<Mystery> generate_mystery(const Setup& setup, const Rng& rng, const GeneratorOptions& options) {
  const Lattice lattice(setup);
  Solver solver(lattice);
  const std::int64_t budget = options.solver_budget > 0 ? options.solver_budget : default_solver_budget(setup.cast);
  Mystery mystery{.setup = setup, .solution = draw_solution(setup, rng), .clues = {}, .solver_calls = 0};

  // Candidates in a seeded order, one per distinct markup, each with its obviousness; those the
  // setup already implies (obviousness 0) can never help and are dropped.
  Rejections rejections;
  std::uint64_t inexpressible = 0;
  std::vector<Statement> statements = candidate_statements(setup, mystery.solution, &inexpressible);
  rejections.add(Reason::Inexpressible, inexpressible);
  Rng candidate_order = rng.fork("candidates");
  candidate_order.shuffle(statements);
  const int initial = solver.setup_state().ambiguity();
  std::vector<Candidate> pool;
  std::set<std::string> seen;
  for (const Statement& st : statements) {
    Clue clue = clue_of(setup, st);
    if (!seen.insert(markup_key(clue.bounds)).second) {
      rejections.add(Reason::SameMarkup);
      continue;
    }
    const Bounds alone = solver.add(solver.setup_state(), clue);
    PROVEN_CHECK(!alone.contradictory(), "a true clue contradicts the setup");
    const int obviousness = initial - alone.ambiguity();
    if (obviousness > 0) {
      pool.push_back({.statement = st, .clue = std::move(clue), .obviousness = obviousness});
    } else {
      rejections.add(Reason::ImpliedBySetup);
    }
  }

  // Restarts while the budget lasts: a greedy start in a fresh order biased towards unobvious
  // clues (strictly least obvious first keeps dozens of weak clues; a uniform order starts far
  // more obvious), its spare clues dropped, then substitutions to a local optimum. Every kind with
  // a candidate is wanted (KindPlan). A result at the gold standard beats one that is not; then
  // the lowest score wins (ties: the earlier start): its obviousness plus kMissingKindPenalty
  // percent of the ambiguity a for each wanted kind it lacks, so a set that reads more kinds may
  // win by being a little more obvious, never by losing the gold standard.
  KindPlan plan{.cap = kind_cap(setup.cast)};
  for (const Candidate& c : pool) plan.wanted[at(static_cast<int>(c.statement.kind))] = true;
  const int missing_kind_penalty = kMissingKindPenalty * initial / 100;
  const auto missing_kinds = [&](const std::vector<int>& kept) {
    const std::vector<int> kinds = kind_counts(pool, kept);
    int missing = 0;
    for (int kind = 0; kind < kKindCount; ++kind) missing += plan.wanted[at(kind)] && kinds[at(kind)] == 0 ? 1 : 0;
    return missing;
  };
  const auto score = [&](const std::vector<int>& kept) {
    return total_obviousness(pool, kept) + missing_kind_penalty * missing_kinds(kept);
  };
  const auto rank = [&](const std::vector<int>& kept) {
    return std::pair{total_obviousness(pool, kept) >= initial, score(kept)};
  };
  std::vector<int> best;
  std::pair<bool, int> best_rank{true, INT_MAX};
  for (std::uint64_t start = 0; start == 0 || solver.calls() < budget; ++start) {
    std::vector<int> order(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) order[i] = static_cast<int>(i);
    Rng shuffle = rng.fork("start", start);
    shuffle.shuffle(order);
    // Less obvious candidates tend to come first: each is keyed by its obviousness times a random
    // factor in [1, 2) (integers: 1024 + 0..1023), so the start stays varied.
    std::vector<std::int64_t> key(pool.size());
    for (std::size_t i = 0; i < pool.size(); ++i) {
      const auto factor = static_cast<std::int64_t>(1024 + shuffle.below(1024));
      key[i] = pool[i].obviousness * factor;
    }
    std::ranges::stable_sort(order, [&](int x, int y) { return key[at(x)] < key[at(y)]; });
    // The first candidate of each wanted kind leads, so the greedy start keeps it.
    std::vector<bool> led(at(kKindCount), false);
    std::vector<int> leading, rest;
    for (const int i : order) {
      const int kind = kind_of(pool, i);
      const bool leads = plan.wanted[at(kind)] && !led[at(kind)];
      if (leads) led[at(kind)] = true;
      (leads ? leading : rest).push_back(i);
    }
    order = std::move(leading);
    order.insert(order.end(), rest.begin(), rest.end());
    std::vector<int> kept = greedy_start(solver, pool, order, plan.cap, rejections);
    if (kept.empty()) return std::nullopt;  // no order of these candidates determines it
    drop_spare_clues(solver, pool, kept, plan, rejections);
    fill_wanted_kinds(solver, pool, mystery.solution, kept, plan, rejections);
    lower_obviousness(solver, pool, kept, budget, plan, rng.fork("optimise", start), rejections);
    if (const std::pair<bool, int> r = rank(kept); r < best_rank) {
      if (!best.empty()) rejections.add(Reason::RestartNotBetter);  // the earlier best loses
      best_rank = r;
      best = std::move(kept);
    } else {
      rejections.add(Reason::RestartNotBetter);
    }
  }
  std::vector<int>& kept = best;
  order_for_reading(pool, kept);

  for (std::size_t i = 0; i < kept.size(); ++i) {
    const Candidate& c = pool[at(kept[i])];
    Rng prose = rng.fork("prose", i);
    mystery.clues.push_back(make_clue(setup, c.statement, prose));
    mystery.clue_obviousness.push_back(c.obviousness);
  }
  mystery.initial_ambiguity = initial;
  mystery.obviousness = total_obviousness(pool, kept);
  mystery.score = score(kept);
  mystery.missing_kinds = missing_kinds(kept);
  mystery.gold_standard = mystery.obviousness < initial;

  // The murderer, named by a trait only they hold (not their given name if another will do).
  Rng murder = rng.fork("murderer");
  mystery.murderer = static_cast<int>(murder.below(at(setup.cast)));
  std::vector<Term> unique;
  for (int c = 1; c < setup.category_count(); ++c) {
    const Term t = held(mystery.solution, mystery.murderer, c);
    if (count_of(setup, t) == 1 && setup.categories[at(c)].role != Role::GivenName) unique.push_back(t);
  }
  for (int c = 1; c < setup.category_count() && unique.empty(); ++c) {
    const Term t = held(mystery.solution, mystery.murderer, c);
    if (count_of(setup, t) == 1) unique.push_back(t);
  }
  const std::optional<Term> named = unique.empty() ? std::nullopt : std::optional<Term>(murder.pick(unique));
  mystery.question = murder_question(setup, mystery.murderer, named, murder);
  mystery.question_names = named.value_or(Term{.category = kPortrait, .value = mystery.murderer});
  mystery.solver_calls = solver.calls();
  mystery.tally = rejections.tally(kept.size());
  return mystery;
}

}  // namespace proven::whodunnit

#pragma once
// A dealt bomb being played: every module's state, the clock, the strikes and simulated time.
// Autoplay (bomb.hpp) and Play (game.hpp) move a bomb only through this, so a person at the
// terminal and the hint-following autoplayer live under the same rules of time:
//
//   BombRun run(book, bomb);          // events due at time 0 have fired
//   run.act(2, {Verb::Cut, 1});       // module 3's rules judge the action (its own apply)
//   run.advance_to(run.now() + kActionMs);   // an action takes kActionMs; due events fire
//   run.end();                        // Defused, Strikes, Timer, or None while playing
//
// Time model: an action takes kActionMs of real time. Whenever time moves on (an action's time,
// a wait), every module whose next event is due by then is ticked once, in case order, the way
// autoplay always has; a tick may strike (a needy countdown running out). The bomb clock runs at
// 1, 1.25, 1.5 ... times real time after 0, 1, 2 ... strikes (module.hpp Clock).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "bomb/bomb.hpp"

namespace proven::bomb {

class BombRun {
 public:
  enum class End { None, Defused, Strikes, Timer };

  BombRun(const RuleBook& book, const Bomb& bomb);  // `book` must outlive the run
  // The same rule book (by address: copies share it) and the same run so far.
  bool operator==(const BombRun&) const = default;

  const Bomb& bomb() const { return bomb_; }  // its modules hold the states as they are now
  std::int64_t now() const { return now_; }
  const Clock& clock() const { return clock_; }
  int strikes() const { return clock_.strikes; }
  const std::vector<AutoplayStep>& log() const { return log_; }
  bool solved(std::size_t slot) const;
  int regular_count() const;
  int regular_solved() const;
  // The strike limit reached, every regular module solved, or the timer at zero (in that order).
  End end() const;
  Context context() const { return {bomb_.edgework, clock_, now_}; }

  // The module's own hint now (Wait when it has nothing to do).
  Action hint(std::size_t slot) const;
  // Whether the action can be done at all on the module now (module.hpp possible()).
  bool possible(std::size_t slot, Action action) const;
  // The module judges the action now; a strike counts on the bomb. Time does not move.
  Outcome act(std::size_t slot, Action action);
  // Time moves to `t` (> now), then every module whose event is due is ticked once.
  void advance_to(std::int64_t t);
  // Time runs on to `t` (>= now) through every event on the way, each at its own moment (a
  // player waiting, or a run log's gap between two actions); it stops early if the bomb ends.
  void run_until(std::int64_t t);
  // The earliest event any unsolved module has coming (none when nothing changes by itself).
  std::optional<std::int64_t> next_event() const;
  // The first time at which the bomb clock reads 0:00 (or less), from now on.
  std::int64_t timer_runs_out_at() const;

 private:
  void fire_due();
  void record(std::size_t slot, Action action, Outcome outcome);

  const RuleBook* book_;
  Bomb bomb_;
  Clock clock_;
  std::int64_t now_ = 0;
  std::vector<AutoplayStep> log_;
};

}  // namespace proven::bomb

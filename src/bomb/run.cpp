#include "bomb/run.hpp"

#include <algorithm>

#include "core/check.hpp"

namespace proven::bomb {

BombRun::BombRun(const RuleBook& book, const Bomb& bomb)
    : book_(&book), bomb_(bomb), clock_{.timer_ms = bomb.timer_ms, .strikes = 0, .since_ms = 0} {
  fire_due();
}

bool BombRun::solved(std::size_t slot) const {
  return std::visit([]<class M>(const Slot<M>& s) { return s.solved; }, bomb_.modules[slot]);
}

int BombRun::regular_count() const {
  return static_cast<int>(
      std::ranges::count_if(bomb_.modules, [](const AnySlot& s) { return info_of(s).kind == ModuleKind::Regular; }));
}

int BombRun::regular_solved() const {
  int n = 0;
  for (std::size_t i = 0; i < bomb_.modules.size(); ++i)
    if (info_of(bomb_.modules[i]).kind == ModuleKind::Regular && solved(i)) ++n;
  return n;
}

BombRun::End BombRun::end() const {
  if (clock_.strikes >= bomb_.strike_limit) return End::Strikes;
  if (regular_solved() == regular_count()) return End::Defused;
  if (clock_.remaining_ms(now_) <= 0) return End::Timer;
  return End::None;
}

Action BombRun::hint(std::size_t slot) const {
  return std::visit(
      [&]<class M>(const Slot<M>& s) {
        if (s.solved) return Action::wait();
        return M::hint(book_->rules_of<M>(), s.state, context());
      },
      bomb_.modules[slot]);
}

bool BombRun::possible(std::size_t slot, Action action) const {
  return std::visit([&]<class M>(const Slot<M>& s) { return !s.solved && bomb::possible<M>(s.state, action); },
                    bomb_.modules[slot]);
}

Outcome BombRun::act(std::size_t slot, Action action) {
  PROVEN_CHECK(end() == End::None, "BombRun::act after the end");
  const Outcome outcome = std::visit(
      [&]<class M>(Slot<M>& s) {
        PROVEN_CHECK(!s.solved, "BombRun::act on a solved module");
        const Outcome o = M::apply(book_->rules_of<M>(), s.state, action, context());
        if (o == Outcome::Solved) s.solved = true;
        return o;
      },
      bomb_.modules[slot]);
  record(slot, action, outcome);
  return outcome;
}

void BombRun::record(std::size_t slot, Action action, Outcome outcome) {
  log_.push_back({now_, clock_.remaining_ms(now_), slot, action, outcome});
  if (outcome == Outcome::Strike) clock_.strike(now_);
}

void BombRun::advance_to(std::int64_t t) {
  PROVEN_CHECK(t > now_, "BombRun::advance_to: time only moves forward");
  now_ = t;
  if (end() == End::None) fire_due();
}

void BombRun::run_until(std::int64_t t) {
  while (end() == End::None) {
    std::int64_t next = timer_runs_out_at();
    if (const auto event = next_event()) next = std::min(next, *event);
    next = std::max(next, now_ + 1);
    if (next >= t) break;
    advance_to(next);
  }
  if (end() == End::None && t > now_) advance_to(t);
}

void BombRun::fire_due() {
  for (std::size_t i = 0; i < bomb_.modules.size() && clock_.strikes < bomb_.strike_limit; ++i) {
    std::visit(
        [&]<class M>(Slot<M>& s) {
          if constexpr (TimedModule<M>) {
            if (s.solved) return;
            const auto& rules = book_->rules_of<M>();
            const Context ctx = context();
            const auto due = M::next_event_at(rules, s.state, ctx);
            if (due && *due <= now_) record(i, Action::wait(), M::tick(rules, s.state, ctx));
          }
        },
        bomb_.modules[i]);
  }
}

std::optional<std::int64_t> BombRun::next_event() const {
  std::optional<std::int64_t> next;
  const Context ctx = context();
  for (const AnySlot& any : bomb_.modules) {
    std::visit(
        [&]<class M>(const Slot<M>& s) {
          if constexpr (TimedModule<M>) {
            if (s.solved) return;
            const auto due = M::next_event_at(book_->rules_of<M>(), s.state, ctx);
            if (due && (!next || *due < *next)) next = due;
          }
        },
        any);
  }
  return next;
}

std::int64_t BombRun::timer_runs_out_at() const {
  // remaining(t) = timer - floor((t - since) * rate / 4) <= 0  <=>  (t - since) * rate >= 4 * timer.
  const std::int64_t rate = 4 + clock_.strikes;
  const std::int64_t t = clock_.since_ms + (4 * clock_.timer_ms + rate - 1) / rate;
  return std::max(t, now_);
}

}  // namespace proven::bomb

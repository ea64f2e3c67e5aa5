// Game::Play: a dealt bomb defused in words. Every judgement is the modules' own apply and tick
// on a BombRun (run.hpp); this file reads the player's words and moves time, nothing more.
#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "bomb/game.hpp"
#include "core/errors.hpp"

namespace proven::bomb {
namespace {

constexpr std::int64_t kMaxWaitSeconds = 3600;

std::optional<std::int64_t> whole_number(std::string_view text, std::int64_t lo, std::int64_t hi) {
  std::int64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size() || value < lo || value > hi)
    return std::nullopt;
  return value;
}

std::string_view outcome_text(Outcome outcome) {
  switch (outcome) {
    case Outcome::Ok:
      return "done";
    case Outcome::Strike:
      return "STRIKE";
    case Outcome::Solved:
      return "solved";
  }
  return "";
}

std::string seconds_text(std::int64_t ms) { return fmt::format("{:.2f} s", static_cast<double>(ms) / 1000.0); }

}  // namespace

Game::Play Game::Play::start(const Document& doc, std::size_t item) {
  return deal(doc.book, deal_item(doc.book, item));
}

Game::Play Game::Play::deal(const RuleBook& book, const Bomb& bomb) {
  return Play(std::make_shared<const RuleBook>(book), bomb);
}

std::string Game::Play::module_line(std::size_t slot) const {
  const AnySlot& any = run_.bomb().modules[slot];
  const ModuleInfo& info = info_of(any);
  return fmt::format("module {} ({}{}): {}{}", slot + 1, info.name, info.kind == ModuleKind::Needy ? ", needy" : "",
                     show(any), run_.solved(slot) ? " (solved)" : "");
}

// What time did to the bomb since the log had `log_size` entries: each module that had an event,
// once, as it shows now (a needy module waking with its question, a countdown striking).
std::string Game::Play::events_since(std::size_t log_size, std::optional<std::size_t> except) const {
  std::vector<std::size_t> slots;
  std::vector<int> strikes(run_.bomb().modules.size(), 0);
  for (std::size_t i = log_size; i < run_.log().size(); ++i) {
    const AutoplayStep& step = run_.log()[i];
    if (!step.action.is_wait()) continue;
    if (step.outcome == Outcome::Strike) ++strikes[step.slot];
    if (std::ranges::find(slots, step.slot) == slots.end()) slots.push_back(step.slot);
  }
  std::string text;
  for (const std::size_t slot : slots) {
    if (slot == except && strikes[slot] == 0) continue;
    text += fmt::format("\n{}{}", module_line(slot), strikes[slot] ? fmt::format(" (its time ran out: STRIKE)") : "");
  }
  return text;
}

MoveResult Game::Play::apply(std::string_view move) {
  const std::string typed = normal_words(move);
  const auto bad = [&](std::string_view why) { return IllegalMove(fmt::format("{}: {}", move, why)); };
  if (run_.end() != BombRun::End::None) throw bad("the bomb is no longer ticking");
  const std::vector<std::string_view> w = split_words(typed);
  const std::size_t modules = run_.bomb().modules.size();
  if (w.empty()) throw bad("empty move (moves: module K, wait, wait N, or the selected module's words)");
  if (w[0] == "module") {
    const auto k = w.size() == 2 ? whole_number(w[1], 1, static_cast<std::int64_t>(modules)) : std::nullopt;
    if (!k) throw bad(fmt::format("'module K' picks up module K, 1..{}", modules));
    const auto slot = static_cast<std::size_t>(*k - 1);
    if (run_.solved(slot)) throw bad(fmt::format("module {} is already solved", *k));
    selected_ = slot;
    return {.text = module_line(slot), .changes = {{"selected", *k}}};
  }
  if (w[0] == "wait") {
    if (w.size() == 1) return wait(move, std::nullopt);
    const auto s = w.size() == 2 ? whole_number(w[1], 1, kMaxWaitSeconds) : std::nullopt;
    if (!s) throw bad(fmt::format("'wait N' lets N whole seconds pass, 1..{}", kMaxWaitSeconds));
    return wait(move, *s);
  }
  if (!selected_) throw bad(fmt::format("pick up a module first: module 1..{}", modules));
  const std::size_t slot = *selected_;
  const AnySlot& any = run_.bomb().modules[slot];
  // "release at 4": hold on until the bomb clock shows a 4, then release.
  std::optional<int> at_digit;
  std::string said = typed;
  if (w.size() == 3 && w[0] == "release" && w[1] == "at") {
    const auto d = whole_number(w[2], 0, 9);
    if (!d) throw bad("'release at D' waits for the digit D, 0..9, on the bomb clock");
    at_digit = static_cast<int>(*d);
    said = "release";
  }
  const auto action = parse_words(any, said);
  if (!action) {
    std::string known;
    for (const Action a : all_actions(any)) {
      if (!known.empty()) known += ", ";
      known += words(any, a);
    }
    throw bad(fmt::format("module {} ({}) has no such move (its moves: {})", slot + 1, info_of(any).name, known));
  }
  if (!run_.possible(slot, *action)) throw bad(fmt::format("not possible on {} now", module_line(slot)));
  return act(*action, at_digit);
}

MoveResult Game::Play::act(Action action, std::optional<int> at_digit) {
  const std::size_t slot = *selected_;
  const std::size_t log_size = run_.log().size();
  const std::int64_t started = run_.now();
  if (at_digit) {
    while (run_.end() == BombRun::End::None && !run_.clock().shows_digit(run_.now(), *at_digit)) {
      std::int64_t t = run_.timer_runs_out_at();
      if (const auto change = run_.clock().next_display_change(run_.now())) t = std::min(t, *change);
      if (const auto event = run_.next_event()) t = std::min(t, *event);
      run_.advance_to(std::max(t, run_.now() + 1));
    }
    if (run_.end() != BombRun::End::None)
      return {
          .text = fmt::format("the bomb ended before the clock showed a {}{}", *at_digit, events_since(log_size, {})),
          .changes = {{"waited_ms", run_.now() - started}}};
  }
  const std::int64_t clock_ms = run_.clock().remaining_ms(run_.now());
  const Outcome outcome = run_.act(slot, action);
  if (run_.end() != BombRun::End::Strikes) run_.advance_to(run_.now() + kActionMs);
  std::string text = fmt::format("[{}] module {} ({}): {}: {}", clock_text(clock_ms), slot + 1,
                                 info_of(run_.bomb().modules[slot]).name, words(run_.bomb().modules[slot], action),
                                 outcome_text(outcome));
  if (outcome == Outcome::Strike) text += fmt::format(" ({} of {})", run_.strikes(), run_.bomb().strike_limit);
  if (!run_.solved(slot)) {
    text += '\n';
    text += module_line(slot);
  }
  text += events_since(log_size, slot);
  if (run_.solved(slot)) selected_.reset();
  return {.text = std::move(text),
          .changes = {{"module", slot + 1},
                      {"action", words(run_.bomb().modules[slot], action)},
                      {"outcome", outcome_text(outcome)},
                      {"waited_ms", run_.now() - started - kActionMs},
                      {"now_ms", run_.now()}}};
}

MoveResult Game::Play::wait(std::string_view move, std::optional<std::int64_t> seconds) {
  const std::size_t log_size = run_.log().size();
  const std::int64_t started = run_.now();
  if (!seconds) {
    const auto next = run_.next_event();
    if (!next)
      throw IllegalMove(
          fmt::format("{}: nothing on the bomb changes by itself now ('wait N' lets N seconds pass)", move));
    run_.advance_to(std::min(std::max(*next, run_.now() + 1), std::max(run_.timer_runs_out_at(), run_.now() + 1)));
  } else {
    run_.run_until(run_.now() + *seconds * 1000);
  }
  return {.text = fmt::format("waited {}: {} left{}", seconds_text(run_.now() - started),
                              clock_text(run_.clock().remaining_ms(run_.now())), events_since(log_size, {})),
          .changes = {{"waited_ms", run_.now() - started}, {"now_ms", run_.now()}}};
}

PlayStatus Game::Play::status() const {
  PlayStatus s;
  const BombRun::End end = run_.end();
  const std::int64_t left = std::max<std::int64_t>(0, run_.clock().remaining_ms(run_.now()));
  const int strikes = run_.strikes();
  s.summary = fmt::format("{} strike{} of {}, {} left, {} of {} modules solved", strikes, strikes == 1 ? "" : "s",
                          run_.bomb().strike_limit, clock_text(left), run_.regular_solved(), run_.regular_count());
  if (end == BombRun::End::Defused) {
    s.phase = PlayPhase::Won;
    s.summary += ": defused";
  } else if (end != BombRun::End::None) {
    s.phase = PlayPhase::Lost;
    s.summary += end == BombRun::End::Strikes ? ": exploded (strike limit)" : ": exploded (the timer ran out)";
  }
  s.figures = {{"strikes", strikes},
               {"strike_limit", run_.bomb().strike_limit},
               {"timer_ms_left", left},
               {"solved", run_.regular_solved()},
               {"regular_modules", run_.regular_count()},
               {"elapsed_ms", run_.now()}};
  return s;
}

std::vector<std::string> Game::Play::legal_moves() const {
  std::vector<std::string> moves;
  if (run_.end() != BombRun::End::None) return moves;
  for (std::size_t i = 0; i < run_.bomb().modules.size(); ++i)
    if (!run_.solved(i)) moves.push_back(fmt::format("module {}", i + 1));
  if (run_.next_event()) moves.push_back("wait");
  moves.push_back("wait 1");
  if (!selected_) return moves;
  const AnySlot& any = run_.bomb().modules[*selected_];
  for (const Action a : all_actions(any)) {
    if (!run_.possible(*selected_, a)) continue;
    moves.push_back(words(any, a));
    if (a.verb == Verb::Release)
      for (int d = 0; d <= 9; ++d) moves.push_back(fmt::format("release at {}", d));
  }
  return moves;
}

std::string Game::Play::rules() const {
  return "Defuse the bomb: solve every regular module before the timer runs out, with fewer strikes than the\n"
         "limit. 'module K' picks up module K (numbered as listed, from 1); then act on it in its own words:\n"
         "Wires and Tangled Wires 'cut wire N'; Big Button 'tap', 'hold', 'release', 'release at D' (when the\n"
         "clock shows D); Glyph Keypad 'press key N'; Color Echo 'press red|blue|green|yellow'; Word Grid 'press\n"
         "top left' (top|middle|bottom left|right); Recall 'press position N'; Labyrinth 'move up|right|down|left';\n"
         "Passcode 'turn wheel N', 'submit'; Blinker 'turn dial up|down', 'submit'; Wire Panels 'cut wire N' (the\n"
         "wire from post N), 'next panel'; Pressure Vent 'answer yes|no'; Dial Alignment 'turn dial'; Discharge\n"
         "Lever 'hold', 'release'. Numbers count from 1, left to right. Each action takes 0.25 s; 'wait' lets\n"
         "time run to the next thing that happens on the bomb, 'wait N' N seconds. Needy modules wake by\n"
         "themselves and strike when their time runs out. Each strike speeds the clock up by a quarter. A\n"
         "strike cannot be taken back.\n";
}

std::string Game::Play::render() const {
  const Bomb& bomb = run_.bomb();
  std::string text =
      fmt::format("bomb {} for manual {} (fingerprint {}), {} left, {} of {} strikes, {} played\n", bomb.bomb_seed,
                  bomb.rule_seed, bomb.fingerprint, clock_text(run_.clock().remaining_ms(run_.now())), run_.strikes(),
                  bomb.strike_limit, seconds_text(run_.now()));
  text += describe(bomb.edgework) + "\n";
  for (std::size_t i = 0; i < bomb.modules.size(); ++i)
    text += fmt::format("{} {}\n", selected_ == i ? ">" : " ", module_line(i));
  return text;
}

nlohmann::json Game::Play::to_json() const {
  nlohmann::json j = bomb::to_json(run_.bomb());
  j["now_ms"] = run_.now();
  j["timer_ms_left"] = std::max<std::int64_t>(0, run_.clock().remaining_ms(run_.now()));
  j["strikes"] = run_.strikes();
  j["selected"] = selected_ ? nlohmann::json(*selected_ + 1) : nlohmann::json(nullptr);
  return j;
}

}  // namespace proven::bomb

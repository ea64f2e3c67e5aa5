#include "bomb/replay.hpp"

#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"

namespace proven::bomb {
namespace {

// The claims a log can make, as autoplay names its ends.
constexpr std::array<std::string_view, 3> kEnds = {"defused", "exploded: strikes", "exploded: timer"};

// The moment the replay ended, the way autoplay reports it: an action's strike ends the bomb at
// once; otherwise the action takes kActionMs and the bomb is judged after it.
struct Ending {
  BombRun::End end = BombRun::End::None;
  std::int64_t at_ms = 0;
};

Ending act_and_judge(BombRun& run, std::size_t slot, Action action, Outcome& outcome) {
  outcome = run.act(slot, action);
  if (run.end() == BombRun::End::Strikes) return {run.end(), run.now()};
  run.advance_to(run.now() + kActionMs);
  return {run.end(), run.now()};
}

}  // namespace

std::string_view end_name(BombRun::End end) {
  switch (end) {
    case BombRun::End::Defused:
      return kEnds[0];
    case BombRun::End::Strikes:
      return kEnds[1];
    case BombRun::End::Timer:
      return kEnds[2];
    case BombRun::End::None:
      break;
  }
  return "still ticking";
}

nlohmann::json to_json(const RunLog& log) {
  auto actions = nlohmann::json::array();
  for (const RunLogAction& a : log.actions)
    actions.push_back({{"at_ms", a.at_ms}, {"module", a.module}, {"action", a.action}});
  nlohmann::json j = {{"format", std::string(kRunLogFormat)},
                      {"rule_seed", log.rule_seed},
                      {"fingerprint", log.fingerprint},
                      {"bomb_seed", log.bomb_seed},
                      {"modules", log.setup.modules}};
  // Only what differs from the standard bomb, so a standard run's log is what it always was.
  if (log.setup.needy) j["needy"] = *log.setup.needy;
  if (log.setup.timer_ms) j["timer_ms"] = *log.setup.timer_ms;
  if (log.setup.strike_limit != kStrikeLimit) j["strike_limit"] = log.setup.strike_limit;
  j["actions"] = actions;
  j["end"] = log.end;
  j["ended_at_ms"] = log.ended_at_ms;
  j["strikes"] = log.strikes;
  return j;
}

RunLog run_log_from_json(const nlohmann::json& j, bool claim) {
  using namespace json_read;
  const std::string where = "run log";
  if (text(field(j, "format", where), at(where, "format")) != kRunLogFormat)
    fail(at(where, "format"), fmt::format("expected \"{}\"", kRunLogFormat));
  RunLog log;
  log.rule_seed = integer(field(j, "rule_seed", where), kMinRuleSeed, kMaxRuleSeed, at(where, "rule_seed"));
  log.fingerprint = text(field(j, "fingerprint", where), at(where, "fingerprint"));
  log.bomb_seed = static_cast<std::uint64_t>(
      integer64(field(j, "bomb_seed", where), 1, static_cast<std::int64_t>(kMaxBombSeed), at(where, "bomb_seed")));
  log.setup.modules = integer(field(j, "modules", where), 1, static_cast<int>(Catalog::size), at(where, "modules"));
  if (j.contains("needy"))
    log.setup.needy = integer(j["needy"], 0, static_cast<int>(Catalog::size), at(where, "needy"));
  if (j.contains("timer_ms"))
    log.setup.timer_ms = integer64(j["timer_ms"], kMinTimerMs, kMaxTimerMs, at(where, "timer_ms"));
  if (j.contains("strike_limit"))
    log.setup.strike_limit = integer(j["strike_limit"], 1, kMaxStrikeLimit, at(where, "strike_limit"));
  try {
    check_setup(log.setup);
  } catch (const UserError& e) {
    fail(where, fmt::format("a bomb that cannot be dealt: {}", e.what()));
  }
  const auto& actions = array(field(j, "actions", where), 0, kMaxRunLogActions, at(where, "actions"));
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const std::string aw = at(at(where, "actions"), i);
    RunLogAction a;
    a.at_ms = integer64(field(actions[i], "at_ms", aw), 0, kLongestRunMs, at(aw, "at_ms"));
    a.module =
        static_cast<std::size_t>(integer(field(actions[i], "module", aw), 1, log.setup.modules, at(aw, "module")));
    a.action = text(field(actions[i], "action", aw), at(aw, "action"));
    log.actions.push_back(std::move(a));
  }
  if (!claim) return log;
  log.end = kEnds[static_cast<std::size_t>(name_index(field(j, "end", where), kEnds, at(where, "end")))];
  log.ended_at_ms = integer64(field(j, "ended_at_ms", where), 0, kLongestRunMs, at(where, "ended_at_ms"));
  log.strikes = integer(field(j, "strikes", where), 0, log.setup.strike_limit, at(where, "strikes"));
  return log;
}

RunLog run_log_of(const RuleBook& book, const Bomb& bomb, const AutoplayResult& play) {
  RunLog log{.rule_seed = book.seed,
             .fingerprint = fingerprint(book),
             .bomb_seed = bomb.bomb_seed,
             .setup = bomb.setup,
             .actions = {},
             .end = play.end,
             .ended_at_ms = play.elapsed_ms,
             .strikes = play.strikes};
  for (const AutoplayStep& step : play.log)
    if (!step.action.is_wait())
      log.actions.push_back({step.at_ms, step.slot + 1, words(bomb.modules[step.slot], step.action)});
  return log;
}

namespace {

// Whether `log` was played against `book`: empty, or why not.
std::string wrong_book(const RuleBook& book, const RunLog& log) {
  if (book.seed != log.rule_seed)
    return fmt::format("the log is for manual {}, not manual {}", log.rule_seed, book.seed);
  if (const std::string own = fingerprint(book); log.fingerprint != own)
    return fmt::format("the log's fingerprint {} is not manual {}'s ({}): another generator's rules", log.fingerprint,
                       log.rule_seed, own);
  return {};
}

// Plays the log's actions on `run`, each at its moment: empty, or the refusal of the first action
// that cannot have happened. `ending` is where the last action left the bomb.
std::string play_actions(BombRun& run, const RunLog& log, std::size_t& played, Ending& ending,
                         std::optional<Outcome>& last, std::vector<RunLogAction>* canonical = nullptr) {
  for (const RunLogAction& a : log.actions) {
    const std::string which =
        fmt::format("action {} ({} at {} ms on module {})", played + 1, a.action, a.at_ms, a.module);
    if (ending.end != BombRun::End::None)
      return fmt::format("{}: the bomb had already ended ({} at {} ms)", which, end_name(ending.end), ending.at_ms);
    if (a.at_ms < run.now())
      return fmt::format("{}: time runs backwards (the run is at {} ms; an action takes {} ms)", which, run.now(),
                         kActionMs);
    run.run_until(a.at_ms);
    if (run.end() != BombRun::End::None)
      return fmt::format("{}: the bomb had already ended ({} at {} ms)", which, end_name(run.end()), run.now());
    const std::size_t slot = a.module - 1;
    const AnySlot& any = run.bomb().modules[slot];
    if (run.solved(slot)) return fmt::format("{}: the module is already solved", which);
    const auto action = parse_words(any, a.action);
    if (!action) return fmt::format("{}: {} has no such action", which, info_of(any).name);
    if (!run.possible(slot, *action)) return fmt::format("{}: not possible on the module then", which);
    if (canonical) canonical->push_back({a.at_ms, a.module, words(any, *action)});
    Outcome outcome = Outcome::Ok;  // the module's own verdict (a needy strike in the same 250 ms is not it)
    ending = act_and_judge(run, slot, *action, outcome);
    last = outcome;
    ++played;
  }
  return {};
}

}  // namespace

Replay replay_run(const RuleBook& book, const RunLog& log) {
  Replay replay;
  const auto refuse = [&](std::string why) {
    replay.refusal = std::move(why);
    return replay;
  };
  if (std::string why = wrong_book(book, log); !why.empty()) return refuse(std::move(why));
  BombRun run(book, deal_bomb(book, log.bomb_seed, log.setup));
  Ending ending;
  std::optional<Outcome> last;
  replay.canonical = log;
  replay.canonical.actions.clear();
  if (std::string why = play_actions(run, log, replay.actions, ending, last, &replay.canonical.actions); !why.empty())
    return refuse(std::move(why));
  // No more actions: a bomb still ticking runs on until it ends (it explodes, unattended).
  if (ending.end == BombRun::End::None) {
    run.run_until(run.timer_runs_out_at() + 1);
    ending = {run.end(), run.now()};
  }
  replay.end = ending.end;
  replay.ended_at_ms = ending.at_ms;
  replay.strikes = run.strikes();
  if (log.end != end_name(replay.end) || log.ended_at_ms != replay.ended_at_ms || log.strikes != replay.strikes)
    return refuse(fmt::format("the log claims {} at {} ms with {} strike(s); the replay ends {} at {} ms with {}",
                              log.end, log.ended_at_ms, log.strikes, end_name(replay.end), replay.ended_at_ms,
                              replay.strikes));
  return replay;
}

std::string play_digest(const RunLog& canonical) {
  nlohmann::json j = to_json(canonical);
  auto actions = nlohmann::json::array();
  for (const RunLogAction& a : canonical.actions) actions.push_back({a.module, a.action});
  j["actions"] = actions;  // what was done, in order, without the moment of each
  return digest_hex("proven-bomb-play/1\n" + json_text(j));
}

RunSoFar replay_so_far(const RuleBook& book, const RunLog& log, std::int64_t now_ms) {
  RunSoFar so_far;
  so_far.refusal = wrong_book(book, log);
  if (!so_far.refusal.empty()) return so_far;
  so_far.run.emplace(book, deal_bomb(book, log.bomb_seed, log.setup));
  BombRun& run = *so_far.run;
  Ending ending;
  so_far.refusal = play_actions(run, log, so_far.actions, ending, so_far.last);
  if (!so_far.refusal.empty()) return so_far;
  if (ending.end == BombRun::End::None && now_ms > run.now()) {
    run.run_until(now_ms);
    ending = {run.end(), run.now()};
  }
  so_far.end = ending.end;
  so_far.ended_at_ms = ending.end == BombRun::End::None ? 0 : ending.at_ms;
  return so_far;
}

}  // namespace proven::bomb

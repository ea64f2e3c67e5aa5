#pragma once
// A played bomb as a run log, and its verification by replay (docs/bomb.md, "Run logs").
//
// Time enters a run only through its log: each action carries the moment it was made
// (milliseconds since the bomb started). The replay deals the same bomb and plays the log with
// the engine the proofs use (BombRun: the modules' own apply and tick), letting time run from
// one action to the next through every event on the way. The log's claim (how the bomb ended,
// when, with how many strikes) counts only if the replay ends the same way: a log whose time runs
// backwards, acts on a module that cannot take the action then (a needy module asleep, a solved
// module), acts after the bomb ended, or claims what the replay contradicts is refused.
//
//   const RunLog log = run_log_from_json(json);        // UserError when malformed
//   const Replay replay = replay_run(book, log);       // replay.refusal empty: verified
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bomb/bomb.hpp"
#include "bomb/run.hpp"

namespace proven::bomb {

inline constexpr std::string_view kRunLogFormat = "proven-bomb-run/1";
inline constexpr std::size_t kMaxRunLogActions = 100'000;          // a 14-module bomb takes ~100
inline constexpr std::int64_t kLongestRunMs = 24LL * 3600 * 1000;  // any moment a log names: far beyond any timer

struct RunLogAction {
  std::int64_t at_ms = 0;  // since the bomb started (real time, not the bomb clock)
  std::size_t module = 0;  // 1-based, as dealt
  std::string action;      // in the module's words, as `proven bomb play` takes them
  bool operator==(const RunLogAction&) const = default;
};

struct RunLog {
  int rule_seed = 1;
  std::string fingerprint;  // of the rule book the bomb was dealt for
  std::uint64_t bomb_seed = 1;
  BombSetup setup;  // "modules" always; "needy", "timer_ms", "strike_limit" only when set
  std::vector<RunLogAction> actions;
  // The claim: "defused", "exploded: strikes" or "exploded: timer"; when (ms since the start);
  // with how many strikes.
  std::string end;
  std::int64_t ended_at_ms = 0;
  int strikes = 0;
  bool operator==(const RunLog&) const = default;
};

nlohmann::json to_json(const RunLog& log);
// Anything malformed is a UserError naming the place ("run log.actions[3].at_ms: ...").
// Without `claim`, the end, ended_at_ms and strikes are not read (a run still being played).
RunLog run_log_from_json(const nlohmann::json& j, bool claim = true);

// The run log of an autoplay of `bomb` (its actions, and the end it reached), for tests and the
// benchmark: replaying it must verify.
RunLog run_log_of(const RuleBook& book, const Bomb& bomb, const AutoplayResult& play);

struct Replay {
  std::string refusal;  // empty: the log replays to exactly what it claims
  BombRun::End end = BombRun::End::None;
  std::int64_t ended_at_ms = 0;
  int strikes = 0;
  std::size_t actions = 0;  // replayed before the verdict
  // The log as the replay read it: each action in its module's own words (the words `bomb play`
  // lists, whatever case or spacing the log used). Complete when verified.
  RunLog canonical;
  bool verified() const { return refusal.empty(); }
};

// `book` must be the rule book of log.rule_seed (its fingerprint is compared).
Replay replay_run(const RuleBook& book, const RunLog& log);

// A run still being played (the Defuser's page, `proven serve`): the log's actions replayed and
// refused exactly as replay_run refuses them, then time run on to `now_ms` (a page asks what its
// bomb looks like now) unless the bomb ended first. The log's claim (end, ended_at_ms, strikes)
// is not read.
struct RunSoFar {
  std::string refusal;          // empty: every action could have happened
  std::optional<BombRun> run;   // as it is now (set unless the log is for another rule book)
  std::size_t actions = 0;      // replayed
  std::optional<Outcome> last;  // the last action's outcome
  BombRun::End end = BombRun::End::None;
  std::int64_t ended_at_ms = 0;  // when it ended, as replay_run reports it (0 while ticking)
};
RunSoFar replay_so_far(const RuleBook& book, const RunLog& log, std::int64_t now_ms);

std::string_view end_name(BombRun::End end);  // "defused", "exploded: strikes", ...

// What was played, whatever bytes said it (a leaderboard's identity of a run): the digest of the
// bomb (rule seed, fingerprint, bomb seed, setup), every action's module and words in order, and
// the end (how, when, with how many strikes). Of a replay's canonical log: two logs that differ in
// the case or spacing of their words, or in when an action was made without changing the end,
// are one play.
std::string play_digest(const RunLog& canonical);

}  // namespace proven::bomb

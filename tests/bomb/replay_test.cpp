// Run logs: a played bomb replayed by the engine the proofs use. Autoplayed runs verify, through
// their JSON too; every kind of forgery is refused with its reason; malformed logs are user errors.
#include "bomb/replay.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bomb/rulebook.hpp"
#include "core/errors.hpp"
#include "support/sanitized.hpp"

namespace proven::bomb::replay_test {
namespace {

struct Played {
  RuleBook book;
  Bomb bomb;
  RunLog log;
};

Played played(int rule_seed, std::uint64_t bomb_seed, int modules = static_cast<int>(Catalog::size)) {
  RuleBook book = build_rule_book(rule_seed);
  Bomb bomb = deal_bomb(book, bomb_seed, modules);
  RunLog log = run_log_of(book, bomb, autoplay(book, bomb));
  return {std::move(book), std::move(bomb), std::move(log)};
}

TEST(BombReplay, AutoplayedRunsVerifyAsTheyClaimAndThroughTheirJson) {
  const int bombs = proven::testing::kSanitized ? 4 : 40;
  int defused = 0;
  for (const int rule_seed : {1, 7, 4242}) {
    const RuleBook book = build_rule_book(rule_seed);
    for (int b = 1; b <= bombs; ++b) {
      const Bomb bomb = deal_bomb(book, static_cast<std::uint64_t>(b), static_cast<int>(Catalog::size));
      const AutoplayResult play = autoplay(book, bomb);
      const RunLog log = run_log_of(book, bomb, play);
      const RunLog reread = run_log_from_json(to_json(log));
      ASSERT_EQ(reread, log);
      const Replay replay = replay_run(book, reread);
      ASSERT_TRUE(replay.verified()) << "manual " << rule_seed << " bomb " << b << ": " << replay.refusal;
      EXPECT_EQ(std::string(end_name(replay.end)), play.end);
      EXPECT_EQ(replay.ended_at_ms, play.elapsed_ms);
      EXPECT_EQ(replay.strikes, play.strikes);
      EXPECT_EQ(replay.actions, log.actions.size());
      defused += replay.end == BombRun::End::Defused ? 1 : 0;
    }
  }
  EXPECT_EQ(defused, 3 * bombs);  // the hints defuse every bomb; the replay agrees
}

// A bomb dealt with options keeps them in its log; the replay deals the same bomb from them. A
// standard bomb's log names none of them (its JSON is what it always was).
TEST(BombReplay, LogsOfBombOptionsReplayWithThem) {
  const RuleBook book = build_rule_book(7);
  BombSetup setup;
  setup.modules = 4;
  setup.needy = 1;
  setup.timer_ms = 120'000;
  setup.strike_limit = 1;
  const Bomb bomb = deal_bomb(book, 11, setup);
  const RunLog log = run_log_of(book, bomb, autoplay(book, bomb));
  const nlohmann::json j = to_json(log);
  EXPECT_EQ(j.at("needy"), 1);
  EXPECT_EQ(j.at("timer_ms"), 120'000);
  EXPECT_EQ(j.at("strike_limit"), 1);
  EXPECT_EQ(run_log_from_json(j), log);
  EXPECT_TRUE(replay_run(book, log).verified()) << replay_run(book, log).refusal;
  RunLog other = log;  // the same actions on the bomb the options do not describe
  other.setup.needy.reset();
  EXPECT_FALSE(replay_run(book, other).verified());
  const nlohmann::json standard = to_json(played(7, 3).log);
  for (const char* key : {"needy", "timer_ms", "strike_limit"}) EXPECT_FALSE(standard.contains(key)) << key;
  nlohmann::json impossible = j;
  impossible["needy"] = 4;
  EXPECT_THROW(run_log_from_json(impossible), UserError);
  impossible = j;
  impossible["strikes"] = 2;  // more strikes than its limit
  EXPECT_THROW(run_log_from_json(impossible), UserError);
}

// The run so far (the Defuser's page): at any moment between two actions it is what the replay
// went through; a wrong action's strike is the action's own verdict.
TEST(BombReplay, TheRunSoFarFollowsTheLogToTheMomentAsked) {
  const Played p = played(7, 3);
  const RunLogAction& first = p.log.actions.front();
  RunLog head = p.log;
  head.actions.resize(1);
  const RunSoFar after_first = replay_so_far(p.book, head, first.at_ms + 100);
  ASSERT_TRUE(after_first.refusal.empty()) << after_first.refusal;
  EXPECT_EQ(after_first.actions, 1u);
  EXPECT_EQ(after_first.run->now(), first.at_ms + kActionMs);  // an action takes 250 ms; 100 ms is inside it
  EXPECT_EQ(after_first.end, BombRun::End::None);
  // The same first move swapped for one that strikes (as the engine judges it on a fresh deal).
  const AnySlot& slot = p.bomb.modules[first.module - 1];
  for (const Action a : all_actions(slot)) {
    BombRun fresh(p.book, p.bomb);
    fresh.run_until(first.at_ms);
    if (!fresh.possible(first.module - 1, a) || fresh.act(first.module - 1, a) != Outcome::Strike) continue;
    head.actions[0].action = words(slot, a);
    break;
  }
  ASSERT_NE(head.actions[0].action, first.action);
  const RunSoFar wrong = replay_so_far(p.book, head, 5000);
  ASSERT_TRUE(wrong.refusal.empty()) << wrong.refusal;
  EXPECT_EQ(wrong.last, Outcome::Strike);
  EXPECT_EQ(wrong.run->strikes(), 1);
  EXPECT_EQ(wrong.run->now(), 5000);
  // Another manual's log is refused before anything is dealt.
  RunLog other = p.log;
  other.rule_seed = 8;
  const RunSoFar refused = replay_so_far(p.book, other, 0);
  EXPECT_FALSE(refused.refusal.empty());
  EXPECT_FALSE(refused.run.has_value());
}

// The refusal says what was wrong; `expect` is a piece of it.
void expect_refused(const RuleBook& book, const RunLog& log, std::string_view expect) {
  const Replay replay = replay_run(book, log);
  EXPECT_FALSE(replay.verified());
  EXPECT_NE(replay.refusal.find(expect), std::string::npos) << replay.refusal;
}

TEST(BombReplay, ForgedLogsAreRefusedWithTheirReason) {
  const Played p = played(7, 3);
  ASSERT_TRUE(replay_run(p.book, p.log).verified());
  ASSERT_GE(p.log.actions.size(), 20u);
  {  // time running backwards: an action earlier than the one before it
    RunLog log = p.log;
    log.actions[10].at_ms = log.actions[9].at_ms - 1;
    expect_refused(p.book, log, "time runs backwards");
  }
  {  // two actions closer than an action takes
    RunLog log = p.log;
    log.actions[10].at_ms = log.actions[9].at_ms + kActionMs - 1;
    expect_refused(p.book, log, "time runs backwards");
  }
  {  // a faster time than the replay's
    RunLog log = p.log;
    log.ended_at_ms -= kActionMs;
    expect_refused(p.book, log, "the log claims defused");
  }
  {  // fewer strikes than the replay gives
    RunLog log = p.log;
    log.strikes = 1;
    expect_refused(p.book, log, "with 1 strike(s); the replay ends defused");
  }
  {  // a claimed defusal with the last action left out
    RunLog log = p.log;
    log.actions.pop_back();
    expect_refused(p.book, log, "the log claims defused");
  }
  {  // words the module does not have
    RunLog log = p.log;
    log.actions[0].action = "cut wire 9";
    expect_refused(p.book, log, "has no such action");
  }
  {  // acting again after the last module was solved: the bomb is defused and stopped
    RunLog log = p.log;
    RunLogAction again = log.actions.back();
    again.at_ms += kActionMs;
    log.actions.push_back(again);
    expect_refused(p.book, log, "the bomb had already ended (defused");
  }
  {  // acting on a module solved earlier in the run
    RunLog log = p.log;
    RunLogAction again = log.actions[0];
    const std::size_t first = log.actions[0].module;
    std::size_t after = 1;
    while (log.actions[after].module == first) ++after;  // the first action on another module
    again.at_ms = log.actions[after].at_ms;
    for (std::size_t i = after; i < log.actions.size(); ++i) log.actions[i].at_ms += kActionMs;
    log.actions.insert(log.actions.begin() + static_cast<std::ptrdiff_t>(after), again);
    expect_refused(p.book, log, "the module is already solved");
  }
  {  // another manual's log, or the same seed under another generator's rules
    RunLog log = p.log;
    log.fingerprint = "0000-0000";
    expect_refused(p.book, log, "another generator's rules");
    expect_refused(build_rule_book(8), p.log, "the log is for manual 7, not manual 8");
  }
}

// A needy module that has not woken takes no answer: find the first needy action of a run and
// make it at time 0, before the module woke.
TEST(BombReplay, AnActionBeforeItsModuleWokeIsRefused) {
  const Played p = played(7, 3);
  std::optional<std::size_t> needy;
  for (std::size_t i = 0; i < p.log.actions.size() && !needy; ++i) {
    const ModuleInfo& info = info_of(p.bomb.modules[p.log.actions[i].module - 1]);
    if (info.kind == ModuleKind::Needy && p.log.actions[i].action.starts_with("answer")) needy = i;
  }
  ASSERT_TRUE(needy.has_value()) << "bomb 3 of manual 7 answers its Pressure Vent";
  RunLog log = p.log;
  RunLogAction early = log.actions[*needy];
  early.at_ms = 0;
  log.actions.insert(log.actions.begin(), early);
  expect_refused(p.book, log, "not possible on the module then");
}

TEST(BombReplay, AnUntouchedBombExplodesFromItsNeedyModules) {
  const Played p = played(7, 3);
  RunLog untouched = p.log;
  untouched.actions.clear();
  const Replay replay = replay_run(p.book, untouched);  // claims a defusal: refused
  EXPECT_FALSE(replay.verified());
  EXPECT_EQ(replay.end, BombRun::End::Strikes);
  EXPECT_EQ(replay.strikes, kStrikeLimit);
  EXPECT_LT(replay.ended_at_ms, p.bomb.timer_ms);  // before the timer would have
  untouched.end = "exploded: strikes";
  untouched.ended_at_ms = replay.ended_at_ms;
  untouched.strikes = replay.strikes;
  EXPECT_TRUE(replay_run(p.book, untouched).verified());
  // An action after the bomb exploded.
  RunLog late = untouched;
  late.actions.push_back({replay.ended_at_ms + 1000, 1, p.log.actions[0].action});
  expect_refused(p.book, late, "the bomb had already ended (exploded: strikes");
}

TEST(BombReplay, MalformedLogsAreUserErrorsNamingThePlace) {
  const nlohmann::json good = to_json(played(7, 3).log);
  const auto expect_error = [&](auto&& change, std::string_view where) {
    nlohmann::json j = good;
    change(j);
    try {
      static_cast<void>(run_log_from_json(j));
      ADD_FAILURE() << "accepted: " << where;
    } catch (const UserError& e) {
      EXPECT_NE(std::string(e.what()).find(where), std::string::npos) << e.what();
    }
  };
  expect_error([](nlohmann::json& j) { j["format"] = "proven-bomb-run/0"; }, "run log.format");
  expect_error([](nlohmann::json& j) { j.erase("actions"); }, "missing \"actions\"");
  expect_error([](nlohmann::json& j) { j["actions"][2]["at_ms"] = -5; }, "run log.actions[2].at_ms");
  expect_error([](nlohmann::json& j) { j["actions"][2]["at_ms"] = 1e300; }, "run log.actions[2].at_ms");
  expect_error([](nlohmann::json& j) { j["actions"][0]["module"] = 15; }, "run log.actions[0].module");
  expect_error([](nlohmann::json& j) { j["actions"][0]["action"] = 3; }, "run log.actions[0].action");
  expect_error([](nlohmann::json& j) { j["end"] = "won"; }, "run log.end");
  expect_error([](nlohmann::json& j) { j["strikes"] = 4; }, "run log.strikes");
  expect_error([](nlohmann::json& j) { j["rule_seed"] = 0; }, "run log.rule_seed");
  expect_error([](nlohmann::json& j) { j["bomb_seed"] = "3"; }, "run log.bomb_seed");
  EXPECT_EQ(run_log_from_json(good), played(7, 3).log);
}

}  // namespace
}  // namespace proven::bomb::replay_test

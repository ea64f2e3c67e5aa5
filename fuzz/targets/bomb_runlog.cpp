// Fuzz target: any bytes as a bomb run log, as `POST /bomb/runs`, `POST /api/bomb/run` and
// `proven bomb replay` take it from anyone (docs/bomb.md, "Run logs"). The input is refused with
// a UserError that says why, or read; a log that is read survives a byte-exact canonical round
// trip, a replay that gives a verdict without throwing, and a replay of the run so far at any
// moment that agrees with it: a verified log replayed up to its end ends the same way, at the
// same moment, with the same strikes, and what the page is shown of it has every module.
#include <nlohmann/json.hpp>

#include "bomb/live.hpp"
#include "bomb/replay.hpp"
#include "bomb/rulebook.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "fuzz/harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace proven;
  using namespace proven::bomb;
  static const RuleBook book = build_rule_book(7);  // logs for other manuals are refused unread
  nlohmann::json json;
  RunLog log;
  try {
    json = parse_json(fuzz::bytes(data, size), "run log");
    log = run_log_from_json(json);
  } catch (const UserError& e) {
    fuzz::expect_message("reading a run log", e.what());
    return 0;
  }
  if (run_log_from_json(to_json(log)) != log) fuzz::violated("a run log survives its canonical JSON", json_text(json));
  const Replay replay = replay_run(book, log);
  if (!replay.verified()) {
    fuzz::expect_message("a refused run log", replay.refusal);
    return 0;
  }
  const RunSoFar so_far = replay_so_far(book, log, log.ended_at_ms);
  if (!so_far.refusal.empty()) fuzz::violated("a verified log is not refused while it is played", so_far.refusal);
  if (so_far.end != replay.end || so_far.ended_at_ms != replay.ended_at_ms || so_far.run->strikes() != replay.strikes)
    fuzz::violated("the run so far, at its end, ends as the replay does", json_text(json));
  const nlohmann::json view = live_view(so_far);
  if (view.at("modules").size() != static_cast<std::size_t>(log.setup.modules))
    fuzz::violated("the page is shown every module", view.dump());
  return 0;
}

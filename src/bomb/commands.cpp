// The bomb's commands beyond the generic five (src/cli/entry.hpp make_entry): `manual` (the
// printable manual, or the rule book file), `deal`, `autoplay`, `replay` and `check`.
// docs/bomb.md, "CLI".
#include <chrono>
#include <memory>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "bomb/check.hpp"
#include "bomb/game.hpp"
#include "bomb/render.hpp"
#include "bomb/replay.hpp"
#include "core/batch.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"
#include "core/range.hpp"
#include "core/range_command.hpp"
#include "core/seeds.hpp"

namespace proven::bomb {
namespace {

void run_manual(const std::string& seed_text, const std::string& format, const std::string& out) {
  const int seed = parse_rule_seed(seed_text);
  if (format != "json" && format != "md" && format != "html")
    throw UserError("--format " + format + ": expected html, md or json");
  check_output_path("--out", out, {});
  const RuleBook book = build_rule_book(seed, 0);  // one book: its modules on every core
  if (format == "md" || format == "html") {
    emit(out, format == "md" ? render_markdown(book) : render_html(book));
    return;
  }
  emit(out, json_text(document_to_json<Game>(rule_book_document(book))));
}

struct DealArgs {
  std::string seed = "1";
  std::string bomb_seed;
  int modules = static_cast<int>(Catalog::size);
  std::optional<int> needy;
  std::string time;  // M:SS or seconds; empty: the standard timer
  int strikes = kStrikeLimit;
  bool json = false;
  std::string log;  // autoplay: write the run log here

  BombSetup setup() const {
    BombSetup s;
    s.modules = modules;
    s.needy = needy;
    if (!time.empty()) s.timer_ms = parse_timer(time);
    s.strike_limit = strikes;
    check_setup(s);
    return s;
  }
};

// The bomb options `deal` and `autoplay` share (BombSetup).
void add_setup_options(CLI::App& command, DealArgs& args) {
  command.add_option("--modules", args.modules, "how many catalog modules (1..14)")->capture_default_str();
  command.add_option("--needy", args.needy, "how many of them are needy (0..3; default: as the bomb seed draws)");
  command.add_option("--time", args.time,
                     "time limit, M:SS or seconds (0:30..99:59; default: 1:00 + 1:00 per regular module)");
  command.add_option("--strikes", args.strikes, "the strike that explodes it (1..9)")->capture_default_str();
}

void run_deal(const DealArgs& args) {
  const int seed = parse_rule_seed(args.seed);
  const std::uint64_t bomb_seed = parse_bomb_seed(args.bomb_seed);
  const BombSetup setup = args.setup();
  const RuleBook book = build_rule_book(seed, 0);
  const Bomb bomb = deal_bomb(book, bomb_seed, setup);
  fmt::print("{}", args.json ? json_text(to_json(bomb)) : deal_text(bomb));
}

// The autoplayer's moves, replayed through Play: the transcript is in the words `proven bomb
// play` takes, and after each move it shows what the player sees next.
void run_autoplay(const DealArgs& args) {
  const int seed = parse_rule_seed(args.seed);
  const std::uint64_t bomb_seed = parse_bomb_seed(args.bomb_seed);
  const BombSetup setup = args.setup();
  const RuleBook book = build_rule_book(seed, 0);
  const Bomb bomb = deal_bomb(book, bomb_seed, setup);
  if (!args.log.empty()) check_output_path("--log", args.log, {});
  const AutoplayResult run = autoplay(book, bomb);
  if (!args.log.empty()) emit(args.log, json_text(to_json(run_log_of(book, bomb, run))));
  fmt::print("{}", deal_text(bomb));
  Game::Play play = Game::Play::deal(book, bomb);
  for (const std::string& move : run.moves) fmt::print("> {}\n{}\n", move, play.apply(move).text);
  fmt::print("{}\n{} after {:.2f} s of bomb time with {} strike(s)\n", play.status().summary, run.end,
             static_cast<double>(run.elapsed_ms) / 1000.0, run.strikes);
  if (!run.defused)
    throw Failure(fmt::format("bomb {} under manual {}: {} with {} strike(s)", bomb_seed, seed, run.end, run.strikes));
}

// A run log verified offline by the same replay a server would use (bomb/replay.hpp).
void run_replay(const std::string& path) {
  const RunLog log = run_log_from_json(read_json_file(path));
  const RuleBook book = build_rule_book(log.rule_seed, 0);
  const Replay replay = replay_run(book, log);
  if (!replay.verified()) throw Failure(fmt::format("{}: refused: {}", one_line(path), one_line(replay.refusal)));
  fmt::print("verified: bomb {} under manual {} (fingerprint {}): {} at {:.2f} s with {} strike(s), {} actions\n",
             log.bomb_seed, log.rule_seed, log.fingerprint, log.end, static_cast<double>(log.ended_at_ms) / 1000.0,
             log.strikes, replay.actions);
}

// One seed's result as the sweep's digest reads it: every module's tries, rejections by reason
// and proof, and the failure if any. Two sweeps agree on a seed exactly when these bytes do.
std::string seed_result_text(std::uint64_t seed, const SeedCheck& check) {
  std::string text = fmt::format("seed {}\n", seed);
  for (const ModuleReport& r : check.reports) {
    text += fmt::format("{} {} {} {} {}\n", r.info.id, r.tries, r.proof.method_text(), r.proof.passed, r.proof.cases);
    for (const auto& row : r.tally.rows())
      if (row.rejected > 0) text += fmt::format("  {} {}\n", row.rejected, row.reason);
  }
  return text + "failure " + check.failure + "\n";
}

// What a sweep reports, over any run of seeds: a chunk's (as JSON, core/range.hpp, so it can be
// checkpointed) and the whole range's are the same totals, the whole folded from its chunks.
struct SweepTotals {
  std::vector<std::string> digests;  // a chunk's: one per seed, in seed order (add)
  Digest digest;  // the range's: over every seed's digest in seed order, the same for any --jobs or chunk size (merge)
  std::vector<std::string> failures;
  bool has_seed_one = false;
  std::vector<Tally> tallies = std::vector<Tally>(Catalog::size);
  std::vector<std::uint64_t> max_tries = std::vector<std::uint64_t>(Catalog::size, 0);
  std::vector<std::string> methods = std::vector<std::string>(Catalog::size);

  void add(std::uint64_t seed, const SeedCheck& r) {
    digests.push_back(digest_hex(seed_result_text(seed, r)));
    has_seed_one = has_seed_one || seed == 1;
    if (!r.failure.empty()) failures.push_back(r.failure);
    for (std::size_t m = 0; m < r.reports.size(); ++m)
      add_module(m, r.reports[m].tally, r.reports[m].tries,
                 r.reports[m].proof.method == ProofMethod::Sampled ? "sampled" : r.reports[m].proof.method_text());
  }
  void add_module(std::size_t m, const Tally& tally, std::uint64_t tries, const std::string& method) {
    tallies[m].merge(tally);
    max_tries[m] = std::max(max_tries[m], tries);
    if (!method.empty()) methods[m] = method;
  }
  nlohmann::json to_json() const {
    nlohmann::json j = {
        {"digests", digests}, {"failures", failures}, {"seed_one", has_seed_one}, {"modules", nlohmann::json::array()}};
    for (std::size_t m = 0; m < Catalog::size; ++m)
      j["modules"].push_back({{"tally", tallies[m].to_json()}, {"max_tries", max_tries[m]}, {"method", methods[m]}});
    return j;
  }
  void merge(const nlohmann::json& chunk) {
    for (const auto& d : chunk.at("digests")) digest.add(d.get<std::string>());
    for (const auto& f : chunk.at("failures")) failures.push_back(f.get<std::string>());
    has_seed_one = has_seed_one || chunk.at("seed_one").get<bool>();
    for (std::size_t m = 0; m < Catalog::size; ++m) {
      const auto& module = chunk.at("modules").at(m);
      add_module(m, Tally::from_json(module.at("tally"), "checkpoint"), module.at("max_tries").get<std::uint64_t>(),
                 module.at("method").get<std::string>());
    }
  }
};

// A chunk of a sweep: its seeds checked in parallel, their totals as JSON.
nlohmann::json check_chunk(const SeedList& seeds, std::uint64_t first, std::uint64_t n, unsigned jobs,
                           Progress& progress) {
  const auto results = run_batch<SeedCheck>(
      static_cast<std::size_t>(n), [&](std::size_t i) { return check_seed(static_cast<int>(seeds.at(first + i))); },
      {.jobs = jobs, .progress = &progress});
  SweepTotals chunk;
  for (std::size_t i = 0; i < results.size(); ++i) chunk.add(seeds.at(first + i), results[i]);
  return chunk.to_json();
}

struct CheckArgs {
  std::string seeds;
  unsigned jobs = 0;
  RangeArgs range;
};

void run_check(const CheckArgs& args) {
  const SeedList seeds = parse_seed_list(
      args.seeds, {.min = static_cast<std::uint64_t>(kMinRuleSeed), .max = static_cast<std::uint64_t>(kMaxRuleSeed)});
  const std::uint64_t count = seeds.count();
  Progress progress("seeds", count);
  const RangeOptions options = range_options(args.range, &progress);
  const auto start = std::chrono::steady_clock::now();

  // The range runs a chunk at a time (each in parallel over --jobs, and under MPI one per rank)
  // and chunks are folded into the totals in order, so a sweep of all 999,999 seeds holds a few
  // chunks of reports in memory, not a million.
  SweepTotals totals;
  const RangeRun run{.name = "bomb check",
                     .params = fmt::format("generator {}", kGeneratorVersion),
                     .range = seeds.text(),
                     .count = count,
                     .chunk = chunk_size(args.range, count, 4096)};
  const auto report = run_range(
      run, [&](std::uint64_t first, std::uint64_t n) { return check_chunk(seeds, first, n, args.jobs, progress); },
      [&](const nlohmann::json& chunk) { totals.merge(chunk); }, options);
  if (!report) return;  // a worker rank: rank 0 reports
  progress.finish();
  print_range_timing(run, args.range, *report, start);

  fmt::print("seeds {}: {} rule books rebuilt and audited\n", seeds.text(), count);
  if (totals.has_seed_one)
    fmt::print("(seed 1 is frozen: read from data/bomb/seed-1.json, then filtered, proven and audited)\n");
  for (std::size_t m = 0; m < Catalog::size; ++m) {
    const Tally& t = totals.tallies[m];
    const std::uint64_t books = t.accepted();
    fmt::print("\n{}, {}: {:.2f} tries per seed, at most {}\n", Catalog::infos[m].name, totals.methods[m],
               books ? static_cast<double>(t.tries()) / static_cast<double>(books) : 0.0, totals.max_tries[m]);
    for (const auto& row : t.rows())
      if (row.rejected > 0) fmt::print("  rejected {:>6}  {}\n", row.rejected, row.reason);
  }
  fmt::print("digest {}\n", totals.digest.hex());
  std::fflush(stdout);
  if (!totals.failures.empty()) {
    std::string message = fmt::format("{} seed(s) failed", totals.failures.size());
    for (const auto& f : totals.failures) message += "\n  " + f.substr(0, f.find('\n'));
    throw Failure(message);
  }
}

}  // namespace

void Game::add_commands(CLI::App& group) {
  struct ManualArgs {
    std::string seed = "1", format = "json", out;
  };
  auto manual_args = std::make_shared<ManualArgs>();
  CLI::App* manual = group.add_subcommand(
      "manual", "the manual of a rule seed: printable html, md, or json (the rule book file `play` reads)");
  manual->add_option("--seed", manual_args->seed, "rule seed, 1..999999")->capture_default_str();
  manual->add_option("--format", manual_args->format, "html (one printable page), md or json (the rule book)")
      ->capture_default_str();
  manual->add_option("--out", manual_args->out, "write here (default: stdout)");
  manual->callback([manual_args] { run_manual(manual_args->seed, manual_args->format, manual_args->out); });

  auto deal_args = std::make_shared<DealArgs>();
  CLI::App* deal = group.add_subcommand("deal", "deal a bomb: edgework, modules and what each shows");
  deal->add_option("--seed", deal_args->seed, "rule seed (the manual), 1..999999")->capture_default_str();
  deal->add_option("--bomb-seed", deal_args->bomb_seed, "bomb seed (the case), 1..999999999")->required();
  add_setup_options(*deal, *deal_args);
  deal->add_flag("--json", deal_args->json, "print JSON");
  deal->callback([deal_args] { run_deal(*deal_args); });

  auto play_args = std::make_shared<DealArgs>();
  CLI::App* play = group.add_subcommand(
      "autoplay", "defuse a dealt bomb by the hints, printed as the moves `play` takes; exit 1 on any strike");
  play->add_option("--seed", play_args->seed, "rule seed (the manual), 1..999999")->capture_default_str();
  play->add_option("--bomb-seed", play_args->bomb_seed, "bomb seed (the case), 1..999999999")->required();
  add_setup_options(*play, *play_args);
  play->add_option("--log", play_args->log, "also write the run log (JSON) here, for `bomb replay`");
  play->callback([play_args] { run_autoplay(*play_args); });

  auto replay_path = std::make_shared<std::string>();
  CLI::App* replay = group.add_subcommand(
      "replay", "verify a run log by replaying it on the dealt bomb; exit 0 verified, 1 refused (says why)");
  replay->add_option("LOG", *replay_path, "the run log (JSON: docs/bomb.md, \"Run logs\")")->required();
  replay->callback([replay_path] { run_replay(*replay_path); });

  auto check_args = std::make_shared<CheckArgs>();
  CLI::App* check = group.add_subcommand("check", "rebuild and audit the rule books of some rule seeds");
  check->add_option("--seeds", check_args->seeds, "A, A..B or a comma list of those (1..999999)")->required();
  add_jobs_option(*check, check_args->jobs);
  add_range_options(*check, check_args->range);
  check->callback([check_args] { run_check(*check_args); });
}

}  // namespace proven::bomb

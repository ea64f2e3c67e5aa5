#include "bomb/cli.hpp"

#include <chrono>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/check.hpp"
#include "bomb/render.hpp"
#include "bomb/rulebook.hpp"
#include "core/command.hpp"
#include "core/batch.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/progress.hpp"

namespace proven::bomb {
namespace {

struct SeedRange {
  int first = 0;
  int last = 0;
};

// "A..B" or a single seed "A"; both ends valid rule seeds, A <= B.
SeedRange parse_seed_range(const std::string& text) {
  const auto dots = text.find("..");
  if (dots == std::string::npos) {
    const int seed = parse_rule_seed(text);
    return {seed, seed};
  }
  const SeedRange range{parse_rule_seed(text.substr(0, dots)), parse_rule_seed(text.substr(dots + 2))};
  if (range.first > range.last) throw UserError("--seeds " + text + ": the first seed is larger than the last");
  return range;
}

std::string clock_text(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

void run_manual(const std::string& seed_text, const std::string& format, const std::string& out) {
  const int seed = parse_rule_seed(seed_text);
  if (format != "json" && format != "md" && format != "html")
    throw UserError("--format " + format + ": expected html, md or json");
  const RuleBook book = build_rule_book(seed, 0);  // one book: its modules on every core
  if (format == "md" || format == "html") {
    emit(out, format == "md" ? render_markdown(book) : render_html(book));
    return;
  }
  nlohmann::json j = to_json(book);
  j["fingerprint"] = fingerprint(book);
  emit(out, json_text(j));
}

std::string deal_text(const Bomb& bomb) {
  std::string text = fmt::format("bomb {} for manual {} (fingerprint {})\n", bomb.bomb_seed, bomb.rule_seed, bomb.fingerprint);
  text += fmt::format("timer {}, {} strikes explode it\n{}\n", clock_text(bomb.timer_ms), bomb.strike_limit, describe(bomb.edgework));
  for (std::size_t i = 0; i < bomb.modules.size(); ++i) {
    const ModuleInfo& info = info_of(bomb.modules[i]);
    text += fmt::format("{:>2}. {}{}: {}\n", i + 1, info.name, info.kind == ModuleKind::Needy ? " (needy)" : "", show(bomb.modules[i]));
  }
  return text;
}

struct DealArgs {
  std::string seed = "1";
  std::string bomb_seed;
  int modules = static_cast<int>(Catalog::size);
  bool json = false;
};

void run_deal(const DealArgs& args) {
  const int seed = parse_rule_seed(args.seed);
  const std::uint64_t bomb_seed = parse_bomb_seed(args.bomb_seed);
  const RuleBook book = build_rule_book(seed, 0);  // one book: its modules on every core
  const Bomb bomb = deal_bomb(book, bomb_seed, args.modules);
  fmt::print("{}", args.json ? json_text(to_json(bomb)) : deal_text(bomb));
}

void run_autoplay(const DealArgs& args) {
  const int seed = parse_rule_seed(args.seed);
  const std::uint64_t bomb_seed = parse_bomb_seed(args.bomb_seed);
  const RuleBook book = build_rule_book(seed, 0);  // one book: its modules on every core
  const Bomb bomb = deal_bomb(book, bomb_seed, args.modules);
  const AutoplayResult run = autoplay(book, bomb);
  fmt::print("{}", deal_text(bomb));
  static constexpr std::string_view kOutcomes[] = {"", " -> STRIKE", " -> solved"};
  for (const auto& step : run.log) {
    const ModuleInfo& info = info_of(bomb.modules[step.slot]);
    const std::string what = step.action.is_wait() ? "timed event" : describe(step.action);
    fmt::print("[{} {}] {:>2}. {}: {}{}\n", clock_text(step.clock_ms), fmt::format("t={:.2f}s", static_cast<double>(step.at_ms) / 1000.0),
               step.slot + 1, info.name, what, kOutcomes[static_cast<std::size_t>(step.outcome)]);
  }
  fmt::print("{} after {:.2f} s of bomb time with {} strike(s)\n", run.end, static_cast<double>(run.elapsed_ms) / 1000.0, run.strikes);
  if (!run.defused) throw Failure(fmt::format("bomb {} under manual {}: {} with {} strike(s)", bomb_seed, seed, run.end, run.strikes));
}

void run_check(const std::string& seeds_text, unsigned jobs) {
  const SeedRange range = parse_seed_range(seeds_text);
  const auto count = static_cast<std::size_t>(range.last - range.first + 1);
  Progress progress("seeds", count);
  const auto start = std::chrono::steady_clock::now();

  // Seeds run a block at a time and each block is folded into the totals before the next, so a
  // sweep of all 999,999 seeds holds one block of reports in memory, not a million.
  constexpr std::size_t kBlock = 4096;
  std::vector<std::string> failures;
  std::vector<Tally> tallies(Catalog::size);
  std::vector<std::uint64_t> max_tries(Catalog::size, 0);
  std::vector<std::string> methods(Catalog::size);
  for (std::size_t first = 0; first < count; first += kBlock) {
    const std::size_t block = std::min(kBlock, count - first);
    const auto results = run_batch<SeedCheck>(
        block, [&](std::size_t i) { return check_seed(range.first + static_cast<int>(first + i)); },
        {.jobs = jobs, .progress = &progress});
    for (const auto& r : results) {
      if (!r.failure.empty()) failures.push_back(r.failure);
      for (std::size_t m = 0; m < r.reports.size(); ++m) {
        tallies[m].merge(r.reports[m].tally);
        max_tries[m] = std::max(max_tries[m], r.reports[m].tries);
        methods[m] = r.reports[m].proof.method == ProofMethod::Sampled ? "sampled" : r.reports[m].proof.method_text();
      }
    }
  }
  progress.finish();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  fmt::print("seeds {}..{}: {} rule books rebuilt and audited in {:.2f} s\n", range.first, range.last, count, seconds);
  if (range.first == 1) fmt::print("(seed 1 is frozen: read from data/bomb/seed-1.json, then filtered, proven and audited)\n");
  for (std::size_t m = 0; m < Catalog::size; ++m) {
    const Tally& t = tallies[m];
    const std::uint64_t books = t.accepted();
    fmt::print("\n{}, {}: {:.2f} tries per seed, at most {}\n", Catalog::infos[m].name, methods[m],
               books ? static_cast<double>(t.tries()) / static_cast<double>(books) : 0.0, max_tries[m]);
    for (const auto& row : t.rows())
      if (row.rejected > 0) fmt::print("  rejected {:>6}  {}\n", row.rejected, row.reason);
  }
  if (!failures.empty()) {
    std::string message = fmt::format("{} seed(s) failed", failures.size());
    for (const auto& f : failures) message += "\n  " + f.substr(0, f.find('\n'));
    throw Failure(message);
  }
}

cli::BenchReport run_bench(unsigned jobs) {
  constexpr int kSeeds = 100;
  const auto start = std::chrono::steady_clock::now();
  const auto books = run_batch<std::string>(
      kSeeds, [](std::size_t i) { return json_text(to_json(build_rule_book(static_cast<int>(i) + 2))); }, {.jobs = jobs, .progress = nullptr});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Digest digest;
  for (const auto& b : books) digest.add(b);
  return {.figures = {{"rule books (seeds 2..101)", std::to_string(kSeeds)},
                      {"ms per rule book (wall)", fmt::format("{:.2f}", 1000.0 * seconds / kSeeds)}},
          .digest = digest.hex()};
}

void add_commands(CLI::App& group) {
  struct ManualArgs {
    std::string seed = "1", format = "json", out;
  };
  auto manual_args = std::make_shared<ManualArgs>();
  CLI::App* manual = group.add_subcommand("manual", "the manual of a rule seed: printable html, md, or the rules as json");
  manual->add_option("--seed", manual_args->seed, "rule seed, 1..999999")->capture_default_str();
  manual->add_option("--format", manual_args->format, "html (one printable page), md or json (the rules as data)")->capture_default_str();
  manual->add_option("--out", manual_args->out, "write here (default: stdout)");
  manual->callback([manual_args] { run_manual(manual_args->seed, manual_args->format, manual_args->out); });

  auto deal_args = std::make_shared<DealArgs>();
  CLI::App* deal = group.add_subcommand("deal", "deal a bomb: edgework, modules and what each shows");
  deal->add_option("--seed", deal_args->seed, "rule seed (the manual), 1..999999")->capture_default_str();
  deal->add_option("--bomb-seed", deal_args->bomb_seed, "bomb seed (the case), 1..999999999")->required();
  deal->add_option("--modules", deal_args->modules, "how many catalog modules (1..14)")->capture_default_str();
  deal->add_flag("--json", deal_args->json, "print JSON");
  deal->callback([deal_args] { run_deal(*deal_args); });

  auto play_args = std::make_shared<DealArgs>();
  CLI::App* play = group.add_subcommand("autoplay", "defuse a dealt bomb by the hints; exit 1 on any strike");
  play->add_option("--seed", play_args->seed, "rule seed (the manual), 1..999999")->capture_default_str();
  play->add_option("--bomb-seed", play_args->bomb_seed, "bomb seed (the case), 1..999999999")->required();
  play->add_option("--modules", play_args->modules, "how many catalog modules (1..14)")->capture_default_str();
  play->callback([play_args] { run_autoplay(*play_args); });

  struct CheckArgs {
    std::string seeds;
    unsigned jobs = 0;
  };
  auto check_args = std::make_shared<CheckArgs>();
  CLI::App* check = group.add_subcommand("check", "rebuild and audit the rule books of a seed range");
  check->add_option("--seeds", check_args->seeds, "A..B (or one seed)")->required();
  add_jobs_option(*check, check_args->jobs);
  check->callback([check_args] { run_check(check_args->seeds, check_args->jobs); });
}

}  // namespace

cli::GameEntry cli_entry() {
  return {.name = "bomb",
          .summary = "rule-seeded bomb manual: 14 modules whose rules are proven by playing their own hints",
          .generator_version = std::to_string(kGeneratorVersion),
          .add_commands = add_commands,
          .bench = run_bench};
}

}  // namespace proven::bomb

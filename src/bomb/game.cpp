#include "bomb/game.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "bomb/proof.hpp"
#include "core/batch.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"

namespace proven::bomb {

std::string clock_text(std::int64_t ms) {
  const std::int64_t s = std::max<std::int64_t>(0, ms) / 1000;
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string deal_text(const Bomb& bomb) {
  std::string text =
      fmt::format("bomb {} for manual {} (fingerprint {})\n", bomb.bomb_seed, bomb.rule_seed, bomb.fingerprint);
  text += fmt::format("timer {}, {} strike{} explode{} it\n{}\n", clock_text(bomb.timer_ms), bomb.strike_limit,
                      bomb.strike_limit == 1 ? "" : "s", bomb.strike_limit == 1 ? "s" : "", describe(bomb.edgework));
  for (std::size_t i = 0; i < bomb.modules.size(); ++i) {
    const ModuleInfo& info = info_of(bomb.modules[i]);
    text += fmt::format("{:>2}. {}{}: {}\n", i + 1, info.name, info.kind == ModuleKind::Needy ? " (needy)" : "",
                        show(bomb.modules[i]));
  }
  return text;
}

Bomb deal_item(const RuleBook& book, std::size_t item) {
  PROVEN_CHECK(item < kMaxBombSeed, "bomb item out of range");
  return deal_bomb(book, item + 1, static_cast<int>(Catalog::size));
}

Game::Document rule_book_document(const RuleBook& book) {
  return {.seed = std::to_string(book.seed), .params = {}, .book = book, .fingerprint = fingerprint(book)};
}

Game::Params Game::params_from_json(const nlohmann::json& json) {
  if (!json.is_object() || !json.empty()) throw UserError("params: a rule book takes no parameters (expected {})");
  return {};
}

Made<Game::Document> Game::generate(const std::string& seed, const Params&, const RunOptions& run) {
  const int rule_seed = parse_rule_seed(seed);
  if (run.progress) run.progress->set_total(1);
  const RuleBook book = build_rule_book(rule_seed, run.jobs);
  // One tally for the book: each module's rejections under its own name.
  Tally tally;
  std::string report = rule_seed == 1 ? "rule seed 1 is the frozen standard manual (data/bomb/seed-1.json)\n" : "";
  for (const ModuleReport& r : book.reports) {
    for (const auto& row : r.tally.rows()) {
      const std::string reason = fmt::format("{}: {}", r.info.name, row.reason);
      tally.declare(reason);
      tally.reject(reason, row.rejected);
    }
    tally.accept(r.tally.accepted());
    report += fmt::format("{}: {}, {} tries\n", r.info.name, r.proof.method_text(), r.tries);
  }
  report += tally.table();
  return {.document = rule_book_document(book), .tally = std::move(tally), .report = std::move(report)};
}

Game::Document Game::from_json(const Envelope& envelope, const nlohmann::json& body) {
  int seed = 0;
  try {
    seed = parse_rule_seed(envelope.seed);
  } catch (const UserError& e) {
    throw UserError(fmt::format("seed: {}", e.what()));
  }
  const Params params = params_from_json(envelope.params);
  RuleBookBody read = rule_book_from_body(seed, body);
  return {.seed = envelope.seed,
          .params = params,
          .book = std::move(read.book),
          .fingerprint = std::move(read.fingerprint)};
}

std::vector<std::string> Game::verify(const Document& doc, const VerifyOptions& options) {
  std::vector<std::string> problems;
  const int seed = doc.book.seed;
  const std::string computed = fingerprint(doc.book);
  if (doc.fingerprint != computed)
    problems.push_back(fmt::format("fingerprint: the file says {}, its rules give {}", doc.fingerprint, computed));
  // What the seed promises: seed 1 is the frozen standard manual; any other seed is what this
  // generator version makes of it.
  std::optional<RuleBook> expected;
  try {
    expected = seed == 1 ? frozen_seed_one() : generate_rule_book(seed, 1);
  } catch (const GenerationFailed& e) {
    problems.push_back(fmt::format("rule seed {}: this build cannot generate it ({})", seed, e.what()));
  }
  const std::string source = seed == 1 ? std::string("the frozen standard rules of seed 1")
                                       : fmt::format("the rules rule seed {} generates", seed);
  const Rng proof_root = Rng::from_seed(static_cast<std::uint64_t>(seed)).fork("verify");
  std::string proven;  // per module, how its rules were proven
  for_each_module([&]<class M>() {
    const auto& rules = doc.book.rules_of<M>();
    if (expected && !(rules == expected->rules_of<M>()))
      problems.push_back(fmt::format("module {}: its rules are not {}", M::kInfo.name, source));
    if (const auto reason = M::dull(rules))
      problems.push_back(
          fmt::format("module {}: the interesting-rules filter rejects it ({})", M::kInfo.name, *reason));
    if constexpr (has_rules<M>()) {
      const ProofResult proof = check_module_solvable<M>(rules, proof_root.fork(M::kInfo.id));
      if (!proof.passed)
        problems.push_back(fmt::format("module {}: the proof by its own hints fails (case {} ended {})", M::kInfo.name,
                                       proof.failing_case, name(proof.failure)));
      proven += fmt::format("\n  {}: proven by its own hints, {}", M::kInfo.name, proof.method_text());
    } else {
      proven += fmt::format("\n  {}: no rules to prove", M::kInfo.name);
    }
  });
  // The document's items are bombs dealt from the rule book on demand: verify deals none, so it
  // says what it did check rather than a count of bombs.
  if (options.notes && problems.empty())
    options.notes->verified = fmt::format(
        "rule book of rule seed {} verified: fingerprint {} matches its rules; its rules are {}; each "
        "of its {} modules passes the interesting-rules filter and its proof (verify deals no bomb: "
        "bombs are dealt from the rule book on demand){}",
        seed, computed, source, Catalog::size, proven);
  return problems;
}

std::string Game::show_text(const Document& doc, std::size_t item) { return deal_text(deal_item(doc.book, item)); }

std::vector<std::string> Game::solution(const Document& doc, std::size_t item) {
  return autoplay(doc.book, deal_item(doc.book, item)).moves;
}

BenchReport Game::bench(unsigned jobs) {
  constexpr int kSeeds = 100;
  const auto start = std::chrono::steady_clock::now();
  const auto books = run_batch<std::string>(
      kSeeds, [](std::size_t i) { return json_text(to_json(build_rule_book(static_cast<int>(i) + 2))); },
      {.jobs = jobs, .progress = nullptr});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Digest digest;
  for (const auto& b : books) digest.add(b);
  return {.figures = {{"rule books (seeds 2..101)", std::to_string(kSeeds)},
                      {"ms per rule book (wall)", fmt::format("{:.2f}", 1000.0 * seconds / kSeeds)}},
          .digest = digest.hex()};
}

}  // namespace proven::bomb

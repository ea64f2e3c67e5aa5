#include "bomb/rulebook.hpp"

#include <array>
#include <charconv>
#include <functional>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/batch.hpp"
#include "core/check.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"

namespace proven::bomb {

int parse_rule_seed(std::string_view text) {
  const std::string message = "rule seed must be a whole number from 1 to 999999 (got '" + std::string(text) + "')";
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < kMinRuleSeed || value > kMaxRuleSeed)
    throw UserError(message);
  return value;
}

namespace {

// The order the jobs claim the modules in (catalog indices): the slowest builds first (Passcode,
// Labyrinth, Word Grid, Recall, Wires: bomb_bench's BM_Build), so two threads finish together.
// The book does not depend on it; which failure is reported when two modules fail does (the first
// in this order, for any job count).
constexpr std::array<std::size_t, Catalog::size> kBuildOrder = {7, 6, 4, 5, 0, 1, 10, 9, 11, 12, 8, 3, 2, 13};
static_assert(
    [] {
      std::array<bool, Catalog::size> seen{};
      for (const std::size_t i : kBuildOrder) {
        if (i >= Catalog::size || seen[i]) return false;
        seen[i] = true;
      }
      return true;
    }(),
    "kBuildOrder must list every module once");

void check_seed_range(int seed) {
  if (seed < kMinRuleSeed || seed > kMaxRuleSeed)
    throw UserError("rule seed must be a whole number from 1 to 999999 (got '" + std::to_string(seed) + "')");
}

}  // namespace

RuleBook build_rule_book(int seed, unsigned jobs) {
  check_seed_range(seed);
  if (seed == 1) return frozen_seed_one();
  return generate_rule_book(seed, jobs);
}

RuleBook frozen_seed_one() {
  // Parsed once; the text is compiled in (src/bomb/CMakeLists.txt), so no file is read at run time.
  static const RuleBook book = [] {
    Envelope expected = rule_book_envelope(1);
    const OpenedDocument opened = open_document(nlohmann::json::parse(frozen_seed_one_text()), expected, "bomb manual");
    PROVEN_CHECK(opened.envelope.seed == "1", "data/bomb/seed-1.json is not seed 1");
    RuleBookBody read = rule_book_from_body(1, opened.body);
    PROVEN_CHECK(read.fingerprint == fingerprint(read.book),
                 "data/bomb/seed-1.json: its fingerprint is not its rules'");
    return read.book;
  }();
  return book;
}

namespace {

// The modules array of a rule book, in catalog order; reports say "frozen" (read, not generated).
RuleBook modules_from_json(int seed, const nlohmann::json& modules_json, const std::string& where) {
  using namespace json_read;
  RuleBook book;
  book.seed = seed;
  const auto& modules = array(modules_json, Catalog::size, Catalog::size, where);
  std::size_t i = 0;
  for_each_module([&]<class M>() {
    const std::string mw = at(where, i);
    if (text(field(modules[i], "id", mw), at(mw, "id")) != M::kInfo.id)
      fail(at(mw, "id"), "expected \"" + std::string(M::kInfo.id) + "\" (modules are in catalog order)");
    // The name and the needy flag are the catalog's, as the manual prints them: a file that says
    // otherwise is not this build's rule book (they are not rules, so no proof would notice).
    if (text(field(modules[i], "name", mw), at(mw, "name")) != M::kInfo.name)
      fail(at(mw, "name"),
           "expected \"" + std::string(M::kInfo.name) + "\", the catalog's name of module " + std::string(M::kInfo.id));
    const bool needy = M::kInfo.kind == ModuleKind::Needy;
    if (boolean(field(modules[i], "needy", mw), at(mw, "needy")) != needy)
      fail(at(mw, "needy"), std::string("expected ") + (needy ? "true" : "false") + ": module " +
                                std::string(M::kInfo.id) + " is " + (needy ? "needy" : "regular") + " in the catalog");
    for (const auto& [key, value] : modules[i].items()) {
      (void)value;
      if (key != "id" && key != "name" && key != "needy" && key != "rules") fail(mw, "unknown field \"" + key + "\"");
    }
    std::get<typename M::Rules>(book.rules) = M::from_json(field(modules[i], "rules", mw), std::string(M::kInfo.id));
    ProofResult frozen;
    frozen.passed = true;
    frozen.method = has_rules<M>() ? ProofMethod::Frozen : ProofMethod::NotNeeded;
    book.reports.push_back({M::kInfo, 0, Tally{}, frozen});
    ++i;
  });
  return book;
}

}  // namespace

std::string fingerprint(const RuleBook& book) {
  // Every dealt bomb and every run-log replay asks it of the same book: the last book's answer,
  // per thread, is kept (comparing the rules is far cheaper than writing and hashing their JSON).
  struct Last {
    int seed = 0;
    Catalog::RulesTuple rules;
    std::string fingerprint;
  };
  thread_local std::optional<Last> last;
  if (last && last->seed == book.seed && last->rules == book.rules) return last->fingerprint;
  std::string hex = digest_hex(json_text(to_json(book))).substr(0, 8);
  for (char& c : hex) c = static_cast<char>(c >= 'a' && c <= 'f' ? c - 'a' + 'A' : c);
  std::string computed = hex.substr(0, 4) + "-" + hex.substr(4);
  last = Last{book.seed, book.rules, computed};
  return computed;
}

RuleBook rule_book_from_json(const nlohmann::json& j) {
  using namespace json_read;
  const std::string where = "rule book";
  if (text(field(j, "format", where), at(where, "format")) != "proven-bomb-rules/1")
    fail(at(where, "format"), "expected \"proven-bomb-rules/1\"");
  const int seed = integer(field(j, "seed", where), kMinRuleSeed, kMaxRuleSeed, at(where, "seed"));
  return modules_from_json(seed, field(j, "modules", where), at(where, "modules"));
}

nlohmann::json rule_book_body(const RuleBook& book) {
  return {{"fingerprint", fingerprint(book)}, {"modules", to_json(book)["modules"]}};
}

RuleBookBody rule_book_from_body(int seed, const nlohmann::json& body) {
  using namespace json_read;
  RuleBookBody out;
  out.fingerprint = text(field(body, "fingerprint", "body"), "body.fingerprint");
  out.book = modules_from_json(seed, field(body, "modules", "body"), "body.modules");
  for (const auto& [key, value] : body.items()) {
    (void)value;
    if (key != "fingerprint" && key != "modules") fail("body", "unknown field \"" + key + "\"");
  }
  return out;
}

Envelope rule_book_envelope(int seed) {
  return {.format = std::string(kRuleBookFormat),
          .game = "bomb",
          .generator_version = std::to_string(kGeneratorVersion),
          .seed = std::to_string(seed),
          .params = nlohmann::json::object()};
}

RuleBook generate_rule_book(int seed, unsigned jobs) {
  check_seed_range(seed);
  const Rng root = Rng::from_seed(static_cast<std::uint64_t>(seed));
  RuleBook book;
  book.seed = seed;
  book.reports.resize(Catalog::size);
  // One job per module, each drawing from its own fork and writing only its own slots, so the
  // book is the same for any job count (and so is the failure, when a module has one).
  std::array<std::function<void()>, Catalog::size> builds;
  std::size_t i = 0;
  for_each_module([&]<class M>() {
    builds[i] = [&book, &root, i] {
      ModuleBuild<M> build = build_module_rules<M>(root);
      std::get<typename M::Rules>(book.rules) = build.rules;
      book.reports[i] = std::move(build.report);
    };
    ++i;
  });
  run_indexed(Catalog::size, [&](std::size_t k) { builds[kBuildOrder[k]](); }, {.jobs = jobs});
  return book;
}

nlohmann::json to_json(const RuleBook& book) {
  auto modules = nlohmann::json::array();  // catalog order
  for_each_module([&]<class M>() {
    modules.push_back({{"id", std::string(M::kInfo.id)},
                       {"name", std::string(M::kInfo.name)},
                       {"needy", M::kInfo.kind == ModuleKind::Needy},
                       {"rules", M::to_json(book.rules_of<M>())}});
  });
  return {{"format", "proven-bomb-rules/1"}, {"seed", book.seed}, {"modules", modules}};
}

}  // namespace proven::bomb

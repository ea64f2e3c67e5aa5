#include "bomb/rulebook.hpp"

#include <charconv>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

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

RuleBook build_rule_book(int seed) {
  if (seed < kMinRuleSeed || seed > kMaxRuleSeed)
    throw UserError("rule seed must be a whole number from 1 to 999999 (got '" + std::to_string(seed) + "')");
  const Rng root = Rng::from_seed(static_cast<std::uint64_t>(seed));
  RuleBook book;
  book.seed = seed;
  for_each_module([&]<class M>() {
    ModuleBuild<M> build = build_module_rules<M>(root);
    std::get<typename M::Rules>(book.rules) = build.rules;
    book.reports.push_back(std::move(build.report));
  });
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

// Seed 1, the standard manual, is frozen in data/bomb/seed-1.json (a rule book in the core
// envelope) and read instead of generated.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/check.hpp"
#include "bomb/game.hpp"
#include "bomb/rulebook.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "support/breakages.hpp"

namespace proven::bomb::frozen_test {
namespace {

std::string data_file_text() {
  std::ifstream in(std::string(PROVEN_DATA_DIR) + "/bomb/seed-1.json", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(FrozenSeedOne, TheCompiledInCopyIsTheDataFileInCanonicalForm) {
  const std::string file = data_file_text();
  ASSERT_FALSE(file.empty());
  EXPECT_EQ(std::string(frozen_seed_one_text()), file);
  // parse -> write is the identity, envelope included
  EXPECT_EQ(json_text(document_to_json<Game>(rule_book_document(frozen_seed_one()))), file);
  const nlohmann::json j = nlohmann::json::parse(file);
  EXPECT_EQ(j["format"], "proven-bomb-rules/2");
  EXPECT_EQ(j["game"], "bomb");
  EXPECT_EQ(j["generator_version"], std::to_string(kGeneratorVersion));
  EXPECT_EQ(j["seed"], "1");
}

TEST(FrozenSeedOne, IsReadNotGenerated) {
  const RuleBook book = build_rule_book(1);
  EXPECT_EQ(book.seed, 1);
  const Game::Document doc = document_from_json<Game>(nlohmann::json::parse(frozen_seed_one_text()));
  EXPECT_EQ(json_text(to_json(book)), json_text(to_json(doc.book)));
  for (const auto& r : book.reports) {
    EXPECT_EQ(r.tries, 0u) << r.info.name;
    EXPECT_EQ(r.proof.method, r.info.id == "discharge-lever" ? ProofMethod::NotNeeded : ProofMethod::Frozen);
  }
}

// The pin: a change to the frozen rules must be made on purpose, here and in the data file,
// never by a generator change (build_rule_book(1) does not run the generators at all). The pin
// is over the rules' canonical form (to_json), which is what the file held before it moved into
// the envelope: the same digest says the rules did not move.
// Moved once on purpose, with generator 3 (was 11ceb985a36ed004, 11CE-B985): Word Grid's lists
// were cut after the last word a round can reach (no rule line that can never fire, so every
// answer stayed the same), and Labyrinth's markers are written as 1-based (column, row) like
// every other cell the manual and the bomb name, instead of 0-based (x, y).
TEST(FrozenSeedOne, ItsRulesAndFingerprintArePinned) {
  EXPECT_EQ(digest_hex(json_text(to_json(frozen_seed_one()))), "f15f5bcad53a6a57");
  EXPECT_EQ(fingerprint(frozen_seed_one()), "F15F-5BCA");
}

TEST(FrozenSeedOne, PassesEveryFilterAndProofAgainAndAnAudit) {
  const SeedCheck check = check_seed(1);  // filter + generator-strength proof + audit, on the frozen rules
  EXPECT_EQ(check.failure, "");
  const RuleBook book = frozen_seed_one();
  for_each_module([&]<class M>() {
    EXPECT_EQ(M::dull(book.rules_of<M>()), std::nullopt) << M::kInfo.name;
    if constexpr (has_rules<M>()) {
      const auto proof = check_module_solvable<M>(book.rules_of<M>(), Rng::from_key("frozen-test").fork(M::kInfo.id));
      EXPECT_TRUE(proof.passed) << M::kInfo.name << ": " << name(proof.failure);
    }
  });
}

TEST(FrozenSeedOne, BombsDealtAgainstItAreDefused) {
  const RuleBook book = build_rule_book(1);
  for (std::uint64_t bomb_seed : {1u, 7u, 2026u}) {
    const AutoplayResult run = autoplay(book, deal_bomb(book, bomb_seed, 14));
    EXPECT_TRUE(run.defused) << bomb_seed << ": " << run.end;
  }
}

TEST(RuleBookJson, EveryModuleRoundTripsThroughJson) {
  for (int seed : {2, 3, 40, 999'999}) {
    const RuleBook book = generate_rule_book(seed);
    const RuleBook back = rule_book_from_json(nlohmann::json::parse(json_text(to_json(book))));
    EXPECT_EQ(back.seed, seed);
    for_each_module(
        [&]<class M>() { EXPECT_EQ(back.rules_of<M>(), book.rules_of<M>()) << seed << " " << M::kInfo.name; });
  }
}

nlohmann::json& module_rules(nlohmann::json& j, std::size_t index) { return j["modules"][index]["rules"]; }

TEST(RuleBookJson, MalformedRuleBooksAreUserErrors) {
  const nlohmann::json valid = to_json(frozen_seed_one());
  using B = proven::testing::Breakage;
  const std::vector<B> breakages = {
      [](nlohmann::json& j) { j["format"] = "proven-bomb-rules/2"; },
      [](nlohmann::json& j) { j["seed"] = 0; },
      [](nlohmann::json& j) { j["seed"] = "1"; },
      [](nlohmann::json& j) { j.erase("modules"); },
      [](nlohmann::json& j) { j["modules"].erase(j["modules"].begin()); },
      [](nlohmann::json& j) { std::swap(j["modules"][0], j["modules"][1]); },
      [](nlohmann::json& j) { module_rules(j, 0)["lists"][0]["wires"] = 4; },
      [](nlohmann::json& j) {
        module_rules(j, 0)["lists"][1]["otherwise"] = {{"kind", "nth"}, {"position", 5}};
      },
      [](nlohmann::json& j) { module_rules(j, 0)["lists"][2]["lines"][0]["if"] = nlohmann::json::array(); },
      [](nlohmann::json& j) {
        module_rules(j, 0)["lists"][2]["lines"][0]["if"][0] = {{"kind", "last_is"}, {"colour", "purple"}};
      },
      [](nlohmann::json& j) { module_rules(j, 1)["release_digit_by_strip"]["red"] = 10; },
      [](nlohmann::json& j) { module_rules(j, 1)["lines"][0]["move"] = "push"; },
      [](nlohmann::json& j) { module_rules(j, 2)["columns"][0][1] = module_rules(j, 2)["columns"][0][0]; },
      [](nlohmann::json& j) { module_rules(j, 2)["columns"][3].erase(0); },
      [](nlohmann::json& j) { module_rules(j, 3)["tables"][4]["press"]["red"] = "black"; },
      [](nlohmann::json& j) { std::swap(module_rules(j, 3)["tables"][0], module_rules(j, 3)["tables"][5]); },
      [](nlohmann::json& j) { module_rules(j, 4)["read_position"]["SALT"] = 7; },
      [](nlohmann::json& j) { module_rules(j, 4)["priority"].erase("BAKE"); },
      [](nlohmann::json& j) {
        module_rules(j, 5)["stages"][2][1] = {{"kind", "position"}, {"value", 5}};
      },
      [](nlohmann::json& j) { module_rules(j, 6)["mazes"][0]["cells"][2][3] = "UX"; },
      [](nlohmann::json& j) { module_rules(j, 6)["mazes"][8]["markers"][0]["column"] = 7; },
      [](nlohmann::json& j) { module_rules(j, 7)["words"][3] = "BACONS"; },
      [](nlohmann::json& j) { module_rules(j, 8)["code"]["Q"] = ".-.-."; },
      [](nlohmann::json& j) { module_rules(j, 8)["words"][0]["khz"] = 3511; },
      [](nlohmann::json& j) { module_rules(j, 9)["table"][5]["instruction"] = "maybe"; },
      [](nlohmann::json& j) { module_rules(j, 9)["table"][5]["red"] = false; },
      [](nlohmann::json& j) { module_rules(j, 10)["cut_letters_by_occurrence"]["blue"][0] = "AD"; },
      [](nlohmann::json& j) { module_rules(j, 11)["prompts"][0]["answer"] = "maybe"; },
      [](nlohmann::json& j) { module_rules(j, 12)["patterns"][0]["lights"][1] = "ooo"; },
      [](nlohmann::json& j) { module_rules(j, 12)["patterns"][0]["direction"] = "north"; },
      [](nlohmann::json& j) {
        module_rules(j, 13) = {{"anything", 1}};
      },
  };
  proven::testing::expect_each_breakage_rejected(valid, breakages,
                                                 [](const nlohmann::json& j) { return rule_book_from_json(j); });
  try {
    nlohmann::json broken = valid;
    module_rules(broken, 0)["lists"][1]["otherwise"] = {{"kind", "nth"}, {"position", 5}};
    rule_book_from_json(broken);
  } catch (const UserError& e) {
    EXPECT_STREQ(e.what(), "wires.lists[1].otherwise.position: expected a whole number from 1 to 4");
  }
}

}  // namespace
}  // namespace proven::bomb::frozen_test

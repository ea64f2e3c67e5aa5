#include "prism/pack.hpp"

#include <gtest/gtest.h>

#include <set>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "support/breakages.hpp"
#include "core/io.hpp"

namespace proven::prism {
namespace {

const std::string kCampaign = std::string(PROVEN_DATA_DIR) + "/prism/campaign.json";

// The shipped campaign is re-proven from the file itself, on every test run.
TEST(PrismCampaign, ShippedCampaignVerifiesFromItsOwnData) {
  const Pack pack = pack_from_json(read_json_file(kCampaign));
  ASSERT_EQ(pack.levels.size(), 240u);
  const auto problems = verify_pack(pack);
  for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(PrismCampaign, ShippedCampaignHasTheOriginalsShape) {
  const Pack pack = pack_from_json(read_json_file(kCampaign));
  std::set<std::string> layouts;
  double previous_average = 0;
  std::size_t at = 0;
  for (const auto& spec : kChapters) {
    double sum = 0;
    for (int j = 0; j < spec.levels; ++j, ++at) {
      ASSERT_LT(at, pack.levels.size());
      const Level& l = pack.levels[at];
      EXPECT_EQ(l.chapter, spec.number);
      EXPECT_EQ(l.index, j);
      EXPECT_GE(l.par, spec.par_min);
      EXPECT_LE(l.par, spec.par_max);
      // The chapter's phenomenon happens in the solved board (recomputed, not trusted).
      const Board solved = with_rotations(l.board, l.solution);
      EXPECT_TRUE(shows(solved, trace(solved), spec.phenomenon)) << "level " << at + 1;
      EXPECT_TRUE(layouts.insert(canonical_layout(l.board)).second) << "level " << at + 1 << " repeats an earlier one";
      sum += l.par;
    }
    const double average = sum / spec.levels;
    EXPECT_GT(average, previous_average) << spec.name << ": average par must rise chapter by chapter";
    previous_average = average;
  }
  EXPECT_EQ(at, pack.levels.size());
}

TEST(PrismCampaign, GeneratorStillProducesTheShippedBytes) {
  // A generator change that alters seed 1 must regenerate data/prism/campaign.json and bump
  // kGeneratorVersion; this test makes such a change impossible to miss.
  const std::string shipped = read_file(kCampaign);
  EXPECT_EQ(json_text(to_json(generate_pack("1", {.only_chapter = std::nullopt, .jobs = 0}))), shipped);
}

TEST(PrismPack, ThreadCountNeverChangesTheBytes) {
  auto bytes = [](unsigned jobs) {
    return json_text(to_json(generate_pack("threads", {.only_chapter = 2, .jobs = jobs})));
  };
  const auto one = bytes(1);
  EXPECT_EQ(bytes(2), one);
  EXPECT_EQ(bytes(4), one);
}

TEST(PrismPack, CanonicalLayoutSeesTurnsAndMirrors) {
  const Board b = from_text(
      ">W/m..\n"
      "..*R##\n");
  Board turned{2, 3, std::vector<Cell>(6)};  // b turned a quarter clockwise, by hand
  turned.at(1, 0) = b.at(0, 0);
  turned.at(1, 1) = b.at(1, 0);
  turned.at(0, 1) = b.at(1, 1);
  turned.at(0, 2) = b.at(2, 1);
  Board mirrored = b;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) mirrored.at(2 - x, y) = b.at(x, y);
  EXPECT_EQ(canonical_layout(turned), canonical_layout(b));
  EXPECT_EQ(canonical_layout(mirrored), canonical_layout(b));
  Board other = b;
  other.at(2, 0) = Cell{Kind::Wall};
  EXPECT_NE(canonical_layout(other), canonical_layout(b));
}

TEST(PrismPack, VerifyNamesTheLevelAndTheBrokenPromise) {
  const auto json = to_json(generate_pack("tamper", {.only_chapter = 1, .jobs = 0}));
  auto problems_after = [&](auto&& change) {
    auto broken = json;
    change(broken);
    return verify_pack(pack_from_json(broken));
  };
  EXPECT_TRUE(problems_after([](nlohmann::json&) {}).empty());

  auto par = problems_after([](nlohmann::json& j) { j["levels"][3]["par"] = j["levels"][3]["par"].get<int>() + 1; });
  ASSERT_FALSE(par.empty());
  EXPECT_NE(par[0].find("level 4: par"), std::string::npos) << par[0];

  auto solution = problems_after([](nlohmann::json& j) {
    auto& r = j["levels"][5]["solution"][0];
    r = 1 - r.get<int>();  // chapter 1 pieces are mirrors: radix 2
  });
  ASSERT_FALSE(solution.empty());
  EXPECT_NE(solution[0].find("level 6: the stated solution is not the board's solution"), std::string::npos) << solution[0];

  // A crystal asking for another colour: nothing solves the board any more.
  auto crystal = problems_after([](nlohmann::json& j) {
    for (auto& row : j["levels"][1]["board"]) {
      auto text = row.get<std::string>();
      for (std::size_t i = 0; i + 1 < text.size(); i += 2)
        if (text[i] == '*') {
          text[i + 1] = text[i + 1] == 'R' ? 'G' : 'R';
          row = text;
          return;
        }
    }
  });
  ASSERT_FALSE(crystal.empty());
  EXPECT_NE(crystal[0].find("level 2: not exactly one solution (no solution)"), std::string::npos) << crystal[0];
}

TEST(PrismPack, MalformedPacksAreUserErrors) {
  const auto json = to_json(generate_pack("bad", {.only_chapter = 1, .jobs = 0}));
  const std::vector<proven::testing::Breakage> breakages = {
      [](nlohmann::json& j) { j = 3; },
      [](nlohmann::json& j) { j["format"] = "proven-prism-pack/999"; },
      [](nlohmann::json& j) { j["levels"] = "none"; },
      [](nlohmann::json& j) { j["levels"][0]["board"] = nlohmann::json::array(); },
      [](nlohmann::json& j) { j["levels"][0]["board"][0] = "?"; },
      [](nlohmann::json& j) { j["levels"][0]["board"][0] = "..."; },
      [](nlohmann::json& j) { j["levels"][0]["solution"].push_back(0); },
      [](nlohmann::json& j) { j["levels"][0]["solution"][0] = 9; },
      [](nlohmann::json& j) { j["levels"][0]["par"] = -1; },
      [](nlohmann::json& j) { j["levels"][0]["chapter"] = 7; },
  };
  proven::testing::expect_each_breakage_rejected(json, breakages, [](const nlohmann::json& j) { return pack_from_json(j); });
}

}  // namespace
}  // namespace proven::prism

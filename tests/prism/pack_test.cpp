#include "prism/pack.hpp"
#include "prism/game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "support/breakages.hpp"
#include "support/sanitized.hpp"

namespace proven::prism {
namespace {

const std::string kCampaign = std::string(PROVEN_DATA_DIR) + "/prism/campaign.json";

Pack read_pack(const std::string& path) { return document_from_json<Game>(read_json_file(path)); }
std::string pack_text(const Pack& pack) { return json_text(document_to_json<Game>(pack)); }

// Whether some problem line contains `text`.
bool names(const std::vector<std::string>& problems, const std::string& text) {
  return std::ranges::any_of(problems, [&](const std::string& p) { return p.find(text) != std::string::npos; });
}
std::string all(const std::vector<std::string>& problems) {
  std::string out;
  for (const auto& p : problems) out += p + "\n";
  return out;
}

// The shipped campaign is re-proven from the file itself, on every test run.
TEST(PrismCampaign, ShippedCampaignVerifiesFromItsOwnData) {
  const Pack pack = read_pack(kCampaign);
  ASSERT_EQ(pack.levels.size(), 240u);
  const auto problems = verify_pack(pack);
  for (const auto& p : problems) ADD_FAILURE() << p;
}

TEST(PrismCampaign, ShippedCampaignHasTheOriginalsShape) {
  const Pack pack = read_pack(kCampaign);
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
  if (!proven::testing::kSanitized) {
    EXPECT_EQ(pack_text(generate_pack("1", {.only_chapter = std::nullopt, .jobs = 0})), read_file(kCampaign));
    return;
  }
  // Under sanitizers the first chapter alone (a tenth of the work): nothing before it can take
  // its layouts, so it must come out as the campaign's first chapter, level for level.
  const nlohmann::json first = pack_body_json(generate_pack("1", {.only_chapter = 1, .jobs = 0}));
  const nlohmann::json shipped = pack_body_json(read_pack(kCampaign));
  ASSERT_FALSE(first["levels"].empty());
  for (std::size_t i = 0; i < first["levels"].size(); ++i) EXPECT_EQ(first["levels"][i], shipped["levels"][i]);
  EXPECT_EQ(first["tallies"][0], shipped["tallies"][0]);
}

TEST(PrismPack, ThreadCountNeverChangesTheBytes) {
  auto bytes = [](unsigned jobs) { return pack_text(generate_pack("threads", {.only_chapter = 2, .jobs = jobs})); };
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

// One chapter-1 pack, generated once for every tamper below.
const nlohmann::json& chapter_one_json() {
  static const nlohmann::json json = document_to_json<Game>(generate_pack("tamper", {.only_chapter = 1, .jobs = 0}));
  return json;
}

std::vector<std::string> problems_after(const std::function<void(nlohmann::json&)>& change) {
  nlohmann::json broken = chapter_one_json();
  change(broken);
  return verify_pack(document_from_json<Game>(broken));
}

TEST(PrismVerify, AnUntouchedPackKeepsEveryPromise) {
  const auto problems = problems_after([](nlohmann::json&) {});
  EXPECT_TRUE(problems.empty()) << all(problems);
}

TEST(PrismVerify, NamesTheLevelAndTheBrokenProof) {
  auto par = problems_after([](nlohmann::json& j) {
    auto& p = j["body"]["levels"][3]["par"];
    p = p.get<int>() + 1;
  });
  EXPECT_TRUE(names(par, "level 4: par: par")) << all(par);
  EXPECT_TRUE(names(par, "level 4: target par:")) << all(par);

  auto solution = problems_after([](nlohmann::json& j) {
    auto& r = j["body"]["levels"][5]["solution"][0];
    r = 1 - r.get<int>();  // chapter 1 pieces are mirrors: radix 2
  });
  EXPECT_TRUE(names(solution, "level 6: unique: the stated solution is not the board's solution")) << all(solution);

  // A crystal asking for another colour: nothing solves the board any more.
  auto crystal = problems_after([](nlohmann::json& j) {
    for (auto& row : j["body"]["levels"][1]["board"]) {
      auto text = row.get<std::string>();
      for (std::size_t i = 0; i + 1 < text.size(); i += 2)
        if (text[i] == '*') {
          text[i + 1] = text[i + 1] == 'R' ? 'G' : 'R';
          row = text;
          return;
        }
    }
  });
  EXPECT_TRUE(names(crystal, "level 2: unique: not exactly one solution (no solution)")) << all(crystal);
}

TEST(PrismVerify, ADeletedLevelBreaksTheChapterSizes) {
  // Deleted and the ids renumbered, so the file still reads: the campaign's shape must catch it.
  auto deleted = problems_after([](nlohmann::json& j) {
    auto& levels = j["body"]["levels"];
    levels.erase(levels.begin() + 4);
    for (std::size_t i = 0; i < levels.size(); ++i) levels[i]["id"] = i + 1;
  });
  EXPECT_TRUE(names(deleted, "pack: chapter sizes: 13 levels, but chapter 1 has 14")) << all(deleted);
  EXPECT_TRUE(names(deleted, "level 5: chapter sizes: it is chapter 1 level #6, but place 5")) << all(deleted);
  // Deleted with the ids left as they were: the file itself no longer reads.
  nlohmann::json gap = chapter_one_json();
  gap["body"]["levels"].erase(gap["body"]["levels"].begin() + 4);
  EXPECT_THROW(document_from_json<Game>(gap), UserError);
}

TEST(PrismVerify, ADuplicateUnderASymmetryIsNamed) {
  // Level 9 replaced by level 3 flipped top to bottom (rows reversed): the same layout of kinds
  // and colours under one of the 8 symmetries, whatever the pieces' rotations.
  auto duplicate = problems_after([](nlohmann::json& j) {
    auto& levels = j["body"]["levels"];
    nlohmann::json copy = levels[2];
    std::reverse(copy["board"].begin(), copy["board"].end());
    copy["id"] = 9;
    copy["index"] = 8;
    levels[8] = copy;
  });
  EXPECT_TRUE(names(duplicate, "level 9: no duplicates: the same layout as level 3")) << all(duplicate);
}

TEST(PrismVerify, ABoardDealtSolvedWithParZeroIsNamed) {
  // Every proof of the re-proof still holds for it (one solution, zero taps, BFS minimum 0):
  // only the campaign's promises catch it.
  Pack pack = document_from_json<Game>(chapter_one_json());
  Level& level = pack.levels[3];
  level.board = with_rotations(level.board, level.solution);
  level.par = 0;
  const auto problems = verify_pack(document_from_json<Game>(document_to_json<Game>(pack)));
  EXPECT_TRUE(names(problems, "level 4: dealt solved:")) << all(problems);
  EXPECT_TRUE(names(problems, "level 4: par range: par 0 is outside chapter 1's 1..4")) << all(problems);
  for (const auto& p : problems) EXPECT_EQ(p.rfind("level 4: ", 0), 0u) << p;
}

TEST(PrismVerify, TheChapterParamIsAPromise) {
  // The chapter-1 pack claiming to be chapter 2: every level is out of place and too few.
  auto claimed = problems_after([](nlohmann::json& j) { j["params"]["chapter"] = 2; });
  EXPECT_TRUE(names(claimed, "pack: chapter sizes: 14 levels, but chapter 2 has 32")) << all(claimed);
  EXPECT_TRUE(names(claimed, "level 1: chapter sizes: it is chapter 1 level #1, but place 1 of chapter 2 is chapter 2"))
      << all(claimed);
}

TEST(PrismVerify, EveryShapePromiseIsChecked) {
  // A wall where an emitter was: the level's only emitter in chapter 1 (at most 1 there).
  auto no_emitter = problems_after([](nlohmann::json& j) {
    for (auto& row : j["body"]["levels"][0]["board"]) {
      auto text = row.get<std::string>();
      for (std::size_t i = 0; i + 1 < text.size(); i += 2)
        if (std::string("^>v<").find(text[i]) != std::string::npos) text.replace(i, 2, "##");
      row = text;
    }
  });
  EXPECT_TRUE(names(no_emitter, "level 1: emitters: 0 emitters, chapter 1 has 1 to 1")) << all(no_emitter);
  // A board one column wider than chapter 1's 5x5.
  auto wide = problems_after([](nlohmann::json& j) {
    for (auto& row : j["body"]["levels"][2]["board"]) row = row.get<std::string>() + "##";
  });
  EXPECT_TRUE(names(wide, "level 3: board size: 6x5, chapter 1 boards are 5x5")) << all(wide);
}

TEST(PrismPack, MalformedPacksAreUserErrors) {
  const nlohmann::json& json = chapter_one_json();
  const std::vector<proven::testing::Breakage> breakages = {
      [](nlohmann::json& j) { j = 3; },
      [](nlohmann::json& j) { j["format"] = "proven-prism-pack/1"; },
      [](nlohmann::json& j) { j["generator_version"] = "2"; },
      [](nlohmann::json& j) { j["params"]["chapter"] = 7; },
      [](nlohmann::json& j) { j["params"].erase("chapter"); },
      [](nlohmann::json& j) { j["params"]["chapter"] = nullptr; },  // then 6 tallies are needed
      [](nlohmann::json& j) { j["body"]["levels"] = "none"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"] = nlohmann::json::array(); },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"][0] = "?"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"][0] = "..."; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"][0] = 5; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"].push_back(""); },  // a blank row
      [](nlohmann::json& j) {  // every row in one string: the same board once split at its newlines
        std::string joined;
        for (const auto& row : j["body"]["levels"][0]["board"]) joined += row.get<std::string>() + "\n";
        j["body"]["levels"][0]["board"] = nlohmann::json::array({joined});
      },
      [](nlohmann::json& j) { j["body"]["levels"][0]["solution"].push_back(0); },
      [](nlohmann::json& j) { j["body"]["levels"][0]["solution"][0] = 9; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["par"] = -1; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chapter"] = 7; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chapter_name"] = "Mixing"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["id"] = 2; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["proof"]["verdict"] = "not unique"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["proof"]["state_space"] = 3.0; },
      [](nlohmann::json& j) { j["body"]["tallies"][0]["tries"] = 1; },
      [](nlohmann::json& j) { j["body"]["tallies"][0]["rejected"][0]["count"] = -1; },
      [](nlohmann::json& j) { j["body"].erase("tallies"); },
  };
  proven::testing::expect_each_breakage_rejected(json, breakages,
                                                 [](const nlohmann::json& j) { return document_from_json<Game>(j); });
}

TEST(PrismPack, JsonRoundTripsByteForByte) {
  const std::string text = json_text(chapter_one_json());
  EXPECT_EQ(pack_text(document_from_json<Game>(parse_json(text, "pack"))), text);
}

}  // namespace
}  // namespace proven::prism

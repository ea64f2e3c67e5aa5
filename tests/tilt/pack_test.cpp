#include "tilt/pack.hpp"

#include "tilt/game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <iterator>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "support/breakages.hpp"
#include "support/sanitized.hpp"
#include "tilt/campaign.hpp"

namespace proven::tilt {
namespace {

const std::string kCampaign = std::string(PROVEN_DATA_DIR) + "/tilt/campaign.json";

// The shipped campaign is re-verified from the file itself, on every test run.
TEST(TiltCampaign, ShippedCampaignVerifiesFromItsOwnData) {
  const Pack pack = document_from_json<Game>(read_json_file(kCampaign));
  ASSERT_GE(pack.levels.size(), 120u);
  EXPECT_EQ(pack.levels.back().chapter, static_cast<int>(chapters().size()));
  ASSERT_GE(chapters().size(), 12u);
  for (const auto& p : verify_pack(pack)) ADD_FAILURE() << p;
  // Every chapter from 5 on brings its own tile, and every level of it has one.
  for (const Level& l : pack.levels) {
    const Kind tile = phases()[static_cast<std::size_t>(l.phase)].recipe.tile;
    EXPECT_EQ(tile != Kind::Floor, l.chapter >= 5) << "chapter " << l.chapter;
    if (tile != Kind::Floor) {
      EXPECT_GT(count_kind(l.board, tile), 0);
    }
  }
}

TEST(TiltCampaign, GeneratorStillProducesTheShippedBytes) {
  // A generator change that alters seed 1 must regenerate data/tilt/campaign.json and bump
  // kGeneratorVersion; this test makes such a change impossible to miss.
  if (!proven::testing::kSanitized) {
    EXPECT_EQ(json_text(document_to_json<Game>(generate_pack("1", {.only_chapter = std::nullopt, .jobs = 0}))),
              read_file(kCampaign));
    return;
  }
  // Under sanitizers the first chapter alone: no earlier level bounds its difficulty or its
  // shapes, so it must come out as the campaign's first chapter, level for level.
  const nlohmann::json first = pack_body_json(generate_pack("1", {.only_chapter = 1, .jobs = 0}));
  const nlohmann::json shipped = pack_body_json(document_from_json<Game>(read_json_file(kCampaign)));
  ASSERT_FALSE(first["levels"].empty());
  for (std::size_t i = 0; i < first["levels"].size(); ++i) EXPECT_EQ(first["levels"][i], shipped["levels"][i]);
  EXPECT_EQ(first["tallies"][0], shipped["tallies"][0]);
}

TEST(TiltPack, ThreadCountNeverChangesTheBytes) {
  auto bytes = [](unsigned jobs) {
    return json_text(document_to_json<Game>(generate_pack("threads", {.only_chapter = 11, .jobs = jobs})));
  };
  const auto one = bytes(1);
  EXPECT_EQ(bytes(2), one);
}

TEST(TiltPack, NearCopiesAreSeenUnderTurnsAndMirrors) {
  const Pack pack = document_from_json<Game>(read_json_file(kCampaign));
  const Level& a = pack.levels[60];
  for (int s = 0; s < 8; ++s) {
    Level b = a;
    b.board = transformed(a.board, s);
    EXPECT_TRUE(near_copy(a, shapes_of(a.board), b).has_value()) << "symmetry " << s;
  }
  // Same solution shape on sparse boards: 2 x 8 cells, walls differ in 5 (under half), both
  // cleared by "right" alone.
  Level x, y;
  x.board = from_text("R......r\n........\n");
  y.board = from_text("R......r\n##.#.##.\n");
  x.par = y.par = 1;
  x.solution = y.solution = {Dir::Right};
  const auto why = near_copy(x, shapes_of(x.board), y);
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("plays the same shortest solution"), std::string::npos) << *why;
}

class TiltVerify : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { shipped_ = new nlohmann::json(read_json_file(kCampaign)); }
  static void TearDownTestSuite() { delete shipped_; }
  // The problems verify finds after `change` edits a copy of the shipped campaign.
  template <class F>
  std::vector<std::string> problems_after(F&& change) {
    nlohmann::json broken = *shipped_;
    change(broken);
    // Levels are numbered in order (the reader insists): a moved or copied level is renumbered,
    // as a careful forger would, so that only verify can see what is wrong.
    auto& levels = broken["body"]["levels"];
    for (std::size_t i = 0; i < levels.size(); ++i) levels[i]["id"] = i + 1;
    return verify_pack(document_from_json<Game>(broken));
  }
  static bool mentions(const std::vector<std::string>& problems, const std::string& text) {
    for (const auto& p : problems)
      if (p.find(text) != std::string::npos) return true;
    return false;
  }
  static nlohmann::json* shipped_;
};
nlohmann::json* TiltVerify::shipped_ = nullptr;

TEST_F(TiltVerify, AWrongParIsNamed) {
  auto p = problems_after(
      [](nlohmann::json& j) { j["body"]["levels"][30]["par"] = j["body"]["levels"][30]["par"].get<int>() + 1; });
  EXPECT_TRUE(mentions(p, "level 31: its solution does not clear the board in exactly its par"))
      << ::testing::PrintToString(p);
  p = problems_after([](nlohmann::json& j) {
    auto& l = j["body"]["levels"][30];
    const std::string s = l["solution"];
    l["solution"] = s + s.back();  // a longer solution and par: BFS knows better
    l["par"] = l["par"].get<int>() + 1;
  });
  EXPECT_TRUE(mentions(p, "level 31: par")) << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, ADuplicateIsNamed) {
  auto p = problems_after([](nlohmann::json& j) { j["body"]["levels"][41] = j["body"]["levels"][40]; });
  EXPECT_TRUE(mentions(p, "level 42: near copy of level 41")) << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, AFlatRunIsNamedOnceAtItsSixthLevel) {
  // Levels 41..48 made copies of level 40: a run of at least 9 alike (it may begin before 40,
  // where the shipped campaign already holds a short flat stretch), named once, where it turns six.
  const auto p = problems_after([](nlohmann::json& j) {
    for (int k = 40; k < 48; ++k) j["body"]["levels"][k] = j["body"]["levels"][39];
  });
  std::vector<std::string> runs;
  std::ranges::copy_if(p, std::back_inserter(runs),
                       [](const std::string& line) { return line.find("in a row") != std::string::npos; });
  ASSERT_EQ(runs.size(), 1u) << ::testing::PrintToString(p);
  int named = 0, from = 0;
  ASSERT_EQ(
      std::sscanf(runs[0].c_str(), "level %d: 6 levels in a row with the same difficulty (at most 5), from level %d",
                  &named, &from),
      2)
      << runs[0];
  EXPECT_EQ(named, from + 5) << runs[0];
  EXPECT_LE(from, 40) << runs[0];
  EXPECT_GE(named, 41) << runs[0];
  // Each copy is named against the first level it copies, once.
  EXPECT_EQ(
      std::ranges::count_if(p, [](const std::string& line) { return line.find("near copy") != std::string::npos; }), 8)
      << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, AUselessTileIsNamed) {
  // A stop pad added in a corner of a stop-pad level that no route reaches.
  auto p = problems_after([](nlohmann::json& j) {
    for (std::size_t i = 40; i < 50; ++i) {
      auto& rows = j["body"]["levels"][i]["board"];
      for (std::size_t y = 0; y < rows.size(); ++y) {
        std::string row = rows[y];
        for (std::size_t x = 0; x < row.size(); ++x) {
          if (row[x] != '#') continue;
          // A walled cell turned into a pad with walls all round stays unreachable: try it.
          row[x] = 's';
          rows[y] = row;
          const auto shown = verify_pack(document_from_json<Game>(j));
          bool only_tile = !shown.empty();
          for (const auto& s : shown) only_tile = only_tile && s.find("does not matter") != std::string::npos;
          if (only_tile) return;
          row[x] = '#';
          rows[y] = row;
        }
      }
    }
  });
  EXPECT_TRUE(mentions(p, "tile 's' at")) << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p, "does not matter: par stays")) << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, AnEasierLevelIsNamed) {
  // Level 20 moved to after level 30: its par or bits drop below level 30's.
  auto p = problems_after([](nlohmann::json& j) {
    auto moved = j["body"]["levels"][19];
    j["body"]["levels"].erase(19);
    j["body"]["levels"].insert(j["body"]["levels"].begin() + 29, moved);
  });
  EXPECT_TRUE(mentions(p, "level 30: easier than level 29")) << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, AWrongChanceAndAPitOutOfPlayAreNamed) {
  auto p = problems_after([](nlohmann::json& j) { j["body"]["levels"][5]["chance"] = "1"; });
  EXPECT_TRUE(mentions(p, "level 6: chance 1/12^")) << ::testing::PrintToString(p);
  p = problems_after(
      [](nlohmann::json& j) { j["body"]["levels"][5]["bits"] = j["body"]["levels"][5]["bits"].get<double>() + 0.5; });
  EXPECT_TRUE(mentions(p, "level 6: bits")) << ::testing::PrintToString(p);
  // A wall cell walled in on every side becomes a pit no marble can reach.
  std::string expected;
  p = problems_after([&](nlohmann::json& j) {
    for (std::size_t i = 0; i < j["body"]["levels"].size(); ++i) {
      auto& rows = j["body"]["levels"][i]["board"];
      auto wall = [&](int x, int y) {
        return x < 0 || y < 0 || y >= static_cast<int>(rows.size()) ||
               x >= static_cast<int>(rows[0].get<std::string>().size()) ||
               rows[static_cast<std::size_t>(y)].get<std::string>()[static_cast<std::size_t>(x)] == '#';
      };
      for (int y = 0; y < static_cast<int>(rows.size()); ++y)
        for (int x = 0; x < static_cast<int>(rows[0].get<std::string>().size()); ++x)
          if (wall(x, y) && wall(x - 1, y) && wall(x + 1, y) && wall(x, y - 1) && wall(x, y + 1)) {
            std::string row = rows[static_cast<std::size_t>(y)];
            row[static_cast<std::size_t>(x)] = 'X';
            rows[static_cast<std::size_t>(y)] = row;
            expected = "level " + std::to_string(i + 1) + ": pit at " + static_cast<char>('A' + x) +
                       std::to_string(y + 1) + " is not in play";
            return;
          }
    }
  });
  ASSERT_FALSE(expected.empty()) << "no walled-in cell in the campaign";
  EXPECT_TRUE(mentions(p, expected)) << expected << ::testing::PrintToString(p);
}

// The campaign's shape is a promise, as in PRISM: place p of the pack is one chapter and one
// index within it, whatever the ids (renumbered above, as a careful forger would).
TEST_F(TiltVerify, ADeletedLevelBreaksTheChapterSizes) {
  const auto p = problems_after([](nlohmann::json& j) { j["body"]["levels"].erase(4); });
  EXPECT_TRUE(mentions(p,
                       "pack: chapter sizes: 129 levels, but chapters 1..13 have 130 (10, 10, 10, 10, 10, 10, "
                       "10, 10, 10, 10, 10, 10, 10 in order)"))
      << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p,
                       "level 5: chapter sizes: it is chapter 1 level #6, but place 5 of chapters 1..13 is "
                       "chapter 1 level #5"))
      << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p, "pack: chapter sizes: 124 more levels out of place after the first"))
      << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, ARemovedChapterBreaksTheChapterSizes) {
  // Chapter 7's levels gone (its tally kept: there is one per chapter the params name).
  const auto p = problems_after([](nlohmann::json& j) {
    auto& levels = j["body"]["levels"];
    for (std::size_t i = levels.size(); i-- > 0;)
      if (levels[i]["chapter"] == 7) levels.erase(i);
  });
  EXPECT_TRUE(mentions(p, "pack: chapter sizes: 120 levels, but chapters 1..13 have 130"))
      << ::testing::PrintToString(p);
  EXPECT_TRUE(mentions(p,
                       "level 61: chapter sizes: it is chapter 8 level #1, but place 61 of chapters 1..13 is "
                       "chapter 7 level #1"))
      << ::testing::PrintToString(p);
  // Its tally gone too: the file no longer reads.
  nlohmann::json without = *shipped_;
  auto& levels = without["body"]["levels"];
  for (std::size_t i = levels.size(); i-- > 0;)
    if (levels[i]["chapter"] == 7) levels.erase(i);
  for (std::size_t i = 0; i < levels.size(); ++i) levels[i]["id"] = i + 1;
  without["body"]["tallies"].erase(6);
  EXPECT_THROW(document_from_json<Game>(without), UserError);
}

TEST_F(TiltVerify, ALevelMovedToAnotherChapterIsNamed) {
  // Level 20, chapter 2's last, relabelled as chapter 3's first (name and phase to match).
  const auto p = problems_after([](nlohmann::json& j) {
    auto& l = j["body"]["levels"][19];
    l["chapter"] = 3;
    l["chapter_name"] = chapter(3).name;
    l["phase"] = 8;
    l["index"] = 0;
  });
  EXPECT_TRUE(mentions(p,
                       "level 20: chapter sizes: it is chapter 3 level #1, but place 20 of chapters 1..13 is "
                       "chapter 2 level #10"))
      << ::testing::PrintToString(p);
  EXPECT_FALSE(mentions(p, "pack: chapter sizes")) << "only the one level is out of place";
}

TEST_F(TiltVerify, ADuplicatedIndexIsNamed) {
  const auto p = problems_after([](nlohmann::json& j) { j["body"]["levels"][11]["index"] = 0; });
  EXPECT_TRUE(mentions(p,
                       "level 12: chapter sizes: it is chapter 2 level #1, but place 12 of chapters 1..13 is "
                       "chapter 2 level #2"))
      << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, APhaseSwappedWithinItsChapterIsNamed) {
  // Chapter 5's first level (phase 12) claiming the chapter's second phase: the same tile kind,
  // but not the place's phase.
  ASSERT_EQ((*shipped_)["body"]["levels"][40]["phase"], 12);
  const auto p = problems_after([](nlohmann::json& j) { j["body"]["levels"][40]["phase"] = 13; });
  EXPECT_TRUE(mentions(p, "level 41: phase: it is phase 13, but chapter 5 level #1 is phase 12"))
      << ::testing::PrintToString(p);
}

TEST_F(TiltVerify, TheChapterPackHasItsOwnShape) {
  // A one-chapter pack holds that chapter's ten levels, indexed from 0.
  Pack pack = generate_pack("shape", {.only_chapter = 2, .jobs = 0});
  EXPECT_TRUE(verify_pack(pack).empty()) << ::testing::PrintToString(verify_pack(pack));
  pack.levels.pop_back();
  EXPECT_TRUE(mentions(verify_pack(pack), "pack: chapter sizes: 9 levels, but chapter 2 has 10 (10 in order)"))
      << ::testing::PrintToString(verify_pack(pack));
}

TEST(TiltPack, MalformedPacksAreUserErrors) {
  const auto json = read_json_file(kCampaign);
  const std::vector<proven::testing::Breakage> breakages = {
      [](nlohmann::json& j) { j = 3; },
      [](nlohmann::json& j) { j["format"] = "proven-tilt-pack/999"; },
      [](nlohmann::json& j) { j["format"] = "proven-tilt-pack/1"; },
      [](nlohmann::json& j) { j["game"] = "prism"; },
      [](nlohmann::json& j) { j["body"]["levels"] = "none"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["id"] = 2; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chapter_name"] = "Pits"; },
      [](nlohmann::json& j) { j["body"]["tallies"].erase(0); },
      [](nlohmann::json& j) { j["body"]["tallies"][0]["tries"] = 1; },
      [](nlohmann::json& j) { j["params"]["chapter"] = 2; },
      [](nlohmann::json& j) { j["params"]["chapter"] = 14; },
      [](nlohmann::json& j) { j["params"].erase("chapter"); },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"] = nlohmann::json::array(); },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"][0] = "?"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"].push_back(""); },  // a blank row
      [](nlohmann::json& j) {  // every row in one string: the same board once split at its newlines
        std::string joined;
        for (const auto& row : j["body"]["levels"][0]["board"]) joined += row.get<std::string>() + "\n";
        j["body"]["levels"][0]["board"] = nlohmann::json::array({joined});
      },
      [](nlohmann::json& j) { j["body"]["levels"][0]["board"][0] = "........."; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["solution"] = "RX"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["solution"] = 3; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["par"] = 0; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["par"] = 99; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chapter"] = 14; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["phase"] = 20; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chance"] = "0"; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["chance"] = 5; },
      [](nlohmann::json& j) { j["body"]["levels"][0]["bits"] = "many"; },
      // Another generator's phase table would judge the levels' tiles wrongly.
      [](nlohmann::json& j) { j["generator_version"] = std::to_string(kGeneratorVersion + 1); },
      [](nlohmann::json& j) { j["generator_version"] = kGeneratorVersion; },
      [](nlohmann::json& j) { j.erase("generator_version"); },
  };
  proven::testing::expect_each_breakage_rejected(json, breakages,
                                                 [](const nlohmann::json& j) { return document_from_json<Game>(j); });
}

}  // namespace
}  // namespace proven::tilt

// Playing TILT levels through the Game contract's Play: the stored solutions win in par, wrong
// and losing sequences do not, the reported paths are the engine's, and illegal moves change
// nothing.
#include "tilt/play.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "core/coords.hpp"
#include "core/io.hpp"
#include "core/rng.hpp"
#include "tilt/game.hpp"

namespace proven::tilt {
namespace {

const Pack& campaign() {
  static const Pack pack =
      document_from_json<Game>(read_json_file(std::string(PROVEN_DATA_DIR) + "/tilt/campaign.json"));
  return pack;
}

TEST(TiltPlay, EveryStoredSolutionWinsInExactlyParTilts) {
  const Pack& pack = campaign();
  ASSERT_GE(pack.levels.size(), 120u);
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    Session<Game::Play> session(Game::Play::start(pack, i));
    const std::vector<std::string> moves = Game::solution(pack, i);
    ASSERT_EQ(static_cast<int>(moves.size()), pack.levels[i].par) << "level " << i + 1;
    for (std::size_t k = 0; k < moves.size(); ++k) {
      // Par is the minimum: no earlier tilt may clear the board.
      ASSERT_EQ(session.play().status().phase, PlayPhase::Playing) << "level " << i + 1 << " tilt " << k;
      const MoveResult r = session.apply(moves[k]);
      EXPECT_TRUE(r.changes["counted"].get<bool>()) << "a shortest solution has no idle tilt";
    }
    const PlayStatus s = session.play().status();
    EXPECT_EQ(s.phase, PlayPhase::Won) << "level " << i + 1;
    EXPECT_EQ(s.figures["tilts"], pack.levels[i].par);
    EXPECT_EQ(s.summary, fmt::format("{} tilt{}, par {}", pack.levels[i].par, pack.levels[i].par == 1 ? "" : "s",
                                     pack.levels[i].par));
    EXPECT_TRUE(session.play().legal_moves().empty());
    EXPECT_THROW(session.apply("U"), IllegalMove);
  }
}

TEST(TiltPlay, TheSolutionWithoutItsLastTiltDoesNotWin) {
  const Pack& pack = campaign();
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    Game::Play play = Game::Play::start(pack, i);
    std::vector<std::string> moves = Game::solution(pack, i);
    moves.pop_back();
    for (const std::string& m : moves) play.apply(m);
    EXPECT_EQ(play.status().phase, PlayPhase::Playing) << "level " << i + 1;
  }
}

// Breadth-first over tilt sequences (at most `depth` tilts) for the first that loses, by the
// Play alone; nothing here knows where the pits are.
std::optional<std::vector<std::string>> find_losing(const Pack& pack, std::size_t item, int depth) {
  std::vector<std::pair<Game::Play, std::vector<std::string>>> layer = {{Game::Play::start(pack, item), {}}};
  for (int k = 0; k < depth; ++k) {
    std::vector<std::pair<Game::Play, std::vector<std::string>>> next;
    for (const auto& [play, moves] : layer)
      for (const std::string& m : play.legal_moves()) {
        Game::Play p = play;
        p.apply(m);
        std::vector<std::string> longer = moves;
        longer.push_back(m);
        if (p.status().phase == PlayPhase::Lost) return longer;
        if (p.status().phase == PlayPhase::Playing) next.emplace_back(std::move(p), std::move(longer));
      }
    layer = std::move(next);
  }
  return std::nullopt;
}

TEST(TiltPlay, DroppingAMarbleIntoAPitLoses) {
  const Pack& pack = campaign();
  int found = 0;
  for (std::size_t i = 0; i < pack.levels.size() && found < 5; ++i) {
    if (count_kind(pack.levels[i].board, Kind::Pit) == 0) continue;
    const auto losing = find_losing(pack, i, 3);
    if (!losing) continue;
    Game::Play play = Game::Play::start(pack, i);
    MoveResult last;
    for (const std::string& m : *losing) last = play.apply(m);
    const PlayStatus s = play.status();
    ASSERT_EQ(s.phase, PlayPhase::Lost) << "level " << i + 1;
    EXPECT_EQ(last.changes["outcome"], "lost");
    bool fell = false;
    for (const auto& marble : last.changes["marbles"]) {
      if (marble["fate"] != "fell_in_pit") continue;
      fell = true;
      const std::string pit = marble["path"].back()["cell"];
      const auto cell = parse_cell(pit, pack.levels[i].board.width, pack.levels[i].board.height);
      ASSERT_TRUE(cell.has_value()) << pit;
      EXPECT_EQ(pack.levels[i].board.at(cell->col, cell->row).kind, Kind::Pit) << pit;
      EXPECT_NE(s.summary.find("fell into the pit at " + pit), std::string::npos) << s.summary;
    }
    EXPECT_TRUE(fell) << "level " << i + 1 << ": " << last.changes.dump();
    EXPECT_TRUE(play.legal_moves().empty());
    EXPECT_THROW(play.apply("U"), IllegalMove);
    ++found;
  }
  EXPECT_EQ(found, 5) << "the campaign has pits in play: some short sequence must fall into one";
}

// After every tilt, the reported paths end where the engine's own (unreported) tilt puts the
// marbles, and the Play's position is that tilt's result.
TEST(TiltPlay, ReportedPathsEndWhereTheEngineLeavesTheMarbles) {
  const Pack& pack = campaign();
  Rng rng = Rng::from_key("tilt play paths");
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Board& board = pack.levels[i].board;
    const Rules rules(board);
    for (int game = 0; game < 4; ++game) {
      Game::Play play = Game::Play::start(pack, i);
      for (int k = 0; k < 12 && play.status().phase == PlayPhase::Playing; ++k) {
        const Dir d = kDirs[rng.below(4)];
        State quiet;
        const Outcome outcome = rules.tilt(play.state(), d, quiet);
        const State before = play.state();
        const MoveResult r = play.apply(std::string(1, kDirLetter[static_cast<std::size_t>(d)]));
        if (outcome != Outcome::Lost) {
          EXPECT_EQ(play.state(), quiet) << "level " << i + 1;
        } else {
          EXPECT_EQ(play.status().phase, PlayPhase::Lost);
        }
        EXPECT_EQ(r.changes["outcome"], outcome == Outcome::Lost      ? "lost"
                                        : outcome == Outcome::Cleared ? "cleared"
                                        : quiet == before             ? "no_move"
                                                                      : "moved");
        std::vector<int> ends, on_board;
        for (const auto& m : r.changes["marbles"]) {
          const auto& last = m["path"].back();
          EXPECT_EQ(last["cell"], cell_name({last["col"].get<int>(), last["row"].get<int>()}));
          if (m["fate"] == "stopped") ends.push_back(last["row"].get<int>() * board.width + last["col"].get<int>());
          // Consecutive cells of a path are neighbours, except a jump between the twin portals.
          for (std::size_t s = 1; s < m["path"].size(); ++s) {
            const auto& a = m["path"][s - 1];
            const auto& b = m["path"][s];
            const int dist = std::abs(a["col"].get<int>() - b["col"].get<int>()) +
                             std::abs(a["row"].get<int>() - b["row"].get<int>());
            if (b["event"] == "teleported") {
              EXPECT_EQ(board.at(b["col"], b["row"]).kind, Kind::Portal);
            } else {
              EXPECT_EQ(dist, 1) << m.dump();
            }
          }
        }
        if (outcome != Outcome::Lost) {
          for (const auto p : quiet.pos)
            if (p != kHome) on_board.push_back(p);
          std::ranges::sort(ends);
          std::ranges::sort(on_board);
          EXPECT_EQ(ends, on_board) << "level " << i + 1 << ": " << r.changes.dump();
        }
      }
    }
  }
}

TEST(TiltPlay, MovesAreReadInAnyCaseAndIllegalOnesChangeNothing) {
  const Pack& pack = campaign();
  for (const std::string word : {"U", "u", "up", "UP", "Up", "D", "down", "L", "Left", "R", "RIGHT"})
    EXPECT_TRUE(parse_tilt(word).has_value()) << word;
  EXPECT_EQ(parse_tilt("up"), Dir::Up);
  EXPECT_EQ(parse_tilt("d"), Dir::Down);
  EXPECT_EQ(parse_tilt("LEFT"), Dir::Left);
  EXPECT_EQ(parse_tilt("r"), Dir::Right);
  Game::Play play = Game::Play::start(pack, 40);
  play.apply(Game::solution(pack, 40).front());
  const nlohmann::json before = play.to_json();
  for (const std::string bad : {"", "X", "upp", "U R", "north", "tap A1", "1"}) {
    EXPECT_THROW(play.apply(bad), IllegalMove) << bad;
    EXPECT_EQ(play.to_json(), before) << bad;
  }
  EXPECT_EQ(play.legal_moves(), (std::vector<std::string>{"U", "D", "L", "R"}));
}

TEST(TiltPlay, UndoAndRestartThroughTheSession) {
  const Pack& pack = campaign();
  const std::size_t item = 60;
  Session<Game::Play> session(Game::Play::start(pack, item));
  const nlohmann::json start = session.play().to_json();
  const std::vector<std::string> moves = Game::solution(pack, item);
  session.apply(moves[0]);
  const nlohmann::json after_one = session.play().to_json();
  EXPECT_NE(after_one, start);
  EXPECT_EQ(after_one["tilts"], 1);
  session.apply(moves[1]);
  session.undo();
  EXPECT_EQ(session.play().to_json(), after_one);
  session.undo();
  EXPECT_EQ(session.play().to_json(), start);
  EXPECT_THROW(session.undo(), IllegalMove);
  for (const std::string& m : moves) session.apply(m);
  EXPECT_EQ(session.play().status().phase, PlayPhase::Won);
  session.restart();
  EXPECT_EQ(session.play().to_json(), start);
  // The play's own equality (the fuzz targets' check that a refused move changes nothing) agrees
  // with its JSON: equal after restart, different once a tilt is made.
  const Game::Play fresh = Game::Play::start(pack, item);
  EXPECT_TRUE(session.play() == fresh);
  session.apply(moves[0]);
  EXPECT_FALSE(session.play() == fresh);
  EXPECT_FALSE(Game::Play::start(pack, item + 1) == fresh);
}

TEST(TiltPlay, RulesAndRenderNameEveryTileOnTheBoard) {
  const Pack& pack = campaign();
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Game::Play play = Game::Play::start(pack, i);
    const std::string rules = play.rules(), view = play.render();
    const Board& b = pack.levels[i].board;
    EXPECT_NE(rules.find(fmt::format("par {}", pack.levels[i].par)), std::string::npos);
    const auto mentions = [&](Kind k, std::string_view word) {
      EXPECT_EQ(count_kind(b, k) > 0, rules.find(word) != std::string::npos) << "level " << i + 1 << ": " << word;
    };
    mentions(Kind::Pit, "X pit");
    mentions(Kind::StopPad, "stop pad");
    mentions(Kind::Gate, "one-way gate");
    mentions(Kind::PluggedHole, "plugged hole");
    mentions(Kind::Spring, "spring");
    mentions(Kind::Magnet, "magnet");
    mentions(Kind::Glass, "glass");
    mentions(Kind::Cracked, "cracked floor");
    mentions(Kind::Portal, "portals");
    mentions(Kind::Key, "k key");
    mentions(Kind::Lock, "L lock");
    // Column letters over the board, one numbered line per row, every character in the legend.
    EXPECT_NE(view.find(fmt::format("{}\n", static_cast<char>('A' + b.width - 1))), std::string::npos) << view;
    EXPECT_NE(view.find(fmt::format("\n{:>2} ", b.height)), std::string::npos) << view;
    const auto legend_at = view.find("legend:");
    ASSERT_NE(legend_at, std::string::npos) << view;
    const std::string legend = view.substr(legend_at, view.find('\n', legend_at) - legend_at);
    for (const std::string& row : to_rows(b))
      for (const char c : row)
        EXPECT_NE(legend.find(fmt::format("  {} ", c)), std::string::npos) << "'" << c << "' in\n" << view;
  }
}

}  // namespace
}  // namespace proven::tilt

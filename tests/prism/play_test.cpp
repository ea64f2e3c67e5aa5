// Playing PRISM levels through the Game contract (core/play.hpp): the shipped campaign's stored
// solutions win in exactly par taps, anything else does not, and illegal moves change nothing.
#include "prism/game.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "core/io.hpp"

namespace proven::prism {
namespace {

const Pack& campaign() {
  static const Pack pack =
      document_from_json<Game>(read_json_file(std::string(PROVEN_DATA_DIR) + "/prism/campaign.json"));
  return pack;
}

TEST(PrismPlay, EveryStoredSolutionWinsInExactlyParTaps) {
  const Pack& pack = campaign();
  ASSERT_EQ(pack.levels.size(), 240u);
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const std::vector<std::string> moves = Game::solution(pack, i);
    ASSERT_EQ(moves.size(), static_cast<std::size_t>(pack.levels[i].par)) << "level " << i + 1;
    Game::Play play = Game::Play::start(pack, i);
    for (std::size_t m = 0; m < moves.size(); ++m) {
      ASSERT_EQ(play.status().phase, PlayPhase::Playing) << "level " << i + 1 << " won early, before move " << m + 1;
      play.apply(moves[m]);
    }
    const PlayStatus status = play.status();
    ASSERT_EQ(status.phase, PlayPhase::Won) << "level " << i + 1;
    EXPECT_EQ(status.figures["taps"], pack.levels[i].par);
    EXPECT_EQ(status.figures["par"], pack.levels[i].par);
    EXPECT_EQ(status.summary.rfind("Perfect", 0), 0u) << status.summary;
    EXPECT_TRUE(play.legal_moves().empty());
    EXPECT_THROW(play.apply(moves.front()), IllegalMove) << "a solved level takes no more taps";
  }
}

TEST(PrismPlay, WrongSequencesDoNotWin) {
  // Par is the BFS minimum, so one tap short never wins; and the board has one solved state, so
  // par taps spread differently over the pieces never win either (counts differ mod radix).
  const Pack& pack = campaign();
  for (std::size_t i = 0; i < pack.levels.size(); i += 7) {
    std::vector<std::string> moves = Game::solution(pack, i);
    Game::Play short_one = Game::Play::start(pack, i);
    for (std::size_t m = 0; m + 1 < moves.size(); ++m) short_one.apply(moves[m]);
    EXPECT_EQ(short_one.status().phase, PlayPhase::Playing) << "level " << i + 1;

    Game::Play moved = Game::Play::start(pack, i);
    const std::vector<std::string> pieces = moved.legal_moves();
    const auto other = std::ranges::find_if(pieces, [&](const std::string& p) { return p != moves.back(); });
    ASSERT_NE(other, pieces.end());
    moves.back() = *other;
    for (const std::string& m : moves) moved.apply(m);
    EXPECT_EQ(moved.status().phase, PlayPhase::Playing) << "level " << i + 1;
    EXPECT_EQ(moved.status().figures["taps"], pack.levels[i].par);
  }
}

TEST(PrismPlay, IllegalMovesThrowAndChangeNothing) {
  const Pack& pack = campaign();
  Game::Play play = Game::Play::start(pack, 6);
  const Board& board = pack.levels[6].board;
  std::string not_a_piece;
  for (std::size_t c = 0; c < board.cells.size() && not_a_piece.empty(); ++c)
    if (!is_piece(board.cells[c].kind))
      not_a_piece = std::string(1, static_cast<char>('A' + static_cast<int>(c) % board.width)) +
                    std::to_string(static_cast<int>(c) / board.width + 1);
  ASSERT_FALSE(not_a_piece.empty());
  const nlohmann::json before = play.to_json();
  for (const std::string& move :
       std::vector<std::string>{"tap " + not_a_piece, std::string("tap F1"), std::string("tap A6"),
                                std::string("tap A0"), std::string("tap"), std::string(""), std::string("spin A1"),
                                std::string("tap A1 A2"), std::string("tap 1A"), std::string("tapA1")}) {
    EXPECT_THROW(play.apply(move), IllegalMove) << move;
    EXPECT_EQ(play.to_json(), before) << move;
  }
  try {
    play.apply("tap F1");
  } catch (const IllegalMove& e) {
    EXPECT_NE(std::string(e.what()).find("columns A..E, rows 1..5"), std::string::npos) << e.what();
  }
}

TEST(PrismPlay, ATapSaysWhatChanged) {
  const Pack& pack = campaign();
  for (std::size_t i = 0; i < pack.levels.size(); i += 11) {
    Game::Play play = Game::Play::start(pack, i);
    const std::vector<std::string> moves = Game::solution(pack, i);
    std::set<std::string> lit_now;
    const nlohmann::json start = play.to_json();  // a named value: the loop must not outlive it
    for (const auto& c : start["crystals"])
      if (c["lit"].get<bool>()) lit_now.insert(c["cell"].get<std::string>());
    for (const std::string& move : moves) {
      const MoveResult result = play.apply(move);
      EXPECT_EQ(result.changes["cell"], move.substr(4));
      const nlohmann::json now = play.to_json();
      for (const auto& p : now["pieces"]) {
        if (p["cell"] == result.changes["cell"]) {
          EXPECT_EQ(p["rotation"], result.changes["rotation"]);
        }
      }
      for (const auto& c : result.changes["lit"]) EXPECT_TRUE(lit_now.insert(c.get<std::string>()).second) << c;
      for (const auto& c : result.changes["unlit"]) EXPECT_EQ(lit_now.erase(c.get<std::string>()), 1u) << c;
      std::set<std::string> lit_seen;
      for (const auto& c : now["crystals"])
        if (c["lit"].get<bool>()) lit_seen.insert(c["cell"].get<std::string>());
      EXPECT_EQ(lit_seen, lit_now) << "level " << i + 1 << " after " << move;
    }
    EXPECT_EQ(lit_now.size(), play.to_json()["crystals"].size()) << "solved: every crystal lit";
  }
}

TEST(PrismPlay, TapsTurnPiecesRoundAndOverParIsNotPerfect) {
  const Pack& pack = campaign();
  // A level whose solution taps one piece at least once: a full turn of it changes nothing.
  Game::Play play = Game::Play::start(pack, 100);
  const std::vector<std::string> moves = Game::solution(pack, 100);
  int radix = 0;
  const nlohmann::json start_view = play.to_json();
  for (const auto& p : start_view["pieces"])
    if ("tap " + p["cell"].get<std::string>() == moves.front()) radix = p["radix"].get<int>();
  ASSERT_GE(radix, 2);
  const nlohmann::json start = play.to_json()["board"];
  for (int t = 0; t < radix; ++t) play.apply(moves.front());
  EXPECT_EQ(play.to_json()["board"], start);
  for (const std::string& m : moves) play.apply(m);
  const PlayStatus status = play.status();
  ASSERT_EQ(status.phase, PlayPhase::Won);
  EXPECT_EQ(status.figures["taps"], pack.levels[100].par + radix);
  EXPECT_NE(status.summary.find(std::to_string(radix) + " over par"), std::string::npos) << status.summary;
}

TEST(PrismPlay, SessionUndoesAndRestarts) {
  const Pack& pack = campaign();
  Session<Game::Play> session(Game::Play::start(pack, 6));
  const nlohmann::json start = session.play().to_json();
  const std::vector<std::string> moves = Game::solution(pack, 6);
  session.apply(moves[0]);
  EXPECT_NE(session.play().to_json(), start);
  session.undo();
  EXPECT_EQ(session.play().to_json(), start);
  EXPECT_THROW(session.undo(), IllegalMove);
  for (const std::string& m : moves) session.apply(m);
  EXPECT_EQ(session.play().status().phase, PlayPhase::Won);
  session.restart();
  EXPECT_EQ(session.play().to_json(), start);
  EXPECT_THROW(session.apply("tap Z9"), IllegalMove);
  EXPECT_EQ(session.moves_made(), 0u);
}

TEST(PrismPlay, WhatThePlayerSeesNamesCellsAndMoves) {
  const Pack& pack = campaign();
  const Game::Play play = Game::Play::start(pack, 6);
  const std::string view = play.render();
  EXPECT_EQ(view.substr(0, view.find('\n')), "   A  B  C  D  E");
  EXPECT_NE(view.find("\n 5 "), std::string::npos) << view;
  EXPECT_NE(view.find("crystals:"), std::string::npos) << view;
  EXPECT_NE(play.rules().find("'tap C3'"), std::string::npos);
  EXPECT_NE(play.rules().find("A1 at the top left"), std::string::npos);
  const auto legal = play.legal_moves();
  EXPECT_EQ(legal.size(), piece_cells(pack.levels[6].board).size());
  for (const std::string& m : legal) {
    Game::Play copy = play;
    EXPECT_NO_THROW(copy.apply(m)) << m;
  }
}

TEST(PrismPlay, ABoardWithoutCrystalsRendersAndIsNeverWon) {
  // Not a level any pack holds (verify refuses it), but Play must still show it plainly.
  Pack pack;
  pack.levels.push_back(
      Level{.chapter = 1, .index = 0, .board = from_text(">R/m\n..##\n"), .solution = {0}, .par = 1, .proof_nodes = 0});
  Game::Play play = Game::Play::start(pack, 0);
  EXPECT_NE(play.render().find("crystals: none\n"), std::string::npos) << play.render();
  play.apply("tap b1");
  EXPECT_EQ(play.status().phase, PlayPhase::Playing) << "solved needs at least one crystal";
  EXPECT_EQ(play.to_json()["pieces"][0]["token"], "\\m");
}

}  // namespace
}  // namespace proven::prism

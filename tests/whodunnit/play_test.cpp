// Whodunnit on the Game contract: generation's tally, verify's promises, and Play (the notebook
// grid and the one accusation).
#include <gtest/gtest.h>

#include <algorithm>

#include <fmt/format.h>

#include "core/game.hpp"
#include "core/io.hpp"
#include "whodunnit/explain.hpp"
#include "whodunnit/game.hpp"
#include "whodunnit/generator.hpp"
#include "whodunnit/report.hpp"
#include "whodunnit/seating.hpp"

namespace proven::whodunnit {
namespace {

using Play = Game::Play;

// A small budget keeps the suite fast; the cases are as proven as with the default.
Game::Document make_doc(const std::string& seed, int cast) {
  return Game::generate(seed, {.cast = cast, .budget = 2000}, {}).document;
}

std::string value_name(const Game::Document& doc, int category, int value) {
  return doc.content.setup.categories[static_cast<std::size_t>(category)].values[static_cast<std::size_t>(value)].name;
}

TEST(WhodunnitGame, TheTallyCountsWhatTheGeneratorTurnedDown) {
  const Made<Game::Document> made = Game::generate("tally", {.cast = 5, .budget = 3000}, {});
  const Tally& tally = made.tally;
  EXPECT_EQ(tally.accepted(), made.document.content.clues.size());
  // Every reason declared up front, in order, even those that never fired.
  ASSERT_EQ(tally.rows().size(), generation_reasons().size());
  for (std::size_t i = 0; i < tally.rows().size(); ++i) EXPECT_EQ(tally.rows()[i].reason, generation_reasons()[i]);
  EXPECT_GT(tally.rejected("candidate: same markup as an earlier one"), 0u);
  EXPECT_GT(tally.rejected("swap: leaves the mystery undetermined"), 0u);
  EXPECT_NE(made.report.find(tally.table()), std::string::npos) << made.report;
  // Counting changes nothing: the same seed without a tally is the same case.
  EXPECT_EQ(json_text(document_to_json<Game>(made.document)),
            json_text(to_json(make_case("tally", 5, {.solver_budget = 3000}))));
}

TEST(WhodunnitGame, VerifyNamesEachBrokenPromise) {
  Game::Document doc = make_doc("verify", 5);
  EXPECT_EQ(Game::verify(doc), std::vector<std::string>{});
  doc.content.question.murderer = (doc.content.question.murderer + 1) % 5;
  doc.content.figures.obviousness += 1;
  const std::vector<std::string> problems = Game::verify(doc);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].rfind("answer: the stated answer is suspect ", 0), 0u) << problems[0];
  EXPECT_EQ(problems[1].rfind("figures: ", 0), 0u) << problems[1];
  doc.content.clues.resize(2);
  doc.has_figures = false;
  EXPECT_EQ(Game::verify(doc).at(0).rfind("determined: the clues fix ", 0), 0u);
}

TEST(WhodunnitPlay, TheSolutionWinsForEveryCast) {
  for (int cast = kMinCast; cast <= kMaxCast; ++cast) {
    SCOPED_TRACE(cast);
    const Game::Document doc = make_doc("play", cast);
    Session<Play> session(Play::start(doc, 0));
    const std::vector<std::string> moves = Game::solution(doc, 0);
    ASSERT_EQ(moves.back(),
              "accuse " +
                  doc.content.setup.categories[0].values[static_cast<std::size_t>(doc.content.question.murderer)].name);
    for (std::size_t i = 0; i + 1 < moves.size(); ++i) session.apply(moves[i]);
    const PlayStatus before = session.play().status();
    EXPECT_EQ(before.phase, PlayPhase::Playing);
    EXPECT_EQ(before.figures["identities_complete"], cast);
    EXPECT_EQ(before.figures["marks"], static_cast<int>(moves.size()) - 1);
    const MoveResult last = session.apply(moves.back());
    EXPECT_EQ(last.changes["correct"], true);
    EXPECT_EQ(session.play().status().phase, PlayPhase::Won);
    EXPECT_TRUE(session.play().legal_moves().empty());
  }
}

// "mark S CATEGORY VALUE yes" for portrait s's true value in category c (1-based c, 0-based s).
std::string right_mark(const Game::Document& doc, int s, int c) {
  const int value = doc.content.solution[static_cast<std::size_t>(s)][static_cast<std::size_t>(c)];
  return "mark " + std::to_string(s + 1) + " " + doc.content.setup.categories[static_cast<std::size_t>(c)].name + " " +
         value_name(doc, c, value) + " yes";
}

TEST(WhodunnitPlay, ThreeRightIdentitiesLockIn) {
  const Game::Document doc = make_doc("lock", 5);
  const int categories = doc.content.setup.category_count();
  Play play = Play::start(doc, 0);
  for (int s = 0; s < 2; ++s)
    for (int c = 1; c < categories; ++c) play.apply(right_mark(doc, s, c));
  EXPECT_EQ(play.status().figures["locked"], 0) << "two right identities are not yet three";
  // Portrait 3 complete but wrong in its first category: still nothing locks.
  const int truth = doc.content.solution[2][1];
  const std::string category = doc.content.setup.categories[1].name;
  const std::string wrong = value_name(doc, 1, (truth + 1) % doc.content.setup.value_count(1));
  play.apply("mark 3 " + category + " " + wrong + " yes");
  for (int c = 2; c < categories; ++c) play.apply(right_mark(doc, 2, c));
  EXPECT_EQ(play.status().figures["identities_complete"], 3);
  EXPECT_EQ(play.status().figures["locked"], 0) << "a wrong identity never locks";
  play.apply("clear 3 " + category + " " + wrong);
  const MoveResult locking = play.apply(right_mark(doc, 2, 1));
  EXPECT_EQ(locking.changes["locked"], nlohmann::json({1, 2, 3}));
  EXPECT_NE(locking.text.find("locked in"), std::string::npos) << locking.text;
  EXPECT_EQ(play.status().figures["locked"], 3);
  EXPECT_EQ(play.to_json()["locked"], nlohmann::json({1, 2, 3}));
  // Locked rows take no move, and offer none.
  const nlohmann::json before = play.to_json();
  try {
    play.apply("clear 1 " + category + " " + value_name(doc, 1, doc.content.solution[0][1]));
    ADD_FAILURE() << "a locked portrait took a move";
  } catch (const IllegalMove& e) {
    EXPECT_NE(std::string(e.what()).find("locked in"), std::string::npos) << e.what();
  }
  EXPECT_EQ(play.to_json(), before);
  for (const std::string& move : play.legal_moves())
    EXPECT_FALSE(move.starts_with("mark 1 ") || move.starts_with("clear 2 ") || move.starts_with("mark 3 ")) << move;
  EXPECT_EQ(play.svg().find("data-move=\"clear 1 "), std::string::npos);
}

TEST(WhodunnitPlay, AHintIsTheSolversNextStepFromTheRightMarks) {
  const Game::Document doc = make_doc("hint", 5);
  Play play = Play::start(doc, 0);
  const std::optional<Step> first = next_step(Lattice(doc.content.setup), clue_logic(doc.content), {});
  ASSERT_TRUE(first);
  std::string expected = step_text(doc.content, *first, {});
  while (expected.ends_with('\n')) expected.pop_back();
  EXPECT_EQ(play.hint(), expected);
  // A wrong mark is counted, never named, and the hint works from the others.
  const int truth = doc.content.solution[0][1];
  play.apply("mark 1 " + doc.content.setup.categories[1].name + " " +
             value_name(doc, 1, (truth + 1) % doc.content.setup.value_count(1)) + " yes");
  EXPECT_EQ(play.hint(), "1 of your marks disagrees with the clues; from the others: " + expected);
}

TEST(WhodunnitPlay, AWrongAccusationLosesAndClosesTheCase) {
  const Game::Document doc = make_doc("wrong", 4);
  Play play = Play::start(doc, 0);
  const int innocent = (doc.content.question.murderer + 1) % 4;
  const MoveResult r = play.apply("accuse " + std::to_string(innocent + 1));
  EXPECT_EQ(r.changes["correct"], false);
  EXPECT_EQ(r.changes["murderer"], doc.content.question.murderer + 1);
  EXPECT_EQ(play.status().phase, PlayPhase::Lost);
  EXPECT_THROW(play.apply("accuse " + std::to_string(doc.content.question.murderer + 1)), IllegalMove);
  EXPECT_EQ(play.status().phase, PlayPhase::Lost);
}

TEST(WhodunnitPlay, IllegalAndUnreadableMovesThrowAndChangeNothing) {
  const Game::Document doc = make_doc("illegal", 5);
  const std::string a = value_name(doc, 1, 0), b = value_name(doc, 1, 1), c = value_name(doc, 1, 2),
                    d = value_name(doc, 1, 3), e = value_name(doc, 1, 4);
  Play play = Play::start(doc, 0);
  play.apply("mark 1 forename " + a + " yes");
  play.apply("mark 2 " + b + " no");  // the category left out: one category has the name
  play.apply("mark 2 forename " + a + " no");
  play.apply("mark 2 forename " + c + " no");
  play.apply("mark 2 forename " + d + " no");
  play.apply("mark 3 forename " + b + " no");
  play.apply("mark 4 forename " + b + " no");
  play.apply("mark 5 forename " + b + " no");
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"", "expected 'mark', 'clear' or 'accuse'"},
      {"tap 1", "expected 'mark', 'clear' or 'accuse'"},
      {"mark 1 forename " + a, "ends with yes or no"},
      {"mark 0 forename " + a + " yes", "'0' is not a suspect number (1..5)"},
      {"mark 6 forename " + a + " yes", "'6' is not a suspect number (1..5)"},
      {"mark 01 forename " + a + " yes", "'01' is not a suspect number"},
      {"mark 1 forename Zed yes", "'forename Zed' is not a name in play"},
      {"mark 1 colour " + a + " yes", "is not a name in play"},
      {"mark 1 forename " + a + " maybe", "ends with yes or no"},
      {"mark 1 forename " + a + " yes", "already marked yes"},
      {"clear 3 forename " + a, "suspect 3 has no mark for forename " + a},
      {"accuse", "'accuse' takes one suspect number"},
      {"accuse 2 3", "'accuse' takes one suspect number"},
      {"accuse six", "'six' is not a suspect number"},
      // The grid's own arithmetic: a second yes in portrait 1's forenames; a second holder of a
      // forename one suspect has; portrait 2's last open forename ruled out; a fifth no on a
      // forename one of five suspects has.
      {"mark 1 forename " + b + " yes", "suspect 1 is already marked yes for forename " + a},
      {"mark 3 forename " + a + " yes", "only 1 suspect has forename " + a + ", and suspect 1 is marked yes already"},
      {"mark 2 forename " + e + " no", "every other forename is marked no for suspect 2"},
      {"mark 1 forename " + b + " no", "at most 4 can be marked no"},
  };
  const nlohmann::json before = play.to_json();
  for (const auto& [move, why] : refused) {
    try {
      play.apply(move);
      ADD_FAILURE() << "accepted: " << move;
    } catch (const IllegalMove& error) {
      const std::string what = error.what();
      EXPECT_NE(what.find(why), std::string::npos) << move << ": " << what;
      EXPECT_EQ(what.rfind(move + ": ", 0), 0u) << what;  // the message names the move
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    }
    EXPECT_EQ(play.to_json(), before) << move;
    const auto legal = play.legal_moves();
    EXPECT_EQ(std::ranges::find(legal, move), legal.end()) << "listed as legal: " << move;
  }
  // A yes may replace a no in the same cell: the player changes their mind.
  const MoveResult r = play.apply("mark 2 forename " + b + " yes");
  EXPECT_EQ(r.changes["before"], "no");
  EXPECT_EQ(r.changes["mark"], "yes");
}

TEST(WhodunnitPlay, ANameInSeveralCategoriesNeedsItsCategory) {
  // A designer's case where a surname is also a forename (the clues' prose is not checked for
  // kind "markup"): renamed everywhere in the file, the case is the same puzzle.
  Game::Document doc = make_doc("names", 4);
  const std::string forename = value_name(doc, 1, 0);
  doc.content.setup.categories[2].values[0].name = forename;
  for (CaseClue& clue : doc.content.clues) clue.kind = "markup";
  ASSERT_EQ(Game::verify(doc), std::vector<std::string>{});
  Play play = Play::start(doc, 0);
  try {
    play.apply("mark 1 " + forename + " yes");
    ADD_FAILURE() << "an ambiguous name was accepted";
  } catch (const IllegalMove& error) {
    EXPECT_NE(std::string(error.what()).find("is a name in several categories"), std::string::npos) << error.what();
  }
  EXPECT_EQ(play.apply("mark 1 surname " + forename + " yes").changes["category"], "surname");
  EXPECT_EQ(play.apply("mark 1 forename " + forename + " no").changes["category"], "forename");
}

TEST(WhodunnitPlay, NamesMayHoldSpacesAndEveryListedMoveIsLegal) {
  // Find a case with a two-word room ("billiard room", "drawing room").
  for (int seed = 1; seed < 40; ++seed) {
    const Game::Document doc = make_doc(std::to_string(seed), 4);
    const auto& rooms = doc.content.setup.categories[4].values;
    const auto spaced =
        std::ranges::find_if(rooms, [](const ValueCount& v) { return v.name.find(' ') != std::string::npos; });
    if (spaced == rooms.end()) continue;
    Play play = Play::start(doc, 0);
    EXPECT_EQ(play.apply("mark 2 room " + spaced->name + " no").changes["value"], spaced->name);
    EXPECT_EQ(play.apply("clear 2 " + spaced->name).changes["before"], "no");
    play.apply("mark 1 room " + spaced->name + " yes");
    for (const std::string& move : play.legal_moves()) {
      Play copy = play;
      EXPECT_NO_THROW(copy.apply(move)) << move;
    }
    EXPECT_NE(play.render().find(spaced->name), std::string::npos);
    return;
  }
  FAIL() << "no seed of 1..39 has a two-word room";
}

TEST(WhodunnitPlay, UndoThroughTheSession) {
  const Game::Document doc = make_doc("undo", 4);
  Session<Play> session(Play::start(doc, 0));
  const nlohmann::json start = session.play().to_json();
  EXPECT_THROW(session.undo(), IllegalMove);
  session.apply("mark 1 forename " + value_name(doc, 1, 0) + " yes");
  session.apply("mark 2 forename " + value_name(doc, 1, 0) + " no");
  EXPECT_EQ(session.play().status().figures["marks"], 2);
  session.undo();
  EXPECT_EQ(session.play().status().figures["marks"], 1);
  EXPECT_THROW(session.apply("mark 3 forename " + value_name(doc, 1, 0) + " yes"), IllegalMove);
  EXPECT_EQ(session.moves_made(), 1u);  // a refused move is not history
  session.undo();
  EXPECT_EQ(session.play().to_json(), start);
  session.apply("accuse 1");
  session.restart();
  EXPECT_EQ(session.play().to_json(), start);
}

TEST(WhodunnitPlay, TheViewShowsTheGridAndTheQuestion) {
  const Game::Document doc = make_doc("view", 4);
  Play play = Play::start(doc, 0);
  play.apply("mark 3 forename " + value_name(doc, 1, 1) + " yes");
  const std::string view = play.render();
  EXPECT_NE(view.find("Question: " + doc.content.question_prose), std::string::npos) << view;
  // Suspect 3's row under forename: Y in the second column, dots elsewhere.
  const std::size_t row = view.find("suspect 3");
  ASSERT_NE(row, std::string::npos);
  std::string line = view.substr(row, view.find('\n', row) - row);
  std::erase(line, ' ');
  EXPECT_EQ(line, "suspect3.Y..") << view;
  EXPECT_NE(play.rules().find("Suspects are numbered 1.."), std::string::npos);
  EXPECT_NE(play.rules().find(doc.content.clues[0].prose.substr(0, 20)), std::string::npos);
  EXPECT_EQ(play.to_json()["marks"][2]["forename"][value_name(doc, 1, 1)], "yes");
}

// The seating is part of the case as shown: in the text (seating_test.cpp checks what it says
// for every cast), as show's SVG, and above the notebook, where it adds nothing to click.
TEST(WhodunnitGame, EveryViewOfTheCaseShowsTheSeating) {
  const Game::Document doc = make_doc("seating", 5);
  const std::string text = Game::show_text(doc, 0);
  EXPECT_NE(text.find("The suspects are numbered 1 to 5: suspect k is the person in portrait k.\n"
                      "Their numbers are known; what the clues reveal is each one's forename, surname, title and "
                      "room.\n"),
            std::string::npos)
      << text;
  const std::size_t seating = text.find(seating_text(5));
  ASSERT_NE(seating, std::string::npos) << text;
  EXPECT_LT(seating, text.find("Accounts")) << "read before the accounts that use it";
  const Play play = Play::start(doc, 0);
  EXPECT_NE(play.rules().find(seating_text(5)), std::string::npos);

  EXPECT_EQ(Game::show_svg(doc, 0), seating_svg(5));

  const std::string board = play.svg();
  for (int s = 1; s <= 5; ++s)
    EXPECT_NE(board.find(fmt::format(R"(<g class="seat" data-seat="{}">)", s)), std::string::npos) << s;
  // Drawn before the notebook's first target, and none of its own: the targets are the
  // notebook's cells and accuse buttons alone.
  const std::size_t first_move = board.find("data-move=");
  ASSERT_NE(first_move, std::string::npos);
  EXPECT_LT(board.find(R"(data-seat="5")"), first_move);
  std::size_t targets = 0;
  for (std::size_t pos = board.find("data-move="); pos != std::string::npos; pos = board.find("data-move=", pos + 1))
    ++targets;
  std::size_t cells = 0;
  for (int c = 1; c < doc.content.setup.category_count(); ++c)
    cells += static_cast<std::size_t>(doc.content.setup.value_count(c));
  EXPECT_LE(targets, 5 * cells + 5) << "a target per cell at most, and an accuse button per portrait";
}

}  // namespace
}  // namespace proven::whodunnit

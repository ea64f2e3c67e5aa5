// The core pieces of the Game contract: the document envelope, the seed-list grammar, cell
// names, and the generic Session (undo and restart for every game).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/coords.hpp"
#include "core/document.hpp"
#include "core/errors.hpp"
#include "core/play.hpp"
#include "core/seeds.hpp"
#include "core/tally.hpp"

namespace proven {
namespace {

const Envelope kExpected{
    .format = "proven-toy-pack/2", .game = "toy", .generator_version = "3", .seed = "", .params = {}};

nlohmann::json toy_file() {
  return wrap_document(
      {.format = "proven-toy-pack/2", .game = "toy", .generator_version = "3", .seed = "7", .params = {{"size", 4}}},
      {{"levels", {1, 2}}});
}

std::string open_error(const nlohmann::json& json) {
  try {
    open_document(json, kExpected, "toy pack");
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(Envelope, WrapsAndOpensBack) {
  const OpenedDocument opened = open_document(toy_file(), kExpected, "toy pack");
  EXPECT_EQ(opened.envelope.seed, "7");
  EXPECT_EQ(opened.envelope.params, (nlohmann::json{{"size", 4}}));
  EXPECT_EQ(opened.body, (nlohmann::json{{"levels", {1, 2}}}));
}

TEST(Envelope, AnotherGeneratorVersionIsOneLineNamingBothVersions) {
  nlohmann::json file = toy_file();
  file["generator_version"] = "2";
  const std::string message = open_error(file);
  EXPECT_NE(message.find("version 2"), std::string::npos) << message;
  EXPECT_NE(message.find("version 3"), std::string::npos) << message;
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(Envelope, EveryMalformedEnvelopeIsAUserError) {
  const std::vector<std::pair<std::string, std::function<void(nlohmann::json&)>>> breaks = {
      {"a JSON object", [](nlohmann::json& j) { j = nlohmann::json::array(); }},
      {"\"format\" is", [](nlohmann::json& j) { j["format"] = "proven-toy-pack/1"; }},
      {"missing \"format\"", [](nlohmann::json& j) { j.erase("format"); }},
      {"\"game\" is", [](nlohmann::json& j) { j["game"] = "prism"; }},
      {"must be a string", [](nlohmann::json& j) { j["generator_version"] = 3; }},
      {"missing \"seed\"", [](nlohmann::json& j) { j.erase("seed"); }},
      {"\"params\" must be an object", [](nlohmann::json& j) { j["params"] = 4; }},
      {"missing \"body\"", [](nlohmann::json& j) { j.erase("body"); }},
      {"unknown field \"extra\"", [](nlohmann::json& j) { j["extra"] = 1; }},
  };
  for (const auto& [expected, edit] : breaks) {
    nlohmann::json file = toy_file();
    edit(file);
    const std::string message = open_error(file);
    EXPECT_NE(message.find(expected), std::string::npos) << expected << " / " << message;
  }
}

TEST(Seeds, TheGrammarReadsSinglesRangesAndLists) {
  const SeedList list = parse_seed_list("3,10..12,1", {.min = 1, .max = 100});
  EXPECT_EQ(list.count(), 5u);
  std::vector<std::uint64_t> seeds;
  for (std::uint64_t i = 0; i < list.count(); ++i) seeds.push_back(list.at(i));
  EXPECT_EQ(seeds, (std::vector<std::uint64_t>{3, 10, 11, 12, 1}));
  EXPECT_EQ(list.text(), "3,10..12,1");
  EXPECT_EQ(parse_seed_list("42").count(), 1u);
}

TEST(Seeds, EveryMistakeIsOneLineNamingTheOption) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "no seed given"},
      {"5..2", "runs backwards"},
      {"0", "from 1 to 100"},
      {"101", "from 1 to 100"},
      {"99999999999999999999999", "from 1 to 100"},
      {"1..3,2", "listed twice"},
      {"a", "'a' is not a whole number"},
      {"1,,2", "from 1 to 100"},
      {"1 ..2", "not a whole number"},
      {"-3", "not a whole number"},
      {"1..100", "at most 50"},
  };
  for (const auto& [text, expected] : cases) {
    try {
      parse_seed_list(text, {.min = 1, .max = 100, .max_count = 50, .option = "--seeds"});
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const UserError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("--seeds '" + text + "'", 0), 0u) << message;
      EXPECT_NE(message.find(expected), std::string::npos) << text << " / " << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

TEST(Coords, CellsAreNamedLetterThenRowFromOne) {
  EXPECT_EQ(cell_name({0, 0}), "A1");
  EXPECT_EQ(cell_name({2, 1}), "C2");
  EXPECT_EQ(cell_name({7, 11}), "H12");
  EXPECT_EQ(parse_cell("C2", 3, 2), (GridCell{2, 1}));
  EXPECT_EQ(parse_cell("c2", 3, 2), (GridCell{2, 1}));
  EXPECT_EQ(parse_cell("H12", 8, 12), (GridCell{7, 11}));
  for (const char* bad : {"D1", "A3", "A0", "A01", "1A", "A", "", "A-1", "AA1", "A 1"})
    EXPECT_FALSE(parse_cell(bad, 3, 2).has_value()) << bad;
  EXPECT_EQ(cell_range_text(8, 6), "columns A..H, rows 1..6");
}

// A counter that is won at 3: enough to see what Session adds to a Play.
struct Counter {
  static constexpr bool kUndo = true;
  int value = 0;
  static Counter start(const std::vector<int>&, std::size_t) { return {}; }
  MoveResult apply(std::string_view move) {
    if (move != "up") throw IllegalMove(std::string(move) + ": the only move is 'up'");
    ++value;
    return {.text = "up", .changes = {{"value", value}}};
  }
  PlayStatus status() const {
    return {.phase = value >= 3 ? PlayPhase::Won : PlayPhase::Playing, .summary = "", .figures = {}};
  }
  std::vector<std::string> legal_moves() const { return {"up"}; }
  std::string rules() const { return "say 'up' three times"; }
  std::string render() const { return std::to_string(value); }
  nlohmann::json to_json() const { return value; }
};
static_assert(PlayOf<Counter, std::vector<int>>);

struct OneWay : Counter {
  static constexpr bool kUndo = false;
  static OneWay start(const std::vector<int>&, std::size_t) { return {}; }
};

TEST(Session, UndoAndRestartComeFromCopiesOfThePlay) {
  Session<Counter> session(Counter{});
  session.apply("up");
  session.apply("up");
  EXPECT_EQ(session.play().value, 2);
  session.undo();
  EXPECT_EQ(session.play().value, 1);
  EXPECT_EQ(session.moves_made(), 1u);
  EXPECT_THROW(session.apply("down"), IllegalMove);
  EXPECT_EQ(session.play().value, 1);  // an illegal move changes nothing
  EXPECT_EQ(session.moves_made(), 1u);
  session.restart();
  EXPECT_EQ(session.play().value, 0);
  EXPECT_THROW(session.undo(), IllegalMove);  // nothing left to take back
}

TEST(Session, AGameWithoutUndoRefusesIt) {
  Session<OneWay> session(OneWay{});
  session.apply("up");
  EXPECT_THROW(session.undo(), IllegalMove);
  EXPECT_THROW(session.restart(), IllegalMove);
  EXPECT_EQ(session.play().value, 1);
}

// The session's words, once for every front end: after the end, moves are refused and undo and
// restart still work (when the game allows them).
TEST(Session, ActTakesTheSessionsWordsAndRefusesMovesOnceTheGameIsOver) {
  Session<Counter> session(Counter{});
  for (int i = 0; i < 3; ++i) session.act("up");
  EXPECT_TRUE(session.over());
  try {
    session.act("up");
    ADD_FAILURE() << "a move after the win was taken";
  } catch (const IllegalMove& e) {
    EXPECT_EQ(std::string(e.what()), "up: the game is over (won); undo or restart to play on");
  }
  EXPECT_EQ(session.play().value, 3);
  EXPECT_EQ(session.act("undo").text, "took back the last move");
  EXPECT_EQ(session.play().value, 2);
  EXPECT_FALSE(session.over());
  session.act("up");
  EXPECT_EQ(session.act("restart").text, "back to the start");
  EXPECT_EQ(session.play().value, 0);
  EXPECT_EQ(session.moves_made(), 0u);

  Session<OneWay> one_way(OneWay{});
  for (int i = 0; i < 3; ++i) one_way.act("up");
  try {
    one_way.act("up");
    ADD_FAILURE() << "a move after the win was taken";
  } catch (const IllegalMove& e) {
    EXPECT_EQ(std::string(e.what()), "up: the game is over (won)");  // no undo to offer
  }
  EXPECT_THROW(one_way.act("undo"), IllegalMove);
}

TEST(MoveList, MovesSplitOnSemicolonsAndNewlinesTrimmedWithoutBlanks) {
  using Moves = std::vector<std::string>;
  EXPECT_EQ(split_moves("tap C3; tap D5;tap A1"), (Moves{"tap C3", "tap D5", "tap A1"}));
  EXPECT_EQ(split_moves("  U\n\tD \r\n;;  ;L"), (Moves{"U", "D", "L"}));
  EXPECT_EQ(split_moves("mark 3 room billiard room yes"), (Moves{"mark 3 room billiard room yes"}));
  EXPECT_TRUE(split_moves("").empty());
  EXPECT_TRUE(split_moves(" ; \n ").empty());
}

TEST(TallyJson, ReadsBackWhatItWritesAndRefusesInconsistentCounts) {
  Tally tally;
  tally.declare("never fired");
  tally.reject("not unique", 40);
  tally.accept(2);
  EXPECT_EQ(Tally::from_json(tally.to_json(), "tally"), tally);

  nlohmann::json wrong = tally.to_json();
  wrong["tries"] = 41;
  EXPECT_THROW(Tally::from_json(wrong, "tally"), UserError);
  nlohmann::json twice = tally.to_json();
  twice["rejected"].push_back({{"reason", "not unique"}, {"count", 0}});
  twice["tries"] = 42;
  EXPECT_THROW(Tally::from_json(twice, "tally"), UserError);
  nlohmann::json negative = tally.to_json();
  negative["accepted"] = -1;
  EXPECT_THROW(Tally::from_json(negative, "tally"), UserError);
}

}  // namespace
}  // namespace proven

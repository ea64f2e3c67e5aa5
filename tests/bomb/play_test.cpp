// Playing a dealt bomb in words (bomb::Game::Play): the words round-trip, the autoplayer's moves
// defuse, wrong and illegal moves do what the docs say, and time makes the needy modules fire.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "bomb/game.hpp"

namespace proven::bomb::play_test {
namespace {

using Play = Game::Play;

const Game::Document& document(int seed) {
  static std::map<int, Game::Document> docs;
  auto it = docs.find(seed);
  if (it == docs.end()) it = docs.emplace(seed, rule_book_document(build_rule_book(seed))).first;
  return it->second;
}

// Every action a module knows has words of its own (no two alike), and they parse back.
TEST(BombWords, EveryActionOfEveryModuleRoundTripsAndNoTwoAreAlike) {
  for_each_module([]<class M>() {
    std::set<std::string> seen;
    for (const Action action : M::kActions) {
      const std::string said = M::words(action);
      EXPECT_TRUE(seen.insert(said).second) << M::kInfo.name << ": '" << said << "' twice";
      EXPECT_EQ(parse_words<M>(said), action) << M::kInfo.name << ": " << said;
      // Players may shout: case and spacing do not matter.
      std::string loud;
      for (const char c : said)
        loud += c == ' ' ? std::string("   ") : std::string(1, static_cast<char>(std::toupper(c)));
      EXPECT_EQ(parse_words<M>(" " + loud + " "), action) << M::kInfo.name << ": " << loud;
    }
    EXPECT_EQ(parse_words<M>("dance"), std::nullopt);
  });
}

// Every action the hints give on many deals is among the module's words and comes back from them.
TEST(BombWords, EveryHintOnManyDealsIsSaidAndReadBack) {
  std::set<std::string> modules_seen;
  for (const int seed : {1, 2, 77}) {
    const RuleBook& book = document(seed).book;
    for (std::uint64_t bomb_seed = 1; bomb_seed <= 25; ++bomb_seed) {
      const Bomb bomb = deal_bomb(book, bomb_seed, static_cast<int>(Catalog::size));
      const AutoplayResult run = autoplay(book, bomb);
      ASSERT_TRUE(run.defused) << seed << "/" << bomb_seed << ": " << run.end;
      for (const AutoplayStep& step : run.log) {
        if (step.action.is_wait()) continue;
        const AnySlot& slot = bomb.modules[step.slot];
        const std::string said = words(slot, step.action);
        EXPECT_EQ(parse_words(slot, said), step.action) << info_of(slot).name << ": " << said;
        modules_seen.insert(std::string(info_of(slot).name));
      }
    }
  }
  EXPECT_EQ(modules_seen.size(), Catalog::size) << "some module never acted";
}

PlayStatus play_all(Play& play, const std::vector<std::string>& moves) {
  for (const std::string& move : moves) play.apply(move);
  return play.status();
}

TEST(BombPlay, TheSolutionDefusesManyBombsUnderSeveralRuleSeedsWithNoStrike) {
  for (const int seed : {1, 3, 500, 999'999}) {
    const Game::Document& doc = document(seed);
    for (std::size_t item = 0; item < 12; ++item) {
      Play play = Play::start(doc, item);
      const std::vector<std::string> moves = Game::solution(doc, item);
      ASSERT_FALSE(moves.empty());
      EXPECT_EQ(moves.front().rfind("module ", 0), 0u) << "the first move picks up a module";
      const PlayStatus status = play_all(play, moves);
      EXPECT_EQ(status.phase, PlayPhase::Won) << seed << " bomb " << item + 1 << ": " << status.summary;
      EXPECT_EQ(status.figures["strikes"], 0) << seed << " bomb " << item + 1;
      EXPECT_TRUE(play.legal_moves().empty());
      EXPECT_THROW(play.apply("wait 1"), IllegalMove) << "no move after the end";
    }
  }
}

std::size_t slot_of(const Bomb& bomb, std::string_view id) {
  for (std::size_t i = 0; i < bomb.modules.size(); ++i)
    if (info_of(bomb.modules[i]).id == id) return i;
  ADD_FAILURE() << "no module " << id;
  return 0;
}

TEST(BombPlay, AWrongCutStrikesAndThreeStrikesLose) {
  const Game::Document& doc = document(1);
  const Bomb bomb = deal_item(doc.book, 6);
  const std::size_t wires = slot_of(bomb, "wires");
  const int count = std::get<Slot<Wires>>(bomb.modules[wires]).state.count;
  // The wire the rules say to cut, and one they do not.
  BombRun run(doc.book, bomb);
  const Action right = run.hint(wires);
  ASSERT_EQ(right.verb, Verb::Cut);
  const std::string wrong = "cut wire " + std::to_string((right.arg + 1) % count + 1);

  Play play = Play::start(doc, 6);
  play.apply("module " + std::to_string(wires + 1));
  for (int strike = 1; strike <= 3; ++strike) {
    const MoveResult r = play.apply(wrong);
    EXPECT_EQ(r.changes["outcome"], "STRIKE") << r.text;
    EXPECT_EQ(play.status().figures["strikes"], strike);
    EXPECT_EQ(play.status().phase, strike < 3 ? PlayPhase::Playing : PlayPhase::Lost) << play.status().summary;
  }
  EXPECT_NE(play.status().summary.find("3 strikes of 3"), std::string::npos) << play.status().summary;
  EXPECT_TRUE(play.legal_moves().empty());
}

TEST(BombPlay, IllegalOrUnreadableMovesThrowAndChangeNothing) {
  const Game::Document& doc = document(1);
  const Bomb bomb = deal_item(doc.book, 6);
  const std::size_t wires = slot_of(bomb, "wires");
  const std::size_t button = slot_of(bomb, "big-button");
  const int count = std::get<Slot<Wires>>(bomb.modules[wires]).state.count;
  Play play = Play::start(doc, 6);
  const auto same = [&](const Play& before) {
    EXPECT_EQ(play.to_json(), before.to_json());
    EXPECT_EQ(play.render(), before.render());
  };
  for (const std::string move : {"", "fly", "cut wire 1", "module 0", "module 15", "module x", "module", "wait 0",
                                 "wait -3", "wait 3601", "wait soon", "release at 4"}) {
    const Play before = play;
    EXPECT_THROW(play.apply(move), IllegalMove) << "'" << move << "' with nothing picked up";
    same(before);
  }
  play.apply("module " + std::to_string(wires + 1));
  for (const std::string& move : std::vector<std::string>{"cut wire 0", "cut wire " + std::to_string(count + 1), "cut",
                                                          "press blue", "move up", "answer yes", "release at 4"}) {
    const Play before = play;
    EXPECT_THROW(play.apply(move), IllegalMove) << move;
    same(before);
  }
  play.apply("module " + std::to_string(button + 1));
  for (const std::string move : {"release", "release at 4", "release at 10", "cut wire 1"}) {
    const Play before = play;
    EXPECT_THROW(play.apply(move), IllegalMove) << move << ": the button is not held";
    same(before);
  }
  try {
    play.apply("push");
    FAIL();
  } catch (const IllegalMove& e) {
    EXPECT_EQ(std::string(e.what()), "push: module " + std::to_string(button + 1) +
                                         " (Big Button) has no such move (its moves: tap, hold, release)");
  }
  EXPECT_EQ(play.status().figures["strikes"], 0);
  EXPECT_EQ(play.status().figures["elapsed_ms"], 0) << "picking up a module takes no time";
}

TEST(BombPlay, WaitingLetsTheNeedyModulesWakeAndStrike) {
  const Game::Document& doc = document(2);
  Play play = Play::start(doc, 10);
  bool woke = false;
  int waited = 0;
  while (play.status().figures["strikes"] == 0 && waited < 600) {
    const MoveResult r = play.apply("wait 5");
    waited += 5;
    woke = woke || r.text.find("asking") != std::string::npos || r.text.find("lights") != std::string::npos ||
           r.text.find("meter") != std::string::npos;
  }
  EXPECT_TRUE(woke) << "no needy module showed anything in " << waited << " s";
  EXPECT_EQ(play.status().figures["strikes"], 1) << play.status().summary;
  EXPECT_LT(waited, 200) << "a needy countdown runs out within a few minutes when nobody answers";
  EXPECT_EQ(play.status().figures["elapsed_ms"], waited * 1000);
  EXPECT_EQ(play.status().phase, PlayPhase::Playing);
}

TEST(BombPlay, ReleaseAtWaitsForTheDigitOnTheClock) {
  const Game::Document& doc = document(1);
  for (std::size_t item = 0; item < 40; ++item) {
    const Bomb bomb = deal_item(doc.book, item);
    const std::size_t button = slot_of(bomb, "big-button");
    BombRun run(doc.book, bomb);
    if (run.hint(button).verb != Verb::Hold) continue;
    // A held button: release it when the clock shows the strip's digit, whatever that is.
    Play play = Play::start(doc, item);
    play.apply("module " + std::to_string(button + 1));
    play.apply("hold");
    // The strip's colour is dealt with the button; the manual's table gives its digit.
    const int digit =
        doc.book.rules_of<BigButton>().release_digit[std::get<Slot<BigButton>>(bomb.modules[button]).state.strip];
    const MoveResult r = play.apply("release at " + std::to_string(digit));
    EXPECT_EQ(r.changes["outcome"], "solved") << r.text;
    EXPECT_EQ(play.status().figures["strikes"], 0);
    return;
  }
  FAIL() << "no bomb among the first 40 asks to hold the button";
}

}  // namespace
}  // namespace proven::bomb::play_test

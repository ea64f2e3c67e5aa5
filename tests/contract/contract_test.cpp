// One typed suite over every game on the Game contract (core/game.hpp): what the contract
// promises is tested once, for all of them. Every game of the one list (proven/games.hpp) is in
// it; a game joins by its fixture, tests/contract/<game>_fixture.hpp (fixture.hpp), without
// which the suite does not build.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/io.hpp"
#include "proven/contract_fixtures.hpp"  // every game's fixture, from the one list (tests/CMakeLists.txt)
#include "support/run_proven.hpp"
#include "support/scratch_dir.hpp"

namespace proven::contract {
namespace {

using proven::testing::run_proven;

template <class G>
const typename G::Document& sample() {
  // Generated once per game and binary: every test below reads it.
  static const typename G::Document doc =
      G::generate(Fixture<G>::seed(), Fixture<G>::params(), {.jobs = 0, .progress = nullptr}).document;
  return doc;
}

template <class G>
std::string sample_text() {
  return json_text(document_to_json<G>(sample<G>()));
}

int lines(const std::string& text) { return static_cast<int>(std::ranges::count(text, '\n')); }

template <class G>
class Contract : public proven::testing::ScratchDirTest {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    write_file_atomic(path(name), text);
    return path(name);
  }
  std::string command(const std::string& rest) { return std::string(G::kName) + " " + rest; }
};

using GameTypes = AllGames::Apply<::testing::Types>;
TYPED_TEST_SUITE(Contract, GameTypes);

TYPED_TEST(Contract, BenchSignatureIsPinned) {
#ifdef PROVEN_SANITIZED
  GTEST_SKIP() << "the bench workload is a Release-build check (it tests output, not memory safety)";
#else
  EXPECT_EQ(TypeParam::bench(0).digest, Fixture<TypeParam>::kBenchSignature)
      << TypeParam::kName << "'s generated output changed: re-pin only if that was the point of the change";
#endif
}

TYPED_TEST(Contract, ThreadCountNeverChangesTheBytes) {
  using G = TypeParam;
  const auto made = [](unsigned jobs) {
    return json_text(
        document_to_json<G>(G::generate(Fixture<G>::seed(), Fixture<G>::params(), {.jobs = jobs}).document));
  };
  EXPECT_EQ(made(1), sample_text<G>());
  EXPECT_EQ(made(2), sample_text<G>());
}

TYPED_TEST(Contract, TheCliGeneratesTheLibrarysBytesAndReportsTheTally) {
  using G = TypeParam;
  const auto r = run_proven(this->command(fmt::format("generate --seed {} {} --jobs 2 --out {}", Fixture<G>::seed(),
                                                      Fixture<G>::cli_params(), this->path("made.json"))));
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(read_file(this->path("made.json")), sample_text<G>());
  EXPECT_NE(r.out.find("accepted"), std::string::npos) << "the tally is printed: " << r.out;
  // Written atomically: an unwritable destination leaves nothing behind.
  const auto w = run_proven(this->command(fmt::format("generate --seed {} {} --out {}", Fixture<G>::seed(),
                                                      Fixture<G>::cli_params(), this->path("no-dir/made.json"))));
  EXPECT_EQ(w.code, 2) << w.out;
  EXPECT_FALSE(std::filesystem::exists(this->path("no-dir")));
}

TYPED_TEST(Contract, JsonRoundTripIsByteExact) {
  using G = TypeParam;
  const std::string text = sample_text<G>();
  const auto back = document_from_json<G>(parse_json(text, "sample"));
  EXPECT_EQ(json_text(document_to_json<G>(back)), text);
}

TYPED_TEST(Contract, GeneratedDocumentsVerify) {
  using G = TypeParam;
  const auto problems = G::verify(sample<G>());
  EXPECT_TRUE(problems.empty()) << problems.front();
  EXPECT_GT(G::item_count(sample<G>()), 0u);
}

TYPED_TEST(Contract, VerifyNamesEachTamperedPromise) {
  using G = TypeParam;
  const nlohmann::json file = document_to_json<G>(sample<G>());
  const auto tampers = Fixture<G>::tampers(file["body"]);
  ASSERT_FALSE(tampers.empty());
  for (const Tamper& tamper : tampers) {
    nlohmann::json broken = file;
    tamper.edit(broken["body"]);
    const auto problems = G::verify(document_from_json<G>(broken));
    const bool named = std::ranges::any_of(
        problems, [&](const std::string& p) { return p.find(tamper.promise) != std::string::npos; });
    EXPECT_TRUE(named) << "'" << tamper.promise << "' not named; verify said:\n"
                       << (problems.empty() ? std::string("(nothing)") : problems.front());
  }
}

TYPED_TEST(Contract, TheCliVerifiesAndRejectsTamperingWithExitOne) {
  using G = TypeParam;
  const auto ok = run_proven(this->command("verify " + this->write("good.json", sample_text<G>())));
  EXPECT_EQ(ok.code, 0) << ok.out;
  nlohmann::json broken = document_to_json<G>(sample<G>());
  Fixture<G>::tampers(broken["body"]).front().edit(broken["body"]);
  const auto bad = run_proven(this->command("verify " + this->write("bad.json", json_text(broken))));
  EXPECT_EQ(bad.code, 1) << bad.out;
}

// A game's promise is checked before it is played: every tampered document is refused by
// `play` with exit 2 and verify's first broken promise (for a tamper, not always the one it
// aimed at: a changed rule also changes the fingerprint), on one line, before any move.
TYPED_TEST(Contract, PlayRefusesADocumentThatDoesNotVerify) {
  using G = TypeParam;
  const nlohmann::json file = document_to_json<G>(sample<G>());
  for (const Tamper& tamper : Fixture<G>::tampers(file["body"])) {
    nlohmann::json broken = file;
    tamper.edit(broken["body"]);
    const auto r = run_proven(this->command("play " + this->write("bad.json", json_text(broken)) + " --moves ''"));
    EXPECT_EQ(r.code, 2) << tamper.promise << ": " << r.out;
    EXPECT_EQ(lines(r.out), 1) << r.out;
    EXPECT_NE(r.out.find("does not verify, so it is not played: "), std::string::npos) << r.out;
    const auto problems = G::verify(document_from_json<G>(broken), {});
    ASSERT_FALSE(problems.empty()) << tamper.promise;
    EXPECT_NE(r.out.find(problems.front()), std::string::npos) << problems.front() << ": " << r.out;
  }
}

TYPED_TEST(Contract, MalformedInputIsExitTwoWithOneLine) {
  using G = TypeParam;
  const nlohmann::json good = document_to_json<G>(sample<G>());
  std::map<std::string, std::string> files;
  files["truncated"] = sample_text<G>().substr(0, sample_text<G>().size() / 2);
  files["array"] = "[]";
  const auto edited = [&](auto edit) {
    nlohmann::json j = good;
    edit(j);
    return json_text(j);
  };
  files["format"] = edited([](nlohmann::json& j) { j["format"] = "proven-other/1"; });
  files["game"] = edited([](nlohmann::json& j) { j["game"] = "no-such-game"; });
  files["version"] = edited([](nlohmann::json& j) { j["generator_version"] = "0.0"; });
  files["no-body"] = edited([](nlohmann::json& j) { j.erase("body"); });
  files["body"] = edited([](nlohmann::json& j) { j["body"] = 5; });
  files["params"] = edited([](nlohmann::json& j) { j["params"] = nlohmann::json::array(); });
  files["huge"] = sample_text<G>().substr(0, sample_text<G>().rfind('}')) + ", \"x\": 1e400}\n";
  // Every malformed file through the reader every command uses (in-process: cheap under ASan)...
  for (const auto& [name, text] : files) {
    const std::string file = this->write(name + ".json", text);
    try {
      read_document_file<G>(file);
      ADD_FAILURE() << name << " was read";
    } catch (const UserError& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.find('\n'), std::string::npos) << name << ": " << message;
      EXPECT_EQ(message.rfind(file + ": ", 0), 0u) << name << ": " << message;
    }
  }
  // ...and each command that reads one, through the executable: exit 2, one line.
  for (const auto& [verb, name] : {std::pair{"verify ", "version"}, {"show ", "truncated"}, {"play ", "huge"}}) {
    const std::string file = this->path(std::string(name) + ".json");
    const auto r = run_proven(this->command(verb + file + (verb == std::string("play ") ? " --moves ''" : "")));
    EXPECT_EQ(r.code, 2) << verb << name << ": " << r.out;
    EXPECT_EQ(lines(r.out), 1) << verb << name << ": " << r.out;
    EXPECT_EQ(r.out.rfind("proven: " + file + ": ", 0), 0u) << verb << name << ": " << r.out;
    if (std::string(name) == "version") {
      EXPECT_NE(r.out.find("version 0.0"), std::string::npos) << r.out;
      EXPECT_NE(r.out.find("version " + G::generator_version()), std::string::npos) << r.out;
    }
  }
}

TYPED_TEST(Contract, PlayingTheStoredSolutionWins) {
  using G = TypeParam;
  for (const std::size_t item : Fixture<G>::play_items(sample<G>())) {
    Session<typename G::Play> session(G::Play::start(sample<G>(), item));
    for (const std::string& move : G::solution(sample<G>(), item)) {
      ASSERT_EQ(session.play().status().phase, PlayPhase::Playing) << "item " << item << ": over before " << move;
      session.apply(move);
    }
    EXPECT_EQ(session.play().status().phase, PlayPhase::Won)
        << "item " << item << ": " << session.play().status().summary;
  }
}

TYPED_TEST(Contract, AWrongSequenceDoesNotWin) {
  using G = TypeParam;
  for (const std::size_t item : Fixture<G>::play_items(sample<G>())) {
    Session<typename G::Play> session(G::Play::start(sample<G>(), item));
    for (const std::string& move : Fixture<G>::losing_moves(sample<G>(), item)) {
      if (session.play().status().phase != PlayPhase::Playing) break;
      session.apply(move);
    }
    EXPECT_NE(session.play().status().phase, PlayPhase::Won) << "item " << item;
  }
}

TYPED_TEST(Contract, AnIllegalMoveChangesNothing) {
  using G = TypeParam;
  typename G::Play play = G::Play::start(sample<G>(), 0);
  const nlohmann::json before = play.to_json();
  for (const std::string move : {"", "@@@", "xyzzy 99 99", "tap", "mark", "cut wire 0"}) {
    bool refused = false;
    try {
      play.apply(move);
    } catch (const IllegalMove& e) {
      refused = true;
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
    EXPECT_TRUE(refused) << "'" << move << "' was accepted";
    EXPECT_EQ(play.to_json(), before) << "'" << move << "' changed the position";
  }
}

TYPED_TEST(Contract, EveryListedMoveIsAccepted) {
  using G = TypeParam;
  const typename G::Play start = G::Play::start(sample<G>(), 0);
  const auto moves = start.legal_moves();
  ASSERT_FALSE(moves.empty());
  for (const std::string& move : moves) {
    typename G::Play play = start;
    EXPECT_NO_THROW(play.apply(move)) << move;
  }
  EXPECT_FALSE(start.rules().empty());
  EXPECT_FALSE(start.render().empty());
}

// The web pages send only moves a drawn position offers (core/play.hpp, DrawnPlay): each must be
// a move the engine lists and accepts, at every position along the stored solution.
TYPED_TEST(Contract, EveryDrawnTargetIsALegalMove) {
  using G = TypeParam;
  if constexpr (!DrawnPlay<typename G::Play>) {
    GTEST_SKIP() << "this game's Play draws no SVG; pages show its text and its listed moves";
  } else {
    const std::size_t item = Fixture<G>::play_items(sample<G>()).front();
    typename G::Play play = G::Play::start(sample<G>(), item);
    const auto targets = [](const std::string& svg) {  // every data-move="..." value, unescaped
      std::vector<std::string> moves;
      const std::string key = "data-move=\"";
      for (std::size_t at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1)) {
        const std::size_t start = at + key.size();
        const std::string raw = svg.substr(start, svg.find('"', start) - start);
        std::string move;
        for (std::size_t i = 0; i < raw.size(); ++i) {
          const bool amp = raw.compare(i, 5, "&amp;") == 0;
          move += raw[i];
          if (amp) i += 4;
        }
        moves.push_back(move);
      }
      return moves;
    };
    for (const std::string& next : G::solution(sample<G>(), item)) {
      const std::string svg = play.svg();
      ASSERT_EQ(svg.rfind("<svg", 0), 0u) << svg.substr(0, 80);
      const auto legal = play.legal_moves();
      for (const std::string& move : targets(svg)) {
        EXPECT_TRUE(std::ranges::find(legal, move) != legal.end()) << "drawn but not listed: " << move;
        typename G::Play copy = play;
        EXPECT_NO_THROW(copy.apply(move)) << move;
      }
      play.apply(next);
    }
    EXPECT_TRUE(targets(play.svg()).empty() || play.status().phase == PlayPhase::Playing)
        << "a finished game offers no move";
  }
}

TYPED_TEST(Contract, TheCliPlaysWithExitCodesZeroOneTwo) {
  using G = TypeParam;
  const std::string file = this->write("doc.json", sample_text<G>());
  const std::size_t item = Fixture<G>::play_items(sample<G>()).front();
  const auto join = [](const std::vector<std::string>& moves) {
    std::string text;
    for (const auto& m : moves) text += m + ";";
    return text;
  };
  const std::string play = this->command(fmt::format("play {} --item {} --moves ", file, item + 1));
  const auto won = run_proven(play + "'" + join(G::solution(sample<G>(), item)) + "'");
  EXPECT_EQ(won.code, 0) << won.out;
  const auto wrong = run_proven(play + "'" + join(Fixture<G>::losing_moves(sample<G>(), item)) + "'");
  EXPECT_EQ(wrong.code, 1) << wrong.out;
  const auto none = run_proven(play + "''");
  EXPECT_EQ(none.code, 1) << none.out;
  const auto illegal = run_proven(play + "'@@@'");
  EXPECT_EQ(illegal.code, 2) << illegal.out;
  // Moves from stdin, as a person or a script types them.
  const auto piped = run_proven("--version >/dev/null; printf '%s' '" + join(G::solution(sample<G>(), item)) + "' | " +
                                PROVEN_EXE + " " + this->command(fmt::format("play {} --item {}", file, item + 1)));
  EXPECT_EQ(piped.code, 0) << piped.out;
}

}  // namespace
}  // namespace proven::contract

// The bomb leaderboard: verified runs in SQLite, through the store and through `proven serve`.
#include "bomb/web/leaderboard.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include <httplib.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/replay.hpp"
#include "bomb/rulebook.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "serve/server.hpp"

namespace proven::bomb::web {
namespace {

using serve::ServeOptions;
using serve::Server;

class Scratch {
 public:
  Scratch()
      : dir_(std::filesystem::temp_directory_path() /
             ("proven-board-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++))) {
    std::filesystem::create_directories(dir_);
  }
  ~Scratch() { std::filesystem::remove_all(dir_); }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }

 private:
  static inline int counter_ = 0;
  std::filesystem::path dir_;
};

const bomb::RuleBook& book7() {
  static const bomb::RuleBook book = bomb::build_rule_book(7);
  return book;
}

// The autoplayed run of bomb `b` of manual 7 as the JSON a page would submit.
nlohmann::json run_json(std::uint64_t b, const std::string& player = "") {
  const bomb::RuleBook& book = book7();
  const bomb::Bomb dealt = bomb::deal_bomb(book, b, 14);
  nlohmann::json j = bomb::to_json(bomb::run_log_of(book, dealt, bomb::autoplay(book, dealt)));
  if (!player.empty()) j["player"] = player;
  return j;
}

// The identity the leaderboard gives a verified run log: what was played.
std::string play_digest_of(const nlohmann::json& j) {
  return bomb::play_digest(bomb::replay_run(book7(), bomb::run_log_from_json(j)).canonical);
}

const std::string kStandard = bomb::describe(bomb::BombSetup{});

RunEntry entry(int seed, std::int64_t time_ms, int strikes, const std::string& digest,
               const std::string& setup = kStandard) {
  return {.id = 0,
          .rule_seed = seed,
          .fingerprint = "F",
          .bomb_seed = 1,
          .modules = 14,
          .setup = setup,
          .time_ms = time_ms,
          .strikes = strikes,
          .actions = 9,
          .player = "p",
          .play_digest = digest,
          .log = "{}",
          .client = ""};
}

TEST(Leaderboard, StoresRanksRefusesDuplicatesAndSurvivesReopening) {
  const Scratch scratch;
  const std::string file = scratch.file("runs.sqlite");
  {
    Leaderboard board(file);
    EXPECT_EQ(board.add(entry(7, 30'000, 0, "a")), Leaderboard::Added::New);
    EXPECT_EQ(board.add(entry(7, 20'000, 1, "b")), Leaderboard::Added::New);
    EXPECT_EQ(board.add(entry(7, 20'000, 0, "c")), Leaderboard::Added::New);
    EXPECT_EQ(board.add(entry(8, 10'000, 0, "d")), Leaderboard::Added::New);
    EXPECT_EQ(board.add(entry(7, 1, 0, "a")), Leaderboard::Added::Duplicate);
    EXPECT_EQ(board.add(entry(7, 5'000, 0, "e", "3 modules, 1 needy, 1 strike")), Leaderboard::Added::New);
    EXPECT_EQ(board.count(), 5);
  }
  const Leaderboard reopened(file);
  const auto top = reopened.top(7, kStandard, 10);
  ASSERT_EQ(top.size(), 3u);
  EXPECT_EQ(top[0].play_digest, "c");  // 20 s, 0 strikes
  EXPECT_EQ(top[1].play_digest, "b");  // 20 s, 1 strike
  EXPECT_EQ(top[2].play_digest, "a");  // the faster run of a smaller bomb ranks on its own
  EXPECT_EQ(reopened.top(7, kStandard, 1).size(), 1u);
  EXPECT_EQ(reopened.setups(7), (std::vector<std::string>{kStandard, "3 modules, 1 needy, 1 strike"}));
  EXPECT_EQ(reopened.top(7, "3 modules, 1 needy, 1 strike", 10).at(0).play_digest, "e");
  EXPECT_EQ(reopened.integrity(), "ok");
  // Not a database: a clear one-line error, nothing overwritten.
  write_file_atomic(scratch.file("notes.sqlite"), "these are notes, not a database\n");
  EXPECT_THROW(Leaderboard(scratch.file("notes.sqlite")), UserError);
  EXPECT_THROW(Leaderboard(scratch.file("no/such/dir/runs.sqlite")), UserError);
}

// A file written by the first schema (no setup column) opens, gains the column, keeps its runs as
// standard bombs and takes new ones.
TEST(Leaderboard, AVersionOneFileIsMigrated) {
  const Scratch scratch;
  const std::string file = scratch.file("old.sqlite");
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    const char* v1 =
        "CREATE TABLE bomb_runs (id INTEGER PRIMARY KEY, rule_seed INTEGER NOT NULL, fingerprint TEXT NOT NULL,"
        " bomb_seed INTEGER NOT NULL, modules INTEGER NOT NULL, time_ms INTEGER NOT NULL, strikes INTEGER NOT NULL,"
        " actions INTEGER NOT NULL, player TEXT NOT NULL, log_digest TEXT NOT NULL UNIQUE, log TEXT NOT NULL);"
        "CREATE INDEX bomb_runs_by_seed ON bomb_runs (rule_seed, time_ms, strikes, id);"
        "INSERT INTO bomb_runs VALUES (1, 7, 'F', 1, 14, 9000, 0, 9, 'old', 'x', '{}');";
    ASSERT_EQ(sqlite3_exec(db, v1, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  Leaderboard board(file);
  EXPECT_EQ(board.setups(7), std::vector<std::string>{kStandard});
  EXPECT_EQ(board.top(7, kStandard, 5).at(0).player, "old");
  EXPECT_EQ(board.add(entry(7, 8'000, 0, "y")), Leaderboard::Added::New);
  EXPECT_EQ(board.top(7, kStandard, 5).at(0).play_digest, "y");
  EXPECT_EQ(board.integrity(), "ok");
}

class ServedBoard {
 public:
  // Every client of these tests is 127.0.0.1: the rates are off (0) unless a test is of them.
  explicit ServedBoard(const std::string& runs_db, double rate_factor = 0) : server_(options(runs_db, rate_factor)) {
    port_ = server_.bind();
    thread_ = std::thread([this] { server_.run(); });
  }
  ~ServedBoard() {
    server_.stop();
    thread_.join();
  }
  static ServeOptions options(const std::string& runs_db, double rate_factor) {
    ServeOptions o;
    o.port = 0;
    o.quiet = true;
    o.rate_factor = rate_factor;
    if (!runs_db.empty()) o.extension_options["runs"] = runs_db;
    return o;
  }
  httplib::Client client() const {
    httplib::Client c("127.0.0.1", port_);
    c.set_read_timeout(120, 0);
    return c;
  }
  httplib::Result post(const nlohmann::json& j) const {
    return client().Post("/bomb/runs", j.dump(), "application/json");
  }

 private:
  Server server_;
  int port_ = 0;
  std::thread thread_;
};

TEST(Leaderboard, TheServerStoresOnlyRunsItsReplayVerifies) {
  const Scratch scratch;
  const std::string db = scratch.file("runs.sqlite");
  {
    const ServedBoard served(db);
    const auto ok = served.post(run_json(3, "Ada"));
    ASSERT_TRUE(ok);
    EXPECT_EQ(ok->status, 201) << ok->body;
    EXPECT_NE(ok->body.find("verified and stored: manual 7, bomb 3"), std::string::npos) << ok->body;
    const auto again = served.post(run_json(3, "Ada"));
    EXPECT_EQ(again->status, 409) << again->body;
    nlohmann::json faster = run_json(4);
    faster["ended_at_ms"] = faster["ended_at_ms"].get<std::int64_t>() - 1000;  // a claim the replay contradicts
    const auto forged = served.post(faster);
    EXPECT_EQ(forged->status, 422) << forged->body;
    EXPECT_NE(forged->body.find("refused: the log claims defused"), std::string::npos) << forged->body;
    nlohmann::json backwards = run_json(5);
    backwards["actions"][3]["at_ms"] = 0;  // time running backwards
    EXPECT_EQ(served.post(backwards)->status, 422);
    nlohmann::json untouched = run_json(6);
    untouched["actions"] = nlohmann::json::array();
    EXPECT_EQ(served.post(untouched)->status, 422);
    EXPECT_EQ(served.client().Post("/bomb/runs", "{ not json", "application/json")->status, 400);
    nlohmann::json bad_name = run_json(7);
    bad_name["player"] = "two\nlines";
    EXPECT_EQ(served.post(bad_name)->status, 400);
    const auto page = served.client().Get("/bomb/leaderboard/7");
    ASSERT_EQ(page->status, 200);
    EXPECT_NE(page->body.find("<td>Ada</td>"), std::string::npos);
    EXPECT_EQ(page->body.find("<td>anonymous</td>"), std::string::npos) << "only the verified run is listed";
    EXPECT_EQ(served.client().Get("/bomb/leaderboard/8")->body.find("<td>Ada</td>"), std::string::npos);
    EXPECT_EQ(served.client().Get("/bomb/leaderboard/0")->status, 400);
  }
  // A restart finds the run; the file is sound.
  const Leaderboard board(db);
  EXPECT_EQ(board.count(), 1);
  EXPECT_EQ(board.integrity(), "ok");
  // Without --runs there is no leaderboard.
  const ServedBoard plain("");
  EXPECT_EQ(plain.post(run_json(3))->status, 404);
}

// A run is what was played, not the bytes of its log: the same play with a word re-cased, spaced
// out, or an action made a moment later (the end unchanged) is the same row, 409. A run padded
// past the ranked bound, and names that would not read as what they are, are refused.
TEST(Leaderboard, NearDuplicatesArePlaysSeenBeforeAndPaddingIsRefused) {
  const Scratch scratch;
  const ServedBoard served(scratch.file("runs.sqlite"));
  const nlohmann::json run = run_json(3, "Ada");
  ASSERT_EQ(served.post(run)->status, 201);
  const auto expect_seen = [&](const nlohmann::json& variant, const std::string& what) {
    const auto r = served.post(variant);
    ASSERT_TRUE(r) << what;
    EXPECT_EQ(r->status, 409) << what << ": " << r->body;
  };
  nlohmann::json recased = run;
  std::string words = recased["actions"][0]["action"];
  for (char& c : words) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  recased["actions"][0]["action"] = words;
  expect_seen(recased, "an action upper-cased");
  nlohmann::json spaced = run;
  spaced["actions"][1]["action"] = "  " + spaced["actions"][1]["action"].get<std::string>() + " ";
  expect_seen(spaced, "an action with more spaces");
  nlohmann::json renamed = run;
  renamed["player"] = "Grace";
  expect_seen(renamed, "another name");
  // An action 1 ms later where the next one comes later than an action takes (a person is
  // slower than autoplay: here an action every 400 ms on a bomb without needy modules), the end
  // unchanged: the same play.
  bomb::BombSetup calm;
  calm.modules = 5;
  calm.needy = 0;
  bomb::RunLog slow = bomb::run_log_of(book7(), bomb::deal_bomb(book7(), 8, calm),
                                       bomb::autoplay(book7(), bomb::deal_bomb(book7(), 8, calm)));
  for (std::size_t i = 0; i < slow.actions.size(); ++i) slow.actions[i].at_ms = static_cast<std::int64_t>(i) * 400;
  const bomb::Replay timed = bomb::replay_run(book7(), slow);
  slow.ended_at_ms = timed.ended_at_ms;  // the claim, as the replay ends it
  ASSERT_TRUE(bomb::replay_run(book7(), slow).verified()) << bomb::replay_run(book7(), slow).refusal;
  ASSERT_EQ(served.post(bomb::to_json(slow))->status, 201);
  ASSERT_GE(slow.actions.size(), 3u);
  slow.actions[1].at_ms += 1;
  ASSERT_TRUE(bomb::replay_run(book7(), slow).verified());
  const nlohmann::json later = bomb::to_json(slow);
  expect_seen(later, "an action 1 ms later");

  // Padding: more actions than a ranked run may hold, refused before the replay.
  nlohmann::json padded = run_json(4);
  const nlohmann::json last = padded["actions"].back();
  while (padded["actions"].size() <= 2'000) padded["actions"].push_back(last);
  const auto refused = served.post(padded);
  EXPECT_EQ(refused->status, 422) << refused->body;
  EXPECT_NE(refused->body.find("a ranked run holds at most 2000 actions"), std::string::npos) << refused->body;

  // Names: NFC kept; a bidirectional override, a line separator, a lone space, a zero-width
  // space, a stack of marks (three left on one letter once composed), a tab and markup refused,
  // each in one line.
  nlohmann::json jose = run_json(5);
  jose["player"] = "Jose\u0301 O'Neil-Ba_r.";
  const auto stored = served.post(jose);
  EXPECT_EQ(stored->status, 201) << stored->body;
  for (const std::string bad : {"evil\u202Eedoc", "two\u2028lines", " ", "zero\u200Bwidth",
                                "Zalgo\u0301\u0302\u0303\u0304", "tab\there", "<b>bold</b>"}) {
    nlohmann::json named = run_json(6);
    named["player"] = bad;
    const auto r = served.post(named);
    EXPECT_EQ(r->status, 400) << bad << ": " << r->body;
    EXPECT_NE(r->body.find("a name is 1 to 24 letters or digits"), std::string::npos) << r->body;
  }
  const auto page = served.client().Get("/bomb/leaderboard/7");
  EXPECT_NE(page->body.find("<td>Jos\u00e9 O&apos;Neil-Ba_r.</td>"), std::string::npos) << "stored in NFC";
}

// The store's bounds: a full board keeps a run only if it enters the top, and the oldest run
// outside the top makes room; a client's runs likewise; past the database's size the oldest runs
// outside every top are pruned, and the tops are never touched.
TEST(Leaderboard, BoardsClientsAndTheFileAreBounded) {
  const Scratch scratch;
  using Added = Leaderboard::Added;
  {
    Leaderboard board(scratch.file("board.sqlite"),
                      {.top = 2, .runs_per_board = 3, .runs_per_client = 100, .max_bytes = 1LL << 30});
    EXPECT_EQ(board.add(entry(7, 50'000, 0, "a")), Added::New);
    EXPECT_EQ(board.add(entry(7, 40'000, 0, "b")), Added::New);
    EXPECT_EQ(board.add(entry(7, 30'000, 0, "c")), Added::New);
    EXPECT_EQ(board.add(entry(7, 60'000, 0, "slow")), Added::NotKept);  // full, and not in the top 2
    EXPECT_EQ(board.add(entry(7, 10'000, 0, "fast")), Added::New);      // enters the top: "a" makes room
    EXPECT_EQ(board.count(), 3);
    std::vector<std::string> kept;
    for (const RunEntry& e : board.top(7, kStandard, 10)) kept.push_back(e.play_digest);
    EXPECT_EQ(kept, (std::vector<std::string>{"fast", "c", "b"}));
    EXPECT_EQ(board.add(entry(8, 60'000, 0, "other board")), Added::New);  // each board its own
  }
  {
    Leaderboard board(scratch.file("client.sqlite"),
                      {.top = 1, .runs_per_board = 100, .runs_per_client = 2, .max_bytes = 1LL << 30});
    const auto by = [](RunEntry e, const std::string& client) {
      e.client = client;
      return e;
    };
    EXPECT_EQ(board.add(by(entry(7, 50'000, 0, "x1"), "x")), Added::New);
    EXPECT_EQ(board.add(by(entry(7, 60'000, 0, "x2"), "x")), Added::New);
    EXPECT_EQ(board.add(by(entry(7, 70'000, 0, "x3"), "x")), Added::NotKept);  // x holds 2, not in the top
    EXPECT_EQ(board.add(by(entry(7, 75'000, 0, "y1"), "y")), Added::New);      // another client
    EXPECT_EQ(board.add(by(entry(7, 40'000, 0, "x4"), "x")), Added::New);      // the top: x's oldest outside it goes
    EXPECT_EQ(board.count_of_client("x"), 2);
    std::vector<std::string> kept;
    for (const RunEntry& e : board.top(7, kStandard, 10)) kept.push_back(e.play_digest);
    EXPECT_EQ(kept, (std::vector<std::string>{"x4", "x2", "y1"}));
    // New boards, each run the top of its own: the client still holds 2, its oldest going.
    for (int seed = 100; seed < 110; ++seed)
      EXPECT_EQ(board.add(by(entry(seed, 1'000, 0, fmt::format("x on {}", seed)), "x")), Added::New);
    EXPECT_EQ(board.count_of_client("x"), 2);
    EXPECT_EQ(board.top(109, kStandard, 1).at(0).play_digest, "x on 109");
    EXPECT_TRUE(board.top(100, kStandard, 1).empty());
  }
  {
    constexpr std::int64_t kMax = 256 * 1024;
    Leaderboard board(scratch.file("size.sqlite"),
                      {.top = 3, .runs_per_board = 100'000, .runs_per_client = 100'000, .max_bytes = kMax});
    for (int i = 0; i < 400; ++i) {
      RunEntry e = entry(7, 100'000 + i, 0, fmt::format("run {}", i));
      e.log = std::string(2'000, 'x');  // about 2 KB a row: 400 rows are 800 KB
      if (i == 0) e.time_ms = 1;        // the fastest, kept whatever comes later
      EXPECT_EQ(board.add(e), Added::New) << i;
      EXPECT_LE(board.used_bytes(), kMax) << i;
    }
    EXPECT_LT(board.count(), 130);
    // Full with every run in a top (each on a board of its own): nothing more is kept.
    Added last = Added::New;
    for (int seed = 1000; seed < 1400 && last == Added::New; ++seed) {
      RunEntry e = entry(seed, 1'000, 0, fmt::format("top of {}", seed));
      e.log = std::string(2'000, 'x');
      last = board.add(e);
      EXPECT_LE(board.used_bytes(), kMax + 8 * 1024) << seed;  // at most the commit that found it full
    }
    EXPECT_EQ(last, Added::NotKept);
    const auto top = board.top(7, kStandard, 3);
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(top[0].play_digest, "run 0");
    EXPECT_EQ(top[1].play_digest, "run 1");
    EXPECT_EQ(board.integrity(), "ok");
  }
}

// Submissions are a costly route (a replay, a write to disk): ten at once from one address, then
// ten a minute; past that a 429 that says when to try again, before any replay.
TEST(Leaderboard, SubmissionsFromOneAddressAreRateLimited) {
  const Scratch scratch;
  const ServedBoard served(scratch.file("runs.sqlite"), 1);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(served.client().Post("/bomb/runs", "{}", "application/json")->status, 400);
  const auto refused = served.client().Post("/bomb/runs", run_json(3, "Ada").dump(), "application/json");
  ASSERT_TRUE(refused);
  EXPECT_EQ(refused->status, 429) << refused->body;
  EXPECT_NE(refused->body.find("too many requests from one address"), std::string::npos) << refused->body;
  const int retry = std::stoi(refused->get_header_value("Retry-After"));
  EXPECT_GE(retry, 1);
  EXPECT_LE(retry, 6);
  // Another route keeps its own count.
  EXPECT_EQ(served.client().Get("/bomb/leaderboard/7")->status, 200);
}

// The Defuser's page's API: the engine's view of a run at a moment, refusing what cannot have
// happened; the page itself, its setup form and its bad options.
TEST(BombPlay, TheLiveApiReplaysTheLogUpToTheMomentAsked) {
  const ServedBoard served("");
  nlohmann::json log = run_json(3);
  for (const char* claim : {"end", "ended_at_ms", "strikes"}) log.erase(claim);
  const auto all_actions = log["actions"];
  log["actions"] = nlohmann::json::array();
  log["now_ms"] = 5000;
  const auto post = [&](const nlohmann::json& body) {
    return served.client().Post("/api/bomb/run", body.dump(), "application/json");
  };
  auto r = post(log);
  ASSERT_EQ(r->status, 200) << r->body;
  nlohmann::json view = nlohmann::json::parse(r->body);
  EXPECT_EQ(view["end"], "ticking");
  EXPECT_EQ(view["now_ms"], 5000);
  EXPECT_EQ(view["modules"].size(), 14u);
  EXPECT_EQ(view["timer_ms_left"], view["clock"]["timer_ms"].get<std::int64_t>() - 5000);
  for (const auto& m : view["modules"]) EXPECT_FALSE(m.contains("rules")) << "the page never sees a rule";
  // Every action of the autoplayed run, then the moment after the last: defused, as autoplay.
  log["actions"] = all_actions;
  log["now_ms"] = all_actions.back()["at_ms"].get<std::int64_t>() + 1000;
  r = post(log);
  ASSERT_EQ(r->status, 200) << r->body;
  view = nlohmann::json::parse(r->body);
  EXPECT_EQ(view["end"], "defused");
  EXPECT_EQ(view["ended_at_ms"], run_json(3)["ended_at_ms"]);
  EXPECT_EQ(view["solved"], view["regular_modules"]);
  // An action before the last one ended is refused; a malformed body is a 400.
  log["actions"][3]["at_ms"] = 0;
  r = post(log);
  EXPECT_EQ(r->status, 422);
  EXPECT_NE(r->body.find("time runs backwards"), std::string::npos) << r->body;
  EXPECT_EQ(served.client().Post("/api/bomb/run", "{\"rule_seed\": 7}", "application/json")->status, 400);
  log.erase("now_ms");
  EXPECT_EQ(post(log)->status, 400);
  // The pages.
  const auto page = served.client().Get("/bomb/play?seed=7&bomb=3&modules=5&needy=1&time=2:30&strikes=1");
  ASSERT_EQ(page->status, 200);
  EXPECT_NE(page->body.find("5 modules, 1 needy, 2:30, 1 strike"), std::string::npos);
  EXPECT_EQ(page->body.find("href=\"/bomb/manual"), std::string::npos) << "the Defuser's page never links the manual";
  EXPECT_EQ(served.client().Get("/bomb/play")->status, 200);
  for (const char* bad :
       {"/bomb/play?seed=7&bomb=3&needy=4", "/bomb/play?seed=7&bomb=3&time=0:10", "/bomb/play?seed=7&bomb=0",
        "/bomb/play?seed=0&bomb=3", "/bomb/play?seed=7&bomb=3&modules=+5"})
    EXPECT_EQ(served.client().Get(bad)->status, 400) << bad;
  EXPECT_EQ(served.client().Get("/assets/bomb.js")->status, 200);
}

// 16 clients submit at once: every run is acknowledged and stored, none lost or doubled.
TEST(Leaderboard, ConcurrentSubmissionsAreAllKept) {
  const Scratch scratch;
  const std::string db = scratch.file("runs.sqlite");
  constexpr int kClients = 16, kEach = 3;
  std::vector<nlohmann::json> logs;
  for (int i = 0; i < kClients * kEach; ++i) logs.push_back(run_json(static_cast<std::uint64_t>(100 + i)));
  {
    const ServedBoard served(db);
    std::vector<std::thread> clients;
    std::vector<int> created(kClients, 0);
    for (int c = 0; c < kClients; ++c)
      clients.emplace_back([&, c] {
        for (int k = 0; k < kEach; ++k) {
          const auto r = served.post(logs[static_cast<std::size_t>(c * kEach + k)]);
          if (r && r->status == 201) ++created[static_cast<std::size_t>(c)];
        }
      });
    for (auto& t : clients) t.join();
    int acknowledged = 0;
    for (const int n : created) acknowledged += n;
    EXPECT_EQ(acknowledged, kClients * kEach);
  }
  const Leaderboard board(db);
  EXPECT_EQ(board.count(), kClients * kEach);
  EXPECT_EQ(board.integrity(), "ok");
}

// `proven serve --runs FILE` as its own process, killed with SIGKILL in the middle of a burst of
// submissions: after a restart every run it acknowledged (201) is in the file, and the file
// passes integrity_check. (An unacknowledged run may or may not be there: its commit may have
// reached the disk just before the kill.)
class ServerProcess {
 public:
  explicit ServerProcess(const std::string& runs_db) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], 1);
      ::close(out[0]);
      ::close(out[1]);
      ::execl(PROVEN_EXE, PROVEN_EXE, "serve", "--port", "0", "--quiet", "--rate-factor", "0", "--runs",
              runs_db.c_str(), nullptr);
      ::_exit(127);
    }
    ::close(out[1]);
    // It reports the packs it serves, then "proven serve: http://127.0.0.1:PORT/ ...".
    std::string line;
    char c = 0;
    while (::read(out[0], &c, 1) == 1) {
      if (c != '\n') {
        line += c;
        continue;
      }
      if (const auto at = line.find("http://127.0.0.1:"); at != std::string::npos) {
        port_ = std::atoi(line.c_str() + at + 17);
        break;
      }
      line.clear();
    }
    ::close(out[0]);
  }
  ~ServerProcess() { kill(SIGTERM); }
  int port() const { return port_; }
  void kill(int signal) {
    if (pid_ <= 0) return;
    ::kill(pid_, signal);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

TEST(Leaderboard, AKillDuringABurstLosesNoAcknowledgedRun) {
  const Scratch scratch;
  const std::string db = scratch.file("runs.sqlite");
  constexpr int kClients = 8, kRuns = 400;
  std::vector<std::string> bodies;
  std::vector<std::string> digests;
  for (int i = 0; i < kRuns; ++i) {
    const nlohmann::json j = run_json(static_cast<std::uint64_t>(1000 + i));
    bodies.push_back(j.dump());
    digests.push_back(play_digest_of(j));
  }
  std::vector<std::vector<int>> acknowledged(kClients);
  std::atomic<int> answered{0};
  {
    ServerProcess server(db);
    ASSERT_GT(server.port(), 0) << "the server did not say where it listens";
    std::vector<std::thread> clients;
    for (int c = 0; c < kClients; ++c)
      clients.emplace_back([&, c] {
        httplib::Client client("127.0.0.1", server.port());
        client.set_tcp_nodelay(true);
        client.set_read_timeout(20, 0);
        for (int i = c; i < kRuns; i += kClients) {
          const auto r = client.Post("/bomb/runs", bodies[static_cast<std::size_t>(i)], "application/json");
          if (!r) return;  // the server is gone
          if (r->status == 201) acknowledged[static_cast<std::size_t>(c)].push_back(i);
          ++answered;
        }
      });
    while (answered.load() < kRuns / 4) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    server.kill(SIGKILL);  // mid-burst: commits in flight, clients waiting
    for (auto& t : clients) t.join();
  }
  int total = 0;
  for (const auto& a : acknowledged) total += static_cast<int>(a.size());
  EXPECT_GE(total, kRuns / 4);
  EXPECT_LT(total, kRuns) << "the kill came after the burst: nothing was tested";
  // Restarted: every acknowledged run is there, once; the file is sound; it takes new runs.
  ServerProcess restarted(db);
  ASSERT_GT(restarted.port(), 0);
  {
    const Leaderboard board(db);
    EXPECT_EQ(board.integrity(), "ok");
    std::set<std::string> stored;
    for (const RunEntry& e : board.top(7, kStandard, kRuns + 10)) stored.insert(e.play_digest);
    EXPECT_EQ(static_cast<std::int64_t>(stored.size()), board.count());
    for (const auto& a : acknowledged)
      for (const int i : a)
        EXPECT_TRUE(stored.contains(digests[static_cast<std::size_t>(i)])) << "run " << i << " lost";
  }
  httplib::Client client("127.0.0.1", restarted.port());
  const auto again = client.Post("/bomb/runs", bodies.back(), "application/json");
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->status == 201 || again->status == 409) << again->status;
}

}  // namespace
}  // namespace proven::bomb::web

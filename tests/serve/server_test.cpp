// `proven serve` without a browser: a real server on a loopback port, asked by a real HTTP
// client. Every route's bad input is a 4xx with one line; nothing outside --data is read; play
// is judged by the engine; the cache of generated documents stays within its bound.
#include "serve/server.hpp"

#include <gtest/gtest.h>
#include <httplib.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/io.hpp"
#include "demo/game.hpp"
#include "prism/game.hpp"
#include "serve/pages.hpp"
#include "serve/player_name.hpp"
#include "support/sanitized.hpp"
#include "whodunnit/game.hpp"

namespace proven::serve {
namespace {

// One server for the suite (loading and verifying the shipped packs is its slow part), on a
// --data directory holding a demo pack, a file that is not JSON, and a prism pack that does not
// verify.
class Serve : public ::testing::Test {
 protected:
  static constexpr std::size_t kCache = 4;
  static inline const std::filesystem::path outside_ =
      std::filesystem::temp_directory_path() / ("proven-serve-outside-" + std::to_string(::getpid()) + ".json");
  static void SetUpTestSuite() {
    dir_ = std::filesystem::temp_directory_path() / ("proven-serve-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    const auto demo = demo::Game::generate("serve", {.count = 4}, {.jobs = 1}).document;
    write(path("blocks.json"), json_text(document_to_json<demo::Game>(demo)));
    write(path("broken.json"), "{ not json");
    write(path("words.json"), "secret words, not JSON\n");
    write(outside_.string(), "outside words\n");
    std::filesystem::create_symlink(outside_, path("outside.json"));  // leaves --data
    nlohmann::json tampered = read_json_file(std::string(PROVEN_DATA_DIR) + "/prism/campaign.json");
    tampered["body"]["levels"][0]["par"] = 99;
    write(path("tampered.json"), tampered.dump());
    server_ = new Server(ServeOptions{.host = "127.0.0.1",
                                      .port = 0,
                                      .quiet = true,
                                      .catalog = {.data_dir = dir_.string(), .cache_capacity = kCache},
                                      .http = {},
                                      .rate_factor = 0,  // every test's client is 127.0.0.1: rates have their own
                                      .extension_options = {}});
    port_ = server_->bind();
    thread_ = new std::thread([] { server_->run(); });
  }
  static void TearDownTestSuite() {
    server_->stop();
    thread_->join();
    delete thread_;
    delete server_;
    std::filesystem::remove_all(dir_);
    std::filesystem::remove(outside_);
  }
  void SetUp() override {
    client_ = std::make_unique<httplib::Client>("127.0.0.1", port_);
    // Tests check answers, not speed: a studio page generates several cases, which under the
    // sanitizers on a loaded 2-core CI machine took longer than httplib's default 5 s.
    client_->set_read_timeout(120, 0);
  }
  static std::string path(const std::string& name) { return (dir_ / name).string(); }
  static void write(const std::string& file, const std::string& text) { std::ofstream(file) << text; }

  struct Reply {
    int status;
    std::string body;
  };
  Reply get(const std::string& target) {
    const auto result = client_->Get(target.c_str());
    if (!result) return {-1, "no reply"};
    return {result->status, result->body};
  }
  // A 4xx whose body is exactly one line (the API) or a page (pages).
  void expect_refused(const std::string& target, int status) {
    const Reply r = get(target);
    EXPECT_EQ(r.status, status) << target << ": " << r.body;
    if (target.starts_with("/api/") || target.starts_with("/svg") || target.starts_with("/download")) {
      ASSERT_FALSE(r.body.empty()) << target;
      EXPECT_EQ(r.body.find('\n'), r.body.size() - 1) << target << ": " << r.body;
    }
  }

  static inline std::filesystem::path dir_;
  static inline Server* server_ = nullptr;
  static inline std::thread* thread_ = nullptr;
  static inline int port_ = 0;
  std::unique_ptr<httplib::Client> client_;
};

TEST_F(Serve, PagesOfEveryGameAnswer) {
  for (const std::string target :
       {"/", "/prism", "/prism/campaign", "/prism/campaign/1", "/tilt", "/tilt/campaign", "/tilt/campaign/130",
        "/whodunnit", "/bomb", "/bomb/seed-1/3", "/bomb/manual/1", "/demo/blocks", "/demo/blocks/2", "/studio/prism",
        "/studio/tilt?pack=campaign", "/assets/play.js", "/assets/site.css", "/svg?game=prism&pack=campaign&item=5",
        "/download/tilt/campaign.json"}) {
    const Reply r = get(target);
    EXPECT_EQ(r.status, 200) << target << ": " << r.body.substr(0, 200);
  }
  // The shipped pack served is the shipped file, byte for byte.
  EXPECT_EQ(get("/download/prism/campaign.json").body,
            json_text(read_json_file(std::string(PROVEN_DATA_DIR) + "/prism/campaign.json")));
}

// A player's list of levels gives no answer away: its thumbnails are the boards as dealt (the
// play page's first picture), never the designer's picture with the solved board or the
// solution's frames, which stays in the studio.
TEST_F(Serve, LevelListsShowTheBoardsAsDealt) {
  for (const std::string game : {"prism", "tilt"}) {
    const Reply list = get("/" + game + "/campaign");
    ASSERT_EQ(list.status, 200);
    EXPECT_EQ(list.body.find("/svg?"), std::string::npos) << game << ": a thumbnail is the designer's picture";
    EXPECT_NE(list.body.find("/board?game=" + game + "&amp;pack=campaign&amp;item=1\""), std::string::npos);
    const nlohmann::json campaign = read_json_file(std::string(PROVEN_DATA_DIR) + "/" + game + "/campaign.json");
    for (std::size_t i = 0; i < campaign["body"]["levels"].size(); i += 9) {
      const Reply board = get(fmt::format("/board?game={}&pack=campaign&item={}", game, i + 1));
      ASSERT_EQ(board.status, 200) << board.body;
      EXPECT_TRUE(board.body.starts_with("<svg")) << board.body.substr(0, 80);
      for (const std::string spoiler : {"solved", "solution", "as dealt", ". tilt "})
        EXPECT_EQ(board.body.find(spoiler), std::string::npos) << game << " " << i + 1 << ": " << spoiler;
      // The designer's picture of the same level does show it: the test can see a spoiler.
      const Reply designer = get(fmt::format("/svg?game={}&pack=campaign&item={}", game, i + 1));
      EXPECT_TRUE(designer.body.find("solved") != std::string::npos ||
                  designer.body.find(". tilt ") != std::string::npos)
          << game << " " << i + 1;
    }
  }
  expect_refused("/board?game=whodunnit&pack=campaign&item=1", 404);
  expect_refused("/board?game=prism&pack=campaign&item=9999", 404);
}

TEST_F(Serve, ATiltLevelPageExplainsItsChaptersNewTile) {
  const nlohmann::json campaign = read_json_file(std::string(PROVEN_DATA_DIR) + "/tilt/campaign.json");
  // Under sanitizers every fourth level (every chapter still) walks the same code.
  const std::size_t stride = proven::testing::kSanitized ? 4 : 1;
  for (std::size_t i = 0; i < campaign["body"]["levels"].size(); i += stride) {
    const int chapter = campaign["body"]["levels"][i]["chapter"];
    const std::string page = get(fmt::format("/tilt/campaign/{}", i + 1)).body;
    const bool noted = page.find("New in this chapter: ") != std::string::npos;
    EXPECT_EQ(noted, chapter != 1 && chapter != 2 && chapter != 4) << "level " << i + 1;
    if (chapter == 13) {
      EXPECT_NE(page.find("k key (helps)"), std::string::npos);
      EXPECT_NE(page.find("L lock (restricts"), std::string::npos);
    }
  }
}

TEST_F(Serve, PacksInDataAreServedOnlyWhenTheyVerify) {
  const auto& report = server_->catalog().load_report();
  const auto says = [&](const std::string& text) {
    return std::ranges::any_of(report, [&](const std::string& line) { return line.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(says("serving demo pack 'blocks'"));
  EXPECT_TRUE(says("not serving " + path("broken.json")));
  EXPECT_TRUE(says("not serving " + path("tampered.json") + ": does not verify"));
  expect_refused("/prism/tampered", 404);
  expect_refused("/prism/broken/1", 404);
  // The report names what is wrong with a file, never what it holds, and a link out of --data is
  // not followed.
  EXPECT_TRUE(says("not serving " + path("words.json") + ": " + path("words.json") + ": this is text, not JSON"));
  EXPECT_TRUE(says("not serving " + path("outside.json") + ": a link to a file outside --data"));
  EXPECT_FALSE(says("secret")) << "a file's content was echoed";
  EXPECT_FALSE(says("outside words")) << "a file outside --data was read";
  EXPECT_EQ(get("/demo/blocks").status, 200);
}

TEST_F(Serve, BadRequestsAreFourHundredsWithOneLine) {
  expect_refused("/nosuchgame", 404);
  expect_refused("/prism/nosuchpack", 404);
  expect_refused("/prism/campaign/0", 404);
  expect_refused("/prism/campaign/241", 404);
  expect_refused("/prism/campaign/seven", 400);
  expect_refused("/prism/campaign/99999999999999999999999", 400);
  expect_refused("/bomb/manual/0", 400);
  expect_refused("/bomb/manual/1000000", 400);
  expect_refused("/bomb/manual/abc", 400);
  expect_refused("/assets/nothing.js", 404);
  expect_refused("/api/play", 404);
  expect_refused("/api/play?game=prism", 400);
  expect_refused("/api/play?game=prism&pack=campaign", 400);
  expect_refused("/api/play?game=prism&pack=campaign&item=1&moves=tap%20Z9", 400);
  expect_refused("/api/play?game=prism&pack=campaign&item=1&move=dance", 422);
  expect_refused("/api/play?game=prism&seed=1&item=1", 400);  // campaigns are not generated on request
  expect_refused("/api/play?game=whodunnit&seed=1&item=1&cast=99", 400);
  expect_refused("/api/play?game=whodunnit&seed=1&item=1&budget=100000000", 400);  // not allowed on request
  expect_refused("/api/play?game=whodunnit&seed=" + std::string(65, 'x') + "&item=1", 400);
  expect_refused("/api/play?game=whodunnit&seed=2%B5&item=1", 400);  // found by fuzzing: once a 500
  expect_refused("/api/play?game=prism&pack=campaign&item=1&moves=tap%20%B5", 400);
  expect_refused("/svg?game=whodunnit&pack=campaign&item=1", 404);
  expect_refused("/download/prism/nosuch.json", 404);
  expect_refused("/studio/prism?pack=nosuch", 404);
  expect_refused("/studio/nosuch", 404);
  expect_refused("/api/play?game=prism&pack=campaign&item=1&hint=1", 404);  // prism gives no hints
  std::string many = "tap%20A1";
  for (std::size_t i = 0; i < kMaxMoves; ++i) many += "%3Btap%20A1";
  EXPECT_GE(get("/api/play?game=prism&pack=campaign&item=1&moves=" + many).status, 400);
}

// answer() (what the request fuzz target drives) is the server as a connection sees it: the
// same status and body as over a socket, and a request httplib cannot read is a 400, not a crash.
TEST_F(Serve, AnAnswerInMemoryIsTheAnswerOverTheNetwork) {
  for (const std::string target : {"/prism/campaign/2", "/api/play?game=prism&pack=campaign&item=1&move=dance",
                                   "/svg?game=tilt&pack=campaign&item=2", "/nosuchgame"}) {
    const std::string raw = server_->answer("GET " + target + " HTTP/1.1\r\nHost: test\r\n\r\n");
    const Reply r = get(target);
    EXPECT_TRUE(raw.starts_with("HTTP/1.1 " + std::to_string(r.status) + " ")) << target << ": " << raw.substr(0, 80);
    EXPECT_TRUE(raw.ends_with("\r\n\r\n" + r.body)) << target;
  }
  EXPECT_TRUE(server_->answer("GET /a b c d\r\n\r\n").starts_with("HTTP/1.1 400 "));
  EXPECT_TRUE(server_->answer("").empty()) << "nothing read, nothing said";
}

// `serve --seeds 1..2`: a server that generates only the seeds it lists, written as the list
// writes them; any other is a 400 that names the list.
TEST(ServeSeeds, OnlyTheListedSeedsAreGeneratedOnRequest) {
  Catalog catalog({.data_dir = "", .cache_capacity = 4, .seeds = parse_seed_list("1..2,9")});
  for (const std::string seed : {"1", "2", "9"}) EXPECT_NO_THROW(catalog.check_seed(seed)) << seed;
  for (const std::string seed : {"3", "0", "02", "+1", "fog", "99999999999999999999"}) {
    try {
      catalog.check_seed(seed);
      ADD_FAILURE() << seed << " is generated";
    } catch (const HttpError& e) {
      EXPECT_EQ(e.status(), 400);
      EXPECT_EQ(std::string(e.what()), "this server generates seeds 1..2,9 only") << seed;
    }
  }
  EXPECT_THROW(catalog.generated("whodunnit", "3", {{"cast", "4"}}, "127.0.0.1"), HttpError);
  EXPECT_EQ(catalog.generated("whodunnit", "2", {{"cast", "4"}}, "127.0.0.1")->item_count(), 1u);
  Catalog any({.data_dir = "", .cache_capacity = 4, .seeds = std::nullopt});
  EXPECT_NO_THROW(any.check_seed("fog"));
}

// Names players give: letters of any script, digits, single inner spaces and . - _ ', in NFC;
// nothing invisible, bidirectional, line-breaking or stacked.
TEST(PlayerName, ReadsAsWhatItIs) {
  EXPECT_EQ(player_name("Ada"), "Ada");
  EXPECT_EQ(player_name("Jose\u0301"), "Jos\u00e9");  // composed: one name however it was typed
  EXPECT_EQ(player_name("O'Brien-Smith Jr."), "O'Brien-Smith Jr.");
  EXPECT_EQ(player_name("\u674e\u5c0f\u9f8d 2"), "\u674e\u5c0f\u9f8d 2");
  EXPECT_EQ(player_name("Ng\u1ec7"), "Ng\u1ec7");
  EXPECT_EQ(player_name(std::string(24, 'a')), std::string(24, 'a'));
  for (const std::string& bad : std::vector<std::string>{"",
                                                         " ",
                                                         " Ada",
                                                         "Ada ",
                                                         "A  da",
                                                         "evil\u202Eedoc",
                                                         "a\u2066b",
                                                         "two\u2028lines",
                                                         "zero\u200Bwidth",
                                                         "\u3164",
                                                         "a\u3164b",
                                                         "\u0301a",
                                                         "o\u0301\u0302\u0303\u0304",
                                                         "tab\there",
                                                         "new\nline",
                                                         "<b>",
                                                         "a&b",
                                                         "smile\U0001F642",
                                                         "\xff\xfe",
                                                         std::string(25, 'a'),
                                                         "a\u00a0b"}) {
    try {
      player_name(bad);
      ADD_FAILURE() << "accepted: " << bad;
    } catch (const UserError& e) {
      EXPECT_TRUE(std::string(e.what()).starts_with("a name is 1 to 24 letters or digits")) << e.what();
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
  }
}

// A token bucket per client: `burst` at once, then `per_second`; each client its own; the table
// of clients bounded, a full bucket forgotten first.
TEST(RateLimiter, LetsABurstThroughThenOneAtItsRate) {
  RateLimiter limiter({.per_second = 2, .burst = 3}, 2);
  const auto t0 = RateLimiter::Clock::time_point() + std::chrono::hours(1);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(limiter.take("a", t0), 0) << i;
  EXPECT_DOUBLE_EQ(limiter.take("a", t0), 0.5);  // empty: the next token in half a second
  EXPECT_EQ(limiter.take("b", t0), 0);           // another client has its own bucket
  EXPECT_GT(limiter.take("a", t0 + std::chrono::milliseconds(400)), 0);
  EXPECT_EQ(limiter.take("a", t0 + std::chrono::milliseconds(500)), 0);
  EXPECT_GT(limiter.take("a", t0 + std::chrono::milliseconds(500)), 0);
  // A third client in a table of two: b's bucket is full again by then and is forgotten.
  EXPECT_EQ(limiter.take("c", t0 + std::chrono::seconds(10)), 0);
  EXPECT_LE(limiter.clients(), 2u);
  // A thousand addresses cost no more than the table's bound.
  for (int i = 0; i < 1000; ++i) limiter.take(std::to_string(i), t0 + std::chrono::seconds(11));
  EXPECT_EQ(limiter.clients(), 2u);
}

TEST(RateLimiter, CountsAnIpv6HostByItsNetwork) {
  EXPECT_EQ(client_key("192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(client_key("::ffff:192.0.2.7"), "192.0.2.7");
  EXPECT_EQ(client_key("2001:db8:1:2:3:4:5:6"), "2001:db8:1:2::/64");
  EXPECT_EQ(client_key("2001:db8:1:2:ffff::1"), "2001:db8:1:2::/64");
  EXPECT_NE(client_key("2001:db8:1:3::1"), client_key("2001:db8:1:2::1"));
  EXPECT_EQ(client_key("not an address"), "not an address");
}

// Generation on request counts per client address, and only what is generated: a document in
// the cache is free. Past the rate: 429 with the seconds to wait.
TEST(ServeRates, NewDocumentsPerClientAreBoundedAndACachedOneIsFree) {
  Catalog catalog({.data_dir = "",
                   .cache_capacity = 8,
                   .seeds = std::nullopt,
                   .follow_links = false,
                   .generation_rate = RateLimit{.per_second = 0.01, .burst = 2},
                   .generating_at_once = 0,
                   .generation_wait = std::chrono::milliseconds(10'000),
                   .generation_queue = 8});
  EXPECT_NO_THROW(catalog.generated("bomb", "5", {}, "192.0.2.1"));
  EXPECT_NO_THROW(catalog.generated("bomb", "6", {}, "192.0.2.1"));
  try {
    catalog.generated("bomb", "7", {}, "192.0.2.1");
    ADD_FAILURE() << "a third new document at once";
  } catch (const HttpError& e) {
    EXPECT_EQ(e.status(), 429);
    EXPECT_GE(e.retry_after(), 99);
    EXPECT_NE(std::string(e.what()).find("too many new documents from one address"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(catalog.generated("bomb", "5", {}, "192.0.2.1"));  // cached
  EXPECT_NO_THROW(catalog.generated("bomb", "7", {}, "192.0.2.2"));  // another client
}

// Generations at once are bounded in all: while one runs, another waits its turn (a few at most,
// each holding a worker), and a request that cannot wait or get a turn in time is a 503 that says
// so, never a stalled worker.
TEST(ServeRates, GenerationsAtOnceAreBoundedInAll) {
  for (const auto& [queue, wait] : {std::pair{0u, 60'000}, std::pair{1u, 1}}) {
    Catalog catalog({.data_dir = "",
                     .cache_capacity = 8,
                     .seeds = std::nullopt,
                     .follow_links = false,
                     .generation_rate = std::nullopt,
                     .generating_at_once = 1,
                     .generation_wait = std::chrono::milliseconds(wait),
                     .generation_queue = queue});
    std::thread slow([&] { catalog.generated("whodunnit", "3", {{"cast", "8"}}, "192.0.2.1"); });
    while (catalog.generating_now() == 0) std::this_thread::yield();
    try {
      catalog.generated("bomb", "5", {}, "192.0.2.2");  // no room to wait, or a wait too short
      ADD_FAILURE() << "a second generation at once (queue " << queue << ")";
    } catch (const HttpError& e) {
      EXPECT_EQ(e.status(), 503) << e.what();
      EXPECT_GT(e.retry_after(), 0);
    }
    slow.join();
    EXPECT_EQ(catalog.generating_now(), 0u);
    EXPECT_NO_THROW(catalog.generated("bomb", "5", {}, "192.0.2.2"));
  }
}

// A link in --data to a pack outside it is served only with --data-follow-links.
TEST(ServeData, ALinkOutOfDataIsFollowedOnlyWhenAsked) {
  const auto base = std::filesystem::temp_directory_path() / ("proven-serve-links-" + std::to_string(::getpid()));
  std::filesystem::create_directories(base / "elsewhere");
  std::filesystem::create_directories(base / "data");
  const auto demo = demo::Game::generate("linked", {.count = 2}, {.jobs = 1}).document;
  std::ofstream(base / "elsewhere" / "blocks.json") << json_text(document_to_json<demo::Game>(demo));
  std::filesystem::create_symlink(base / "elsewhere" / "blocks.json", base / "data" / "linked.json");
  const auto served = [&](bool follow) {
    const Catalog catalog({.data_dir = (base / "data").string(),
                           .cache_capacity = 4,
                           .seeds = std::nullopt,
                           .follow_links = follow,
                           .generation_rate = std::nullopt,
                           .generating_at_once = 0,
                           .generation_wait = std::chrono::milliseconds(0),
                           .generation_queue = 0});
    return catalog.packs("demo").size() == 1 && catalog.pack("demo", "linked").document->item_count() == 2;
  };
  EXPECT_FALSE(served(false));
  EXPECT_TRUE(served(true));
  std::filesystem::remove_all(base);
}

TEST_F(Serve, NothingOutsideDataIsRead) {
  // Packs are names, never paths: every traversal is "no such pack", whatever the encoding.
  for (const std::string target :
       {"/prism/..%2F..%2Fetc%2Fpasswd", "/prism/campaign/..%2F..%2F..%2Fetc%2Fpasswd",
        "/download/prism/..%2Fpasswd.json", "/svg?game=prism&pack=..%2F..%2Fetc%2Fpasswd&item=1",
        "/api/play?game=tilt&pack=%2Fetc%2Fpasswd&item=1", "/api/play?game=demo&pack=..%2Fblocks&item=1",
        "/assets/..%2F..%2FCMakeLists.txt", "/assets/%2Fetc%2Fpasswd"}) {
    const Reply r = get(target);
    EXPECT_TRUE(r.status == 404 || r.status == 400) << target << ": " << r.status;
    EXPECT_EQ(r.body.find("root:"), std::string::npos) << target;
  }
}

TEST_F(Serve, TheEngineJudgesEveryMoveAndTheUrlRestoresThePosition) {
  const prism::Game::Document campaign =
      document_from_json<prism::Game>(read_json_file(std::string(PROVEN_DATA_DIR) + "/prism/campaign.json"));
  const std::size_t item = 29;
  const std::vector<std::string> solution = prism::Game::solution(campaign, item);
  ASSERT_GE(solution.size(), 2u);
  std::string moves;
  nlohmann::json state;
  for (const std::string& move : solution) {
    const Reply r = get(fmt::format("/api/play?game=prism&pack=campaign&item={}&moves={}&move={}", item + 1,
                                    url_encode(moves), url_encode(move)));
    ASSERT_EQ(r.status, 200) << r.body;
    state = nlohmann::json::parse(r.body);
    EXPECT_EQ(state["last"]["move"], move);
    moves += (moves.empty() ? "" : ";") + move;
  }
  EXPECT_EQ(state["phase"], "won");
  EXPECT_NE(state["summary"].get<std::string>().find("Perfect"), std::string::npos) << state["summary"];
  // The same moves in the URL give the same position, and a won level takes no more moves.
  const Reply again =
      get(fmt::format("/api/play?game=prism&pack=campaign&item={}&moves={}", item + 1, url_encode(moves)));
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(nlohmann::json::parse(again.body)["svg"], state["svg"]);
  const Reply after = get(fmt::format("/api/play?game=prism&pack=campaign&item={}&moves={}&move={}", item + 1,
                                      url_encode(moves), url_encode(solution.front())));
  EXPECT_EQ(after.status, 422) << after.body;
  // Undo is the session's word: the position before the last tap.
  const Reply undone =
      get(fmt::format("/api/play?game=prism&pack=campaign&item={}&moves={}&move=undo", item + 1, url_encode(moves)));
  ASSERT_EQ(undone.status, 200) << undone.body;
  EXPECT_EQ(nlohmann::json::parse(undone.body)["phase"], "playing");
  // A bomb cannot be taken back: the engine says so.
  const Reply bomb = get("/api/play?game=bomb&pack=seed-1&item=1&move=undo");
  EXPECT_EQ(bomb.status, 422) << bomb.body;
}

TEST_F(Serve, AWhodunnitHintIsTheEnginesAndTakesNoMove) {
  const Reply r = get("/api/play?game=whodunnit&seed=11&cast=4&item=1&hint=1");
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json state = nlohmann::json::parse(r.body);
  EXPECT_TRUE(state["hints"]);
  EXPECT_FALSE(state["hint"].get<std::string>().empty());
  EXPECT_EQ(state["moves_made"], 0);
}

// The designer grid (whodunnit `&grid=1`): a switch per clue whose link turns exactly that clue
// off or on, the solver's verdict, the bounds picture; bad switch lists are 400s.
TEST_F(Serve, TheDesignerGridSwitchesCluesOffAndOn) {
  const Reply all = get("/whodunnit?seed=11&cast=4&grid=1");
  ASSERT_EQ(all.status, 200) << all.body.substr(0, 300);
  EXPECT_NE(all.body.find("determined, exactly one solution"), std::string::npos);
  EXPECT_NE(all.body.find("<svg"), std::string::npos);
  const int switches = [&] {
    int n = 0;
    for (std::size_t at = all.body.find("class=\"switch on\""); at != std::string::npos;
         at = all.body.find("class=\"switch on\"", at + 1))
      ++n;
    return n;
  }();
  ASSERT_GT(switches, 3);
  // Switch 2's link turns clue 2 off; in that view, its link turns it back on.
  EXPECT_NE(all.body.find("href=\"/whodunnit?seed=11&amp;cast=4&amp;grid=1&amp;off=2\""), std::string::npos);
  const Reply off = get("/whodunnit?seed=11&cast=4&grid=1&off=2,1");
  ASSERT_EQ(off.status, 200) << off.body.substr(0, 300);
  EXPECT_NE(off.body.find(fmt::format("{} of {} clues on", switches - 2, switches)), std::string::npos);
  EXPECT_NE(off.body.find("<li class=\"switch off\" data-switch=\"2\"><a href=\"/whodunnit?seed=11&amp;cast=4&amp;"
                          "grid=1&amp;off=1\">"),
            std::string::npos);
  expect_refused("/whodunnit?seed=11&cast=4&grid=1&off=x", 400);
  expect_refused("/whodunnit?seed=11&cast=4&grid=1&off=0", 400);
  expect_refused("/whodunnit?seed=11&cast=4&grid=1&off=2,2", 400);
  // A range is the number-list grammar every --seeds option takes.
  const Reply range = get("/whodunnit?seed=11&cast=4&grid=1&off=1..3");
  ASSERT_EQ(range.status, 200);
  EXPECT_NE(range.body.find(fmt::format("{} of {} clues on", switches - 3, switches)), std::string::npos);
  expect_refused(fmt::format("/whodunnit?seed=11&cast=4&grid=1&off={}", switches + 1), 400);
  expect_refused("/prism/campaign/1?grid=1", 404);  // a game without a designer view
}

// The whodunnit studio: a sample of seeds, each generated and proven, a plot per figure with a
// dot per seed, a row per seed linking its case and its designer grid.
TEST_F(Serve, TheWhodunnitStudioPlotsASampleOfSeeds) {
  const Reply r = get("/studio/whodunnit?seeds=3..5&cast=4");
  ASSERT_EQ(r.status, 200) << r.body.substr(0, 300);
  for (const char* plot : {"data-plot=\"fact-1\"", "data-plot=\"fact-4\"", "obviousness per seed"})
    EXPECT_NE(r.body.find(plot), std::string::npos) << plot;
  for (int seed = 3; seed <= 5; ++seed) {
    EXPECT_NE(r.body.find(fmt::format("<a href=\"/whodunnit?seed={}&amp;cast=4\">{}</a>", seed, seed)),
              std::string::npos);
    EXPECT_NE(r.body.find(fmt::format("href=\"/whodunnit?seed={}&amp;cast=4&amp;grid=1\"", seed)), std::string::npos);
  }
  // The figures shown are the case's own: its clue count, initial ambiguity and obviousness.
  const auto made = whodunnit::Game::generate("4", {.cast = 4}, {.jobs = 1});
  const nlohmann::json body = whodunnit::Game::body_to_json(made.document);
  EXPECT_NE(r.body.find(fmt::format("<td>{}</td><td>{}</td><td>{}</td>", body["clues"].size(),
                                    body["figures"]["initial_ambiguity"].get<int>(),
                                    body["figures"]["obviousness"].get<int>())),
            std::string::npos);
  // What the generator turned down making each case: a bar per seed.
  EXPECT_NE(r.body.find("What the generator turned down, per seed"), std::string::npos);
  EXPECT_NE(r.body.find(fmt::format("seed 4: {} accepted of {} tried", made.tally.accepted(), made.tally.tries())),
            std::string::npos);
  expect_refused("/studio/whodunnit?seeds=1..25", 400);
  expect_refused("/studio/whodunnit?seeds=0", 400);
  expect_refused("/studio/whodunnit?seeds=1&colour=red", 400);
}

TEST_F(Serve, AFloodOfSeedsKeepsTheCacheWithinItsBound) {
  const auto& cache = server_->catalog().cache();
  const auto misses = cache.misses(), hits = cache.hits();
  for (int seed = 2; seed < 22; ++seed) {
    const Reply r = get(fmt::format("/api/play?game=bomb&seed={}&item=1", seed));
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_LE(cache.size(), kCache);
  }
  EXPECT_EQ(cache.size(), kCache);
  EXPECT_EQ(cache.misses() - misses, 20u);
  EXPECT_EQ(get("/api/play?game=bomb&seed=21&item=1").status, 200);  // the most recent is held
  EXPECT_EQ(cache.hits() - hits, 1u);
  EXPECT_EQ(get("/api/play?game=bomb&seed=2&item=1").status, 200);  // the oldest was dropped
  EXPECT_EQ(cache.misses() - misses, 21u);
}

}  // namespace
}  // namespace proven::serve

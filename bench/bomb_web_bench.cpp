// Verified bomb-run submissions under load (issue 16's figure): 16 clients post distinct,
// valid run logs of full 14-module bombs to one `proven serve --runs FILE` over loopback, each
// on its own keep-alive connection; the server replays every log and commits each verified run
// to SQLite (WAL, synchronous=FULL) before it answers 201. Prints submissions per second and
// checks that nothing was lost: 201 for every log, every row in the file, integrity ok.
// Not a timed test: it prints figures.
//
//   build/release/bench/bomb_web_bench [--clients 16] [--runs 4000]
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <httplib.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "bomb/replay.hpp"
#include "bomb/rulebook.hpp"
#include "bomb/web/leaderboard.hpp"
#include "serve/server.hpp"

namespace {

using namespace proven;

int option(int argc, char** argv, const std::string& name, int fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (argv[i] == name) return std::atoi(argv[i + 1]);
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  const int clients = option(argc, argv, "--clients", 16);
  const int runs = option(argc, argv, "--runs", 4000);
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("proven-submit-bench-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string db = (dir / "runs.sqlite").string();

  // Distinct logs: the autoplayed runs of bombs 1..runs of manual 7, as a page would submit them.
  const auto prepare_start = std::chrono::steady_clock::now();
  const bomb::RuleBook book = bomb::build_rule_book(7);
  std::vector<std::string> bodies;
  std::size_t actions = 0;
  for (int b = 1; b <= runs; ++b) {
    const bomb::Bomb dealt = bomb::deal_bomb(book, static_cast<std::uint64_t>(b), 14);
    const bomb::RunLog log = bomb::run_log_of(book, dealt, bomb::autoplay(book, dealt));
    actions += log.actions.size();
    nlohmann::json j = bomb::to_json(log);
    j["player"] = fmt::format("client {}", b % clients);
    bodies.push_back(j.dump());
  }
  const double prepare_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - prepare_start).count();

  serve::ServeOptions options;
  options.port = 0;
  options.quiet = true;
  options.rate_factor = 0;  // every client here is 127.0.0.1: the store's speed is measured, not the rates
  options.extension_options["runs"] = db;
  serve::Server server(options);
  const int port = server.bind();
  std::thread serving([&] { server.run(); });

  std::atomic<int> created{0}, other{0};
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c)
    threads.emplace_back([&, c] {
      httplib::Client client("127.0.0.1", port);
      client.set_keep_alive(true);
      client.set_tcp_nodelay(true);  // as browsers do: no Nagle delay between headers and body
      client.set_read_timeout(120, 0);
      for (int i = c; i < runs; i += clients) {
        const auto r = client.Post("/bomb/runs", bodies[static_cast<std::size_t>(i)], "application/json");
        (r && r->status == 201 ? created : other)++;
      }
    });
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  server.stop();
  serving.join();

  const bomb::web::Leaderboard board(db);
  const std::int64_t rows = board.count();
  const std::string integrity = board.integrity();
  std::filesystem::remove_all(dir);
  fmt::print("{} clients, {} distinct run logs of 14-module bombs ({:.0f} actions each on average; {:.2f} s to make)\n",
             clients, runs, static_cast<double>(actions) / runs, prepare_s);
  fmt::print("{:.0f} verified submissions/s ({} in {:.2f} s): {} answered 201, {} otherwise; {} rows; integrity {}\n",
             created.load() / seconds, runs, seconds, created.load(), other.load(), rows, integrity);
  const bool lost = created.load() != runs || rows != runs || integrity != "ok";
  if (lost) fmt::print("LOST OR REFUSED SUBMISSIONS\n");
  return lost ? 1 : 0;
}

#pragma once
// Verified bomb runs in SQLite (docs/serve.md, "Bomb leaderboard"): a real database file (WAL
// mode, so readers never wait on a writer and an acknowledged run survives a crash), one row per
// run whose log the server replayed to exactly what it claimed. The store never verifies: the
// caller replays first (bomb/replay.hpp) and adds only verified runs.
//
//   Leaderboard board("runs.sqlite");             // creates the file and its table if needed
//   board.add(entry);                              // Added::New, or Added::Duplicate for a log seen before
//   board.top(7, setup, 20);                       // manual 7's best of a setup: fastest, then fewest strikes
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace proven::bomb::web {

struct RunEntry {
  std::int64_t id = 0;  // assigned by add(), in order of arrival
  int rule_seed = 0;
  std::string fingerprint;
  std::uint64_t bomb_seed = 0;
  int modules = 0;
  std::string setup;         // bomb::describe(BombSetup): runs rank only against runs of the same setup
  std::int64_t time_ms = 0;  // ended_at_ms of a defused run
  int strikes = 0;
  int actions = 0;
  std::string player;
  std::string log_digest;  // of the run log's canonical JSON: one row per log
  std::string log;         // the canonical JSON itself, so any row can be replayed again
};

class Leaderboard {
 public:
  // UserError (one line) when the file cannot be opened or is not this store's database.
  explicit Leaderboard(const std::filesystem::path& file);
  ~Leaderboard();
  Leaderboard(const Leaderboard&) = delete;
  Leaderboard& operator=(const Leaderboard&) = delete;

  enum class Added { New, Duplicate };
  // Returns once the run is committed (or refused as a duplicate); thread-safe. Concurrent adds
  // share one transaction and one flush to disk (group commit). `entry.id` is ignored. Failure
  // when the database cannot store it.
  Added add(const RunEntry& entry);
  // A rule seed's runs of one setup, fastest first, then fewest strikes, then earliest.
  std::vector<RunEntry> top(int rule_seed, const std::string& setup, int limit) const;
  // The setups a rule seed has runs of, most runs first (then by name).
  std::vector<std::string> setups(int rule_seed) const;
  std::int64_t count() const;
  std::string integrity() const;  // PRAGMA integrity_check's answer: "ok" when sound

 private:
  struct Db;
  struct Pending;
  void commit(const std::vector<Pending*>& batch);

  std::unique_ptr<Db> db_;
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::vector<Pending*> queue_;  // runs waiting for the next commit
  bool committing_ = false;
};

}  // namespace proven::bomb::web

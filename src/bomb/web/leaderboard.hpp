#pragma once
// Verified bomb runs in SQLite (docs/serve.md, "Bomb leaderboard"): a real database file (WAL
// mode, so readers never wait on a writer and an acknowledged run survives a crash), one row per
// play the server replayed to exactly what its log claimed. The store never verifies: the caller
// replays first (bomb/replay.hpp) and adds only verified runs, identified by what was played
// (bomb::play_digest), so the same play is one row however its log was written.
//
//   Leaderboard board("runs.sqlite");             // creates the file and its table if needed
//   board.add(entry);                              // Added::New, Duplicate, or NotKept (see limits)
//   board.top(7, setup, 20);                       // manual 7's best of a setup: fastest, then fewest strikes
//
// Bounded (LeaderboardLimits): a board (rule seed and setup) and a client keep a set number of
// runs; past it a run is kept only if it enters its board's top, and then the oldest run outside
// the top makes room (for a client, its own oldest run if all of its runs are in tops: a client
// never holds more). Past the database's size, the oldest runs outside every top are pruned;
// when every run left is in a top, nothing more is kept.
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
  std::string play_digest;  // bomb::play_digest: one row per play
  std::string log;          // the canonical run log's JSON, so any row can be replayed again
  std::string client;       // who sent it: a digest of the client's address, never the address
};

struct LeaderboardLimits {
  int top = 100;                                 // a board's top: always kept, and what its page lists
  int runs_per_board = 1'000;                    // kept per rule seed and setup
  int runs_per_client = 200;                     // kept per client, over every board
  std::int64_t max_bytes = 256LL * 1024 * 1024;  // the database's pages in use
};

class Leaderboard {
 public:
  // UserError (one line) when the file cannot be opened or is not this store's database.
  explicit Leaderboard(const std::filesystem::path& file, const LeaderboardLimits& limits = {});
  ~Leaderboard();
  Leaderboard(const Leaderboard&) = delete;
  Leaderboard& operator=(const Leaderboard&) = delete;

  // NotKept: its board or its client holds as many runs as the limits allow (or the database is
  // full), and this one would not enter its board's top.
  enum class Added { New, Duplicate, NotKept };
  // Returns once the run is committed (or refused); thread-safe. Concurrent adds share one
  // transaction and one flush to disk (group commit). `entry.id` is ignored. Failure when the
  // database cannot store it.
  Added add(const RunEntry& entry);
  // A rule seed's runs of one setup, fastest first, then fewest strikes, then earliest.
  std::vector<RunEntry> top(int rule_seed, const std::string& setup, int limit) const;
  // The setups a rule seed has runs of, most runs first (then by name).
  std::vector<std::string> setups(int rule_seed) const;
  std::int64_t count() const;
  std::int64_t count_of_client(const std::string& client) const;
  std::int64_t used_bytes() const;  // the database's pages in use (not its free pages)
  const LeaderboardLimits& limits() const { return limits_; }
  std::string integrity() const;  // PRAGMA integrity_check's answer: "ok" when sound

 private:
  struct Db;
  struct Pending;
  void commit(const std::vector<Pending*>& batch);
  Added store(const RunEntry& entry);  // inside commit's transaction
  void prune_to_size();                // inside commit's transaction
  std::int64_t used_bytes_locked() const;

  LeaderboardLimits limits_;
  bool full_ = false;  // at max_bytes with nothing left to prune (set by commit)
  std::unique_ptr<Db> db_;
  std::mutex queue_mutex_;
  std::condition_variable queue_ready_;
  std::vector<Pending*> queue_;  // runs waiting for the next commit
  bool committing_ = false;
};

}  // namespace proven::bomb::web

#include "bomb/web/leaderboard.hpp"

#include <condition_variable>
#include <mutex>
#include <set>

#include <fmt/format.h>
#include <sqlite3.h>

#include "core/errors.hpp"

namespace proven::bomb::web {

struct Leaderboard::Db {
  sqlite3* handle = nullptr;
  mutable std::mutex mutex;  // one connection, one statement at a time

  ~Db() { sqlite3_close(handle); }

  [[noreturn]] void fail(std::string_view what) const {
    throw Failure(fmt::format("leaderboard: {}: {}", what, sqlite3_errmsg(handle)));
  }
  void exec(const char* sql) const {
    char* error = nullptr;
    if (sqlite3_exec(handle, sql, nullptr, nullptr, &error) != SQLITE_OK) {
      const std::string message = error ? error : "?";
      sqlite3_free(error);
      throw Failure(fmt::format("leaderboard: {}", message));
    }
  }
};

namespace {

// A prepared statement, finalised however the scope ends.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &statement_, nullptr) != SQLITE_OK)
      throw Failure(fmt::format("leaderboard: {}", sqlite3_errmsg(db)));
  }
  ~Statement() { sqlite3_finalize(statement_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, std::int64_t value) {
    sqlite3_bind_int64(statement_, i, value);
    return *this;
  }
  Statement& bind(int i, const std::string& value) {
    sqlite3_bind_text(statement_, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
    return *this;
  }
  int step() { return sqlite3_step(statement_); }
  std::int64_t integer(int column) const { return sqlite3_column_int64(statement_, column); }
  std::string text(int column) const {
    const auto* bytes = sqlite3_column_text(statement_, column);
    return bytes ? std::string(reinterpret_cast<const char*>(bytes),
                               static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)))
                 : std::string();
  }
  const char* error() const { return sqlite3_errmsg(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* statement_ = nullptr;
};

// The schema (docs/bomb.md, "Run logs"): one row per verified play, its canonical log kept whole.
// Version 2 added `setup`; a version-1 file gains it (its runs were all standard bombs).
// Version 3 identifies a run by what was played (`play_digest`, which was `log_digest`, the bytes
// of its log; rows stored before keep that digest) and adds `client`.
constexpr int kSchemaVersion = 3;
constexpr const char* kTable = R"(
CREATE TABLE IF NOT EXISTS bomb_runs (
  id          INTEGER PRIMARY KEY,
  rule_seed   INTEGER NOT NULL CHECK (rule_seed BETWEEN 1 AND 999999),
  fingerprint TEXT    NOT NULL,
  bomb_seed   INTEGER NOT NULL CHECK (bomb_seed BETWEEN 1 AND 999999999),
  modules     INTEGER NOT NULL CHECK (modules BETWEEN 1 AND 14),
  time_ms     INTEGER NOT NULL CHECK (time_ms >= 0),
  strikes     INTEGER NOT NULL CHECK (strikes >= 0),
  actions     INTEGER NOT NULL CHECK (actions >= 0),
  player      TEXT    NOT NULL,
  play_digest TEXT    NOT NULL UNIQUE,
  log         TEXT    NOT NULL,
  setup       TEXT    NOT NULL DEFAULT '14 modules, 3 strikes',
  client      TEXT    NOT NULL DEFAULT ''
);
)";
constexpr const char* kIndex =
    "DROP INDEX IF EXISTS bomb_runs_by_seed;"
    "CREATE INDEX IF NOT EXISTS bomb_runs_by_setup ON bomb_runs (rule_seed, setup, time_ms, strikes, id);"
    "CREATE INDEX IF NOT EXISTS bomb_runs_by_client ON bomb_runs (client, id);";

// Every run with its place on its board (1: the best), for the runs the WHERE clause names.
constexpr const char* kPlaces =
    "SELECT id, client, rule_seed, setup, ROW_NUMBER() OVER (PARTITION BY rule_seed, setup ORDER BY time_ms, "
    "strikes, id) AS place FROM bomb_runs";

}  // namespace

Leaderboard::Leaderboard(const std::filesystem::path& file, const LeaderboardLimits& limits)
    : limits_(limits), db_(std::make_unique<Db>()) {
  if (sqlite3_open_v2(file.c_str(), &db_->handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK)
    throw UserError(
        fmt::format("--runs {}: cannot open the database ({})", file.string(), sqlite3_errmsg(db_->handle)));
  sqlite3_busy_timeout(db_->handle, 10'000);
  try {
    db_->exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;");
    db_->exec("BEGIN IMMEDIATE");
    db_->exec(kTable);
    std::set<std::string> columns;
    {
      Statement info(db_->handle, "PRAGMA table_info(bomb_runs)");
      while (info.step() == SQLITE_ROW) columns.insert(info.text(1));
    }
    if (!columns.contains("setup"))
      db_->exec("ALTER TABLE bomb_runs ADD COLUMN setup TEXT NOT NULL DEFAULT '14 modules, 3 strikes'");
    if (columns.contains("log_digest")) db_->exec("ALTER TABLE bomb_runs RENAME COLUMN log_digest TO play_digest");
    if (!columns.contains("client")) db_->exec("ALTER TABLE bomb_runs ADD COLUMN client TEXT NOT NULL DEFAULT ''");
    db_->exec(kIndex);
    db_->exec(fmt::format("PRAGMA user_version = {}; COMMIT", kSchemaVersion).c_str());
  } catch (const Failure& e) {
    throw UserError(fmt::format("--runs {}: not a leaderboard database ({})", file.string(), e.what()));
  }
}

Leaderboard::~Leaderboard() = default;

// Group commit: with synchronous=FULL every commit waits for the disk, so one commit per run
// would cap submissions at the disk's flush rate. A run waiting to be stored joins a queue; the
// first writer to find no commit running takes the whole queue, inserts it in one transaction
// and commits once, then wakes every run of the batch with its own answer. No run is answered
// before the commit holding it is on disk.
struct Leaderboard::Pending {
  const RunEntry* entry = nullptr;
  bool done = false;
  Added added = Added::New;
  std::string error;  // non-empty: this run was not stored
};

Leaderboard::Added Leaderboard::add(const RunEntry& entry) {
  Pending mine;
  mine.entry = &entry;
  std::unique_lock lock(queue_mutex_);
  queue_.push_back(&mine);
  queue_ready_.wait(lock, [&] { return mine.done || !committing_; });
  if (!mine.done) {
    committing_ = true;
    std::vector<Pending*> batch;
    batch.swap(queue_);
    lock.unlock();
    commit(batch);
    lock.lock();
    committing_ = false;
    queue_ready_.notify_all();
  }
  if (!mine.error.empty()) throw Failure(mine.error);
  return mine.added;
}

void Leaderboard::commit(const std::vector<Pending*>& batch) {
  const std::lock_guard lock(db_->mutex);
  try {
    db_->exec("BEGIN IMMEDIATE");
    for (Pending* p : batch) {
      // A failed insert undoes only itself (SQLite's ABORT): the rest of the batch goes on.
      try {
        p->added = store(*p->entry);
      } catch (const Failure& e) {
        p->error = e.what();
      }
    }
    prune_to_size();
    db_->exec("COMMIT");
  } catch (const Failure& e) {
    sqlite3_exec(db_->handle, "ROLLBACK", nullptr, nullptr, nullptr);
    for (Pending* p : batch) p->error = e.what();
  }
  for (Pending* p : batch) p->done = true;
}

namespace {

std::int64_t count_of(sqlite3* db, const char* sql, const auto&... values) {
  Statement select(db, sql);
  int i = 0;
  (select.bind(++i, values), ...);
  if (select.step() != SQLITE_ROW) throw Failure(fmt::format("leaderboard: counting runs: {}", select.error()));
  return select.integer(0);
}

void run(sqlite3* db, const char* sql, const auto&... values) {
  Statement statement(db, sql);
  int i = 0;
  (statement.bind(++i, values), ...);
  if (statement.step() != SQLITE_DONE) throw Failure(fmt::format("leaderboard: {}", statement.error()));
}

}  // namespace

Leaderboard::Added Leaderboard::store(const RunEntry& entry) {
  sqlite3* db = db_->handle;
  const std::int64_t seed = entry.rule_seed;
  if (count_of(db, "SELECT count(*) FROM bomb_runs WHERE play_digest = ?", entry.play_digest) > 0)
    return Added::Duplicate;
  const bool board_full = count_of(db, "SELECT count(*) FROM bomb_runs WHERE rule_seed = ? AND setup = ?", seed,
                                   entry.setup) >= limits_.runs_per_board;
  const bool client_full = !entry.client.empty() && count_of(db, "SELECT count(*) FROM bomb_runs WHERE client = ?",
                                                             entry.client) >= limits_.runs_per_client;
  // Its place once stored: after every run faster, or as fast with no more strikes (earlier ties rank first).
  const bool enters_top =
      count_of(db,
               "SELECT count(*) FROM bomb_runs WHERE rule_seed = ? AND setup = ? AND "
               "(time_ms < ? OR (time_ms = ? AND strikes <= ?))",
               seed, entry.setup, entry.time_ms, entry.time_ms, static_cast<std::int64_t>(entry.strikes)) < limits_.top;
  // Full with every run in a top: nothing is kept, so the file's bound holds whatever comes.
  if (full_ || ((board_full || client_full) && !enters_top)) return Added::NotKept;
  Statement insert(db,
                   "INSERT INTO bomb_runs (rule_seed, fingerprint, bomb_seed, modules, time_ms, strikes, actions, "
                   "player, play_digest, log, setup, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, seed)
      .bind(2, entry.fingerprint)
      .bind(3, static_cast<std::int64_t>(entry.bomb_seed))
      .bind(4, entry.modules)
      .bind(5, entry.time_ms)
      .bind(6, entry.strikes)
      .bind(7, entry.actions)
      .bind(8, entry.player)
      .bind(9, entry.play_digest)
      .bind(10, entry.log)
      .bind(11, entry.setup)
      .bind(12, entry.client);
  if (insert.step() != SQLITE_DONE) throw Failure(fmt::format("leaderboard: storing a run: {}", insert.error()));
  // Room made by the oldest run outside its board's top (the one just stored is in it).
  if (board_full)
    run(db,
        fmt::format("DELETE FROM bomb_runs WHERE id = (SELECT id FROM ({} WHERE rule_seed = ? AND setup = ?) WHERE "
                    "place > ? ORDER BY id LIMIT 1)",
                    kPlaces)
            .c_str(),
        seed, entry.setup, static_cast<std::int64_t>(limits_.top));
  // A client never holds more than its bound: its oldest run outside a top makes room, or else
  // its oldest run (on a board it alone keeps opening, every run is in the top).
  if (client_full) {
    run(db,
        fmt::format("DELETE FROM bomb_runs WHERE id = (SELECT id FROM ({} WHERE (rule_seed, setup) IN (SELECT "
                    "rule_seed, setup FROM bomb_runs WHERE client = ?)) WHERE client = ? AND place > ? ORDER BY id "
                    "LIMIT 1)",
                    kPlaces)
            .c_str(),
        entry.client, entry.client, static_cast<std::int64_t>(limits_.top));
    if (sqlite3_changes(db) == 0)
      run(db, "DELETE FROM bomb_runs WHERE id = (SELECT id FROM bomb_runs WHERE client = ? ORDER BY id LIMIT 1)",
          entry.client);
  }
  return Added::New;
}

// Past max_bytes, the oldest runs outside every top go, a batch at a time, until the database is
// back under nine tenths of it (so the next commits do not prune again at once). What is freed
// is reused by the next rows: the file stops growing.
void Leaderboard::prune_to_size() {
  full_ = false;
  if (used_bytes_locked() <= limits_.max_bytes) return;
  const std::int64_t target = limits_.max_bytes / 10 * 9;
  while (used_bytes_locked() > target) {
    const std::int64_t before = count_of(db_->handle, "SELECT count(*) FROM bomb_runs");
    run(db_->handle,
        fmt::format("DELETE FROM bomb_runs WHERE id IN (SELECT id FROM ({}) WHERE place > ? ORDER BY id LIMIT 64)",
                    kPlaces)
            .c_str(),
        static_cast<std::int64_t>(limits_.top));
    if (count_of(db_->handle, "SELECT count(*) FROM bomb_runs") == before) {
      full_ = used_bytes_locked() > limits_.max_bytes;  // every run left is in a top
      return;
    }
  }
}

std::int64_t Leaderboard::used_bytes_locked() const {
  const auto pragma = [&](const char* sql) {
    Statement statement(db_->handle, sql);
    if (statement.step() != SQLITE_ROW) db_->fail(sql);
    return statement.integer(0);
  };
  return (pragma("PRAGMA page_count") - pragma("PRAGMA freelist_count")) * pragma("PRAGMA page_size");
}

std::int64_t Leaderboard::used_bytes() const {
  const std::lock_guard lock(db_->mutex);
  return used_bytes_locked();
}

std::vector<RunEntry> Leaderboard::top(int rule_seed, const std::string& setup, int limit) const {
  const std::lock_guard lock(db_->mutex);
  Statement select(db_->handle,
                   "SELECT id, rule_seed, fingerprint, bomb_seed, modules, time_ms, strikes, actions, player, "
                   "play_digest, log, setup, client FROM bomb_runs WHERE rule_seed = ? AND setup = ? "
                   "ORDER BY time_ms, strikes, id LIMIT ?");
  select.bind(1, rule_seed).bind(2, setup).bind(3, limit);
  std::vector<RunEntry> entries;
  int result = 0;
  while ((result = select.step()) == SQLITE_ROW)
    entries.push_back({.id = select.integer(0),
                       .rule_seed = static_cast<int>(select.integer(1)),
                       .fingerprint = select.text(2),
                       .bomb_seed = static_cast<std::uint64_t>(select.integer(3)),
                       .modules = static_cast<int>(select.integer(4)),
                       .setup = select.text(11),
                       .time_ms = select.integer(5),
                       .strikes = static_cast<int>(select.integer(6)),
                       .actions = static_cast<int>(select.integer(7)),
                       .player = select.text(8),
                       .play_digest = select.text(9),
                       .log = select.text(10),
                       .client = select.text(12)});
  if (result != SQLITE_DONE) db_->fail("reading runs");
  return entries;
}

std::vector<std::string> Leaderboard::setups(int rule_seed) const {
  const std::lock_guard lock(db_->mutex);
  Statement select(db_->handle,
                   "SELECT setup FROM bomb_runs WHERE rule_seed = ? GROUP BY setup ORDER BY count(*) DESC, setup");
  select.bind(1, rule_seed);
  std::vector<std::string> setups;
  int result = 0;
  while ((result = select.step()) == SQLITE_ROW) setups.push_back(select.text(0));
  if (result != SQLITE_DONE) db_->fail("reading setups");
  return setups;
}

std::int64_t Leaderboard::count() const {
  const std::lock_guard lock(db_->mutex);
  Statement select(db_->handle, "SELECT count(*) FROM bomb_runs");
  if (select.step() != SQLITE_ROW) db_->fail("counting runs");
  return select.integer(0);
}

std::int64_t Leaderboard::count_of_client(const std::string& client) const {
  const std::lock_guard lock(db_->mutex);
  return count_of(db_->handle, "SELECT count(*) FROM bomb_runs WHERE client = ?", client);
}

std::string Leaderboard::integrity() const {
  const std::lock_guard lock(db_->mutex);
  Statement check(db_->handle, "PRAGMA integrity_check");
  std::string answer;
  while (check.step() == SQLITE_ROW) answer += (answer.empty() ? "" : "; ") + check.text(0);
  return answer;
}

}  // namespace proven::bomb::web

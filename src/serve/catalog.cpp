#include "serve/catalog.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <set>
#include <thread>

#include "core/command.hpp"
#include "core/io.hpp"
#include "proven/games.hpp"
#include "serve/embedded.hpp"

namespace proven::serve {
namespace {

// Every game of the one list (proven/games.hpp), in its order.
std::vector<WebGame> all_games() {
  std::vector<WebGame> games;
  AllGames::for_each([&]<Game G>() { games.push_back(make_web_game<G>()); });
  return games;
}

// An option's value as a request gives it: a whole number within the option's bounds.
void check_option(const WebGame& game, const RequestOption& option, const std::string& value) {
  int number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (value.empty() || value.size() > 9 || error != std::errc() || end != value.data() + value.size() ||
      std::to_string(number) != value || number < option.min || number > option.max)
    throw HttpError(400, fmt::format("{}: {} must be a whole number from {} to {} (got '{}')", game.name, option.name,
                                     option.min, option.max, one_line(value.substr(0, 40))));
}

}  // namespace

// A turn to generate, held while generating: at most generating_at_once_ at a time, so workers
// stay free for everything else (a page, /health) however many generations are asked for.
struct Catalog::Turn {
  Catalog& catalog;
  explicit Turn(Catalog& c) : catalog(c) {
    std::unique_lock lock(catalog.turn_mutex_);
    const auto free = [&] { return catalog.generating_ < catalog.generating_at_once_; };
    // A waiting request holds a worker: only a few may wait, so the others stay free.
    if (!free() && catalog.waiting_ >= catalog.generation_queue_) throw busy();
    ++catalog.waiting_;
    const bool turn = catalog.turn_.wait_for(lock, catalog.generation_wait_, free);
    --catalog.waiting_;
    if (!turn) throw busy();
    ++catalog.generating_;
  }
  static HttpError busy() {
    return HttpError(503, "the server is busy generating for others: try again in a few seconds", 5);
  }
  ~Turn() {
    {
      const std::lock_guard lock(catalog.turn_mutex_);
      --catalog.generating_;
    }
    catalog.turn_.notify_one();
  }
  Turn(const Turn&) = delete;
  Turn& operator=(const Turn&) = delete;
};

Catalog::Catalog(const CatalogOptions& options)
    : games_(all_games()),
      seeds_(options.seeds),
      generation_rate_(options.generation_rate ? std::optional<RateLimiter>(std::in_place, *options.generation_rate)
                                               : std::nullopt),
      generating_at_once_(options.generating_at_once > 0 ? options.generating_at_once
                                                         : std::max(1u, std::thread::hardware_concurrency())),
      generation_wait_(options.generation_wait),
      generation_queue_(options.generation_queue),
      cache_(options.cache_capacity) {
  for (const EmbeddedFile& file : embedded_files()) {
    if (!file.pack_of.empty())
      add_pack(std::string(file.pack_name), "shipped", parse_json(file.text, std::string(file.name)));
  }
  if (options.data_dir.empty()) return;
  namespace fs = std::filesystem;
  std::error_code error;
  if (!fs::is_directory(options.data_dir, error)) throw UserError("--data " + options.data_dir + ": not a directory");
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(options.data_dir, error))
    if (entry.path().extension() == ".json" && entry.is_regular_file(error)) files.push_back(entry.path());
  if (error) throw UserError("--data " + options.data_dir + ": " + error.message());
  std::ranges::sort(files);  // the order the report lists them in: the same on every machine
  const fs::path root = fs::canonical(options.data_dir, error);
  for (const fs::path& path : files) {
    // A link that leaves --data is not followed (unless asked): --data is the only folder read.
    const fs::path target = fs::canonical(path, error);
    const auto [end, rest] = std::ranges::mismatch(root, target);
    if (error || (end != root.end() && !options.follow_links)) {
      load_report_.push_back(fmt::format("not serving {}: a link to a file outside --data", path.string()));
      continue;
    }
    try {
      // The report names what is wrong with a file, never what it holds.
      add_pack(path.stem().string(), path.string(), parse_json(read_file(path), path.string(), false));
    } catch (const std::exception& e) {  // UserError or Failure: the file is not served, and says why
      load_report_.push_back(fmt::format("not serving {}: {}", path.string(), one_line(e.what())));
    }
  }
}

void Catalog::add_pack(const std::string& name, const std::string& origin, const nlohmann::json& file) {
  const std::string game_name = file.is_object() && file.contains("game") && file["game"].is_string()
                                    ? file["game"].get<std::string>()
                                    : std::string();
  const auto game = std::ranges::find(games_, game_name, &WebGame::name);
  if (game == games_.end()) throw UserError(fmt::format("\"game\" is '{}', not a game this server plays", game_name));
  if (packs_.contains({game_name, name}))
    throw UserError(fmt::format("a {} pack named '{}' is served already", game_name, name));
  const auto start = std::chrono::steady_clock::now();
  auto document = game->load(file);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  load_report_.push_back(fmt::format("serving {} pack '{}' ({}, {} {}s, verified in {:.2f} s)", game_name, name, origin,
                                     document->item_count(), game->item_word, seconds));
  packs_.emplace(std::pair{game_name, name},
                 PackEntry{.game = game_name, .name = name, .origin = origin, .document = std::move(document)});
}

const WebGame& Catalog::game(const std::string& name) const {
  const auto game = std::ranges::find(games_, name, &WebGame::name);
  if (game == games_.end()) throw HttpError(404, fmt::format("no game named '{}'", name));
  return *game;
}

std::vector<const PackEntry*> Catalog::packs(const std::string& game) const {
  std::vector<const PackEntry*> found;
  for (const auto& [key, entry] : packs_)
    if (key.first == game) found.push_back(&entry);
  // Not std::ranges::stable_partition: clang 14 (the fuzz build's) rejects its subrange result.
  std::stable_partition(found.begin(), found.end(), [](const PackEntry* p) { return p->origin == "shipped"; });
  return found;
}

const PackEntry& Catalog::pack(const std::string& game, const std::string& name) const {
  const auto it = packs_.find({game, name});
  if (it == packs_.end()) throw HttpError(404, fmt::format("no {} pack named '{}'", game, name));
  return it->second;
}

void Catalog::check_seed(const std::string& seed) const {
  if (seed.empty() || seed.size() > kMaxSeedLength)
    throw HttpError(400, fmt::format("a seed is 1..{} characters", kMaxSeedLength));
  if (!is_utf8(seed)) throw HttpError(400, "a seed is UTF-8 text");
  if (!seeds_) return;
  // The number as the list writes it: "007" would be another seed than 7.
  std::uint64_t number = 0;
  const auto [end, error] = std::from_chars(seed.data(), seed.data() + seed.size(), number);
  if (error != std::errc() || end != seed.data() + seed.size() || std::to_string(number) != seed ||
      !seeds_->contains(number))
    throw HttpError(400, fmt::format("this server generates seeds {} only", seeds_->text()));
}

unsigned Catalog::generating_now() const {
  const std::lock_guard lock(turn_mutex_);
  return generating_;
}

std::shared_ptr<const WebDocument> Catalog::generated(const std::string& game_name, const std::string& seed,
                                                      const std::vector<std::pair<std::string, std::string>>& options,
                                                      const std::string& client) {
  const WebGame& game = this->game(game_name);
  if (!game.on_request)
    throw HttpError(400, fmt::format("{} is not generated on request: generate a pack with `proven {} generate` and "
                                     "serve it with --data",
                                     game_name, game_name));
  check_seed(seed);
  std::vector<std::string> args;
  std::string key = game_name + "\n" + seed;
  for (const auto& [name, value] : options) {
    const auto option = std::ranges::find(game.on_request->options, name, &RequestOption::name);
    if (option == game.on_request->options.end())
      throw HttpError(400, fmt::format("{} takes no '{}' on request", game_name, one_line(name.substr(0, 40))));
    check_option(game, *option, value);
    args.push_back("--" + name);
    args.push_back(value);
    key += "\n" + name + "=" + value;
  }
  try {
    return *cache_.get(key, [&] {
      if (generation_rate_) take_or_refuse(*generation_rate_, client, "new documents from one address");
      const Turn turn(*this);
      return game.generate(seed, args);
    });
  } catch (const HttpError&) {
    throw;
  } catch (const UserError& e) {
    throw HttpError(400, e.what());
  }
}

}  // namespace proven::serve

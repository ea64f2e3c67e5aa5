#include "prism/pack.hpp"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/errors.hpp"
#include "core/io.hpp"

namespace proven::prism {
namespace {

// The layout as text: size, then kind and colour per cell (rotations and facings left out).
std::string layout_key(const Board& b) {
  std::string key = fmt::format("{}x{}:", b.width, b.height);
  for (const Cell& c : b.cells) {
    key += static_cast<char>('a' + static_cast<int>(c.kind));
    key += colour_letter(c.colour);
  }
  return key;
}

// A quarter turn clockwise: old (x, y) lands on (H-1-y, x).
Board turned(const Board& b) {
  Board out{b.height, b.width, std::vector<Cell>(b.cells.size())};
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) out.at(b.height - 1 - y, x) = b.at(x, y);
  return out;
}

Board mirrored(const Board& b) {
  Board out = b;
  for (int y = 0; y < b.height; ++y)
    for (int x = 0; x < b.width; ++x) out.at(b.width - 1 - x, y) = b.at(x, y);
  return out;
}

Level level_from_json(const nlohmann::json& j, std::size_t i) {
  const std::string where = fmt::format("level {}", i + 1);
  if (!j.is_object()) throw UserError(where + " must be an object");
  auto integer = [&](const char* key, int lo, int hi) {
    if (!j.contains(key) || !j[key].is_number_integer() || j[key].get<long long>() < lo || j[key].get<long long>() > hi)
      throw UserError(fmt::format("{}: '{}' must be an integer in {}..{}", where, key, lo, hi));
    return j[key].get<int>();
  };
  Level level;
  level.chapter = integer("chapter", 1, static_cast<int>(kChapters.size()));
  level.index = integer("index", 0, 10000);
  level.par = integer("par", 0, 10000);
  if (!j.contains("board") || !j["board"].is_array() || j["board"].empty())
    throw UserError(where + ": 'board' must be a non-empty array of rows");
  std::string text;
  for (const auto& row : j["board"]) {
    if (!row.is_string()) throw UserError(where + ": every 'board' row must be a string");
    text += row.get<std::string>() + "\n";
  }
  try {
    level.board = from_text(text);
  } catch (const UserError& e) {
    throw UserError(where + ": " + e.what());
  }
  if (level.board.width > 32 || level.board.height > 32) throw UserError(where + ": boards are at most 32x32");
  const auto pieces = piece_cells(level.board);
  if (!j.contains("solution") || !j["solution"].is_array() || j["solution"].size() != pieces.size())
    throw UserError(fmt::format("{}: 'solution' must hold one rotation per piece ({})", where, pieces.size()));
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const auto& r = j["solution"][k];
    const int radix = radix_of(level.board.cells[static_cast<std::size_t>(pieces[k])].kind);
    if (!r.is_number_integer() || r.get<long long>() < 0 || r.get<long long>() >= radix)
      throw UserError(fmt::format("{}: solution rotation {} must be in 0..{}", where, k + 1, radix - 1));
    level.solution.push_back(r.get<int>());
  }
  return level;
}

}  // namespace

std::string canonical_layout(const Board& board) {
  std::string best = layout_key(board);
  for (Board b : {board, mirrored(board)}) {
    for (int quarter = 0; quarter < 4; ++quarter, b = turned(b)) best = std::min(best, layout_key(b));
  }
  return best;
}

Pack generate_pack(const std::string& seed, const PackOptions& options) {
  struct Job {
    const ChapterSpec* spec;
    int index;
  };
  std::vector<Job> jobs;
  for (const auto& spec : kChapters)
    if (!options.only_chapter || *options.only_chapter == spec.number)
      for (int j = 0; j < spec.levels; ++j) jobs.push_back({&spec, j});
  const Rng root = Rng::from_key(seed);
  auto level_rng = [&](const Job& job) {
    return root.fork("chapter", static_cast<std::uint64_t>(job.spec->number)).fork("level", static_cast<std::uint64_t>(job.index));
  };
  auto results = run_batch<Generated<Level>>(
      jobs.size(), [&](std::size_t i) { return generate_level(*jobs[i].spec, jobs[i].index, level_rng(jobs[i])); },
      {.jobs = options.jobs, .progress = options.progress});

  // Sequential, in level order: the redraws are the same for any jobs count.
  Pack pack;
  pack.seed = seed;
  std::set<std::string> layouts;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (i == 0 || jobs[i].spec != jobs[i - 1].spec) pack.chapter_tallies.emplace_back();
    Tally& tally = pack.chapter_tallies.back();
    tally.declare(kDuplicate);
    Generated<Level> result = std::move(results[i]);
    for (std::uint64_t redraw = 1;; ++redraw) {
      tally.merge(result.tally);
      Level level = std::move(result).take();  // throws GenerationFailed naming the seed path
      if (layouts.insert(canonical_layout(level.board)).second) {
        pack.levels.push_back(std::move(level));
        break;
      }
      tally.reject(kDuplicate);
      result = generate_level(*jobs[i].spec, jobs[i].index, level_rng(jobs[i]).fork("redraw", redraw));
    }
  }
  return pack;
}

nlohmann::json to_json(const Pack& pack) {
  nlohmann::json levels = nlohmann::json::array();
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Level& l = pack.levels[i];
    nlohmann::json rows = nlohmann::json::array();
    const std::string text = to_text(l.board);
    for (std::size_t start = 0; start < text.size();) {
      const auto end = text.find('\n', start);
      rows.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    levels.push_back({{"id", i + 1},
                      {"chapter", l.chapter},
                      {"chapter_name", chapter(l.chapter).name},
                      {"index", l.index},
                      {"board", rows},
                      {"solution", l.solution},
                      {"par", l.par},
                      {"proof", {{"verdict", "unique"}, {"search_nodes", l.proof_nodes}, {"state_space", state_space(l.board)}}}});
  }
  nlohmann::json tallies = nlohmann::json::array();
  for (const auto& t : pack.chapter_tallies) tallies.push_back(t.to_json());
  return {{"format", kPackFormat},
          {"generator", {{"name", "prism"}, {"version", kGeneratorVersion}}},
          {"seed", pack.seed},
          {"levels", levels},
          {"tallies", tallies}};
}

Pack pack_from_json(const nlohmann::json& json) {
  Pack pack;
  pack.seed = check_envelope(json, kPackFormat, "prism pack", "levels");
  for (std::size_t i = 0; i < json["levels"].size(); ++i) pack.levels.push_back(level_from_json(json["levels"][i], i));
  return pack;
}

std::vector<std::string> verify_pack(const Pack& pack) {
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Level& l = pack.levels[i];
    auto broken = [&](const std::string& what) { problems.push_back(fmt::format("level {}: {}", i + 1, what)); };
    const auto proof = prove_unique(l.board, {.node_budget = kProofNodeBudget * 10});
    if (proof.verdict != Uniqueness::Unique) {
      broken(fmt::format("not exactly one solution ({})", to_string(proof.verdict)));
      continue;
    }
    if (proof.solution != l.solution) broken("the stated solution is not the board's solution");
    Board tapped = l.board;  // tap each piece forward until it shows its solution rotation
    const auto pieces = piece_cells(tapped);
    for (std::size_t k = 0; k < pieces.size(); ++k) {
      Cell& c = tapped.cells[static_cast<std::size_t>(pieces[k])];
      while (c.rotation != l.solution[k]) tap(c);
    }
    if (!is_solved(tapped)) broken("tapping the stated solution does not clear the board");
    if (taps_to(l.board, l.solution) != l.par) broken(fmt::format("par {} is not the solution's {} taps", l.par, taps_to(l.board, l.solution)));
    const auto shortest = bfs_par(l.board, l.par, kBfsStateBudget * 4);
    if (shortest != std::optional<int>(l.par))
      broken(fmt::format("par {} is not the BFS minimum ({})", l.par, shortest ? std::to_string(*shortest) : "none within par"));
  }
  return problems;
}

}  // namespace proven::prism

#include "prism/pack.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/campaign.hpp"
#include "core/coords.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"

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
  using namespace json_read;
  const std::string where = fmt::format("level {}", i + 1);
  if (!j.is_object()) fail(where, "expected an object");
  if (integer64(field(j, "id", where), 1, 1'000'000, at(where, "id")) != static_cast<std::int64_t>(i + 1))
    fail(at(where, "id"), fmt::format("expected {}, the level's place in the pack", i + 1));
  Level level;
  level.chapter = integer(field(j, "chapter", where), 1, static_cast<int>(kChapters.size()), at(where, "chapter"));
  if (text(field(j, "chapter_name", where), at(where, "chapter_name")) != chapter(level.chapter).name)
    fail(at(where, "chapter_name"),
         fmt::format("expected \"{}\", the name of chapter {}", chapter(level.chapter).name, level.chapter));
  level.index = integer(field(j, "index", where), 0, 9999, at(where, "index"));
  level.par = integer(field(j, "par", where), 0, 9999, at(where, "par"));
  const std::string board_at = at(where, "board");
  const std::string board_text = text_rows(field(j, "board", where), kMaxBoardSide, board_at);
  try {
    level.board = from_text(board_text);
  } catch (const UserError& e) {
    fail(board_at, e.what());
  }
  if (level.board.width > kMaxBoardSide) fail(board_at, fmt::format("boards are at most {} cells wide", kMaxBoardSide));
  const auto pieces = piece_cells(level.board);
  const std::string solution_at = at(where, "solution");
  const auto& solution =
      array(field(j, "solution", where), pieces.size(), pieces.size(), solution_at + " (one rotation per piece)");
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const int radix = radix_of(level.board.cells[static_cast<std::size_t>(pieces[k])].kind);
    level.solution.push_back(integer(solution[k], 0, radix - 1, at(solution_at, k)));
  }
  const std::string proof_at = at(where, "proof");
  const auto& proof = field(j, "proof", where);
  if (text(field(proof, "verdict", proof_at), at(proof_at, "verdict")) != "unique")
    fail(at(proof_at, "verdict"), "expected \"unique\"");
  level.proof_nodes = static_cast<std::uint64_t>(
      integer64(field(proof, "search_nodes", proof_at), 0, std::int64_t{1} << 53, at(proof_at, "search_nodes")));
  if (number(field(proof, "state_space", proof_at), 1, 1e300, at(proof_at, "state_space")) != state_space(level.board))
    fail(at(proof_at, "state_space"), "does not match the board's pieces");
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

std::vector<const ChapterSpec*> chapters_of(const PackParams& params) {
  std::vector<const ChapterSpec*> chapters;
  for (const auto& spec : kChapters)
    if (!params.chapter || *params.chapter == spec.number) chapters.push_back(&spec);
  return chapters;
}

int level_count(const PackParams& params) {
  int levels = 0;
  for (const ChapterSpec* spec : chapters_of(params)) levels += spec->levels;
  return levels;
}

Pack generate_pack(const std::string& seed, const PackOptions& options) {
  struct Job {
    const ChapterSpec* spec;
    int index;
  };
  const PackParams params{.chapter = options.only_chapter};
  std::vector<Job> jobs;
  for (const ChapterSpec* spec : chapters_of(params))
    for (int j = 0; j < spec->levels; ++j) jobs.push_back({spec, j});
  const Rng root = Rng::from_key(seed);
  auto level_rng = [&](const Job& job) {
    return root.fork("chapter", static_cast<std::uint64_t>(job.spec->number))
        .fork("level", static_cast<std::uint64_t>(job.index));
  };
  auto results = run_batch<Generated<Level>>(
      jobs.size(), [&](std::size_t i) { return generate_level(*jobs[i].spec, jobs[i].index, level_rng(jobs[i])); },
      {.jobs = options.jobs, .progress = options.progress});

  // Sequential, in level order: the redraws are the same for any jobs count.
  Pack pack{.seed = seed, .params = params, .levels = {}, .chapter_tallies = {}};
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

nlohmann::json pack_body_json(const Pack& pack) {
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
    levels.push_back(
        {{"id", i + 1},
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
  return {{"levels", levels}, {"tallies", tallies}};
}

Pack pack_from_body(const std::string& seed, const PackParams& params, const nlohmann::json& body) {
  using namespace json_read;
  Pack pack{.seed = seed, .params = params, .levels = {}, .chapter_tallies = {}};
  // Any number of levels reads: how many a pack must hold is a promise verify_pack checks.
  const auto& levels = array(field(body, "levels", "body"), 0, kMaxPackLevels, "body.levels");
  for (std::size_t i = 0; i < levels.size(); ++i) pack.levels.push_back(level_from_json(levels[i], i));
  const std::size_t chapters = chapters_of(params).size();
  const auto& tallies = array(field(body, "tallies", "body"), chapters, chapters, "body.tallies (one per chapter)");
  for (std::size_t k = 0; k < tallies.size(); ++k)
    pack.chapter_tallies.push_back(Tally::from_json(tallies[k], at("body.tallies", k)));
  return pack;
}

namespace {

// The campaign's promises about one level (docs/prism.md, "What verify checks"), from its data.
void check_shape(const Level& l, const ChapterSpec& spec, const std::function<void(const std::string&)>& broken) {
  const Board& b = l.board;
  if (b.width != spec.width || b.height != spec.height)
    broken(fmt::format("board size: {}x{}, chapter {} boards are {}x{}", b.width, b.height, spec.number, spec.width,
                       spec.height));
  int pieces = 0, crystals = 0, emitters = 0;
  for (std::size_t i = 0; i < b.cells.size(); ++i) {
    const Cell& c = b.cells[i];
    const std::string name = cell_name({static_cast<int>(i) % b.width, static_cast<int>(i) / b.width});
    if (is_piece(c.kind)) {
      ++pieces;
      if (std::ranges::find(spec.kinds, c.kind) == spec.kinds.end())
        broken(fmt::format("piece kinds: the {} at {} is not among chapter {}'s pieces",
                           kKinds[static_cast<std::size_t>(c.kind)].name, name, spec.number));
      if (c.kind == Kind::Filter && c.colour == kWhite)
        broken(fmt::format("piece kinds: the filter at {} passes every colour (W)", name));
    }
    crystals += c.kind == Kind::Crystal;
    if (c.kind == Kind::Emitter) {
      ++emitters;
      if (c.colour != kRed && c.colour != kGreen && c.colour != kBlue && c.colour != kWhite)
        broken(fmt::format("emitters: the emitter at {} shines {}, not R, G, B or W", name, colour_letter(c.colour)));
      const int x = static_cast<int>(i) % b.width + kDx[static_cast<std::size_t>(c.facing)];
      const int y = static_cast<int>(i) / b.width + kDy[static_cast<std::size_t>(c.facing)];
      if (x < 0 || y < 0 || x >= b.width || y >= b.height)
        broken(fmt::format("emitters: the emitter at {} faces off the board", name));
    }
  }
  if (emitters < 1 || emitters > spec.emitters_max)
    broken(fmt::format("emitters: {} emitters, chapter {} has 1 to {}", emitters, spec.number, spec.emitters_max));
  if (pieces < spec.pieces_min || pieces > spec.pieces_max)
    broken(fmt::format("piece count: {} pieces, chapter {} has {} to {}", pieces, spec.number, spec.pieces_min,
                       spec.pieces_max));
  if (crystals < spec.crystals_min || crystals > spec.crystals_max)
    broken(fmt::format("crystal count: {} crystals, chapter {} has {} to {}", crystals, spec.number, spec.crystals_min,
                       spec.crystals_max));
  if (l.par < spec.par_min || l.par > spec.par_max)
    broken(fmt::format("par range: par {} is outside chapter {}'s {}..{}", l.par, spec.number, spec.par_min,
                       spec.par_max));
  else if (l.index < spec.levels && l.par != target_par(spec, l.index))
    broken(fmt::format("target par: par {} is not level #{}'s target par {}", l.par, l.index + 1,
                       target_par(spec, l.index)));
  if (is_solved(b)) broken("dealt solved: the board is solved before any tap");
  const auto cells = piece_cells(b);
  int turned = 0;
  for (std::size_t k = 0; k < cells.size(); ++k)
    turned += b.cells[static_cast<std::size_t>(cells[k])].rotation != l.solution[k];
  if (cells.size() < 2 || (l.par >= 2 && turned < 2))
    broken(fmt::format("too easy: {} pieces, {} of them turned away from the solution", cells.size(), turned));
  const Board solved = with_rotations(b, l.solution);
  const Light light = trace(solved);
  if (!shows(solved, light, Phenomenon::Reflection))
    broken("light bends: no lit mirror, splitter or bending prism when solved");
  if (!shows(solved, light, spec.phenomenon))
    broken(fmt::format("phenomenon: chapter {} {}'s phenomenon does not happen when solved", spec.number, spec.name));
}

// The level's proofs, re-derived: one solution, the stated one, clearing the board in par taps.
// A search that runs out of budget proves nothing either way, and says so apart (`not_proven`).
void check_proofs(const Level& l, std::uint64_t budget, const std::function<void(const std::string&)>& broken,
                  const std::function<void(const std::string&)>& not_proven) {
  const std::uint64_t nodes = budget ? budget : kVerifyProofNodes, states = budget ? budget : kVerifyBfsStates;
  const auto proof = prove_unique(l.board, {.node_budget = nodes});
  if (proof.verdict == Uniqueness::OverBudget) {
    not_proven("unique: " + not_proven_within_budget(nodes, "nodes"));
    return;
  }
  if (proof.verdict != Uniqueness::Unique) {
    broken(fmt::format("unique: not exactly one solution ({})", to_string(proof.verdict)));
    return;
  }
  if (proof.solution != l.solution) broken("unique: the stated solution is not the board's solution");
  Board tapped = l.board;  // tap each piece forward until it shows its solution rotation
  const auto pieces = piece_cells(tapped);
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    Cell& c = tapped.cells[static_cast<std::size_t>(pieces[k])];
    while (c.rotation != l.solution[k]) tap(c);
  }
  if (!is_solved(tapped)) broken("solution: tapping the stated solution does not clear the board");
  const int taps = taps_to(l.board, l.solution);
  if (taps != l.par) broken(fmt::format("par: par {} is not the solution's {} taps", l.par, taps));
  const ParSearch bfs = bfs_par(l.board, l.par, states);
  switch (bfs.verdict) {
    case ParVerdict::Found:
      if (bfs.par != l.par) broken(fmt::format("par: par {} is not the BFS minimum {}", l.par, bfs.par));
      break;
    case ParVerdict::NoneWithinDepth:
    case ParVerdict::Unsolvable:
      broken(fmt::format("par: BFS finds no solution within par {} taps", l.par));
      break;
    case ParVerdict::OverBudget:
      not_proven("par: BFS minimum " + not_proven_within_budget(states, "states"));
      break;
    case ParVerdict::TooLarge:
      broken("par: BFS minimum not proven: the board has 2^64 or more rotation states, beyond the BFS's state codes");
      break;
  }
}

}  // namespace

std::vector<std::string> verify_pack(const Pack& pack, const VerifyOptions& options) {
  std::vector<std::string> problems, unproven;
  // Chapter sizes: position i of the pack is a fixed (chapter, level) of the params' chapters.
  std::vector<ChapterSize> sizes;
  for (const ChapterSpec* spec : chapters_of(pack.params))
    sizes.push_back({.chapter = spec->number, .levels = spec->levels});
  CampaignShape shape(sizes, pack.params.chapter ? fmt::format("chapter {}", *pack.params.chapter) : "chapters 1..6");
  if (const auto what = shape.size_problem(pack.levels.size())) problems.push_back("pack: " + *what);
  std::map<std::string, std::size_t> first_with_layout;
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Level& l = pack.levels[i];
    const auto broken = [&](const std::string& what) { problems.push_back(fmt::format("level {}: {}", i + 1, what)); };
    const auto not_proven = [&](const std::string& what) {
      unproven.push_back(fmt::format("level {}: {}", i + 1, what));
    };
    if (const auto what = shape.place_problem(i, {.chapter = l.chapter, .index = l.index})) broken(*what);
    const auto [it, fresh] = first_with_layout.emplace(canonical_layout(l.board), i);
    if (!fresh)
      broken(
          fmt::format("no duplicates: the same layout as level {} under the 8 rotations and mirrors", it->second + 1));
    check_shape(l, chapter(l.chapter), broken);
    check_proofs(l, options.budget, broken, not_proven);
  }
  if (const auto what = shape.rest_problem()) problems.push_back("pack: " + *what);
  return verify_findings(std::move(problems), std::move(unproven), options);
}

}  // namespace proven::prism

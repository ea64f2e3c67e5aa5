#include "tilt/pack.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdint>

#include "core/campaign.hpp"
#include "core/coords.hpp"
#include "core/errors.hpp"
#include "core/json_read.hpp"
#include "tilt/campaign.hpp"

namespace proven::tilt {
namespace {

struct PhaseJob {
  int phase;
  std::uint64_t candidate;
};

std::vector<int> phases_of(const PackOptions& options) {
  std::vector<int> out;
  for (std::size_t p = 0; p < phases().size(); ++p)
    if (!options.only_chapter || *options.only_chapter == phases()[p].chapter) out.push_back(static_cast<int>(p));
  return out;
}

std::vector<Generated<Level>> run_candidates(const Rng& root, const std::vector<PhaseJob>& jobs,
                                             const PackOptions& options) {
  return run_batch<Generated<Level>>(
      jobs.size(),
      [&](std::size_t i) {
        thread_local Solver solver;  // its buffers are reused; results never depend on them
        const Phase& phase = phases()[static_cast<std::size_t>(jobs[i].phase)];
        return generate_candidate(
            phase, root.fork("phase", static_cast<std::uint64_t>(jobs[i].phase)).fork("candidate", jobs[i].candidate),
            solver);
      },
      {.jobs = options.jobs, .progress = options.progress});
}

std::string where(std::size_t i) { return fmt::format("level {}", i + 1); }

// The chapters a pack made with `params` holds, in order, each with its number of levels (the
// sum of its phases'), and the phase each place of the pack stands for.
struct CampaignPlan {
  std::vector<ChapterSize> chapters;
  std::vector<int> phase_at;  // by place in the pack
};
CampaignPlan plan_of(const PackParams& params) {
  CampaignPlan plan;
  for (std::size_t p = 0; p < phases().size(); ++p) {
    const Phase& phase = phases()[p];
    if (params.chapter && *params.chapter != phase.chapter) continue;
    if (plan.chapters.empty() || plan.chapters.back().chapter != phase.chapter)
      plan.chapters.push_back({.chapter = phase.chapter, .levels = 0});
    plan.chapters.back().levels += phase.levels;
    plan.phase_at.insert(plan.phase_at.end(), static_cast<std::size_t>(phase.levels), static_cast<int>(p));
  }
  return plan;
}

Level level_from_json(const nlohmann::json& j, std::size_t i) {
  using namespace json_read;
  const std::string w = where(i);
  const auto whole = [&](std::string_view key, int lo, int hi) {
    return integer(field(j, key, w), lo, hi, at(w, key));
  };
  if (whole("id", 1, 100000) != static_cast<int>(i + 1))
    fail(at(w, "id"), fmt::format("expected {} (levels are numbered in order)", i + 1));
  Level l;
  l.chapter = whole("chapter", 1, static_cast<int>(chapters().size()));
  if (text(field(j, "chapter_name", w), at(w, "chapter_name")) != chapter(l.chapter).name)
    fail(at(w, "chapter_name"), fmt::format("expected \"{}\" (chapter {})", chapter(l.chapter).name, l.chapter));
  l.phase = whole("phase", 0, static_cast<int>(phases().size()) - 1);
  if (phases()[static_cast<std::size_t>(l.phase)].chapter != l.chapter)
    fail(at(w, "phase"), fmt::format("phase {} is not in chapter {}", l.phase, l.chapter));
  l.index = whole("index", 0, 1000);
  l.par = whole("par", 1, kMaxPar);
  const auto chance = chance_from_text(text(field(j, "chance", w), at(w, "chance")));
  if (!chance || *chance == 0) fail(at(w, "chance"), "expected decimal digits, not zero");
  l.chance = *chance;
  l.bits_milli = std::llround(number(field(j, "bits", w), 0, 2 * kMaxPar, at(w, "bits")) * 1000);
  const std::string board_text = text_rows(field(j, "board", w), kMaxSide, at(w, "board"));
  try {
    l.board = from_text(board_text);
  } catch (const UserError& e) {
    fail(at(w, "board"), e.what());
  }
  for (const char c : text(field(j, "solution", w), at(w, "solution"))) {
    const auto d = std::string_view("URDL").find(c);
    if (d == std::string_view::npos) fail(at(w, "solution"), fmt::format("letter '{}' is not one of U, R, D, L", c));
    l.solution.push_back(static_cast<Dir>(d));
  }
  return l;
}

}  // namespace

std::string solution_text(const std::vector<Dir>& moves) {
  std::string text;
  for (const Dir d : moves) text += kDirLetter[static_cast<std::size_t>(d)];
  return text;
}

std::size_t candidate_count(const PackOptions& options) {
  std::size_t n = 0;
  for (const int p : phases_of(options)) n += static_cast<std::size_t>(phases()[static_cast<std::size_t>(p)].pool);
  return n;
}

Pack generate_pack(const std::string& seed, const PackOptions& options) {
  const Rng root = Rng::from_key(seed);
  const std::vector<int> wanted = phases_of(options);
  std::vector<PhaseJob> jobs;
  for (const int p : wanted)
    for (int i = 0; i < phases()[static_cast<std::size_t>(p)].pool; ++i)
      jobs.push_back({p, static_cast<std::uint64_t>(i)});
  auto results = run_candidates(root, jobs, options);

  // Sequential, in phase order: every choice is the same for any jobs count.
  Pack pack;
  pack.seed = seed;
  pack.params.chapter = options.only_chapter;
  std::vector<Shapes> shapes;
  std::size_t at = 0;
  for (const int p : wanted) {
    const Phase& phase = phases()[static_cast<std::size_t>(p)];
    if (pack.chapter_tallies.empty() || pack.levels.empty() || pack.levels.back().chapter != phase.chapter) {
      pack.chapter_tallies.emplace_back();
      pack.chapter_tallies.back().declare(kNoRun);
    }
    Tally& tally = pack.chapter_tallies.back();
    std::vector<Level> pool;
    auto absorb = [&](std::vector<Generated<Level>>& batch, std::size_t from, std::size_t to) {
      for (std::size_t i = from; i < to; ++i) {
        tally.merge(batch[i].tally);
        if (batch[i].value) pool.push_back(std::move(*batch[i].value));
      }
    };
    absorb(results, at, at + static_cast<std::size_t>(phase.pool));
    at += static_cast<std::size_t>(phase.pool);
    std::vector<Level> run = select_run(pack.levels, shapes, pool, phase);
    for (int extra = 1; run.empty() && extra <= 3; ++extra) {
      tally.reject(kNoRun);
      std::vector<PhaseJob> more;
      for (int i = 0; i < phase.pool; ++i) more.push_back({p, static_cast<std::uint64_t>(extra * phase.pool + i)});
      auto batch =
          run_candidates(root, more, {.only_chapter = options.only_chapter, .jobs = options.jobs, .progress = nullptr});
      absorb(batch, 0, batch.size());
      run = select_run(pack.levels, shapes, pool, phase);
    }
    if (run.empty()) {
      std::string pool_text;
      for (const Level& l : pool)
        pool_text += fmt::format(" {}/{:.1f}", l.par, static_cast<double>(l.bits_milli) / 1000);
      const std::string after = pack.levels.empty()
                                    ? std::string("none")
                                    : fmt::format("{}/{:.1f}", pack.levels.back().par,
                                                  static_cast<double>(pack.levels.back().bits_milli) / 1000);
      throw Failure(fmt::format("seed '{}': chapter {} phase {}: {} from a pool of {} (par/bits after {}:{})\n{}", seed,
                                phase.chapter, p, kNoRun, pool.size(), after, pool_text, tally.table()));
    }
    for (Level& l : run) {
      l.index = pack.levels.empty() || pack.levels.back().chapter != l.chapter ? 0 : pack.levels.back().index + 1;
      shapes.push_back(shapes_of(l.board));
      pack.levels.push_back(std::move(l));
    }
  }
  return pack;
}

nlohmann::json pack_body_json(const Pack& pack) {
  nlohmann::json levels = nlohmann::json::array();
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Level& l = pack.levels[i];
    levels.push_back({{"id", i + 1},
                      {"chapter", l.chapter},
                      {"chapter_name", chapter(l.chapter).name},
                      {"phase", l.phase},
                      {"index", l.index},
                      {"board", to_rows(l.board)},
                      {"par", l.par},
                      {"solution", solution_text(l.solution)},
                      {"chance", chance_text(l.chance)},
                      {"bits", static_cast<double>(l.bits_milli) / 1000}});
  }
  nlohmann::json tallies = nlohmann::json::array();
  for (const auto& t : pack.chapter_tallies) tallies.push_back(t.to_json());
  return {{"levels", levels}, {"tallies", tallies}};
}

Pack pack_from_body(const std::string& seed, const PackParams& params, const nlohmann::json& body) {
  using namespace json_read;
  Pack pack{.seed = seed, .params = params, .levels = {}, .chapter_tallies = {}};
  const auto& levels = array(field(body, "levels", "body"), 1, kMaxPackLevels, "levels");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    Level l = level_from_json(levels[i], i);
    if (params.chapter && l.chapter != *params.chapter)
      fail(at(where(i), "chapter"), fmt::format("expected {} (params.chapter)", *params.chapter));
    pack.levels.push_back(std::move(l));
  }
  // One tally per chapter the params name (they are for information: verify does not judge
  // them; how many levels each chapter holds is a promise verify_pack checks).
  const std::size_t chapter_count = plan_of(params).chapters.size();
  const auto& tallies =
      array(field(body, "tallies", "body"), chapter_count, chapter_count, "tallies (one per chapter)");
  for (std::size_t t = 0; t < tallies.size(); ++t)
    pack.chapter_tallies.push_back(Tally::from_json(tallies[t], at("tallies", t)));
  return pack;
}

std::vector<std::string> verify_pack(const Pack& pack, const VerifyOptions& options) {
  std::vector<std::string> problems, unproven;
  Solver solver;
  const SolveOptions solve{
      .max_par = kMaxPar,
      .state_budget = options.budget ? static_cast<std::size_t>(options.budget) : kVerifySolve.state_budget,
      .count_bits = true};
  const std::string within_budget = not_proven_within_budget(solve.state_budget, "states");
  // The campaign's shape: place i of the pack is one chapter, index and phase of the params'
  // chapters (the phase decides the tile kind judged below).
  const CampaignPlan plan = plan_of(pack.params);
  CampaignShape shape(plan.chapters, pack.params.chapter ? fmt::format("chapter {}", *pack.params.chapter)
                                                         : fmt::format("chapters 1..{}", chapters().size()));
  if (const auto what = shape.size_problem(pack.levels.size())) problems.push_back("pack: " + *what);
  std::vector<Shapes> shapes;
  for (std::size_t i = 0; i < pack.levels.size(); ++i) {
    const Level& l = pack.levels[i];
    auto broken = [&](const std::string& what) { problems.push_back(fmt::format("level {}: {}", i + 1, what)); };
    // A solve that ran out proves nothing either way: said apart from the broken promises.
    auto not_proven = [&](const std::string& what) { unproven.push_back(fmt::format("level {}: {}", i + 1, what)); };
    const LevelPlace place{.chapter = l.chapter, .index = l.index};
    if (const auto what = shape.place_problem(i, place))
      broken(*what);
    else if (shape.expected(i) == place && l.phase != plan.phase_at[i])
      broken(fmt::format("phase: it is phase {}, but chapter {} level #{} is phase {}", l.phase, l.chapter, l.index + 1,
                         plan.phase_at[i]));
    auto at = [&](int cell) {
      return cell_name({cell % l.board.width, cell / l.board.width});
    };  // "C2", as a player names it
    shapes.push_back(shapes_of(l.board));
    if (static_cast<int>(l.solution.size()) != l.par || play(l.board, l.solution) != Outcome::Cleared)
      broken(fmt::format("its solution does not clear the board in exactly its par {}", l.par));
    const Solution s =
        solver.solve(l.board, {.max_par = l.par, .state_budget = solve.state_budget, .count_bits = true});
    if (s.status == Status::OverBudget) {
      not_proven(fmt::format("par {}: BFS minimum {}", l.par, within_budget));
    } else if (s.status != Status::Solved) {
      broken(fmt::format("par {} is not the BFS minimum: no solution within {} tilts", l.par, l.par));
    } else if (s.par != l.par) {
      broken(fmt::format("par {} is not the shortest: BFS clears it in {}", l.par, s.par));
    } else {
      if (s.chance != l.chance)
        broken(fmt::format("chance {}/12^{} is not the counted {}/12^{}", chance_text(l.chance), l.par,
                           chance_text(s.chance), l.par));
      if (s.bits_milli != l.bits_milli)
        broken(fmt::format("bits {:.3f} is not the counted {:.3f}", static_cast<double>(l.bits_milli) / 1000,
                           static_cast<double>(s.bits_milli) / 1000));
      for (const int pit : pits_not_in_play(l.board, s)) broken(fmt::format("pit at {} is not in play", at(pit)));
      const auto tile_name = [&](int cell) {
        return fmt::format("tile '{}' at {}",
                           to_rows(l.board)[static_cast<std::size_t>(cell / l.board.width)]
                                           [static_cast<std::size_t>(cell % l.board.width)],
                           at(cell));
      };
      const TileJudgement tiles = judge_tiles(l.board, l.par, solver, solve);
      if (tiles.idle >= 0)
        broken(fmt::format("{} does not matter: par stays {} without it", tile_name(tiles.idle), l.par));
      else if (tiles.undecided >= 0)
        not_proven(fmt::format("{} matters: {}", tile_name(tiles.undecided), within_budget));
      const Kind tile = phases()[static_cast<std::size_t>(l.phase)].recipe.tile;
      if (tile != Kind::Floor) {
        if (count_kind(l.board, tile) == 0)
          broken("has none of its chapter's tiles");
        else if (const auto matters = rule_matters_within(l.board, l.par, solver, solve); !matters)
          not_proven(fmt::format("the rule matters: {}", within_budget));
        else if (!*matters)
          broken("the rule does not matter: the plain board has the same par");
      }
    }
    for (std::size_t j = 0; j < i; ++j)  // the first earlier level it copies is enough to say
      if (auto why = near_copy(pack.levels[j], shapes[j], l)) {
        broken(fmt::format("near copy of level {}: {}", j + 1, *why));
        break;
      }
    if (i > 0) {
      if (auto why = easier_than(pack.levels[i - 1], l)) broken(fmt::format("easier than level {}: {}", i, *why));
      // A flat run is named once, at the level that makes it too long (not again at each level
      // that extends it), and counting it looks back at most one step past the limit.
      std::size_t run = 1;
      while (run <= i && run <= static_cast<std::size_t>(kMaxSameRun) + 1 && same_difficulty(pack.levels[i - run], l))
        ++run;
      if (run == static_cast<std::size_t>(kMaxSameRun) + 1)
        broken(fmt::format("{} levels in a row with the same difficulty (at most {}), from level {}", run, kMaxSameRun,
                           i + 2 - run));
    }
  }
  if (const auto what = shape.rest_problem()) problems.push_back("pack: " + *what);
  return verify_findings(std::move(problems), std::move(unproven), options);
}

}  // namespace proven::tilt

#include "tilt/game.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"
#include "tilt/play.hpp"
#include "tilt/render.hpp"

namespace proven::tilt {
namespace {

std::string caption(const Level& l, std::size_t item) {
  return fmt::format("level {} (chapter {} {}, #{}), par {}, {:.3f} bits, solution {}", item + 1, l.chapter,
                     chapter(l.chapter).name, l.index + 1, l.par, static_cast<double>(l.bits_milli) / 1000,
                     solution_text(l.solution));
}

}  // namespace

std::string tally_report(const Pack& pack) {
  std::string text;
  std::size_t t = 0;
  for (std::size_t i = 0; i < pack.levels.size() && t < pack.chapter_tallies.size(); ++i) {
    if (i > 0 && pack.levels[i].chapter == pack.levels[i - 1].chapter) continue;
    const Tally& tally = pack.chapter_tallies[t++];
    const Chapter& c = chapter(pack.levels[i].chapter);
    text += fmt::format(
        "chapter {} {}: {:.1f} accepted candidates per 1000 tries\n{}", c.number, c.name,
        1000.0 * static_cast<double>(tally.accepted()) / static_cast<double>(std::max<std::uint64_t>(1, tally.tries())),
        tally.table());
  }
  return text;
}

nlohmann::json Game::params_to_json(const Params& params) {
  return {{"chapter", params.chapter ? nlohmann::json(*params.chapter) : nlohmann::json(nullptr)}};
}

Game::Params Game::params_from_json(const nlohmann::json& json) {
  const nlohmann::json& chapter = json_read::field(json, "chapter", "params");
  if (chapter.is_null()) return {};
  return {.chapter = json_read::integer(chapter, 1, static_cast<int>(chapters().size()), "params.chapter")};
}

void Game::add_params(CLI::App& app, Params& params) {
  app.add_option_function<int>(
         "--chapter", [&params](const int& k) { params.chapter = k; },
         "only this chapter (default: the whole campaign)")
      ->check(CLI::Range(1, static_cast<int>(chapters().size())));
}

Made<Game::Document> Game::generate(const std::string& seed, const Params& params, const RunOptions& run) {
  PackOptions options{.only_chapter = params.chapter, .jobs = run.jobs, .progress = run.progress};
  if (run.progress) run.progress->set_total(candidate_count(options));
  Pack pack = generate_pack(seed, options);
  Tally tally;
  for (const Tally& t : pack.chapter_tallies) tally.merge(t);
  std::string report = "each with BFS par, every tile needed, bits counted exactly\n" + tally_report(pack);
  return {.document = std::move(pack), .tally = std::move(tally), .report = std::move(report)};
}

Game::Document Game::from_json(const Envelope& envelope, const nlohmann::json& body) {
  return pack_from_body(envelope.seed, params_from_json(envelope.params), body);
}

std::string Game::show_text(const Document& doc, std::size_t item) {
  const Play play = Play::start(doc, item);
  return fmt::format("{}\n{}{}", caption(doc.levels[item], item), play.rules(), play.render());
}

std::optional<std::string> Game::show_svg(const Document& doc, std::size_t item) {
  return render_level_svg(doc.levels[item], caption(doc.levels[item], item));
}

std::vector<std::string> Game::solution(const Document& doc, std::size_t item) {
  std::vector<std::string> moves;
  for (const Dir d : doc.levels[item].solution) moves.emplace_back(1, kDirLetter[static_cast<std::size_t>(d)]);
  return moves;
}

BenchReport Game::bench(unsigned jobs) {
  const auto start = std::chrono::steady_clock::now();
  const Made<Document> made = generate("bench", {}, {.jobs = jobs, .progress = nullptr});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {.figures = {{"levels generated", std::to_string(made.document.levels.size())},
                      {"tries", std::to_string(made.tally.tries())},
                      {"campaign seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest_hex(json_text(document_to_json<Game>(made.document)))};
}

ItemFacts Game::item_facts(const Document& doc, std::size_t item) {
  const Level& level = doc.levels.at(item);
  const std::string tiles = chapter_tiles(level.chapter);
  return {.chapter = level.chapter,
          .chapter_name = chapter(level.chapter).name,
          .par = level.par,
          .difficulty = static_cast<double>(level.bits_milli) / 1000,
          .difficulty_name = "bits",
          .note = tiles.empty() ? tiles : "New in this chapter: " + tiles};
}

std::vector<KeyBinding> Game::keys() {
  return {{"ArrowUp", "U"}, {"ArrowDown", "D"}, {"ArrowLeft", "L"}, {"ArrowRight", "R"},
          {"w", "U"},       {"s", "D"},         {"a", "L"},         {"d", "R"}};
}

}  // namespace proven::tilt

#pragma once
// TILT on the Game contract (core/game.hpp): `proven tilt generate | verify | show | play` and
// `proven bench` come from src/cli/entry.hpp; this names what is TILT's own.
//
//   auto made = proven::tilt::Game::generate("1", {}, {.jobs = 2});      // the 130-level campaign
//   auto play = proven::tilt::Game::Play::start(made.document, 2);       // level 3
//   play.apply("R");                                                     // IllegalMove if unreadable
//   proven::tilt::Game::verify(made.document);                           // every promise of docs/tilt.md
//
// The document is a pack (tilt/pack.hpp) in core's envelope, format "proven-tilt-pack/2":
// its seed and params ({"chapter": null} for the whole campaign, or one chapter) in the
// envelope, the levels and the per-chapter tallies in the body. Levels are items (`--level N`
// is an alias of `--item N`, 1-based).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "tilt/pack.hpp"
#include "tilt/play.hpp"

namespace proven::tilt {

struct Game {
  static constexpr std::string_view kName = "tilt";
  static constexpr std::string_view kSummary =
      "tilt marble levels: BFS par, every tile matters, exact bits, a campaign that never gets easier";
  static constexpr std::string_view kFormat = "proven-tilt-pack/2";
  static constexpr std::string_view kWhat = "tilt pack";
  static constexpr std::string_view kItem = "level";
  static constexpr std::string_view kDisplayName = "Tilt";

  using Params = PackParams;
  using Document = Pack;
  using Play = LevelPlay;

  static std::string generator_version() { return std::to_string(kGeneratorVersion); }
  static nlohmann::json params_to_json(const Params& params);
  static Params params_from_json(const nlohmann::json& json);
  static void add_params(CLI::App& app, Params& params);
  static Made<Document> generate(const std::string& seed, const Params& params, const RunOptions& run);
  static nlohmann::json body_to_json(const Document& doc) { return pack_body_json(doc); }
  static Document from_json(const Envelope& envelope, const nlohmann::json& body);
  static std::vector<std::string> verify(const Document& doc, const VerifyOptions& options = {}) {
    return verify_pack(doc, options);
  }
  static std::size_t item_count(const Document& doc) { return doc.levels.size(); }
  static std::string show_text(const Document& doc, std::size_t item);
  static std::optional<std::string> show_svg(const Document& doc, std::size_t item);
  static std::vector<std::string> solution(const Document& doc, std::size_t item);
  static BenchReport bench(unsigned jobs);
  // Optional members (core/game.hpp): a level's chapter, par, bits and the chapter's new tile;
  // what each chapter turned down; the arrow keys and W A S D.
  static ItemFacts item_facts(const Document& doc, std::size_t item);
  static std::vector<PartTally> tallies(const Document& doc) {
    return chapter_tallies(doc.levels, doc.chapter_tallies);
  }
  static std::vector<KeyBinding> keys();
};

static_assert(proven::Game<Game>);
static_assert(proven::DrawnPlay<Game::Play>);
static_assert(proven::ListedGame<Game> && proven::TalliedGame<Game> && proven::KeyedGame<Game>);

// Per chapter: accepted candidates per 1,000 tries and the chapter's tally table.
std::string tally_report(const Pack& pack);

}  // namespace proven::tilt

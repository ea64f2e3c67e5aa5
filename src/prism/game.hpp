#pragma once
// PRISM on the Game contract (core/game.hpp): `proven prism generate | verify | show | play` and
// the prism bench come from here.
//
//   auto made = proven::prism::Game::generate("1", {}, {});          // the 240-level campaign
//   auto play = proven::prism::Game::Play::start(made.document, 6);  // level 7
//   play.apply("tap C3");                                            // IllegalMove if no piece there
//   play.status().phase == proven::PlayPhase::Won;                   // every crystal gets its colours
//
// Cells are named as every game names them (core/coords.hpp): column letter, then row number
// from 1 at the top ("C3" is the third column of the third row). docs/prism.md states the moves,
// the board tokens and the file.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "prism/pack.hpp"

namespace proven::prism {

struct Game {
  static constexpr std::string_view kName = "prism";
  static constexpr std::string_view kSummary =
      "rotation light puzzles: unique solutions, BFS-verified par, a 240-level campaign";
  static constexpr std::string_view kFormat = "proven-prism-pack/2";
  static constexpr std::string_view kWhat = "prism pack";
  static constexpr std::string_view kItem = "level";
  static constexpr std::string_view kDisplayName = "PRISM";

  using Params = PackParams;
  using Document = Pack;

  // One level being solved. Every tap turns one piece; the level is won when every crystal gets
  // exactly its colours. There is no losing: taps beyond par only cost the "Perfect".
  class Play {
   public:
    static constexpr bool kUndo = true;
    static Play start(const Document& doc, std::size_t item);
    MoveResult apply(std::string_view move);
    PlayStatus status() const;
    std::vector<std::string> legal_moves() const;
    std::string rules() const;
    std::string render() const;
    nlohmann::json to_json() const;
    std::string svg() const;  // every piece a tap target (core/play.hpp, DrawnPlay)
    bool operator==(const Play&) const = default;

   private:
    Board board_;
    int par_ = 0;
    int taps_ = 0;
  };

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
  // Optional members (core/game.hpp): a level's chapter and par; what each chapter turned down.
  static ItemFacts item_facts(const Document& doc, std::size_t item);
  static std::vector<PartTally> tallies(const Document& doc) {
    return chapter_tallies(doc.levels, doc.chapter_tallies);
  }
};

static_assert(proven::Game<Game>);
static_assert(proven::DrawnPlay<Game::Play>);
static_assert(proven::ListedGame<Game> && proven::TalliedGame<Game>);

}  // namespace proven::prism

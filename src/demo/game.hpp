#pragma once
// The demo game on the Game contract (core/game.hpp): the smallest complete example. Everything
// a game must provide is here, once; `proven demo generate | verify | show | play` and the
// contract tests come for free.
//
//   auto made = proven::demo::Game::generate("1", {.count = 12}, {});   // made.document, made.tally
//   auto play = proven::demo::Game::Play::start(made.document, 0);     // block 1
//   play.apply("put A1 7");                                            // IllegalMove if not legal
//   play.status().phase == proven::PlayPhase::Won;                     // every run adds up
//
// Cells are named as every game names them (core/coords.hpp): column letter, then row number
// from 1 at the top ("B2" is the second column of the second row). docs/demo.md states the
// moves and the file.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "demo/blocks.hpp"

namespace proven::demo {

struct Game {
  static constexpr std::string_view kName = "demo";
  static constexpr std::string_view kSummary = "the core's demo: Kakuro blocks with exactly one filling";
  static constexpr std::string_view kFormat = "proven-demo-sheet/2";
  static constexpr std::string_view kWhat = "demo sheet";
  static constexpr std::string_view kItem = "block";
  // Optional members (core/game.hpp): how pages title it, and that it is the contract's example
  // rather than a game for players (the front page leaves it out).
  static constexpr std::string_view kDisplayName = "Demo";
  static constexpr bool kDemonstration = true;

  using Params = SheetParams;
  using Document = Sheet;

  // One block being filled. Mistakes are allowed (as on paper): a digit may repeat in a run or
  // break a sum; the block is won once every cell holds a digit and every run holds.
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
    bool operator==(const Play&) const = default;

   private:
    Clues clues_;
    std::vector<int> entries_;  // row-major, 0 for an empty cell
  };

  static std::string generator_version() { return std::to_string(kGeneratorVersion); }
  static nlohmann::json params_to_json(const Params& params);
  static Params params_from_json(const nlohmann::json& json);
  static void add_params(CLI::App& app, Params& params);
  static Made<Document> generate(const std::string& seed, const Params& params, const RunOptions& run);
  static nlohmann::json body_to_json(const Document& doc) { return sheet_body_json(doc); }
  static Document from_json(const Envelope& envelope, const nlohmann::json& body);
  // A block has at most six cells: counting its solutions needs no budget.
  static std::vector<std::string> verify(const Document& doc, const VerifyOptions& = {}) { return verify_sheet(doc); }
  static std::size_t item_count(const Document& doc) { return doc.blocks.size(); }
  static std::string show_text(const Document& doc, std::size_t item);
  static std::optional<std::string> show_svg(const Document& doc, std::size_t item);
  static std::vector<std::string> solution(const Document& doc, std::size_t item);
  static BenchReport bench(unsigned jobs);
};

static_assert(proven::Game<Game>);

}  // namespace proven::demo

#pragma once
// Whodunnit on the Game contract (core/game.hpp): a document is one case (case_json.hpp) with
// its seed and parameters; `proven whodunnit generate | verify | show | play` and the contract
// tests come from the contract, `solve` and `stats` are the game's extras (commands.hpp).
//
//   auto made = whodunnit::Game::generate("7", {.cast = 6}, {});   // made.document, made.tally
//   auto play = whodunnit::Game::Play::start(made.document, 0);
//   play.apply("mark 3 forename Hugo yes");                         // IllegalMove if not legal
//   play.apply("accuse 5");                                         // won or lost: one accusation
//
// Play is the notebook grid of the original game: a row per suspect, a column per name in
// play, each cell marked yes, no or not at all. Suspects are named by number, 1-based (suspect 3
// is the person in portrait 3, "Suspect 3" of the accounts); names as the case text writes them. docs/whodunnit.md
// ("Play") states every move.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "whodunnit/case_json.hpp"

namespace proven::whodunnit {

// The largest cast the server generates on request (Game::on_request): bounded CPU per visitor.
inline constexpr int kMaxCastOnRequest = 8;

struct Game {
  static constexpr std::string_view kName = "whodunnit";
  static constexpr std::string_view kSummary =
      "murder mysteries whose clues determine every identity, solved step by step";
  static constexpr std::string_view kFormat = kCaseFormat;
  static constexpr std::string_view kWhat = kCaseWhat;
  static constexpr std::string_view kItem = "case";
  static constexpr std::string_view kDisplayName = "Whodunnit";

  using Params = CaseParams;
  using Document = CaseFile;

  // One case being solved in the notebook. A mark may be wrong (as on paper) but never breaks
  // the grid's own arithmetic: two yes in one portrait's category, more yes in a column than
  // suspects hold that name, every name of a category ruled out for a portrait, or more no in a
  // column than suspects without that name are refused. The case ends with one accusation.
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
    // The notebook for a browser, under the seating picture (seating.hpp; drawn only, no move in
    // it): each cell carries the move that takes it one step round not marked -> yes -> no -> not
    // marked (skipping a mark the notebook would refuse), and each portrait an "accuse k" button
    // (core/play.hpp, DrawnPlay).
    std::string svg() const;
    // The solver's next step from the marks that agree with the clues, with the clues it cites
    // (core/play.hpp, HintedPlay). Marks that disagree are counted, never named.
    std::string hint() const;

    enum class Mark : std::uint8_t { None, Yes, No };
    // The same case (copies share it), marks, accusation and locks.
    bool operator==(const Play&) const = default;

   private:
    struct Fixed;  // the case, its columns, the murderer: shared by every copy
    std::shared_ptr<const Fixed> fixed_;
    std::vector<Mark> marks_;           // portrait-major, one per column (every name of every trait category)
    int accused_ = -1;                  // portrait index, once accused
    std::vector<std::uint8_t> locked_;  // per portrait: confirmed and locked in (Return of the Obra Dinn)

    Mark& mark_at(int suspect, int column) { return marks_[cell(suspect, column)]; }
    Mark mark_at(int suspect, int column) const { return marks_[cell(suspect, column)]; }
    std::size_t cell(int suspect, int column) const;
    // Why marking (suspect, column) `mark` now would break the grid's arithmetic, or empty.
    std::string refusal(int suspect, int column, Mark mark) const;
    int complete_identities() const;
    bool identity_right(int suspect) const;  // every category marked yes, each as the clues say
    // Locks every right identity not yet locked, once there are three of them: their portraits.
    std::vector<int> lock_in();
    nlohmann::json locked_json() const;  // the locked portraits, 1-based
  };

  static std::string generator_version();
  static nlohmann::json params_to_json(const Params& params) { return params_json(params); }
  static Params params_from_json(const nlohmann::json& json) { return whodunnit::params_from_json(json); }
  static void add_params(CLI::App& app, Params& params);
  static Made<Document> generate(const std::string& seed, const Params& params, const RunOptions& run);
  static nlohmann::json body_to_json(const Document& doc) { return case_body_json(doc.content, doc.has_figures); }
  static Document from_json(const Envelope& envelope, const nlohmann::json& body) {
    return case_from_body(envelope, body);
  }
  // The bounds solver is polynomial in the cast: it needs no budget.
  static std::vector<std::string> verify(const Document& doc, const VerifyOptions& = {});
  static std::size_t item_count(const Document&) { return 1; }
  static std::string show_text(const Document& doc, std::size_t item);
  // The seating (seating.hpp): the table, a numbered seat per suspect, suspect 1's left and right.
  static std::optional<std::string> show_svg(const Document& doc, std::size_t item);
  static std::vector<std::string> solution(const Document& doc, std::size_t item);
  static BenchReport bench(unsigned jobs);
  // The designer's grid with some clues switched off (inspect.hpp; core/game.hpp InspectedGame).
  static Inspection inspect(const Document& doc, std::size_t item, const std::vector<std::size_t>& off);
  // Optional members (core/game.hpp): `solve` and `stats` (commands.cpp); a case is generated on
  // request for any cast the generator takes; the studio compares cases by these figures.
  static void add_commands(CLI::App& group);
  static OnRequest on_request();
  static std::vector<Figure> figures(const Document& doc);
};

static_assert(proven::Game<Game>);
static_assert(proven::DrawnPlay<Game::Play>);
static_assert(proven::HintedPlay<Game::Play>);
static_assert(proven::CommandedGame<Game> && proven::RequestedGame<Game> && proven::FiguredGame<Game>);
static_assert(proven::InspectedGame<Game>);

}  // namespace proven::whodunnit

#pragma once
// The bomb on the Game contract (core/game.hpp). The document is a rule book (the manual's rules
// for one rule seed); an item is a dealt bomb: item i is bomb seed i + 1 with every catalog
// module on it, so `proven bomb play manual.json --bomb 7` deals bomb 7 against that manual.
//
//   auto made = proven::bomb::Game::generate("42", {}, {});        // the rule book of seed 42
//   auto play = proven::bomb::Game::Play::start(made.document, 6);  // bomb 7
//   play.apply("module 3");                                         // pick up module 3
//   play.apply("cut wire 2");                                       // its own rules judge it
//   play.status().summary;          // "0 strikes of 3, 14:59 left, 1 of 11 modules solved"
//
// The rules engine is the modules' own apply/tick on a BombRun (run.hpp), the same engine
// autoplay drives; Play only reads words and moves time. docs/bomb.md, "Playing a bomb".
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/run.hpp"
#include "core/game.hpp"

namespace proven::bomb {

struct Game {
  static constexpr std::string_view kName = "bomb";
  static constexpr std::string_view kSummary =
      "rule-seeded bomb manual: 14 modules whose rules are proven by playing their own hints";
  static constexpr std::string_view kFormat = kRuleBookFormat;
  static constexpr std::string_view kWhat = "bomb manual";
  static constexpr std::string_view kItem = "bomb";
  static constexpr std::string_view kDisplayName = "Bomb";

  // A rule book takes nothing but its seed.
  struct Params {
    bool operator==(const Params&) const = default;
  };
  struct Document {
    std::string seed;  // the rule seed as text ("42")
    Params params;
    RuleBook book;
    std::string fingerprint;  // as the file states it (verify compares it with the rules')
  };

  // One dealt bomb being defused. A strike cannot be taken back: no undo.
  class Play {
   public:
    static constexpr bool kUndo = false;
    static Play start(const Document& doc, std::size_t item);
    // Any dealt bomb against a rule book (`proven bomb autoplay --modules K` deals fewer modules).
    static Play deal(const RuleBook& book, const Bomb& bomb);
    MoveResult apply(std::string_view move);
    PlayStatus status() const;
    std::vector<std::string> legal_moves() const;
    std::string rules() const;
    std::string render() const;
    nlohmann::json to_json() const;
    // Same rule book (copies share it), same bomb, clock and log, same module selected.
    bool operator==(const Play&) const = default;

   private:
    Play(std::shared_ptr<const RuleBook> book, const Bomb& bomb) : book_(std::move(book)), run_(*book_, bomb) {}
    std::string module_line(std::size_t slot) const;
    MoveResult act(Action action, std::optional<int> at_digit);
    MoveResult wait(std::string_view move, std::optional<std::int64_t> seconds);
    std::string events_since(std::size_t log_size, std::optional<std::size_t> except) const;

    std::shared_ptr<const RuleBook> book_;  // shared by copies: the rules never change in play
    BombRun run_;
    std::optional<std::size_t> selected_;
  };

  static std::string generator_version() { return std::to_string(kGeneratorVersion); }
  static nlohmann::json params_to_json(const Params&) { return nlohmann::json::object(); }
  static Params params_from_json(const nlohmann::json& json);
  static void add_params(CLI::App&, Params&) {}
  static Made<Document> generate(const std::string& seed, const Params& params, const RunOptions& run);
  static nlohmann::json body_to_json(const Document& doc) { return rule_book_body(doc.book); }
  static Document from_json(const Envelope& envelope, const nlohmann::json& body);
  // The sampled proofs have a fixed size (docs/bomb.md): the budget does not apply. With
  // options.notes, says what it checked: the fingerprint, the rules' source, each module's proof.
  static std::vector<std::string> verify(const Document& doc, const VerifyOptions& = {});
  static std::size_t item_count(const Document&) { return kMaxBombSeed; }
  static std::string show_text(const Document& doc, std::size_t item);
  static std::optional<std::string> show_svg(const Document&, std::size_t) { return std::nullopt; }
  static std::vector<std::string> solution(const Document& doc, std::size_t item);
  static BenchReport bench(unsigned jobs);
  // Optional members (core/game.hpp): `manual`, `deal`, `autoplay`, `replay` and `check`
  // (commands.cpp); a rule book is generated on request from its seed alone (the bomb's web
  // extension, src/bomb/web/, gives it its own pages, so the game page has no generic form).
  static void add_commands(CLI::App& group);
  static OnRequest on_request() { return {.seed_label = "Rule seed", .form_button = "", .options = {}}; }
};

static_assert(proven::Game<Game>);
static_assert(proven::CommandedGame<Game> && proven::RequestedGame<Game>);

// The document of a rule book already built (`manual --format json`, tests).
Game::Document rule_book_document(const RuleBook& book);
// The bomb item `item` stands for (bomb seed item + 1, every catalog module).
Bomb deal_item(const RuleBook& book, std::size_t item);
// A dealt bomb as text: seeds, fingerprint, timer, edgework and each module as the Defuser sees it.
std::string deal_text(const Bomb& bomb);
// "4:07": what the bomb clock shows for `ms` left.
std::string clock_text(std::int64_t ms);

}  // namespace proven::bomb

#pragma once
// How a game reaches the browser: make_web_game<G>() wraps any Game (core/game.hpp) so the
// server can list a document's items, draw them and play them without knowing the game. As with
// the CLI's make_entry, nothing here is game-specific: what a game has beyond the contract (a
// display name, listing facts, keys, generation on request, studio figures) it says through the
// contract's optional members, and the server takes every game from the one list.
//
// Play is stateless on the server: every request carries the moves so far (the URL keeps them,
// so a reload restores the position), and the engine replays them in a Session before applying
// the next move. The engine is the only judge; the page only sends words.
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "core/game.hpp"
#include "core/io.hpp"
#include "core/play.hpp"
#include "serve/extension.hpp"

namespace proven::serve {

// Moves a page may send in one request: more is a malformed URL, not a game.
inline constexpr std::size_t kMaxMoves = 2000;

// One document (a pack, a case, a rule book) ready to be shown and played.
class WebDocument {
 public:
  virtual ~WebDocument() = default;
  virtual std::size_t item_count() const = 0;
  // What a listing shows of an item (core/game.hpp ItemFacts); empty facts for a game without.
  virtual ItemFacts item_facts(std::size_t item) const = 0;
  // The designer's picture (G::show_svg): for prism and tilt it shows the solution, so only the
  // studio and downloads use it.
  virtual std::optional<std::string> item_svg(std::size_t item) const = 0;
  // The item as a player is dealt it (the play page's first picture): what player pages show.
  virtual std::optional<std::string> dealt_svg(std::size_t item) const = 0;
  // Replays `moves` (an illegal one: HttpError 400), then applies `next` if given (an illegal
  // one: HttpError 422 with the engine's reason), and returns the position for the page:
  // {phase, summary, figures, moves_made, svg or text, legal, rules, undo, hints, last}, and
  // with `want_hint` the game's hint (HttpError 404 for a game without hints). Every word goes
  // through Session::act (core/play.hpp): undo, restart and game over as on the command line.
  virtual nlohmann::json play(std::size_t item, const std::vector<std::string>& moves,
                              const std::optional<std::string>& next, bool want_hint = false) const = 0;
  // The game's designer view with the switches `off` turned off (core/game.hpp InspectedGame),
  // or nullopt for a game without one.
  virtual std::optional<Inspection> inspect(std::size_t item, const std::vector<std::size_t>& off) const = 0;
  virtual std::string file_text() const = 0;  // the document as its game writes it
  virtual std::string seed() const = 0;
  virtual std::vector<PartTally> tallies() const = 0;  // core/game.hpp TalliedGame; {} without
  virtual std::vector<Figure> figures() const = 0;     // core/game.hpp FiguredGame; {} without
  // What the generator turned down making it (core/tally.hpp to_json), for a document generated
  // here; null for one read from a file (a pack keeps its own tallies: tallies()).
  virtual const nlohmann::json& generation_tally() const = 0;
};

struct WebGame {
  std::string name;                     // "prism": the URL prefix
  std::string display_name;             // "PRISM": how pages title it
  std::string summary;                  // what the game proves, one line
  std::string item_word;                // "level", "case", "bomb"
  bool demonstration = false;           // left out of the front page (core/game.hpp is_demonstration)
  bool listed = false;                  // has facts per item: chapters, par (core/game.hpp ListedGame)
  bool inspectable = false;             // has a designer view (core/game.hpp InspectedGame)
  bool figured = false;                 // has figures per document: a studio of sampled seeds
  std::optional<OnRequest> on_request;  // generated on request, with these options
  // Keyboard keys (KeyboardEvent.key) that send a move, for games played by keys.
  std::vector<KeyBinding> keys;
  // A document from a file's JSON: the envelope and every field checked, then verified
  // (UserError or Failure naming the first problem).
  std::function<std::shared_ptr<const WebDocument>(const nlohmann::json& file)> load;
  // A document generated from a seed and `generate` options as the CLI takes them ("--cast",
  // "6"); UserError for bad options.
  std::function<std::shared_ptr<const WebDocument>(const std::string& seed, const std::vector<std::string>& options)>
      generate;
};

namespace detail {

template <Game G>
class DocumentOf final : public WebDocument {
 public:
  explicit DocumentOf(typename G::Document doc, nlohmann::json tally = nullptr)
      : doc_(std::move(doc)), tally_(std::move(tally)) {}

  std::size_t item_count() const override { return G::item_count(doc_); }

  ItemFacts item_facts(std::size_t item) const override {
    if constexpr (ListedGame<G>)
      return G::item_facts(doc_, item);
    else
      return {};
  }

  std::optional<std::string> item_svg(std::size_t item) const override { return G::show_svg(doc_, item); }
  std::optional<std::string> dealt_svg(std::size_t item) const override {
    if constexpr (DrawnPlay<typename G::Play>)
      return G::Play::start(doc_, item).svg();
    else
      return std::nullopt;
  }

  nlohmann::json play(std::size_t item, const std::vector<std::string>& moves, const std::optional<std::string>& next,
                      bool want_hint) const override {
    using Play = typename G::Play;
    if (moves.size() > kMaxMoves) throw HttpError(400, fmt::format("more than {} moves in one request", kMaxMoves));
    Session<Play> session(Play::start(doc_, item));
    for (std::size_t i = 0; i < moves.size(); ++i) {
      try {
        session.act(moves[i]);
      } catch (const IllegalMove& e) {
        throw HttpError(400, fmt::format("move {} of the moves so far: {}", i + 1, e.what()));
      }
    }
    nlohmann::json last = nullptr;
    if (next) {
      try {
        MoveResult result = session.act(*next);
        last = {{"move", *next}, {"text", result.text}, {"changes", std::move(result.changes)}};
      } catch (const IllegalMove& e) {
        throw HttpError(422, e.what());
      }
    }
    const Play& play = session.play();
    const PlayStatus status = play.status();
    nlohmann::json state = {{"phase", phase_name(status.phase)},
                            {"summary", status.summary},
                            {"figures", status.figures},
                            {"moves_made", session.moves_made()},
                            {"legal", play.legal_moves()},
                            {"rules", play.rules()},
                            {"undo", Play::kUndo},
                            {"hints", HintedPlay<Play>},
                            {"last", last}};
    if (want_hint) {
      if constexpr (HintedPlay<Play>)
        state["hint"] = play.hint();
      else
        throw HttpError(404, fmt::format("{} gives no hints", G::kName));
    }
    if constexpr (DrawnPlay<Play>)
      state["svg"] = play.svg();
    else
      state["text"] = play.render();
    return state;
  }

  std::optional<Inspection> inspect(std::size_t item, const std::vector<std::size_t>& off) const override {
    if constexpr (InspectedGame<G>)
      return G::inspect(doc_, item, off);
    else
      return std::nullopt;
  }

  std::string file_text() const override { return json_text(document_to_json<G>(doc_)); }
  std::string seed() const override { return doc_.seed; }
  std::vector<PartTally> tallies() const override {
    if constexpr (TalliedGame<G>)
      return G::tallies(doc_);
    else
      return {};
  }
  std::vector<Figure> figures() const override {
    if constexpr (FiguredGame<G>)
      return G::figures(doc_);
    else
      return {};
  }
  const nlohmann::json& generation_tally() const override { return tally_; }

 private:
  typename G::Document doc_;
  nlohmann::json tally_;
};

}  // namespace detail

template <Game G>
WebGame make_web_game() {
  WebGame game{.name = std::string(G::kName),
               .display_name = display_name<G>(),
               .summary = std::string(G::kSummary),
               .item_word = std::string(G::kItem),
               .demonstration = is_demonstration<G>(),
               .listed = ListedGame<G>,
               .inspectable = InspectedGame<G>,
               .figured = FiguredGame<G>,
               .on_request = std::nullopt,
               .keys = {},
               .load = {},
               .generate = {}};
  if constexpr (RequestedGame<G>) game.on_request = G::on_request();
  if constexpr (KeyedGame<G>) game.keys = G::keys();
  game.load = [](const nlohmann::json& file) -> std::shared_ptr<const WebDocument> {
    typename G::Document doc = document_from_json<G>(file);
    if (const auto problems = G::verify(doc); !problems.empty())
      throw Failure(fmt::format("does not verify: {}", problems.front()));
    return std::make_shared<detail::DocumentOf<G>>(std::move(doc));
  };
  game.generate = [](const std::string& seed,
                     const std::vector<std::string>& options) -> std::shared_ptr<const WebDocument> {
    // The game's own `generate` options, read by the same parser as the command line.
    typename G::Params params{};
    CLI::App app{"", std::string(G::kName)};
    G::add_params(app, params);
    std::vector<std::string> args(options.rbegin(), options.rend());  // CLI11 takes them reversed
    try {
      app.parse(args);
    } catch (const CLI::ParseError& e) {
      throw UserError(e.what());
    }
    Made<typename G::Document> made = G::generate(seed, params, {.jobs = 1});
    return std::make_shared<detail::DocumentOf<G>>(std::move(made.document), made.tally.to_json());
  };
  return game;
}

}  // namespace proven::serve

#pragma once
// How a game reaches the browser: make_web_game<G>() wraps any Game (core/game.hpp) so the
// server can list a document's items, draw them and play them without knowing the game. As with
// the CLI's make_entry, nothing here is game-specific: a new game is one more line in
// serve/catalog.cpp.
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

namespace proven::serve {

// A request the server refuses, with the HTTP status and a one-line reason.
class HttpError : public UserError {
 public:
  HttpError(int status, const std::string& message) : UserError(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// Moves a page may send in one request: more is a malformed URL, not a game.
inline constexpr std::size_t kMaxMoves = 2000;

// One document (a pack, a case, a rule book) ready to be shown and played.
class WebDocument {
 public:
  virtual ~WebDocument() = default;
  virtual std::size_t item_count() const = 0;
  // Per item, what the listing pages show: the fields a level has in the file's body
  // ("chapter", "chapter_name", "par", "bits", ...), or {} for a single-item document.
  virtual nlohmann::json item_facts(std::size_t item) const = 0;
  virtual std::optional<std::string> item_svg(std::size_t item) const = 0;  // G::show_svg
  // Replays `moves` (an illegal one: HttpError 400), then applies `next` if given (an illegal
  // one: HttpError 422 with the engine's reason), and returns the position for the page:
  // {phase, summary, figures, moves_made, svg or text, legal, rules, undo, hints, last}, and
  // with `want_hint` the game's hint (HttpError 404 for a game without hints).
  virtual nlohmann::json play(std::size_t item, const std::vector<std::string>& moves,
                              const std::optional<std::string>& next, bool want_hint = false) const = 0;
  // The game's designer view with the switches `off` turned off (core/game.hpp InspectedGame),
  // or nullopt for a game without one.
  virtual std::optional<Inspection> inspect(std::size_t item, const std::vector<std::size_t>& off) const = 0;
  virtual std::string file_text() const = 0;       // the document as its game writes it
  virtual const nlohmann::json& body() const = 0;  // its body, as the file has it (the studio plots it)
  virtual std::string seed() const = 0;
  // What the generator turned down making it (core/tally.hpp to_json), for a document generated
  // here; null for one read from a file (a pack keeps its own tallies in its body).
  virtual const nlohmann::json& generation_tally() const = 0;
};

struct WebGame {
  std::string name;          // "prism": the URL prefix
  std::string summary;       // what the game proves, one line
  std::string item_word;     // "level", "case", "bomb"
  bool inspectable = false;  // has a designer view (core/game.hpp InspectedGame)
  // Keyboard keys (KeyboardEvent.key) that send a move, for games played by keys.
  nlohmann::json keys = nlohmann::json::object();
  // A line for an item's page from its facts (tilt: the rule of the chapter's new tile), or empty.
  std::function<std::string(const nlohmann::json& facts)> note = [](const nlohmann::json&) { return std::string(); };
  // For games generated on request, the studio's figures of one document from its body
  // (whodunnit: clues, obviousness...), as {"name": number}; unset: no sample studio.
  std::function<nlohmann::json(const nlohmann::json& body)> sample_facts;
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
      : doc_(std::move(doc)), body_(G::body_to_json(doc_)), tally_(std::move(tally)) {}

  std::size_t item_count() const override { return G::item_count(doc_); }

  nlohmann::json item_facts(std::size_t item) const override {
    if (!body_.contains("levels") || !body_["levels"].is_array() || item >= body_["levels"].size()) return {};
    nlohmann::json facts = nlohmann::json::object();
    for (const char* key : {"chapter", "chapter_name", "index", "par", "bits"})
      if (body_["levels"][item].contains(key)) facts[key] = body_["levels"][item][key];
    return facts;
  }

  std::optional<std::string> item_svg(std::size_t item) const override { return G::show_svg(doc_, item); }

  nlohmann::json play(std::size_t item, const std::vector<std::string>& moves, const std::optional<std::string>& next,
                      bool want_hint) const override {
    using Play = typename G::Play;
    if (moves.size() > kMaxMoves) throw HttpError(400, fmt::format("more than {} moves in one request", kMaxMoves));
    Session<Play> session(Play::start(doc_, item));
    for (std::size_t i = 0; i < moves.size(); ++i) {
      try {
        apply_word(session, moves[i]);
      } catch (const IllegalMove& e) {
        throw HttpError(400, fmt::format("move {} of the moves so far: {}", i + 1, e.what()));
      }
    }
    nlohmann::json last = nullptr;
    if (next) {
      try {
        last = apply_word(session, *next);
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
  const nlohmann::json& body() const override { return body_; }
  std::string seed() const override { return doc_.seed; }
  const nlohmann::json& generation_tally() const override { return tally_; }

 private:
  // One word of the transcript: the session's own ("undo", "restart") or the game's.
  static nlohmann::json apply_word(Session<typename G::Play>& session, const std::string& move) {
    if (move == "undo" || move == "restart") {
      move == "undo" ? session.undo() : session.restart();
      return {{"move", move},
              {"text", move == "undo" ? "took back the last move" : "back to the start"},
              {"changes", nlohmann::json::object()}};
    }
    if (session.play().status().phase != PlayPhase::Playing) {
      typename G::Play copy = session.play();
      copy.apply(move);  // the engine's own reason ("the level is already solved")
      throw IllegalMove(move + ": the game is over");
    }
    MoveResult result = session.apply(move);
    return {{"move", move}, {"text", result.text}, {"changes", std::move(result.changes)}};
  }

  typename G::Document doc_;
  nlohmann::json body_;
  nlohmann::json tally_;
};

}  // namespace detail

template <Game G>
WebGame make_web_game(nlohmann::json keys = nlohmann::json::object()) {
  WebGame game{.name = std::string(G::kName),
               .summary = std::string(G::kSummary),
               .item_word = std::string(G::kItem),
               .inspectable = InspectedGame<G>,
               .keys = std::move(keys),
               .note = [](const nlohmann::json&) { return std::string(); },
               .sample_facts = {},
               .load = {},
               .generate = {}};
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

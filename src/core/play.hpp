#pragma once
// Playing one item of a game: a level, a case, a dealt bomb. The C++ form of Tatham's
// new_game / interpret_move / execute_move / status: every front end (the terminal `play`
// command, the tests, the web pages) drives a game through this and nothing else, so the rules
// live once, in the game's engine.
//
//   auto play = prism::Game::Play::start(pack, 6);   // level 7 (items are 0-based here)
//   MoveResult r = play.apply("tap C3");            // IllegalMove if unreadable or not legal now
//   PlayStatus s = play.status();                    // playing / won / lost, "taps 1 of par 4"
//   std::string view = play.render();                // what the player sees now, as text
//
// A Play is a value: copying it copies the whole position, which is how Session gives undo to
// every game that allows it without each game writing its own.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

namespace proven {

enum class PlayPhase { Playing, Won, Lost };
inline constexpr std::string_view kPhaseNames[] = {"playing", "won", "lost"};
inline std::string_view phase_name(PlayPhase phase) { return kPhaseNames[static_cast<int>(phase)]; }

struct PlayStatus {
  PlayPhase phase = PlayPhase::Playing;
  std::string summary;                                // one line: "taps 3, par 5", "1 strike, 4:12 left"
  nlohmann::json figures = nlohmann::json::object();  // the same as data: {"taps": 3, "par": 5}
};

// What one move did: a line for a transcript and, as data, what changed, so a front end can
// show it (tilt: each marble's path cell by cell, to animate). Each game documents its `changes`.
struct MoveResult {
  std::string text;
  nlohmann::json changes = nlohmann::json::object();
};

// A move that cannot be read, or is not legal in this position. The message is one line that
// names the move and says why ("tap Z9: no such cell (columns A..H, rows 1..6)"). A Play that
// throws it is left exactly as it was.
class IllegalMove : public UserError {
 public:
  using UserError::UserError;
};

// A move's words, split on spaces (runs of spaces count as one): how every game reads a move.
inline std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    if (end > start) words.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return words;
}

// A list of moves as a person writes one (`play --moves "tap C3; tap D5"`, a line typed at the
// terminal, a page's URL): moves are separated by ';' or newlines, spaces around them are
// dropped, blank moves are skipped.
std::vector<std::string> split_moves(std::string_view text);

// What every game's Play provides. `Document` is the game's file (a pack, a case, a rule book).
template <class P, class Document>
concept PlayOf = std::copy_constructible<P> &&
    requires(const Document& doc, std::size_t item, P& p, const P& cp, std::string_view move) {
  { P::start(doc, item) } -> std::same_as<P>;  // item: 0-based, < item_count(doc)
  { p.apply(move) } -> std::same_as<MoveResult>;
  { cp.status() } -> std::same_as<PlayStatus>;
  // Every move legal now, in the game's words, as apply() accepts them.
  { cp.legal_moves() } -> std::same_as<std::vector<std::string>>;
  // The rules and every convention the player relies on (how cells are named, what
  // each word does), a short paragraph printed once before play.
  { cp.rules() } -> std::same_as<std::string>;
  { cp.render() } -> std::same_as<std::string>;      // what the player sees, as text
  { cp.to_json() } -> std::same_as<nlohmann::json>;  // the same, as data
  { P::kUndo } -> std::convertible_to<bool>;         // whether the game allows undo
};

// Optional: the position as an SVG for a browser. The web pages draw it when a game's Play has
// it (its text render otherwise). Every element the player can act on carries
// data-move="<the move's words>", a move apply() accepts now, so a page only ever sends what the
// engine gave it; the rules stay in the engine.
template <class P>
concept DrawnPlay = requires(const P& p) {
  { p.svg() } -> std::same_as<std::string>;
};

// Optional: a hint, one line of text: what the player could work out next and why. Front ends
// offer it when a game's Play has it (the terminal's word "hint", the page's Hint button).
template <class P>
concept HintedPlay = requires(const P& p) {
  { p.hint() } -> std::same_as<std::string>;
};

// The words that belong to the session, not the game: every front end (the terminal, the web
// pages, the fuzz targets) hands them to Session::act, so they mean the same everywhere.
inline constexpr std::string_view kUndoWord = "undo";
inline constexpr std::string_view kRestartWord = "restart";

// A game being played: the Play plus the history that undo and restart need. Front ends hold a
// Session and give it every word the player says (act); "undo" and "restart" are the
// session's, every other word is the game's.
//
// Game over, once for every front end: when the item is won or lost, any move is refused (with
// the engine's own reason when it gives one, "MOVE: the game is over (won)" otherwise), while
// undo and restart still work in a game that allows them
// (Tatham's midend does the same: a finished puzzle can be taken back and replayed).
template <class P>
class Session {
 public:
  explicit Session(P start) : start_(start), play_(std::move(start)) {}

  const P& play() const { return play_; }
  std::size_t moves_made() const { return history_.size(); }
  bool over() const { return play_.status().phase != PlayPhase::Playing; }

  // One word of the player's: undo, restart, or a move of the game's. IllegalMove (nothing
  // changes) when the word cannot be acted on now.
  MoveResult act(std::string_view word) {
    if (word == kUndoWord) {
      undo();
      return {.text = "took back the last move", .changes = nlohmann::json::object()};
    }
    if (word == kRestartWord) {
      restart();
      return {.text = "back to the start", .changes = nlohmann::json::object()};
    }
    if (over()) {
      P copy = play_;
      copy.apply(word);  // the engine's own reason, where it has one ("the level is already solved")
      throw IllegalMove(std::string(word) + ": the game is over (" + std::string(phase_name(play_.status().phase)) +
                        ")" + (P::kUndo ? "; undo or restart to play on" : ""));
    }
    return apply(word);
  }

  // Applies one move of the game's; on IllegalMove nothing changes. Front ends call act().
  MoveResult apply(std::string_view move) {
    P before = play_;
    MoveResult result = play_.apply(move);
    history_.push_back(std::move(before));
    return result;
  }
  // Takes back the last move. IllegalMove when the game has no undo or nothing was played.
  void undo() {
    if (!P::kUndo) throw IllegalMove("undo: this game does not allow taking a move back");
    if (history_.empty()) throw IllegalMove("undo: no move to take back");
    play_ = std::move(history_.back());
    history_.pop_back();
  }
  // Back to the start. IllegalMove when the game has no undo (a bomb cannot be un-struck).
  void restart() {
    if (!P::kUndo) throw IllegalMove("restart: this game does not allow starting over");
    play_ = start_;
    history_.clear();
  }

 private:
  P start_;
  P play_;
  std::vector<P> history_;
};

}  // namespace proven

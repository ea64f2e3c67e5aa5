#pragma once
// Playing one TILT level (core/play.hpp's PlayOf): the player tilts, the one rules engine
// (tilt/rules.hpp) rolls the marbles, and each move reports every marble's path cell by cell so a
// front end can animate it (docs/tilt.md, "Play").
//
//   LevelPlay play = LevelPlay::start(pack, 2);   // level 3
//   MoveResult r = play.apply("R");               // or "right", any case; IllegalMove otherwise
//   r.changes["marbles"][0]["path"];              // [{"cell": "A2", "col": 0, "row": 1, ...}, ...]
//   play.status().summary;                        // "1 tilt, par 4"
//
// Cells are named as every game names them (core/coords.hpp): column letter, row number from 1
// at the top. A tilt that changes nothing (every marble back where it was, no tile changed) is
// no move and is not counted, as in the solver.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/play.hpp"
#include "tilt/pack.hpp"
#include "tilt/rules.hpp"

namespace proven::tilt {

// What the campaign's chapter `chapter` brings, in the words of the play rules: the rule line of
// each special tile it introduces ("X pit: ..."), or empty for a chapter that brings none.
std::string chapter_tiles(int chapter);

// "U" "up" "u" "UP"... -> Dir; nothing for anything else.
std::optional<Dir> parse_tilt(std::string_view word);

class LevelPlay {
 public:
  static constexpr bool kUndo = true;
  static LevelPlay start(const Pack& pack, std::size_t item);
  MoveResult apply(std::string_view move);
  PlayStatus status() const;
  std::vector<std::string> legal_moves() const;
  std::string rules() const;
  std::string render() const;
  nlohmann::json to_json() const;
  std::string svg() const;  // the board, marbles tagged for animation (core/play.hpp, DrawnPlay)

  const State& state() const { return state_; }  // the engine's position (tests compare paths with it)
  const Board& board() const { return board_; }
  // Same level, same position and history; rules_ is left out, being made from the board.
  bool operator==(const LevelPlay& other) const {
    return board_ == other.board_ && state_ == other.state_ && par_ == other.par_ && bits_milli_ == other.bits_milli_ &&
           tilts_ == other.tilts_ && phase_ == other.phase_ && lost_why_ == other.lost_why_;
  }

 private:
  explicit LevelPlay(const Level& level);
  // The board's cells as they are now: knocked-out plugs as holes, collapsed floor as pits, the
  // key and the locks as floor once the key is taken.
  Cell current_cell(int cell) const;
  nlohmann::json cell_json(int cell) const;

  Board board_;  // as dealt
  Rules rules_;
  State state_;
  int par_ = 0;
  std::int64_t bits_milli_ = 0;
  int tilts_ = 0;
  PlayPhase phase_ = PlayPhase::Playing;
  std::string lost_why_;  // in words, once lost
};

}  // namespace proven::tilt

#pragma once
#include <algorithm>

#include "contract/fixture.hpp"
#include "prism/game.hpp"

namespace proven::contract {

template <>
struct Fixture<prism::Game> {
  static std::string seed() { return "contract"; }
  static prism::Game::Params params() { return {.chapter = 1}; }  // 14 levels, well under a second
  static std::string cli_params() { return "--chapter 1"; }
  static constexpr std::string_view kBenchSignature = "2fe43fd08baea5b4";

  static std::vector<Tamper> tampers(const nlohmann::json&) {
    // Level 4 dealt as its own solution, with par 0: every proof still holds for it (one
    // solution, no taps, BFS minimum 0); only the campaign's promises catch it.
    const auto dealt_solved = [](nlohmann::json& body) {
      nlohmann::json& level = body["levels"][3];
      std::string text;
      for (const auto& row : level["board"]) text += row.get<std::string>() + "\n";
      const prism::Board solved =
          prism::with_rotations(prism::from_text(text), level["solution"].get<std::vector<int>>());
      level["board"] = nlohmann::json::array();
      const std::string solved_text = prism::to_text(solved);
      for (std::size_t start = 0; start < solved_text.size(); start = solved_text.find('\n', start) + 1)
        level["board"].push_back(solved_text.substr(start, solved_text.find('\n', start) - start));
      level["par"] = 0;
    };
    return {
        {"pack: chapter sizes: 13 levels, but chapter 1 has 14",
         [](nlohmann::json& body) { body["levels"].erase(body["levels"].size() - 1); }},
        {"level 9: no duplicates: the same layout as level 3",
         [](nlohmann::json& body) {
           nlohmann::json copy = body["levels"][2];  // turned upside down: one of the 8 symmetries
           std::reverse(copy["board"].begin(), copy["board"].end());
           copy["id"] = 9;
           copy["index"] = 8;
           body["levels"][8] = copy;
         }},
        {"level 4: dealt solved", dealt_solved},
        {"level 4: par range: par 0 is outside chapter 1's 1..4", dealt_solved},
        {"level 6: unique: the stated solution is not the board's solution",
         [](nlohmann::json& body) {
           auto& r = body["levels"][5]["solution"][0];
           r = 1 - r.get<int>();  // chapter 1's pieces are mirrors: two rotations
         }},
    };
  }
  static std::vector<std::size_t> play_items(const prism::Game::Document& doc) { return {0, doc.levels.size() - 1}; }
  static std::vector<std::string> losing_moves(const prism::Game::Document& doc, std::size_t item) {
    // Par taps, the last on another piece: the tap counts differ from the solution's, so the
    // pieces end in another rotation state, and the board has only one solved state.
    std::vector<std::string> moves = prism::Game::solution(doc, item);
    const auto pieces = prism::Game::Play::start(doc, item).legal_moves();
    moves.back() = *std::ranges::find_if(pieces, [&](const std::string& p) { return p != moves.back(); });
    return moves;
  }
};

}  // namespace proven::contract

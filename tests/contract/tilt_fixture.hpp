#pragma once
#include "contract/fixture.hpp"
#include "tilt/game.hpp"

namespace proven::contract {

template <>
struct Fixture<tilt::Game> {
  // Chapter 5 (stop pads): ten levels with a tile and a pit each, made in under a second.
  static std::string seed() { return "contract"; }
  static tilt::Game::Params params() { return {.chapter = 5}; }
  static std::string cli_params() { return "--chapter 5"; }
  static constexpr std::string_view kBenchSignature = "fe95e7c5ddd86504";

  static std::vector<Tamper> tampers(const nlohmann::json& body) {
    // Levels are numbered in order and the reader insists, so moved levels are renumbered.
    const auto renumber = [](nlohmann::json& b) {
      for (std::size_t i = 0; i < b["levels"].size(); ++i) b["levels"][i]["id"] = i + 1;
    };
    // A later level strictly harder than the first (more par, or as much par and more bits):
    // moved to the front, the old first level follows it and is easier.
    const auto& levels = body["levels"];
    std::size_t harder = 0;
    for (std::size_t j = 1; j < levels.size() && harder == 0; ++j)
      if (levels[j]["par"] > levels[0]["par"] ||
          (levels[j]["par"] == levels[0]["par"] && levels[j]["bits"] > levels[0]["bits"]))
        harder = j;
    return {
        {"level 2: its solution does not clear the board in exactly its par",
         [](nlohmann::json& b) { b["levels"][1]["par"] = b["levels"][1]["par"].get<int>() + 1; }},
        {"level 1: chance 1/12^", [](nlohmann::json& b) { b["levels"][0]["chance"] = "1"; }},
        {"level 3: bits",
         [](nlohmann::json& b) { b["levels"][2]["bits"] = b["levels"][2]["bits"].get<double>() + 0.5; }},
        {"level 6: near copy of level 5",
         [=](nlohmann::json& b) {
           b["levels"][5] = b["levels"][4];
           renumber(b);
         }},
        {"level 2: easier than level 1",
         [=](nlohmann::json& b) {
           const nlohmann::json moved = b["levels"][harder];
           b["levels"].erase(harder);
           b["levels"].insert(b["levels"].begin(), moved);
           renumber(b);
         }},
    };
  }
  static std::vector<std::size_t> play_items(const tilt::Game::Document& doc) { return {0, doc.levels.size() - 1}; }
  static std::vector<std::string> losing_moves(const tilt::Game::Document& doc, std::size_t item) {
    // The solution without its last tilt: par is the minimum, so it cannot have cleared yet.
    std::vector<std::string> moves = tilt::Game::solution(doc, item);
    moves.pop_back();
    return moves;
  }
};

}  // namespace proven::contract

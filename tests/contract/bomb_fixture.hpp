#pragma once
#include <algorithm>

#include "bomb/game.hpp"
#include "contract/fixture.hpp"

namespace proven::contract {

template <>
struct Fixture<bomb::Game> {
  // Rule seed 5: generated (seed 1 is read from the frozen file), a few ms.
  static std::string seed() { return "5"; }
  static bomb::Game::Params params() { return {}; }
  static std::string cli_params() { return ""; }  // a rule book takes nothing but its seed
  static constexpr std::string_view kBenchSignature = "9f5946c42aa8aadf";

  static nlohmann::json& rules(nlohmann::json& body, std::string_view id) {
    for (auto& module : body["modules"])
      if (module["id"] == id) return module["rules"];
    throw std::logic_error("no module " + std::string(id));
  }

  static std::vector<Tamper> tampers(const nlohmann::json&) {
    return {
        {"fingerprint: the file says 0000-0000", [](nlohmann::json& b) { b["fingerprint"] = "0000-0000"; }},
        {"module Blinker: its rules are not the rules rule seed 5 generates",
         [](nlohmann::json& b) { std::swap(rules(b, "blinker")["words"][0], rules(b, "blinker")["words"][1]); }},
        // Every line and the fallback say the same move: nothing on the page matters.
        {"module Big Button: the interesting-rules filter rejects it",
         [](nlohmann::json& b) {
           for (auto& line : rules(b, "big-button")["lines"]) line["move"] = "hold";
           rules(b, "big-button")["otherwise"] = "hold";
         }},
        // Walls everywhere: no light ever reaches its goal, so the hints stall.
        {"module Labyrinth: the proof by its own hints fails",
         [](nlohmann::json& b) {
           for (auto& maze : rules(b, "labyrinth")["mazes"])
             for (auto& row : maze["cells"])
               for (auto& cell : row) cell = "";
         }},
    };
  }
  static std::vector<std::size_t> play_items(const bomb::Game::Document&) { return {0, 41}; }
  // Pick up the Wires and cut a wire the rules do not name, three times: the third strike explodes it.
  static std::vector<std::string> losing_moves(const bomb::Game::Document& doc, std::size_t item) {
    const bomb::Bomb bomb = bomb::deal_item(doc.book, item);
    std::size_t wires = 0;
    while (bomb::info_of(bomb.modules[wires]).id != "wires") ++wires;
    const bomb::BombRun run(doc.book, bomb);
    const bomb::Action right = run.hint(wires);
    const int count = std::get<bomb::Slot<bomb::Wires>>(bomb.modules[wires]).state.count;
    const std::string wrong = "cut wire " + std::to_string((right.arg + 1) % count + 1);
    return {"module " + std::to_string(wires + 1), wrong, wrong, wrong};
  }
};

}  // namespace proven::contract

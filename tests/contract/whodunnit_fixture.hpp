#pragma once
#include <stdexcept>

#include "contract/fixture.hpp"
#include "whodunnit/game.hpp"

namespace proven::contract {

template <>
struct Fixture<whodunnit::Game> {
  static std::string seed() { return "contract"; }
  // A cast of 4 at a small solver budget: proven like any case, made in milliseconds.
  static whodunnit::Game::Params params() { return {.cast = 4, .budget = 2000}; }
  static std::string cli_params() { return "--cast 4 --budget 2000"; }
  static constexpr std::string_view kBenchSignature = "2b3a21a0e75937ca";

  // One edit per promise of docs/whodunnit.md ("Verify"); each leaves the body readable.
  static std::vector<Tamper> tampers(const nlohmann::json& body) {
    // A name two or more suspects hold: a question naming it fits several.
    nlohmann::json shared;
    for (const auto& category : body["setup"])
      for (const auto& value : category["values"])
        if (shared.is_null() && value["count"].get<int>() >= 2) shared = {{category["category"], value["name"]}};
    if (shared.is_null()) throw std::logic_error("the contract case has no name held by two suspects");
    const std::string first_forename = body["solution"][0]["forename"];
    const int answer = std::stoi(body["answer"].get<std::string>());
    return {
        // Clue 1 told in clue 2's words: the prose says something its markup does not.
        {"prose: clue 1's prose", [](nlohmann::json& b) { b["clues"][0]["prose"] = b["clues"][1]["prose"]; }},
        // A designer's clue (prose unchecked) denying portrait 1's forename.
        {"consistent: clue ",
         [first_forename](nlohmann::json& b) {
           b["clues"].push_back(
               {{"kind", "markup"},
                {"prose", "Portrait 1 is not who they are."},
                {"speaker", nullptr},
                {"markup", {{{"traits", {{"portrait", "1"}, {"forename", first_forename}}}, {"min", 0}, {"max", 0}}}}});
         }},
        {"determined: the clues fix",
         [](nlohmann::json& b) {
           b["clues"] = {b["clues"][0], b["clues"][1]};
           b.erase("figures");
         }},
        {"question: the description of the murderer fits",
         [shared](nlohmann::json& b) { b["question"]["murderer"] = shared; }},
        {"solution: the stated solution is not",
         [](nlohmann::json& b) { std::swap(b["solution"][0]["forename"], b["solution"][1]["forename"]); }},
        {"answer: the stated answer is suspect",
         [answer](nlohmann::json& b) { b["answer"] = std::to_string(answer % 4 + 1); }},
        {"figures: the stated figures",
         [](nlohmann::json& b) { b["figures"]["obviousness"] = b["figures"]["obviousness"].get<int>() + 1; }},
    };
  }
  static std::vector<std::size_t> play_items(const whodunnit::Game::Document&) { return {0}; }
  // Every identity marked right, then the wrong portrait accused.
  static std::vector<std::string> losing_moves(const whodunnit::Game::Document& doc, std::size_t item) {
    std::vector<std::string> moves = whodunnit::Game::solution(doc, item);
    const int murderer = std::stoi(moves.back().substr(std::string_view("accuse ").size()));
    moves.back() = "accuse " + std::to_string(murderer % doc.content.setup.cast + 1);
    return moves;
  }
};

}  // namespace proven::contract

#pragma once
#include "contract/fixture.hpp"
#include "demo/game.hpp"

namespace proven::contract {

template <>
struct Fixture<demo::Game> {
  static std::string seed() { return "contract"; }
  static demo::Game::Params params() { return {.count = 6}; }
  static std::string cli_params() { return "--count 6"; }
  static constexpr std::string_view kBenchSignature = "fcf15eaf80315ea0";

  static std::vector<Tamper> tampers(const nlohmann::json&) {
    // Each replacement block claims the proof a generated block has.
    const nlohmann::json claimed = {{"solutions", 1}, {"giveaway", false}};
    // A self-consistent 2x2 block whose mirror also fits (1 2 / 2 1 and 2 1 / 1 2).
    const nlohmann::json two_fillings = {
        {"rows", 2},       {"cols", 2}, {"row_sums", {3, 3}}, {"col_sums", {3, 3}}, {"solution", {{1, 2}, {2, 1}}},
        {"proof", claimed}};
    // The first 2x2 answer (in digit order) that naked singles fill.
    nlohmann::json giveaway;
    for (int n = 0; n < 9 * 9 * 9 * 9 && giveaway.is_null(); ++n) {
      const demo::Block block{2, 2, {n / 729 + 1, n / 81 % 9 + 1, n / 9 % 9 + 1, n % 9 + 1}};
      const demo::Clues clues = block.clues();
      if (block.at(0, 0) != block.at(0, 1) && block.at(1, 0) != block.at(1, 1) && block.at(0, 0) != block.at(1, 0) &&
          block.at(0, 1) != block.at(1, 1) && demo::is_giveaway(clues))
        giveaway = {{"rows", 2},
                    {"cols", 2},
                    {"row_sums", clues.row_sums},
                    {"col_sums", clues.col_sums},
                    {"solution", {{block.at(0, 0), block.at(0, 1)}, {block.at(1, 0), block.at(1, 1)}}},
                    {"proof", claimed}};
    }
    const nlohmann::json repeat = {
        {"rows", 2},       {"cols", 2}, {"row_sums", {4, 6}}, {"col_sums", {5, 5}}, {"solution", {{2, 2}, {3, 3}}},
        {"proof", claimed}};
    return {
        {"block 2: the clues allow 2 or more fillings", [=](nlohmann::json& b) { b["blocks"][1] = two_fillings; }},
        {"block 4: a giveaway", [=](nlohmann::json& b) { b["blocks"][3] = giveaway; }},
        {"block 1: row 1 repeats a digit", [=](nlohmann::json& b) { b["blocks"][0] = repeat; }},
        {"block 3: proof.solutions says 2, the clues allow 1",
         [](nlohmann::json& b) { b["blocks"][2]["proof"]["solutions"] = 2; }},
        {"block 5: proof.giveaway says true", [](nlohmann::json& b) { b["blocks"][4]["proof"]["giveaway"] = true; }},
    };
  }
  static std::vector<std::size_t> play_items(const demo::Game::Document& doc) { return {0, doc.blocks.size() - 1}; }
  static std::vector<std::string> losing_moves(const demo::Game::Document& doc, std::size_t item) {
    // The solution with A1 and B1 swapped: every cell full, row 1 still adds up, but column A
    // does not (a row never repeats a digit, so the swap changes both columns).
    std::vector<std::string> moves = demo::Game::solution(doc, item);
    std::swap(moves[0].back(), moves[1].back());
    return moves;
  }
};

}  // namespace proven::contract

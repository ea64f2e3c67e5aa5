#pragma once
// What the contract suite needs to know about a game beyond its Game contract: a quick document
// to work on, the pinned bench signature, the promises to break, and a way to lose. One
// specialisation per game, in tests/contract/<game>_fixture.hpp.
//
//   template <> struct Fixture<demo::Game> {
//     static std::string seed();                  // a seed whose document is quick to make
//     static demo::Game::Params params();         // small parameters (a few items, one chapter)
//     static std::string cli_params();            // the same as `generate` options: "--count 6"
//     static constexpr std::string_view kBenchSignature = "...";  // G::bench(jobs).digest
//     static std::vector<Tamper> tampers(const nlohmann::json& body);  // each breaks one promise
//     static std::vector<std::size_t> play_items(const demo::Game::Document&);  // items to play
//     static std::vector<std::string> losing_moves(const demo::Game::Document&, std::size_t item);
//   };
//
// Re-pinning kBenchSignature is right only when a commit changes generated output on purpose,
// and that commit says so (Stockfish's bench signature).
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace proven::contract {

// An edit of a generated document's body that breaks exactly one promise; `verify` must report
// it in a line containing `promise` (the body still parses: a malformed file is another test).
struct Tamper {
  std::string promise;
  std::function<void(nlohmann::json& body)> edit;
};

template <class G>
struct Fixture;

}  // namespace proven::contract

#pragma once
// What every fuzz target checks, written once over the Game contract (core/game.hpp), so each
// target is a few lines naming its game. Two kinds of target:
//
// * document targets feed arbitrary bytes to the game's file reader, as `verify`, `show` and
//   `play` do. Any input is either refused with a UserError that says why, or read; a document that
//   is read survives verify (within a small budget: a budget that runs out is a verdict, not a
//   failure), show as text and SVG, and a canonical JSON round trip that is byte exact; when
//   verify accepts it, replaying its stored solution wins every item.
// * moves targets play a fixed, generated document: the first byte picks the item, each line
//   after it is a move in the game's words (or undo / restart, as `play` takes them). A move is
//   either applied or refused with an IllegalMove that leaves the position unchanged; a
//   move the game lists as legal is accepted. Each item is dealt once (DealtItems).
//
// A broken property aborts with a message (libFuzzer then saves the input); anything thrown that
// is not a UserError escapes, which libFuzzer also reports. The same targets are built without
// libFuzzer as replay tools (replay_main.cpp) that the test suite runs over every corpus and
// regression input in fuzz/, so every finding stays fixed.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "core/game.hpp"
#include "core/io.hpp"
#include "fuzz/samples.hpp"

namespace proven::contract {
template <class G>
struct Fixture;  // tests/contract/fixture.hpp: a game's small document, its seed and parameters
}  // namespace proven::contract

namespace proven::fuzz {

[[noreturn]] inline void violated(std::string_view property, std::string_view detail) {
  std::fprintf(stderr, "fuzz: property broken: %.*s\n  %.*s\n", static_cast<int>(property.size()), property.data(),
               static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Messages may echo input (a name, a move) as it was, newlines included: every front end prints
// them through core/command.hpp one_line, which escapes them (the CLI tests hold it to one line).
// What the engine owes is a message that says something.
inline void expect_message(std::string_view where, std::string_view message) {
  if (message.empty()) violated(std::string(where) + ": an error says what is wrong", message);
}

inline std::string_view bytes(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

struct DocumentLimits {
  std::uint64_t verify_budget = 20'000;  // search nodes / states per proof
  std::size_t max_items = 4;             // items shown and replayed per input
};

template <Game G>
void check_document(std::string_view input, DocumentLimits limits = {}) {
  typename G::Document doc;
  try {
    doc = document_from_json<G>(parse_json(std::string(input), "input"));
  } catch (const UserError& e) {
    expect_message("reading", e.what());
    return;
  }
  // What this build writes, it reads back, and writes again to the same bytes.
  const std::string written = json_text(document_to_json<G>(doc));
  typename G::Document again;
  try {
    again = document_from_json<G>(parse_json(written, "written"));
  } catch (const UserError& e) {
    violated("a document this build wrote is read back", e.what());
  }
  if (json_text(document_to_json<G>(again)) != written) violated("the JSON round trip is byte exact", written);

  const std::vector<std::string> problems = G::verify(doc, {.budget = limits.verify_budget, .notes = nullptr});
  for (const std::string& line : problems) expect_message("verify", line);
  const std::size_t items = std::min(G::item_count(doc), limits.max_items);
  for (std::size_t item = 0; item < items; ++item) {
    (void)G::show_text(doc, item);
    (void)G::show_svg(doc, item);
    // A game may refuse to deal an item from a document that does not verify (a whodunnit case
    // whose prose contradicts its markup), never one that does.
    std::optional<typename G::Play> started;
    try {
      started.emplace(G::Play::start(doc, item));
    } catch (const UserError& e) {
      if (problems.empty()) violated("an item of a verified document can be played", e.what());
      expect_message("starting play", e.what());
      continue;
    }
    typename G::Play& play = *started;
    (void)play.render();
    if (!problems.empty()) continue;
    for (const std::string& move : G::solution(doc, item)) {
      try {
        play.apply(move);
      } catch (const IllegalMove& e) {
        violated("the stored solution of a verified item is legal", e.what());
      }
    }
    if (play.status().phase != PlayPhase::Won) violated("the stored solution of a verified item wins", play.render());
  }
}

// The items of a moves target's document, each dealt once, on first use. Dealing can cost a
// proof (a whodunnit case is re-proven before it is played, a bomb's rule book fingerprinted),
// which repeated per execution was most of the time these targets spent; the moves are what is
// fuzzed here (the document targets fuzz the dealing). Byte 0 of an input picks the item, so
// only the first 256 can be picked (a rule book deals up to 999,999 bombs).
template <Game G>
class DealtItems {
 public:
  explicit DealtItems(typename G::Document doc)
      : doc_(std::move(doc)), plays_(std::min<std::size_t>(G::item_count(doc_), 256)) {}

  // The dealt play byte `pick` chooses; nullptr when the document has no item.
  const typename G::Play* pick(unsigned char pick) {
    if (plays_.empty()) return nullptr;
    const std::size_t item = pick % plays_.size();
    if (!plays_[item]) plays_[item].emplace(G::Play::start(doc_, item));
    return &*plays_[item];
  }

 private:
  typename G::Document doc_;
  std::vector<std::optional<typename G::Play>> plays_;
};

// Whether a refused move left the play as it was: by the play's own equality when it has one
// (every member compared, cheaper and stricter than its JSON), else by its JSON.
template <class P>
bool same_position(const P& a, const P& b) {
  if constexpr (std::equality_comparable<P>) {
    return a == b;
  } else {
    return a.to_json() == b.to_json();
  }
}

template <Game G>
void check_moves(DealtItems<G>& items, std::string_view input) {
  if (input.empty()) return;
  const typename G::Play* dealt = items.pick(static_cast<unsigned char>(input[0]));
  if (dealt == nullptr) return;
  Session<typename G::Play> session(*dealt);
  constexpr int kMaxListedMoves = 8;
  int listed = 0;
  std::size_t start = 1;
  while (start <= input.size()) {
    const std::size_t end = std::min(input.find('\n', start), input.size());
    const std::string_view line = input.substr(start, end - start);
    start = end + 1;
    const typename G::Play before = session.play();
    try {
      if (line.starts_with("#")) {
        // "#k": play the k-th legal move (mod their number): a listed move must be accepted.
        // Listing every legal move can cost thousands of checks (a whodunnit notebook), so an
        // input walks at most kMaxListedMoves of them and spends the rest on typed moves.
        if (++listed > kMaxListedMoves) continue;
        const std::vector<std::string> legal = session.play().legal_moves();
        if (legal.empty()) continue;
        const std::size_t k = line.size() > 1 ? static_cast<unsigned char>(line[1]) % legal.size() : 0;
        try {
          session.apply(legal[k]);
        } catch (const IllegalMove& e) {
          violated("a move legal_moves() lists is accepted", legal[k] + ": " + e.what());
        }
      } else {
        session.act(line);  // undo, restart or a move, as every front end hands them over
      }
    } catch (const IllegalMove& e) {
      expect_message("an illegal move", e.what());
      if (!same_position(session.play(), before)) violated("an illegal move changes nothing", std::string(line));
    }
    (void)session.play().status();
    (void)session.play().render();
  }
}

// The contract fixture's document (tests/contract/<game>_fixture.hpp): small, and the one the
// contract suite plays. The generated moves targets play it; the document targets' sample is it.
template <Game G>
typename G::Document fixture_document() {
  return G::generate(contract::Fixture<G>::seed(), contract::Fixture<G>::params(), {.jobs = 1, .progress = nullptr})
      .document;
}

template <Game G>
std::vector<std::string> document_samples() {
  return {json_text(document_to_json<G>(fixture_document<G>()))};
}

// Item 1 (the first byte) and its stored solution, a move a line.
template <Game G>
std::vector<std::string> moves_samples() {
  std::string input(1, '\0');
  for (const std::string& move : G::solution(fixture_document<G>(), 0)) input += move + "\n";
  return {input};
}

}  // namespace proven::fuzz

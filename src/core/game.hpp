#pragma once
// The Game contract: what every game in proven implements, once, so that the CLI, the tests
// and the web front end are each written once for all of them (Tatham's `struct game`).
//
// A game is a struct of static members (see src/demo/game.hpp, the smallest complete one):
//
//   struct Game {
//     static constexpr std::string_view kName = "demo";           // `proven demo ...`
//     static constexpr std::string_view kSummary = "...";          // one line for --help
//     static constexpr std::string_view kFormat = "proven-demo-sheet/2";  // the document's body
//     static constexpr std::string_view kWhat = "demo sheet";      // how messages name a file
//     static constexpr std::string_view kItem = "block";           // how messages name an item
//     struct Params {...};                                         // what generation takes
//     struct Document { std::string seed; Params params; ... };    // what generation makes
//     using Play = ...;                                            // see core/play.hpp
//     static std::string generator_version();
//     static nlohmann::json params_to_json(const Params&);
//     static Params params_from_json(const nlohmann::json&);       // UserError naming the field
//     static void add_params(CLI::App&, Params&);                  // generate's options
//     static Made<Document> generate(const std::string& seed, const Params&, const RunOptions&);
//     static nlohmann::json body_to_json(const Document&);
//     static Document from_json(const Envelope&, const nlohmann::json& body);  // UserError
//     static std::vector<std::string> verify(const Document&, const VerifyOptions&);  // one line
//                                                                  // per broken promise (verify.hpp)
//     static std::size_t item_count(const Document&);
//     static std::string show_text(const Document&, std::size_t item);
//     static std::optional<std::string> show_svg(const Document&, std::size_t item);
//     static std::vector<std::string> solution(const Document&, std::size_t item);  // winning moves
//     static BenchReport bench(unsigned jobs);                     // the fixed workload
//   };
//   static_assert(proven::Game<demo::Game>);
//
// Optional members, below the concept (display name, listing facts, tallies, figures, generation
// on request, keys, extra commands, the designer view): each front end uses one when a game has
// it, so no front end names a game (docs/core.md, "Optional members").
//
// What a game gets for free: `proven <game> generate | verify | show | play` (src/cli/entry.hpp),
// `proven bench`, undo and restart (core/play.hpp Session), the envelope and its version check
// (core/document.hpp), the pages of `proven serve`, the fuzz targets, and the typed contract test
// suite (tests/contract/). A game joins them all by one word in the list of games
// (core/game_list.hpp; docs/core.md, "Adding a game").
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/document.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/play.hpp"
#include "core/progress.hpp"
#include "core/tally.hpp"
#include "core/verify.hpp"

namespace CLI {
class App;
}

namespace proven {

// How generation may run: worker threads (never changes output) and a progress line.
struct RunOptions {
  unsigned jobs = 0;  // 0: one per core
  Progress* progress = nullptr;
};

// What generation made: the document, every rejection counted, and the game's own report of the
// tally (per chapter, per module...) for the person who ran it.
template <class Document>
struct Made {
  Document document;
  Tally tally;
  std::string report;  // printed on stderr after generation; ends with a newline
};

// What `proven bench` prints for a game: named figures, then a digest of the generated content.
// Figures may include timings; the digest never does, so it changes only when output changes
// (the bench signature, pinned by the contract tests).
struct BenchReport {
  std::vector<std::pair<std::string, std::string>> figures;
  std::string digest;
};

template <class G>
concept Game = requires {
  typename G::Params;
  typename G::Document;
  typename G::Play;
  { G::kName } -> std::convertible_to<std::string_view>;
  { G::kSummary } -> std::convertible_to<std::string_view>;
  { G::kFormat } -> std::convertible_to<std::string_view>;
  { G::kWhat } -> std::convertible_to<std::string_view>;
  { G::kItem } -> std::convertible_to<std::string_view>;
}
&&PlayOf<typename G::Play, typename G::Document>&& requires(const std::string& seed, const typename G::Params& params,
                                                            typename G::Params& mutable_params, const RunOptions& run,
                                                            const VerifyOptions& verify_options,
                                                            const typename G::Document& doc, const Envelope& envelope,
                                                            const nlohmann::json& json, std::size_t item, unsigned jobs,
                                                            CLI::App& app) {
  { doc.seed } -> std::convertible_to<std::string>;
  { doc.params } -> std::convertible_to<typename G::Params>;
  { G::generator_version() } -> std::same_as<std::string>;
  { G::params_to_json(params) } -> std::same_as<nlohmann::json>;
  { G::params_from_json(json) } -> std::same_as<typename G::Params>;
  { G::add_params(app, mutable_params) } -> std::same_as<void>;
  { G::generate(seed, params, run) } -> std::same_as<Made<typename G::Document>>;
  { G::body_to_json(doc) } -> std::same_as<nlohmann::json>;
  { G::from_json(envelope, json) } -> std::same_as<typename G::Document>;
  { G::verify(doc, verify_options) } -> std::same_as<std::vector<std::string>>;
  { G::item_count(doc) } -> std::same_as<std::size_t>;
  { G::show_text(doc, item) } -> std::same_as<std::string>;
  { G::show_svg(doc, item) } -> std::same_as<std::optional<std::string>>;
  { G::solution(doc, item) } -> std::same_as<std::vector<std::string>>;
  { G::bench(jobs) } -> std::same_as<BenchReport>;
};

// Optional: a designer's look inside the proof of one item. The prover's working state is drawn
// with some of the item's parts switched off (a whodunnit's clues), so a designer sees what each
// part adds: the original Bad Bohemians' "Little Grey Cells" tool. Front ends list the switches
// and show the picture; only the game computes and draws.
struct InspectionSwitch {
  std::string label;  // "clue 3": how the switch is named
  std::string text;   // what it is (the clue's sentence)
  std::string note;   // one line of figures about it ("obviousness 12; off: ambiguity 4")
  bool on = true;
};

struct Inspection {
  std::string legend;   // what the picture shows and what the switches are, for a designer
  std::string summary;  // one line: what the prover makes of the item with the switches as set
  std::vector<InspectionSwitch> switches;
  std::string svg;  // the prover's state, drawn (inline SVG, no XML declaration)
};

// `off`: 0-based indices of switches turned off; an index out of range is a UserError.
template <class G>
concept InspectedGame = Game<G> &&
    requires(const typename G::Document& doc, std::size_t item, const std::vector<std::size_t>& off) {
  { G::inspect(doc, item, off) } -> std::same_as<Inspection>;
};

// ---------------------------------------------------------------------------------------------
// Optional members. A front end uses each one when a game has it and does without otherwise, so
// that no front end names a game (docs/core.md, "Optional members"). Each is checked by a concept.

// `static constexpr std::string_view kDisplayName = "PRISM";`: how pages title the game.
template <Game G>
std::string display_name() {
  if constexpr (requires {
                  { G::kDisplayName } -> std::convertible_to<std::string_view>;
                })
    return std::string(G::kDisplayName);
  else
    return std::string(G::kName);
}

// `static constexpr bool kDemonstration = true;`: an example of the contract, not a game for
// players; the front page leaves it out (its pages still answer).
template <Game G>
constexpr bool is_demonstration() {
  if constexpr (requires {
                  { G::kDemonstration } -> std::convertible_to<bool>;
                })
    return G::kDemonstration;
  else
    return false;
}

// `static void add_commands(CLI::App& group)`: commands beyond the five, under `proven <name>`
// (bomb deal, whodunnit solve). Written on CLI11 and core/command.hpp; no game includes cli/.
template <class G>
concept CommandedGame = Game<G> && requires(CLI::App& group) {
  { G::add_commands(group) } -> std::same_as<void>;
};

// What a listing shows of one item without playing it.
struct ItemFacts {
  int chapter = 0;                   // 1-based; 0: the document has no chapters
  std::string chapter_name;          // "Mirrors"
  std::optional<int> par;            // the fewest moves that win, when the game proves one
  std::optional<double> difficulty;  // a figure the studio plots per item (tilt: bits)
  std::string difficulty_name;       // what that figure is ("bits")
  std::string note;                  // a line for the item's page (tilt: the chapter's new tile)
};
// `static ItemFacts item_facts(const Document&, std::size_t item)`.
template <class G>
concept ListedGame = Game<G> && requires(const typename G::Document& doc, std::size_t item) {
  { G::item_facts(doc, item) } -> std::same_as<ItemFacts>;
};

// What generation turned down making one part of a document (a campaign's chapter), for the
// studio: `tally` is Tally::to_json's object.
struct PartTally {
  std::string label;  // "chapter 3"
  nlohmann::json tally;
};
// `static std::vector<PartTally> tallies(const Document&)`: from the document's own data.
template <class G>
concept TalliedGame = Game<G> && requires(const typename G::Document& doc) {
  { G::tallies(doc) } -> std::same_as<std::vector<PartTally>>;
};

// The tallies of a campaign generated chapter by chapter (a pack keeps one Tally per chapter it
// holds, in order): each labelled with its chapter's number, taken from the levels.
template <class Level>
std::vector<PartTally> chapter_tallies(const std::vector<Level>& levels, const std::vector<Tally>& tallies) {
  std::vector<PartTally> parts;
  for (std::size_t i = 0; i < levels.size() && parts.size() < tallies.size(); ++i)
    if (i == 0 || levels[i].chapter != levels[i - 1].chapter)
      parts.push_back(
          {.label = "chapter " + std::to_string(levels[i].chapter), .tally = tallies[parts.size()].to_json()});
  return parts;
}

// One figure of a whole document (a case's clue count), compared across seeds in the studio.
struct Figure {
  std::string name;
  double value = 0;
};
// `static std::vector<Figure> figures(const Document&)`, in the order the studio shows them.
template <class G>
concept FiguredGame = Game<G> && requires(const typename G::Document& doc) {
  { G::figures(doc) } -> std::same_as<std::vector<Figure>>;
};

// A whole-number `generate` option (`--cast 6`) a visitor may set when a document is made on
// request, with its bounds.
struct RequestOption {
  std::string name;   // "cast": the option is --cast, the query parameter cast
  std::string label;  // "suspects": how a form names it
  int min = 0, max = 0, initial = 0;
};
// How a game is generated on request: the work is bounded (one case, one rule book), so a
// server may make a document from any seed a visitor names.
struct OnRequest {
  std::string seed_label;   // "A case from seed"
  std::string form_button;  // "Open the case"; empty: the game page shows no seed form
  std::vector<RequestOption> options;
};
// `static OnRequest on_request()`: the game may be generated on request. Games without it are
// served from packs only (a campaign is generated with the CLI).
template <class G>
concept RequestedGame = Game<G> && requires {
  { G::on_request() } -> std::same_as<OnRequest>;
};

// A key that sends a move (KeyboardEvent.key), for games played with keys.
struct KeyBinding {
  std::string key;   // "ArrowUp"
  std::string move;  // "U"
};
// `static std::vector<KeyBinding> keys()`.
template <class G>
concept KeyedGame = Game<G> && requires {
  { G::keys() } -> std::same_as<std::vector<KeyBinding>>;
};

// The envelope this build writes for a game's documents (and expects when reading).
template <Game G>
Envelope expected_envelope() {
  return {.format = std::string(G::kFormat),
          .game = std::string(G::kName),
          .generator_version = G::generator_version(),
          .seed = {},
          .params = {}};
}

// A document as its file holds it: envelope + body, canonical (core/io.hpp json_text).
template <Game G>
nlohmann::json document_to_json(const typename G::Document& doc) {
  Envelope envelope = expected_envelope<G>();
  envelope.seed = doc.seed;
  envelope.params = G::params_to_json(doc.params);
  return wrap_document(envelope, G::body_to_json(doc));
}

// The document in `json`: the envelope checked against this build, then the body read by the
// game. UserError, one line, for anything malformed or from another generator version. Given a
// parsed value to keep (an rvalue), its body is moved into the reader, not copied.
template <Game G>
typename G::Document document_from_json(nlohmann::json json) {
  const OpenedDocument opened = open_document(std::move(json), expected_envelope<G>(), G::kWhat);
  return G::from_json(opened.envelope, opened.body);
}

// The document in the file at `path`, as every command reads one: UserError "PATH: ..." (one
// line) for anything unreadable, malformed or made by another generator version.
template <Game G>
typename G::Document read_document_file(const std::string& path) {
  nlohmann::json json = read_json_file(path);
  try {
    return document_from_json<G>(std::move(json));
  } catch (const UserError& e) {
    throw UserError(path + ": " + e.what());
  }
}

}  // namespace proven

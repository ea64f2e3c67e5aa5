#pragma once
// The one envelope every file proven writes: which format and game it is, which generator
// version made it, from which seed and parameters, and then the game's own body.
//
//   {
//     "format": "proven-prism-pack/2",
//     "game": "prism",
//     "generator_version": "3",
//     "seed": "1",
//     "params": {"chapter": null},
//     "body": { ... the game's data ... }
//   }
//
// Reading checks the format, the game and the generator version before the body is looked at:
// a file made by another generator version is refused with one line naming both versions, never
// judged by this build's tables (a seed only means the same thing within one generator version).
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace proven {

struct Envelope {
  std::string format;                                // "proven-<game>-<kind>/<n>": the body's layout and its version
  std::string game;                                  // "prism"
  std::string generator_version;                     // the game's generator version, always a string ("3", "2.2")
  std::string seed;                                  // the seed key the content was made from
  nlohmann::json params = nlohmann::json::object();  // the game's generation parameters
  bool operator==(const Envelope&) const = default;
};

// The whole file: the envelope's fields plus "body".
nlohmann::json wrap_document(const Envelope& envelope, nlohmann::json body);

struct OpenedDocument {
  Envelope envelope;
  nlohmann::json body;
};

// Checks `json` against what this build expects (format, game, generator version) and splits it.
// UserError, one line, for anything else:
//   "not a prism pack: \"format\" is \"proven-tilt-pack/2\", expected \"proven-prism-pack/2\""
//   "made by prism generator version 2; this build's prism generator is version 3 (regenerate it)"
// The body and params are moved out of `json` (pass an rvalue to spare a copy of a large file).
OpenedDocument open_document(nlohmann::json json, const Envelope& expected, std::string_view what);

}  // namespace proven

#include "core/document.hpp"

#include <fmt/format.h>

#include "core/errors.hpp"
#include "core/json_read.hpp"

namespace proven {

nlohmann::json wrap_document(const Envelope& envelope, nlohmann::json body) {
  return {{"format", envelope.format}, {"game", envelope.game},     {"generator_version", envelope.generator_version},
          {"seed", envelope.seed},     {"params", envelope.params}, {"body", std::move(body)}};
}

OpenedDocument open_document(nlohmann::json json, const Envelope& expected, std::string_view what) {
  if (!json.is_object()) throw UserError(fmt::format("not a {}: expected a JSON object", what));
  const auto text_of = [&](std::string_view key) -> std::string {
    const auto it = json.find(key);
    if (it == json.end()) throw UserError(fmt::format("not a {}: missing \"{}\"", what, key));
    if (!it->is_string()) throw UserError(fmt::format("not a {}: \"{}\" must be a string", what, key));
    return it->get<std::string>();
  };
  OpenedDocument out;
  out.envelope.format = text_of("format");
  if (out.envelope.format != expected.format)
    throw UserError(
        fmt::format("not a {}: \"format\" is \"{}\", expected \"{}\"", what, out.envelope.format, expected.format));
  out.envelope.game = text_of("game");
  if (out.envelope.game != expected.game)
    throw UserError(
        fmt::format("not a {}: \"game\" is \"{}\", expected \"{}\"", what, out.envelope.game, expected.game));
  out.envelope.generator_version = text_of("generator_version");
  if (out.envelope.generator_version != expected.generator_version)
    throw UserError(
        fmt::format("made by {} generator version {}; this build's {} generator is version {} "
                    "(regenerate the file with this build)",
                    expected.game, out.envelope.generator_version, expected.game, expected.generator_version));
  out.envelope.seed = text_of("seed");
  if (!json_read::field(json, "params", "document").is_object())
    throw UserError(fmt::format("not a {}: \"params\" must be an object", what));
  json_read::field(json, "body", "document");  // present
  for (const auto& [key, value] : json.items()) {
    (void)value;
    if (key != "format" && key != "game" && key != "generator_version" && key != "seed" && key != "params" &&
        key != "body")
      throw UserError(fmt::format("{}: unknown field \"{}\" in the envelope", what, key));
  }
  out.envelope.params = std::move(json["params"]);
  out.body = std::move(json["body"]);
  return out;
}

}  // namespace proven

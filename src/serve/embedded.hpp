#pragma once
// The files the server serves from memory, compiled in by cmake/embed.cmake: the pages' script
// and style (assets/), a web extension's own assets, and the shipped packs (data/<game>/*.json).
// Nothing is fetched from a network and no file is read at run time except under --data.
#include <string_view>
#include <vector>

namespace proven::serve {

struct EmbeddedFile {
  std::string_view name;       // "play.js", or the data file's path under data/ ("<game>/campaign.json")
  std::string_view type;       // the Content-Type it is served with
  std::string_view pack_of;    // a shipped pack: its game's name; empty for an asset
  std::string_view pack_name;  // a shipped pack: its name in URLs ("campaign")
  std::string_view text;
};

const std::vector<EmbeddedFile>& embedded_files();

// The server's own files (src/serve/CMakeLists.txt).
// The asset named `name` ("play.js") among `files`, or nullptr.
const EmbeddedFile* find_asset(const std::vector<EmbeddedFile>& files, std::string_view name);

}  // namespace proven::serve

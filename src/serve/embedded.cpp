#include "serve/embedded.hpp"

#include <algorithm>

namespace proven::serve {

const EmbeddedFile* find_asset(std::string_view name) {
  const auto& files = embedded_files();
  const auto it =
      std::ranges::find_if(files, [&](const EmbeddedFile& f) { return f.pack_of.empty() && f.name == name; });
  return it == files.end() ? nullptr : &*it;
}

}  // namespace proven::serve

#include "serve/embedded.hpp"

#include <algorithm>

namespace proven::serve {

const EmbeddedFile* find_asset(const std::vector<EmbeddedFile>& files, std::string_view name) {
  const auto it =
      std::ranges::find_if(files, [&](const EmbeddedFile& f) { return f.pack_of.empty() && f.name == name; });
  return it == files.end() ? nullptr : &*it;
}

}  // namespace proven::serve

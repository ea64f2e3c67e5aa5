#include "core/hash.hpp"

#include <fmt/format.h>

namespace proven {

std::string Digest::hex() const { return fmt::format("{:016x}", value()); }

std::string digest_hex(std::string_view bytes) {
  Digest d;
  d.add(bytes);
  return d.hex();
}

}  // namespace proven

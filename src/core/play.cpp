#include "core/play.hpp"

namespace proven {

std::vector<std::string> split_moves(std::string_view text) {
  std::vector<std::string> moves;
  std::string current;
  const auto flush = [&] {
    const auto first = current.find_first_not_of(" \t\r");
    if (first != std::string::npos) {
      const auto last = current.find_last_not_of(" \t\r");
      moves.push_back(current.substr(first, last - first + 1));
    }
    current.clear();
  };
  for (const char c : text) {
    if (c == ';' || c == '\n') {
      flush();
    } else {
      current += c;
    }
  }
  flush();
  return moves;
}

}  // namespace proven

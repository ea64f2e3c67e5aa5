#pragma once
// A libFuzzer mutation for JSON readers: now and then, one JSON value of the input is wrapped in
// many levels of arrays or objects ("1" -> "[[[...1...]]]" or {"a":{"a":...1...}}), the attack
// that once overflowed every reader's stack (the hardening issue's finding 5). libFuzzer's own
// mutations change bytes; they would take a very long time to build a thousand matching brackets,
// and the nesting bound (256, core/io.hpp) is only tested at depths near and far past it.
//
// nesting_mutator.cpp defines libFuzzer's LLVMFuzzerCustomMutator with it; fuzz/CMakeLists.txt
// links it into the libFuzzer build of every target that reads JSON (the replay tools take their
// inputs from the corpus and the regressions).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace proven::fuzz {

// The end (one past) of the JSON value that starts at `begin`, or npos when none starts there.
// A bracket inside a string does not count; an unbalanced value runs to the end.
inline std::size_t json_value_end(std::string_view text, std::size_t begin) {
  const char first = text[begin];
  if (first == '"') {
    for (std::size_t i = begin + 1; i < text.size(); ++i) {
      if (text[i] == '\\')
        ++i;
      else if (text[i] == '"')
        return i + 1;
    }
    return std::string_view::npos;
  }
  if (first == '[' || first == '{') {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = begin; i < text.size(); ++i) {
      const char c = text[i];
      if (in_string) {
        if (c == '\\')
          ++i;
        else if (c == '"')
          in_string = false;
      } else if (c == '"') {
        in_string = true;
      } else if (c == '[' || c == '{') {
        ++depth;
      } else if ((c == ']' || c == '}') && --depth == 0) {
        return i + 1;
      }
    }
    return text.size();
  }
  if (first == '-' || (first >= '0' && first <= '9') || first == 't' || first == 'f' || first == 'n') {
    std::size_t i = begin;
    while (i < text.size() && std::strchr(",]} \t\r\n", text[i]) == nullptr) ++i;
    return i;
  }
  return std::string_view::npos;
}

// Where each JSON value of `text` begins (object keys are not values), in order: a small scanner
// that follows strings, containers, colons and commas, and never fails (a malformed input simply
// yields what it yields).
inline std::vector<std::size_t> json_value_starts(std::string_view text) {
  std::vector<std::size_t> starts;
  std::vector<char> open;  // the containers around the scanner
  bool value_next = true;  // at the top, after '[', ':', or ',' in an array
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') continue;
    const std::size_t end = json_value_end(text, i);
    if (value_next && end != std::string_view::npos) {
      starts.push_back(i);
      value_next = false;
      if (c == '[' || c == '{') {
        open.push_back(c);
        value_next = c == '[';
      } else {
        i = end - 1;  // past the string, number or literal
      }
    } else if (c == '"') {  // a key
      const std::size_t key_end = json_value_end(text, i);
      if (key_end == std::string_view::npos) break;
      i = key_end - 1;
    } else if (c == ':') {
      value_next = true;
    } else if (c == ',') {
      value_next = !open.empty() && open.back() == '[';
    } else if ((c == ']' || c == '}') && !open.empty()) {
      open.pop_back();
    }
  }
  return starts;
}

// `text` with its `pick`-th value (counted round) wrapped `levels` deep, in arrays or in objects;
// `text` itself when it holds no value or the result would pass `max_size`.
inline std::string wrap_deep(std::string_view text, std::uint64_t pick, std::size_t levels, bool objects,
                             std::size_t max_size) {
  const std::vector<std::size_t> starts = json_value_starts(text);
  if (starts.empty()) return std::string(text);
  const std::size_t begin = starts[pick % starts.size()];
  const std::size_t end = json_value_end(text, begin);
  const std::string_view open = objects ? std::string_view(R"({"a":)") : "[";
  const std::string_view close = objects ? "}" : "]";
  if (text.size() + levels * (open.size() + close.size()) > max_size) return std::string(text);
  std::string out(text.substr(0, begin));
  for (std::size_t i = 0; i < levels; ++i) out += open;
  out += text.substr(begin, end - begin);
  for (std::size_t i = 0; i < levels; ++i) out += close;
  out += text.substr(end);
  return out;
}

}  // namespace proven::fuzz

#pragma once
// Reading data back from JSON, for every game's files: every malformed piece is a UserError
// naming where it is ("wires.lists[2].lines[0].cut.position: expected a whole number from 1 to
// 5"), never a crash. Numbers out of range (1e400 included) are user errors, not exceptions.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/errors.hpp"

namespace proven::json_read {

[[noreturn]] inline void fail(const std::string& where, std::string_view what) {
  throw UserError(where + ": " + std::string(what));
}

inline const nlohmann::json& field(const nlohmann::json& object, std::string_view key, const std::string& where) {
  if (!object.is_object()) fail(where, "expected an object");
  const auto it = object.find(key);
  if (it == object.end()) fail(where, "missing \"" + std::string(key) + "\"");
  return *it;
}

inline std::string at(const std::string& where, std::string_view key) { return where + "." + std::string(key); }
inline std::string at(const std::string& where, std::size_t index) { return where + "[" + std::to_string(index) + "]"; }

// An array of exactly n elements (or min..max when max > 0).
inline const nlohmann::json& array(const nlohmann::json& value, std::size_t min, std::size_t max,
                                   const std::string& where) {
  if (!value.is_array() || value.size() < min || value.size() > max)
    fail(where, min == max ? "expected an array of " + std::to_string(min)
                           : "expected an array of " + std::to_string(min) + " to " + std::to_string(max));
  return value;
}

inline int integer(const nlohmann::json& value, int lo, int hi, const std::string& where) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < lo || value.get<std::int64_t>() > hi)
    fail(where, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(value.get<std::int64_t>());
}

inline bool boolean(const nlohmann::json& value, const std::string& where) {
  if (!value.is_boolean()) fail(where, "expected true or false");
  return value.get<bool>();
}

inline std::string text(const nlohmann::json& value, const std::string& where) {
  if (!value.is_string()) fail(where, "expected a string");
  return value.get<std::string>();
}

// A board stored as 1..max_rows row strings, joined one row a line for a game's text parser.
// Each row must be one non-empty line: a blank row, or one holding a line break, would make the
// board read differ from the board the file shows.
inline std::string text_rows(const nlohmann::json& value, std::size_t max_rows, const std::string& where) {
  const nlohmann::json& rows = array(value, 1, max_rows, where);
  std::string joined;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string row = text(rows[r], at(where, r));
    if (row.empty() || row.find_first_of("\r\n") != std::string::npos)
      fail(at(where, r), "expected one non-empty line of cells");
    joined += row + "\n";
  }
  return joined;
}

// The index of a string among `names`.
template <std::size_t N>
int name_index(const nlohmann::json& value, const std::array<std::string_view, N>& names, const std::string& where) {
  const std::string s = text(value, where);
  for (std::size_t i = 0; i < N; ++i)
    if (names[i] == s) return static_cast<int>(i);
  fail(where, "unknown name \"" + s + "\"");
}

// A whole number in lo..hi of any width (seeds, counts, budgets).
inline std::int64_t integer64(const nlohmann::json& value, std::int64_t lo, std::int64_t hi, const std::string& where) {
  bool ok = value.is_number_integer();
  if (ok && value.is_number_unsigned()) ok = value.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi);
  if (ok) ok = value.get<std::int64_t>() >= lo && value.get<std::int64_t>() <= hi;
  if (!ok) fail(where, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return value.get<std::int64_t>();
}

// Any finite number in lo..hi.
inline double number(const nlohmann::json& value, double lo, double hi, const std::string& where) {
  if (!value.is_number() || !(value.get<double>() >= lo && value.get<double>() <= hi))
    fail(where, "expected a number from " + std::to_string(lo) + " to " + std::to_string(hi));
  return value.get<double>();
}

// The value under `key`, or nullptr when the object has no such key (for optional fields).
inline const nlohmann::json* optional_field(const nlohmann::json& object, std::string_view key,
                                            const std::string& where) {
  if (!object.is_object()) fail(where, "expected an object");
  const auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

}  // namespace proven::json_read

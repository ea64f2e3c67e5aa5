#pragma once
// The edgework: what is printed on the sides of a bomb case, and what many rules read.
//
//   proven::Rng rng = proven::Rng::from_key("7").fork("edgework");
//   proven::bomb::Edgework edge = proven::bomb::deal_edgework(rng);
//   if (edge.serial_last_digit_odd() && edge.batteries() >= 2) ...
//
// Everything is fixed-size (no allocation), so proofs can deal thousands of casings cheaply.
// Sizes follow docs/bomb.md: a 6-character serial whose last character is a digit and whose
// letters never include I or O; 0-4 battery holders of 1 or 2 batteries; 0-3 indicators with
// distinct 3-letter labels, each lit or unlit; 0-3 port plates, each holding a set of port types.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "core/rng.hpp"

namespace proven::bomb {

// The serial's character set: digits and letters without I and O (they read as 1 and 0).
inline constexpr std::string_view kSerialLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
inline constexpr std::string_view kSerialChars = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
inline constexpr std::string_view kVowels = "AEU";  // the vowels the serial alphabet can hold

// Indicator labels, ours. A casing carries each label at most once.
inline constexpr std::array<std::string_view, 11> kIndicatorLabels = {"AUX", "COM", "FUS", "GND", "KEY", "LNK",
                                                                      "MAG", "PWR", "RST", "SYN", "VNT"};

// Port types, in the order their bits appear in a plate mask.
enum class Port : std::uint8_t { Usb, Hdmi, Rj45, Serial, Parallel, Audio };
inline constexpr std::array<std::string_view, 6> kPortNames = {"USB", "HDMI", "RJ-45", "serial", "parallel", "audio"};
inline constexpr int kPortTypes = 6;

struct Indicator {
  std::uint8_t label = 0;  // index into kIndicatorLabels
  bool lit = false;
  bool operator==(const Indicator&) const = default;
};

struct Edgework {
  std::array<char, 6> serial{};
  std::uint8_t holder_count = 0;
  std::array<std::uint8_t, 4> holders{};  // batteries per holder, 1 or 2
  std::uint8_t indicator_count = 0;
  std::array<Indicator, 3> indicators{};
  std::uint8_t plate_count = 0;
  std::array<std::uint8_t, 3> plates{};  // bit p set: the plate holds a port of type p

  bool operator==(const Edgework&) const = default;

  std::string_view serial_text() const { return {serial.data(), serial.size()}; }
  int serial_last_digit() const { return serial[5] - '0'; }
  bool serial_last_digit_odd() const { return serial_last_digit() % 2 == 1; }
  // Inline: Color Echo's exhaustive proof asks it twice for every press of every case.
  bool serial_has_vowel() const {
    static_assert(kVowels == "AEU");  // spelled out below
    for (char c : serial)
      if (c == 'A' || c == 'E' || c == 'U') return true;
    return false;
  }
  int batteries() const;
  int battery_holders() const { return holder_count; }
  // Whether an indicator with this label is present and lit (or present and unlit).
  bool lit(int label) const;
  bool unlit(int label) const;
  int lit_count() const;
  int unlit_count() const;
  bool has_port(Port port) const;
  int port_count() const;  // ports over all plates
  bool has_any_port() const { return port_count() > 0; }
};

// Draws a casing from `rng` (one draw per statement, so the order is fixed; docs/bomb.md).
Edgework deal_edgework(Rng& rng);

nlohmann::json to_json(const Edgework& edge);
// One line for logs: "serial KX3PA7 · batteries 3 in 2 holders · lit FUS, unlit GND · ports [USB HDMI] []".
std::string describe(const Edgework& edge);

}  // namespace proven::bomb

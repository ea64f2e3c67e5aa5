#pragma once
// Module 10, Tangled Wires: 4-6 wires, each maybe striped red, maybe striped blue, maybe with a
// star beside it and maybe a lit LED above it. Cut every wire that must be cut (in any order);
// cutting one that must not be cut strikes; the last needed cut solves.
//
// Rules: a 16-entry table over (red, blue, star, LED) -> cut / do not cut / cut if the serial's
// last digit is even / cut if the bomb has a parallel port / cut if it has two or more batteries.
// The rules read three facts of the casing, so there are 8 casings as far as they can tell. The
// filter rejects a table that leaves one of them with no wire type to cut (such a bomb could never
// be solved), and the deal then always gives at least one wire to cut: when the wires it draws
// have none, it turns one of them into a type that must be cut on this casing. (Redrawing instead
// left a small chance of a bomb with nothing to cut, which the 200-sample proof could miss: the
// sweep of all seeds found 2,698 such rule books.)
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct TangledWires {
  static constexpr ModuleInfo kInfo{"tangled-wires", "Tangled Wires", ModuleKind::Regular, 200};
  static constexpr int kMinWires = 4;
  static constexpr int kMaxWires = 6;
  static constexpr std::array<std::string_view, 1> kFilterReasons{"some casing leaves no wire to cut"};

  enum class Instruction : std::uint8_t { Cut, Skip, CutIfSerialEven, CutIfParallelPort, CutIfTwoBatteries };
  static constexpr std::array<std::string_view, 5> kInstructionNames = {
      "cut", "do not cut", "cut if the serial's last digit is even", "cut if there is a parallel port",
      "cut if there are two or more batteries"};
  // A wire's features as a table index: bit 0 red stripe, 1 blue stripe, 2 star, 3 LED lit.
  static constexpr std::uint8_t kRed = 1, kBlue = 2, kStar = 4, kLed = 8;

  // What the rules can read of a casing; its index (0..7) is bit 0 serial even, 1 parallel port,
  // 2 two or more batteries.
  struct Casing {
    bool serial_even = false;
    bool parallel_port = false;
    bool two_batteries = false;
    static Casing of(const Edgework& edge);
    static Casing from_index(unsigned index);
  };
  static constexpr unsigned kCasings = 8;

  struct Rules {
    std::array<Instruction, 16> table{};
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::uint8_t count = kMinWires;
    std::array<std::uint8_t, kMaxWires> features{};
    std::uint8_t cut = 0;  // bit i: wire i is cut
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint, apply, the filter and the deal share.
  static bool must_cut(Instruction instruction, Casing casing);
  // Bit f set: a wire with features f must be cut on this casing.
  static std::uint16_t types_to_cut(const Rules& rules, Casing casing);
  static std::uint8_t wires_to_cut(const Rules& rules, const State& state, const Edgework& edge);
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions = numbered_actions<kMaxWires>(Verb::Cut);
  static std::string words(Action action);                  // "cut wire 2"
  static bool possible(const State& state, Action action);  // a wire that is there and not yet cut
  // What the Defuser sees, as one line.
  static std::string show(const State& state);
  // The same view as data, for `deal --json` (docs/bomb.md, "Dealt bomb"): only what show() shows.
  static nlohmann::json state_json(const State& state);
  // This module's manual page (bomb/manual/document.hpp): how to read it, then the rules.
  static Blocks manual_page(const Rules& rules);
  // The inverse of to_json; anything malformed is a UserError naming `where` in the document.
  static Rules from_json(const nlohmann::json& j, const std::string& where);
  static nlohmann::json to_json(const Rules& rules);
};

}  // namespace proven::bomb

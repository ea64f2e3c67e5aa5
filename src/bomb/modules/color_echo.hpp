#pragma once
// Module 4, Color Echo: four coloured pads flash a sequence that grows by one each stage; after
// each flash the Defuser answers the whole sequence so far, pressing for every flashed colour the
// colour the manual maps it to. Solved after the last stage.
//
// Rules: six colour -> colour tables, chosen by whether the serial holds a vowel and by the
// strikes on the bomb (0, 1, 2 or more). The table is read at every press, so a strike taken
// elsewhere changes the answers from the next press on. The proof covers every class of sequences
// the rules tell apart, with and without a vowel, with 0, 1 and 2 strikes (for_each_case).
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "bomb/module.hpp"

namespace proven::bomb {

struct ColorEcho {
  static constexpr ModuleInfo kInfo{"color-echo", "Color Echo", ModuleKind::Regular, 1000};
  static constexpr int kPads = 4;
  static constexpr std::array<std::string_view, kPads> kPadNames = {"red", "blue", "green", "yellow"};
  static constexpr int kMinStages = 3;
  static constexpr int kMaxStages = 5;
  static constexpr std::array<std::string_view, 2> kFilterReasons = {"a table changes nothing",
                                                                     "two tables are the same"};

  using Table = std::array<std::uint8_t, kPads>;  // flashed colour -> pad to press
  struct Rules {
    std::array<std::array<Table, 3>, 2> tables{};  // [serial has a vowel][min(strikes, 2)]
    bool operator==(const Rules&) const = default;
  };
  struct State {
    std::uint8_t length = kMinStages;                // stages in all
    std::array<std::uint8_t, kMaxStages> flashes{};  // the whole sequence, drawn at the deal
    std::uint8_t stage = 1;                          // the sequence flashed so far has `stage` colours
    std::uint8_t answered = 0;                       // presses made in this stage
    bool operator==(const State&) const = default;
  };

  static Rules generate_rules(Rng& rng);
  static std::optional<std::string_view> dull(const Rules& rules);
  static State deal(Rng& rng, const Edgework& edge, const Rules& rules);
  static Action hint(const Rules& rules, const State& state, const Context& ctx);
  static Outcome apply(const Rules& rules, State& state, Action action, const Context& ctx);

  // The rule lookup hint and apply share: the pad to press now (none if a table entry is not a pad).
  static std::optional<int> pad_to_press(const Rules& rules, const State& state, const Context& ctx);

  // Every case the rules can tell apart. Each press reads only the table entry of its own flash,
  // so whether a sequence can be answered depends on its length and on which colours it flashes,
  // not on their order or repeats: one representative per class (the colours in ascending order,
  // the last repeated to the length) stands for all. 264 cases for the 8,064 of for_each_sequence;
  // color_echo_test.cpp checks, on tables with and without entries that name no pad, that every
  // sequence plays as its representative does.
  template <class Visit>
  static void for_each_case(const Rules&, Visit&& visit) {
    for_each_casing([&](const Edgework& edge, const Clock& clock) {
      for (int length = kMinStages; length <= kMaxStages; ++length)
        for (unsigned colours = 1; colours < (1U << kPads); ++colours) {
          const int count = std::popcount(colours);
          if (count > length) continue;
          State state;
          state.length = static_cast<std::uint8_t>(length);
          std::size_t i = 0;
          for (int pad = 0; pad < kPads; ++pad)
            if ((colours >> pad) & 1U) state.flashes[i++] = static_cast<std::uint8_t>(pad);
          for (; i < state.length; ++i) state.flashes[i] = state.flashes[i - 1];
          if (!visit(state, edge, clock)) return false;
        }
      return true;
    });
  }

  // Every sequence of every length, under each casing for_each_case uses (for the tests).
  template <class Visit>
  static void for_each_sequence(Visit&& visit) {
    for_each_casing([&](const Edgework& edge, const Clock& clock) {
      for (int length = kMinStages; length <= kMaxStages; ++length) {
        int total = 1;
        for (int i = 0; i < length; ++i) total *= kPads;
        for (int code = 0; code < total; ++code) {
          State state;
          state.length = static_cast<std::uint8_t>(length);
          int rest = code;
          for (int i = 0; i < length; ++i) {
            state.flashes[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(rest % kPads);
            rest /= kPads;
          }
          if (!visit(state, edge, clock)) return false;
        }
      }
      return true;
    });
  }

  // A serial with and without a vowel, crossed with 0, 1 and 2 strikes, while visit returns true.
  template <class Visit>
  static void for_each_casing(Visit&& visit) {
    for (int vowel = 0; vowel < 2; ++vowel) {
      Edgework edge;
      edge.serial = {vowel ? 'A' : 'B', 'B', 'B', 'B', 'B', '0'};
      for (int strikes = 0; strikes < 3; ++strikes) {
        Clock clock;
        clock.strikes = strikes;
        if (!visit(edge, clock)) return;
      }
    }
  }
  // What the Defuser says (docs/bomb.md, "Playing a bomb").
  static constexpr auto kActions = numbered_actions<kPads>(Verb::Press);
  static std::string words(Action action);  // "press blue"
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

// The prepared lookups (module.hpp: a table built once per rule set, read by hint and apply)
// against the plain definitions they replace, on rules and states no proof would deal too:
// random walls (not even symmetric), random wheels, random key sets.
#include <gtest/gtest.h>

#include <optional>

#include "bomb/rulebook.hpp"

namespace proven::bomb::lookup_test {
namespace {

TEST(BombLookup, LabyrinthTableIsFirstStepForEveryMazeGoalAndCell) {
  std::vector<Labyrinth::Rules> all;
  for (int seed = 2; seed <= 6; ++seed)
    all.push_back(build_module_rules<Labyrinth>(Rng::from_seed(static_cast<std::uint64_t>(seed))).rules);
  Rng rng = Rng::from_key("lookup-test/labyrinth");
  for (int i = 0; i < 4; ++i) {
    Labyrinth::Rules rules;
    for (auto& maze : rules.mazes)
      for (auto& open : maze.open) open = static_cast<std::uint8_t>(rng.below(16));  // any walls at all
    all.push_back(rules);
  }
  for (const auto& rules : all) {
    const Labyrinth::Lookup lookup = Labyrinth::prepare(rules);
    for (std::size_t m = 0; m < Labyrinth::kMazes; ++m)
      for (int goal = 0; goal < Labyrinth::kCells; ++goal)
        for (int from = 0; from < Labyrinth::kCells; ++from) {
          const auto want = Labyrinth::first_step(rules.mazes[m], from, goal);
          const std::uint8_t got =
              lookup.first_steps[m][static_cast<std::size_t>(goal)][static_cast<std::size_t>(from)];
          ASSERT_EQ(got == Labyrinth::kNoStep ? std::nullopt : std::optional<int>(got), want)
              << "maze " << m << " goal " << goal << " from " << from;
        }
  }
}

TEST(BombLookup, PasscodeAnswerIsTheOneListedWordTheWheelsSpell) {
  const Passcode::Rules rules = build_module_rules<Passcode>(Rng::from_seed(3)).rules;
  const Passcode::Lookup lookup = Passcode::prepare(rules);
  Rng rng = Rng::from_key("lookup-test/passcode");
  int answered = 0;
  for (int i = 0; i < 3000; ++i) {
    Passcode::State state;
    // Half the states from the deal (mostly one word), half with random letters (mostly none),
    // and some with a few letters only (often several words).
    if (i % 2 == 0) {
      state = Passcode::deal(rng, Edgework{}, rules);
    } else {
      const int letters = i % 3 == 0 ? 3 : 26;
      for (auto& wheel : state.wheels)
        for (auto& c : wheel) c = static_cast<char>('A' + rng.below(static_cast<std::uint64_t>(letters)));
    }
    std::optional<std::string_view> want;
    int spellable = 0;
    for (auto w : rules.words)
      if (Passcode::can_spell(state, Passcode::kWordPool[w])) {
        ++spellable;
        want = Passcode::kWordPool[w];
      }
    if (spellable != 1) want.reset();
    ASSERT_EQ(Passcode::answer(lookup, state), want) << Passcode::show(state);
    answered += want ? 1 : 0;
  }
  EXPECT_GT(answered, 1000);  // the deal's states do have answers
  EXPECT_LT(answered, 3000);
}

TEST(BombLookup, GlyphKeypadPressesTheEarliestUnpressedKeyOfTheOneColumnHoldingAllFour) {
  const GlyphKeypad::Rules rules = build_module_rules<GlyphKeypad>(Rng::from_seed(4)).rules;
  const GlyphKeypad::Lookup lookup = GlyphKeypad::prepare(rules);
  Rng rng = Rng::from_key("lookup-test/glyph-keypad");
  int answered = 0;
  for (int i = 0; i < 3000; ++i) {
    GlyphKeypad::State state;
    if (i % 2 == 0) {
      state = GlyphKeypad::deal(rng, Edgework{}, rules);
    } else {
      for (auto& key : state.keys) key = static_cast<std::uint8_t>(rng.below(GlyphKeypad::kGlyphs));
    }
    state.pressed = static_cast<std::uint8_t>(rng.below(16));
    // The definition, spelled out: the columns holding all four keys; if exactly one, the
    // unpressed key highest in it.
    std::optional<int> want;
    int fitting = 0;
    std::size_t column = 0;
    for (std::size_t c = 0; c < GlyphKeypad::kColumns; ++c) {
      bool all = true;
      for (auto key : state.keys)
        all = all && std::find(rules.columns[c].begin(), rules.columns[c].end(), key) != rules.columns[c].end();
      if (all) {
        ++fitting;
        column = c;
      }
    }
    if (fitting == 1) {
      for (std::size_t place = 0; place < GlyphKeypad::kColumnLength && !want; ++place)
        for (int k = 0; k < GlyphKeypad::kKeys && !want; ++k)
          if (!((state.pressed >> k) & 1U) && state.keys[static_cast<std::size_t>(k)] == rules.columns[column][place])
            want = k;
    }
    ASSERT_EQ(GlyphKeypad::key_to_press(lookup, state), want) << GlyphKeypad::show(state);
    answered += want ? 1 : 0;
  }
  EXPECT_GT(answered, 1000);
}

// Blinker's prepared table against its definition (stop_to_transmit on the rules): dealt signals,
// signals with a letter changed, with flashes no code has, of any length; and code tables where
// two letters blink alike.
TEST(BombLookup, BlinkerDecodesLikeItsDefinition) {
  Rng rng = Rng::from_key("lookup-test/blinker");
  int answered = 0;
  for (int set = 0; set < 8; ++set) {
    Blinker::Rules rules = build_module_rules<Blinker>(Rng::from_seed(static_cast<std::uint64_t>(set + 2))).rules;
    if (set % 2 == 1)
      rules.code[rng.below(Blinker::kLetters)] = rules.code[rng.below(Blinker::kLetters)];  // maybe alike
    const Blinker::Lookup lookup = Blinker::prepare(rules);
    for (int k = 0; k < 2000; ++k) {
      Blinker::State state = Blinker::deal(rng, Edgework{}, rules);
      if (k % 4 == 1) state.signal[rng.below(state.length)] = rules.code[rng.below(Blinker::kLetters)];
      if (k % 4 == 2)
        state.signal[rng.below(state.length)] = {static_cast<std::uint8_t>(rng.below(7)),
                                                 static_cast<std::uint8_t>(rng.below(20))};
      if (k % 4 == 3) state.length = static_cast<std::uint8_t>(rng.below(Blinker::kMaxWordLength + 1));
      const auto want = Blinker::stop_to_transmit(rules, state);
      ASSERT_EQ(Blinker::stop_to_transmit(lookup, state), want) << "set " << set << ": " << Blinker::show(state);
      answered += want ? 1 : 0;
    }
  }
  EXPECT_GT(answered, 2000);  // and many signals decode to no listed word
  EXPECT_LT(answered, 14000);
}

}  // namespace
}  // namespace proven::bomb::lookup_test

#pragma once
// The module interface. Every module of the bomb is one struct in src/bomb/modules/, holding only
// static members, and the catalog (bomb/catalog.hpp) lists them once, in manual order:
//
//   struct Wires {
//     static constexpr ModuleInfo kInfo{...};                 // id, name, regular/needy, samples
//     struct Rules {...};                                     // what the manual says: data only
//     struct State {...};                                     // what the Defuser sees (+ hidden parts)
//     static Rules generate_rules(Rng& rng);                  // one candidate rule set
//     static std::optional<std::string_view> dull(const Rules&);   // the interesting-rules filter
//     static constexpr std::array<std::string_view, K> kFilterReasons; // every reason dull() gives
//     static State deal(Rng& rng, const Edgework&, const Rules&);  // one module on a bomb
//     static Action hint(const Rules&, const State&, const Context&);     // the one correct action
//     static Outcome apply(const Rules&, State&, Action, const Context&); // judge an action
//     static std::string show(const State&);                 // what the Defuser sees, one line
//     static nlohmann::json state_json(const State&);        // the same, as data (docs/bomb.md)
//     static nlohmann::json to_json(const Rules&);           // the rules as data (docs/bomb.md)
//     static Rules from_json(const nlohmann::json&, const std::string& where);  // and back
//     // timed and needy modules also:
//     static std::optional<std::int64_t> next_event_at(const Rules&, const State&, const Context&);
//     static Outcome tick(const Rules&, State&, const Context&);
//     // and what of the face changes with time alone, for a page that draws it as it runs
//     // (a needy countdown, a filling meter), as JSON fields read at now_ms:
//     static nlohmann::json live_json(const State&, std::int64_t now_ms);
//     // modules whose input space is small and finite also (the proof then covers all of it):
//     template <class Visit> static void for_each_case(const Rules&, Visit&& visit);
//     // modules whose lookup is worth a table built once per rule set also (the proof prepares
//     // it once; hint(rules, ...) and apply(rules, ...) prepare it and call these):
//     struct Lookup {...};
//     static Lookup prepare(const Rules&);
//     static Action hint(const Lookup&, const State&, const Context&);
//     static Outcome apply(const Lookup&, State&, Action, const Context&);
//   };
//
// The contract that makes the proof mean something: `hint` and `apply` both ask one function,
// the module's rule lookup, what is correct now; `hint` returns that action and `apply` strikes
// on anything else. When the lookup finds no correct action (a rule pointing at a wire that is
// not there), `hint` says Wait and `apply` strikes on every action, so the proof sees the stall.
// A prepared Lookup changes nothing in this: it is that one function's table, and hint and apply
// both read it.
// `apply` updates the state in place (no allocation in the proof's play loop).
#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "bomb/edgework.hpp"
#include "bomb/manual/document.hpp"
#include "core/rng.hpp"

namespace proven::bomb {

enum class ModuleKind : std::uint8_t { Regular, Needy };

struct ModuleInfo {
  std::string_view id;    // fork label and JSON key: "wires"
  std::string_view name;  // manual heading: "Wires"
  ModuleKind kind;
  int samples;  // the sampled proof's N (1,000, or 200 for the slow modules)
};

// The hot lookups return an int code, -1 for "none" (GCC 12 returns an optional<int> through a
// store-forwarding stall); their public forms wrap the code with this.
inline std::optional<int> code_to_optional(int code) {
  if (code < 0) return std::nullopt;
  return code;
}

// What a Defuser can do. The argument's meaning is the verb's: a wire index for Cut, a key or
// button index for Press, a direction for Move, a wheel for Turn... Modules document theirs.
enum class Verb : std::uint8_t {
  Wait,     // nothing to do now (or nothing correct at all)
  Cut,      // cut wire `arg`
  Press,    // press button/key `arg`
  Tap,      // press and release at once
  Hold,     // press and keep holding
  Release,  // let go of a held button
  Move,     // move in direction `arg` (0 up, 1 right, 2 down, 3 left)
  Turn,     // turn wheel/dial `arg` one step
  Submit,   // submit what is entered
  Answer,   // answer a prompt: arg 1 yes, 0 no
};
inline constexpr std::string_view kVerbNames[] = {"wait",    "cut",  "press", "tap",    "hold",
                                                  "release", "move", "turn",  "submit", "answer"};

struct Action {
  Verb verb = Verb::Wait;
  std::int16_t arg = 0;
  static constexpr Action wait() { return {Verb::Wait, 0}; }
  bool is_wait() const { return verb == Verb::Wait; }
  bool operator==(const Action&) const = default;
};
// "cut 3", "tap", "wait": the action as data, zero-based (logs, tests). What a player reads and
// types is each module's own words (Speaks below).
std::string describe(Action action);

// Every action of a module as a list (kActions), built from a verb and how many arguments it takes.
template <std::size_t N>
constexpr std::array<Action, N> numbered_actions(Verb verb) {
  std::array<Action, N> actions{};
  for (std::size_t i = 0; i < N; ++i) actions[i] = {verb, static_cast<std::int16_t>(i)};
  return actions;
}
template <std::size_t N, std::size_t K>
constexpr std::array<Action, N + K> join_actions(const std::array<Action, N>& a, const std::array<Action, K>& b) {
  std::array<Action, N + K> all{};
  for (std::size_t i = 0; i < N; ++i) all[i] = a[i];
  for (std::size_t i = 0; i < K; ++i) all[N + i] = b[i];
  return all;
}

// "cut wire 2" for {Cut, 1}: a verb phrase and the 1-based number a player counts with.
std::string numbered_words(std::string_view phrase, Action action);
// The same text with letters lower-cased and runs of spaces made one, trimmed: how typed words compare.
std::string normal_words(std::string_view text);

enum class Outcome : std::uint8_t { Ok, Strike, Solved };

// The bomb clock. Strikes speed it up by a quarter each (1, 1.25, 1.5 ...): from `since_ms` on,
// with `strikes` on the bomb, the display loses (now - since_ms) * (4 + strikes) / 4 ms of bomb
// time from `timer_ms`. A bomb that takes a strike rebases the clock (strike()), so the display
// never jumps.
struct Clock {
  std::int64_t timer_ms = 300'000;  // remaining on the display at since_ms
  int strikes = 0;
  std::int64_t since_ms = 0;

  std::int64_t remaining_ms(std::int64_t now_ms) const;
  // The whole seconds the display shows (m:ss), never negative.
  std::int64_t displayed_seconds(std::int64_t now_ms) const;
  // Whether digit d (0-9) is one of the displayed digits ("4:07" shows 4, 0 and 7).
  bool shows_digit(std::int64_t now_ms, int digit) const;
  // The first real time after now_ms at which the display changes; none once it shows 0:00.
  std::optional<std::int64_t> next_display_change(std::int64_t now_ms) const;
  // One more strike from now_ms on.
  void strike(std::int64_t now_ms);
  bool operator==(const Clock&) const = default;
};

// Everything outside the module that a rule may read.
struct Context {
  const Edgework& edgework;
  Clock clock;              // its strikes are the strikes already on the bomb
  std::int64_t now_ms = 0;  // simulated real time since the module's play began

  int strikes() const { return clock.strikes; }
  bool shows_digit(int digit) const { return clock.shows_digit(now_ms, digit); }
};

// The members every module has.
template <class M>
concept Module = requires(Rng& rng, const Edgework& edge, const typename M::Rules& rules, typename M::State& state,
                          const typename M::State& cstate, const Context& ctx, Action action) {
  { M::kInfo } -> std::convertible_to<ModuleInfo>;
  { M::generate_rules(rng) } -> std::same_as<typename M::Rules>;
  { M::dull(rules) } -> std::same_as<std::optional<std::string_view>>;
  { M::kFilterReasons.size() } -> std::convertible_to<std::size_t>;  // every reason dull() returns
  { M::deal(rng, edge, rules) } -> std::same_as<typename M::State>;
  { M::hint(rules, cstate, ctx) } -> std::same_as<Action>;
  { M::apply(rules, state, action, ctx) } -> std::same_as<Outcome>;
  { M::show(cstate) } -> std::same_as<std::string>;  // what the Defuser sees, one line
};

// A module a player can act on in words (src/bomb/game.hpp Play, `proven bomb play`): kActions is
// every action it knows, words(action) how the Defuser says it ("cut wire 2", "press blue",
// "move up"), numbers 1-based and names as the module shows them. Parsing is the inverse, by
// lookup in kActions (parse_words), so describing then parsing always gives the action back.
// possible(state, action), where a module has it, says whether the action can be done at all
// (a wire that is there and not yet cut); an impossible action is refused, never a strike.
template <class M>
concept Speaks = Module<M> && requires(Action action) {
  { M::kActions.size() } -> std::convertible_to<std::size_t>;
  { M::words(action) } -> std::same_as<std::string>;
};

template <Speaks M>
std::optional<Action> parse_words(std::string_view text) {
  const std::string typed = normal_words(text);
  for (const Action& action : M::kActions)
    if (M::words(action) == typed) return action;
  return std::nullopt;
}

template <Speaks M>
bool possible(const typename M::State& state, Action action) {
  if constexpr (requires { M::possible(state, action); }) {
    return M::possible(state, action);
  } else {
    return true;
  }
}

// A module of the catalog: its rules also go to JSON and back (the manual's data, seed 1's file)
// and render as its manual page, and its dealt state goes to JSON for `proven bomb deal --json`.
// The proof needs only Module, so tests can prove toy modules.
template <class M>
concept CatalogModule = Module<M> && requires(const typename M::Rules& rules, const nlohmann::json& json,
                                              const std::string& where, const typename M::State& state) {
  { M::to_json(rules) } -> std::same_as<nlohmann::json>;
  { M::state_json(state) } -> std::same_as<nlohmann::json>;  // show()'s view as data (`deal --json`)
  { M::from_json(json, where) } -> std::same_as<typename M::Rules>;
  { M::manual_page(rules) } -> std::same_as<Blocks>;  // its manual page
} && Speaks<M>;

// A module whose state changes with time (a held button, a needy countdown).
template <class M>
concept TimedModule = Module<M> && requires(const typename M::Rules& rules, typename M::State& state,
                                            const typename M::State& cstate, const Context& ctx) {
  { M::next_event_at(rules, cstate, ctx) } -> std::same_as<std::optional<std::int64_t>>;
  { M::tick(rules, state, ctx) } -> std::same_as<Outcome>;
};

}  // namespace proven::bomb

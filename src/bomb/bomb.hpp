#pragma once
// A dealt bomb and the autoplayer that defuses it by the modules' hints.
//
//   const RuleBook book = build_rule_book(7);                  // what the manual says
//   const Bomb bomb = deal_bomb(book, 42, 14);                 // what is on the case
//   const AutoplayResult run = autoplay(book, bomb);           // run.defused, run.log
//
// The bomb seed decides the casing (edgework), which catalog modules are on it and in what
// order, each module's dealt state, the timer and the strike limit; the rule seed decides only
// the manual. Bomb seed M draws from Rng::from_key("bomb-" + M): edgework from fork "edgework",
// the module choice from fork "modules", slot i's module from fork("slot", i).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "bomb/catalog.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb {

inline constexpr int kStrikeLimit = 3;
inline constexpr std::int64_t kTimerBaseMs = 60'000;       // a bomb's timer: one minute, plus
inline constexpr std::int64_t kTimerPerModuleMs = 60'000;  // one more per regular module
inline constexpr std::uint64_t kMaxBombSeed = 999'999'999;
inline constexpr int kAutoplayStepCap = 100'000;

// Parses a bomb seed given by a user: a whole number from 1 to 999,999,999, else a UserError.
std::uint64_t parse_bomb_seed(std::string_view text);

// How a bomb is dealt beyond its seed, as in the original game's bomb options: the case size, how
// many of its modules are needy, the time limit and the strikes it takes. The default is the
// standard bomb every bomb seed names: 14 modules, the needy ones as drawn, one minute plus one
// per regular module, 3 strikes.
inline constexpr int kMaxStrikeLimit = 9;
inline constexpr std::int64_t kMinTimerMs = 30'000;
inline constexpr std::int64_t kMaxTimerMs = 5'999'000;  // 99:59, what the m:ss display can show
struct BombSetup {
  int modules = static_cast<int>(Catalog::size);  // 1..14 distinct catalog modules
  // 0..3 of them needy (at least one module regular); unset: as the bomb seed draws them.
  std::optional<int> needy;
  std::optional<std::int64_t> timer_ms;  // whole seconds, kMinTimerMs..kMaxTimerMs; unset: as above
  int strike_limit = kStrikeLimit;       // 1..kMaxStrikeLimit: the strike that explodes it
  bool standard() const { return *this == BombSetup{}; }
  bool operator==(const BombSetup&) const = default;
};

// One module on the case: its catalog type and its state.
template <Module M>
struct Slot {
  typename M::State state;
  bool solved = false;
  bool operator==(const Slot&) const = default;
};
template <class List>
struct SlotVariantOf;
template <Module... Ms>
struct SlotVariantOf<ModuleList<Ms...>> {
  using type = std::variant<Slot<Ms>...>;
};
using AnySlot = SlotVariantOf<Catalog>::type;

struct Bomb {
  int rule_seed = 0;
  std::uint64_t bomb_seed = 0;
  std::string fingerprint;  // of the rule book the bomb was dealt against
  Edgework edgework;
  std::int64_t timer_ms = 0;
  int strike_limit = kStrikeLimit;
  std::vector<AnySlot> modules;  // in case order
  BombSetup setup;               // what it was dealt with (timer_ms and strike_limit above follow it)
  bool operator==(const Bomb&) const = default;
};

// A UserError naming the option ("--needy ...") when the setup cannot be dealt.
void check_setup(const BombSetup& setup);
// A time limit as a user writes it, "M:SS" or whole seconds ("5:00", "300"), in ms; a UserError
// naming `option` otherwise (the range is check_setup's).
std::int64_t parse_timer(std::string_view text, std::string_view option = "--time");
// "14 modules, 3:00, 3 strikes" style: how pages and the leaderboard name a setup.
std::string describe(const BombSetup& setup);

// UserError when the setup is not one check_setup accepts. With a standard setup but for the
// module count, the catalog modules are drawn from the bomb seed as they always were; a set
// needy count draws that many needy and the rest regular modules from their own fork
// ("modules-by-kind") and deals them in a drawn order.
Bomb deal_bomb(const RuleBook& book, std::uint64_t bomb_seed, const BombSetup& setup);
// module_count: 1..14 distinct catalog modules, at least one regular. UserError otherwise.
Bomb deal_bomb(const RuleBook& book, std::uint64_t bomb_seed, int module_count);

const ModuleInfo& info_of(const AnySlot& slot);
std::string show(const AnySlot& slot);
// The module's state_json (what show() shows, as data); null once the module is solved.
nlohmann::json state_json(const AnySlot& slot);
// The bomb as JSON (docs/bomb.md, format kBombFormat): seeds, fingerprint, edgework, timer,
// strike limit, and per module its id, name, kind, state as data and the one-line text.
inline constexpr std::string_view kBombFormat = "proven-bomb/2";
nlohmann::json to_json(const Bomb& bomb);

struct AutoplayStep {
  std::int64_t at_ms = 0;     // simulated time since the bomb started
  std::int64_t clock_ms = 0;  // what the bomb's timer showed
  std::size_t slot = 0;
  Action action;  // Wait: a timed event of the module (tick)
  Outcome outcome = Outcome::Ok;
  bool operator==(const AutoplayStep&) const = default;
};

struct AutoplayResult {
  bool defused = false;
  int strikes = 0;
  std::int64_t elapsed_ms = 0;
  std::string end;  // "defused", "exploded: strikes", "exploded: timer", "stuck", "step cap"
  std::vector<AutoplayStep> log;
  // The same play in the player's words, as `proven bomb play` takes them: "module 3" when the
  // hands move to another module, each action as the module says it, "wait" for each jump.
  std::vector<std::string> moves;
};

// The module's words for an action ("cut wire 2"), and back (none when the text is not one of
// its actions). Every action the module knows, in its words' order.
std::string words(const AnySlot& slot, Action action);
std::optional<Action> parse_words(const AnySlot& slot, std::string_view text);
std::vector<Action> all_actions(const AnySlot& slot);

// Plays the whole bomb by the hints (on a BombRun, run.hpp, the time model Play uses too), needy
// modules first whenever they have something to do, otherwise the first unsolved regular module
// in case order that has an action; when nothing has an action, time jumps to the earliest timed
// event. Never throws on a bad outcome: it reports it.
AutoplayResult autoplay(const RuleBook& book, const Bomb& bomb);

}  // namespace proven::bomb

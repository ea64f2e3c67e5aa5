#include "bomb/bomb.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/run.hpp"
#include "core/command.hpp"
#include "core/errors.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"

namespace proven::bomb {
namespace {

// A slot holding catalog module `index` with a state dealt from `rng`.
template <std::size_t I = 0>
AnySlot deal_slot(std::size_t index, Rng& rng, const Edgework& edge, const RuleBook& book) {
  if constexpr (I < Catalog::size) {
    if (index != I) return deal_slot<I + 1>(index, rng, edge, book);
    using M = std::tuple_element_t<I, Catalog::Types>;
    Slot<M> slot;
    slot.state = M::deal(rng, edge, book.rules_of<M>());
    return AnySlot(std::in_place_index<I>, slot);
  } else {
    PROVEN_CHECK(false, "catalog index out of range");
  }
}

}  // namespace

std::uint64_t parse_bomb_seed(std::string_view text) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc{} || ptr != end || value < 1 || value > kMaxBombSeed)
    throw UserError("bomb seed must be a whole number from 1 to 999999999 (got '" + std::string(text) + "')");
  return value;
}

namespace {

bool is_regular(std::size_t catalog_index) { return Catalog::infos[catalog_index].kind == ModuleKind::Regular; }

std::vector<std::size_t> catalog_indices(bool regular) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < Catalog::size; ++i)
    if (is_regular(i) == regular) out.push_back(i);
  return out;
}

// The catalog modules of a standard draw: `count` of all 14, at least one regular.
std::vector<std::size_t> draw_any(Rng& choice, int count) {
  std::vector<std::size_t> picked = choice.sample(static_cast<std::size_t>(count), Catalog::size);
  if (std::none_of(picked.begin(), picked.end(), is_regular)) {
    // Only needy modules were drawn: the last one gives way to a regular module not on the case.
    const std::vector<std::size_t> regular = catalog_indices(true);
    const std::size_t replacement = choice.pick(regular);
    picked.back() = replacement;
  }
  return picked;
}

// `needy` needy modules and the rest regular, in a drawn case order.
std::vector<std::size_t> draw_by_kind(Rng& choice, int count, int needy) {
  const std::vector<std::size_t> needy_pool = catalog_indices(false);
  const std::vector<std::size_t> regular_pool = catalog_indices(true);
  std::vector<std::size_t> kinds;  // the chosen modules, needy first
  for (const std::size_t i : choice.sample(static_cast<std::size_t>(needy), needy_pool.size()))
    kinds.push_back(needy_pool[i]);
  for (const std::size_t i : choice.sample(static_cast<std::size_t>(count - needy), regular_pool.size()))
    kinds.push_back(regular_pool[i]);
  std::vector<std::size_t> picked;
  for (const std::size_t i : choice.sample(kinds.size(), kinds.size())) picked.push_back(kinds[i]);
  return picked;
}

}  // namespace

void check_setup(const BombSetup& setup) {
  constexpr int kModules = static_cast<int>(Catalog::size);
  const int needy_pool = static_cast<int>(catalog_indices(false).size());
  const int regular_pool = kModules - needy_pool;
  if (setup.modules < 1 || setup.modules > kModules)
    throw UserError(fmt::format("--modules must be 1..{} (got {})", kModules, setup.modules));
  if (setup.needy) {
    const int needy = *setup.needy;
    const int most = std::min(needy_pool, setup.modules - 1);
    if (needy < 0 || needy > most)
      throw UserError(fmt::format("--needy must be 0..{} with {} module(s): at least one must be regular (got {})",
                                  most, setup.modules, needy));
    if (setup.modules - needy > regular_pool)
      throw UserError(fmt::format("--needy must be at least {} with {} modules: there are {} regular modules (got {})",
                                  setup.modules - regular_pool, setup.modules, regular_pool, needy));
  }
  if (setup.timer_ms && (*setup.timer_ms < kMinTimerMs || *setup.timer_ms > kMaxTimerMs || *setup.timer_ms % 1000))
    throw UserError(fmt::format("--time must be whole seconds from {} to {} (got {} ms)", kMinTimerMs / 1000,
                                kMaxTimerMs / 1000, *setup.timer_ms));
  if (setup.strike_limit < 1 || setup.strike_limit > kMaxStrikeLimit)
    throw UserError(fmt::format("--strikes must be 1..{} (got {})", kMaxStrikeLimit, setup.strike_limit));
}

std::int64_t parse_timer(std::string_view text, std::string_view option) {
  const auto bad = [&] {
    return UserError(fmt::format("{} must be M:SS or whole seconds, {}:{:02} to {}:{:02} (got '{}')", option,
                                 kMinTimerMs / 60'000, kMinTimerMs / 1000 % 60, kMaxTimerMs / 60'000,
                                 kMaxTimerMs / 1000 % 60, one_line(text)));
  };
  const auto number = [&](std::string_view digits, std::int64_t most) {
    std::int64_t value = 0;
    const char* end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || digits.size() > 6 || !std::isdigit(static_cast<unsigned char>(digits[0])) ||
        ec != std::errc{} || ptr != end || value > most)
      throw bad();
    return value;
  };
  const std::size_t colon = text.find(':');
  std::int64_t seconds = 0;
  if (colon == std::string_view::npos) {
    seconds = number(text, kMaxTimerMs / 1000);
  } else {
    const std::string_view secs = text.substr(colon + 1);
    if (secs.size() != 2) throw bad();
    seconds = number(text.substr(0, colon), kMaxTimerMs / 60'000) * 60 + number(secs, 59);
  }
  if (seconds * 1000 < kMinTimerMs || seconds * 1000 > kMaxTimerMs) throw bad();
  return seconds * 1000;
}

std::string describe(const BombSetup& setup) {
  std::string text = fmt::format("{} module{}", setup.modules, setup.modules == 1 ? "" : "s");
  if (setup.needy) text += fmt::format(", {} needy", *setup.needy);
  if (setup.timer_ms) text += fmt::format(", {}:{:02}", *setup.timer_ms / 60'000, *setup.timer_ms / 1000 % 60);
  text += fmt::format(", {} strike{}", setup.strike_limit, setup.strike_limit == 1 ? "" : "s");
  return text;
}

Bomb deal_bomb(const RuleBook& book, std::uint64_t bomb_seed, const BombSetup& setup) {
  check_setup(setup);
  const Rng root = Rng::from_key("bomb-" + std::to_string(bomb_seed));
  Bomb bomb;
  bomb.rule_seed = book.seed;
  bomb.bomb_seed = bomb_seed;
  bomb.fingerprint = fingerprint(book);
  Rng edge_rng = root.fork("edgework");
  bomb.edgework = deal_edgework(edge_rng);

  Rng choice = root.fork(setup.needy ? "modules-by-kind" : "modules");
  const std::vector<std::size_t> picked =
      setup.needy ? draw_by_kind(choice, setup.modules, *setup.needy) : draw_any(choice, setup.modules);
  int regular_count = 0;
  for (std::size_t slot = 0; slot < picked.size(); ++slot) {
    Rng slot_rng = root.fork("slot", slot);
    bomb.modules.push_back(deal_slot(picked[slot], slot_rng, bomb.edgework, book));
    regular_count += is_regular(picked[slot]) ? 1 : 0;
  }
  bomb.timer_ms = setup.timer_ms.value_or(kTimerBaseMs + kTimerPerModuleMs * regular_count);
  bomb.strike_limit = setup.strike_limit;
  bomb.setup = setup;
  return bomb;
}

Bomb deal_bomb(const RuleBook& book, std::uint64_t bomb_seed, int module_count) {
  BombSetup setup;
  setup.modules = module_count;
  return deal_bomb(book, bomb_seed, setup);
}

const ModuleInfo& info_of(const AnySlot& slot) {
  return std::visit([]<class M>(const Slot<M>&) -> const ModuleInfo& { return M::kInfo; }, slot);
}

std::string show(const AnySlot& slot) {
  return std::visit([]<class M>(const Slot<M>& s) { return s.solved ? std::string("solved") : M::show(s.state); },
                    slot);
}

nlohmann::json state_json(const AnySlot& slot) {
  return std::visit(
      []<class M>(const Slot<M>& s) { return s.solved ? nlohmann::json(nullptr) : M::state_json(s.state); }, slot);
}

nlohmann::json to_json(const Bomb& bomb) {
  auto modules = nlohmann::json::array();
  for (const auto& slot : bomb.modules) {
    const ModuleInfo& info = info_of(slot);
    nlohmann::json module;
    module["id"] = std::string(info.id);
    module["name"] = std::string(info.name);
    module["kind"] = info.kind == ModuleKind::Needy ? "needy" : "regular";
    module["solved"] = std::visit([]<class M>(const Slot<M>& s) { return s.solved; }, slot);
    module["state"] = state_json(slot);
    // The text line of `deal` without --json, for people reading the file; programs read state.
    module["shows"] = show(slot);
    modules.push_back(module);
  }
  return {{"format", std::string(kBombFormat)}, {"rule_seed", bomb.rule_seed},
          {"bomb_seed", bomb.bomb_seed},        {"fingerprint", bomb.fingerprint},
          {"edgework", to_json(bomb.edgework)}, {"timer_ms", bomb.timer_ms},
          {"strike_limit", bomb.strike_limit},  {"modules", modules}};
}

std::string words(const AnySlot& slot, Action action) {
  return std::visit([&]<class M>(const Slot<M>&) { return M::words(action); }, slot);
}

std::optional<Action> parse_words(const AnySlot& slot, std::string_view text) {
  return std::visit([&]<class M>(const Slot<M>&) { return bomb::parse_words<M>(text); }, slot);
}

std::vector<Action> all_actions(const AnySlot& slot) {
  return std::visit([]<class M>(const Slot<M>&) { return std::vector<Action>(M::kActions.begin(), M::kActions.end()); },
                    slot);
}

AutoplayResult autoplay(const RuleBook& book, const Bomb& dealt) {
  BombRun run(book, dealt);
  AutoplayResult result;
  std::optional<std::size_t> selected;
  const auto finish = [&](std::string end) {
    result.end = std::move(end);
    result.strikes = run.strikes();
    result.elapsed_ms = run.now();
    result.defused = result.end == "defused" && result.strikes == 0;
    result.log = run.log();
    return result;
  };
  for (int step = 0; step < kAutoplayStepCap; ++step) {
    switch (run.end()) {
      case BombRun::End::Defused:
        return finish("defused");
      case BombRun::End::Strikes:
        return finish("exploded: strikes");
      case BombRun::End::Timer:
        return finish("exploded: timer");
      case BombRun::End::None:
        break;
    }
    // The first action: needy modules before regular ones, each kind in case order.
    std::optional<std::size_t> slot;
    Action action;
    for (int pass = 0; pass < 2 && !slot; ++pass) {
      const ModuleKind kind = pass == 0 ? ModuleKind::Needy : ModuleKind::Regular;
      for (std::size_t i = 0; i < run.bomb().modules.size() && !slot; ++i) {
        if (info_of(run.bomb().modules[i]).kind != kind) continue;
        action = run.hint(i);
        if (!action.is_wait()) slot = i;
      }
    }
    if (slot) {
      if (selected != slot) result.moves.push_back("module " + std::to_string(*slot + 1));
      selected = slot;
      result.moves.push_back(words(run.bomb().modules[*slot], action));
      run.act(*slot, action);
      if (run.end() == BombRun::End::Strikes) return finish("exploded: strikes");
      run.advance_to(run.now() + kActionMs);
      continue;
    }
    // Nothing to do: time runs on to the earliest timed event (the player's "wait").
    const auto next = run.next_event();
    if (!next) return finish("stuck");
    result.moves.push_back("wait");
    run.advance_to(std::max(*next, run.now() + 1));
  }
  return finish("step cap");
}

}  // namespace proven::bomb

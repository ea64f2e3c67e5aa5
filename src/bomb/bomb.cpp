#include "bomb/bomb.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/run.hpp"
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

Bomb deal_bomb(const RuleBook& book, std::uint64_t bomb_seed, int module_count) {
  constexpr int kModules = static_cast<int>(Catalog::size);
  if (module_count < 1 || module_count > kModules)
    throw UserError(fmt::format("--modules must be 1..{} (got {})", kModules, module_count));
  const Rng root = Rng::from_key("bomb-" + std::to_string(bomb_seed));
  Bomb bomb;
  bomb.rule_seed = book.seed;
  bomb.bomb_seed = bomb_seed;
  bomb.fingerprint = fingerprint(book);
  Rng edge_rng = root.fork("edgework");
  bomb.edgework = deal_edgework(edge_rng);

  Rng choice = root.fork("modules");
  std::vector<std::size_t> picked = choice.sample(static_cast<std::size_t>(module_count), Catalog::size);
  const auto is_regular = [](std::size_t i) { return Catalog::infos[i].kind == ModuleKind::Regular; };
  if (std::none_of(picked.begin(), picked.end(), is_regular)) {
    // Only needy modules were drawn: the last one gives way to a regular module not on the case.
    std::vector<std::size_t> regular;
    for (std::size_t i = 0; i < Catalog::size; ++i)
      if (is_regular(i)) regular.push_back(i);
    const std::size_t replacement = choice.pick(regular);
    picked.back() = replacement;
  }
  int regular_count = 0;
  for (std::size_t slot = 0; slot < picked.size(); ++slot) {
    Rng slot_rng = root.fork("slot", slot);
    bomb.modules.push_back(deal_slot(picked[slot], slot_rng, bomb.edgework, book));
    regular_count += is_regular(picked[slot]) ? 1 : 0;
  }
  bomb.timer_ms = kTimerBaseMs + kTimerPerModuleMs * regular_count;
  bomb.strike_limit = kStrikeLimit;
  return bomb;
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

#include "bomb/bomb.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

std::string fingerprint(const RuleBook& book) {
  std::string hex = digest_hex(json_text(to_json(book))).substr(0, 8);
  for (char& c : hex) c = static_cast<char>(c >= 'a' && c <= 'f' ? c - 'a' + 'A' : c);
  return hex.substr(0, 4) + "-" + hex.substr(4);
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
  return std::visit([]<class M>(const Slot<M>& s) { return s.solved ? std::string("solved") : M::show(s.state); }, slot);
}

nlohmann::json state_json(const AnySlot& slot) {
  return std::visit([]<class M>(const Slot<M>& s) { return s.solved ? nlohmann::json(nullptr) : M::state_json(s.state); }, slot);
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
  return {{"format", std::string(kBombFormat)},
          {"rule_seed", bomb.rule_seed},
          {"bomb_seed", bomb.bomb_seed},
          {"fingerprint", bomb.fingerprint},
          {"edgework", to_json(bomb.edgework)},
          {"timer_ms", bomb.timer_ms},
          {"strike_limit", bomb.strike_limit},
          {"modules", modules}};
}

AutoplayResult autoplay(const RuleBook& book, const Bomb& dealt) {
  std::vector<AnySlot> slots = dealt.modules;
  AutoplayResult result;
  Clock clock{.timer_ms = dealt.timer_ms, .strikes = 0, .since_ms = 0};
  std::int64_t now = 0;
  const auto regular_left = [&] {
    return std::any_of(slots.begin(), slots.end(), [](const AnySlot& s) {
      return std::visit([]<class M>(const Slot<M>& slot) { return M::kInfo.kind == ModuleKind::Regular && !slot.solved; }, s);
    });
  };
  // Records an outcome; returns false when the bomb has exploded.
  const auto record = [&](std::size_t index, Action action, Outcome outcome) {
    result.log.push_back({now, clock.remaining_ms(now), index, action, outcome});
    if (outcome == Outcome::Strike) {
      clock.strike(now);
      ++result.strikes;
      if (result.strikes >= dealt.strike_limit) {
        result.end = "exploded: strikes";
        return false;
      }
    }
    return true;
  };

  for (int step = 0; step < kAutoplayStepCap; ++step) {
    result.elapsed_ms = now;
    if (!regular_left()) {
      result.defused = result.strikes == 0;
      result.end = "defused";
      return result;
    }
    if (clock.remaining_ms(now) <= 0) {
      result.end = "exploded: timer";
      return result;
    }
    const Edgework& edge = dealt.edgework;
    const Context ctx{edge, clock, now};
    // Events that are due happen first.
    bool alive = true;
    for (std::size_t i = 0; i < slots.size() && alive; ++i) {
      alive = std::visit(
          [&]<class M>(Slot<M>& slot) {
            if constexpr (TimedModule<M>) {
              if (slot.solved) return true;
              const auto& rules = book.rules_of<M>();
              const auto due = M::next_event_at(rules, slot.state, ctx);
              if (due && *due <= now) return record(i, Action::wait(), M::tick(rules, slot.state, ctx));
            }
            return true;
          },
          slots[i]);
    }
    if (!alive) return result;
    // Then the first action: needy modules before regular ones.
    bool acted = false;
    for (int pass = 0; pass < 2 && !acted && alive; ++pass) {
      const ModuleKind kind = pass == 0 ? ModuleKind::Needy : ModuleKind::Regular;
      for (std::size_t i = 0; i < slots.size() && !acted; ++i) {
        std::visit(
            [&]<class M>(Slot<M>& slot) {
              if (M::kInfo.kind != kind || slot.solved) return;
              const auto& rules = book.rules_of<M>();
              const Action action = M::hint(rules, slot.state, ctx);
              if (action.is_wait()) return;
              const Outcome outcome = M::apply(rules, slot.state, action, ctx);
              if (outcome == Outcome::Solved) slot.solved = true;
              alive = record(i, action, outcome);
              acted = true;
            },
            slots[i]);
      }
    }
    if (!alive) return result;
    if (acted) {
      now += kActionMs;
      continue;
    }
    // Nothing to do: jump to the earliest timed event.
    std::optional<std::int64_t> next;
    for (auto& any : slots) {
      std::visit(
          [&]<class M>(Slot<M>& slot) {
            if constexpr (TimedModule<M>) {
              if (slot.solved) return;
              const auto due = M::next_event_at(book.rules_of<M>(), slot.state, ctx);
              if (due && (!next || *due < *next)) next = due;
            }
          },
          any);
    }
    if (!next) {
      result.end = "stuck";
      return result;
    }
    now = std::max(*next, now + 1);
  }
  result.end = "step cap";
  return result;
}

}  // namespace proven::bomb

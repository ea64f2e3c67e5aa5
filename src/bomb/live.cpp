#include "bomb/live.hpp"

#include <algorithm>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "bomb/manual/glyphs.hpp"
#include "bomb/modules/glyph_keypad.hpp"
#include "core/errors.hpp"
#include "core/svg.hpp"

namespace proven::bomb {
namespace {

std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::Ok:
      return "ok";
    case Outcome::Strike:
      return "strike";
    case Outcome::Solved:
      return "solved";
  }
  return "";
}

nlohmann::json module_view(const BombRun& run, std::size_t slot) {
  const AnySlot& any = run.bomb().modules[slot];
  const ModuleInfo& info = info_of(any);
  nlohmann::json m;
  m["module"] = slot + 1;
  m["id"] = std::string(info.id);
  m["name"] = std::string(info.name);
  m["kind"] = info.kind == ModuleKind::Needy ? "needy" : "regular";
  m["solved"] = run.solved(slot);
  m["state"] = state_json(any);
  m["shows"] = show(any);
  m["live"] = std::visit(
      [&]<class M>(const Slot<M>& s) -> nlohmann::json {
        if constexpr (requires { M::live_json(s.state, run.now()); }) {
          return s.solved ? nlohmann::json(nullptr) : M::live_json(s.state, run.now());
        } else {
          return nullptr;
        }
      },
      any);
  // The keypad's glyphs drawn as the manual draws them (the page has no drawings of its own).
  std::visit(
      [&]<class M>(const Slot<M>& s) {
        if constexpr (std::is_same_v<M, GlyphKeypad>) {
          if (s.solved) return;
          auto pictures = nlohmann::json::array();
          for (const std::uint8_t glyph : s.state.keys) {
            Svg svg(100, 100);
            svg.open_group(
                R"(fill="none" stroke="currentColor" stroke-width="6" stroke-linecap="round" stroke-linejoin="round")");
            PROVEN_CHECK(draw_glyph(svg, M::kGlyphNames[glyph]), "every glyph has a drawing");
            svg.close_group();
            pictures.push_back(svg.str(false));
          }
          m["pictures"] = pictures;
        }
      },
      any);
  auto actions = nlohmann::json::array();
  const bool ticking = run.end() == BombRun::End::None && !run.solved(slot);
  for (const Action a : all_actions(any))
    actions.push_back({{"words", words(any, a)}, {"possible", ticking && run.possible(slot, a)}});
  m["actions"] = actions;
  return m;
}

}  // namespace

nlohmann::json live_view(const RunSoFar& so_far) {
  PROVEN_CHECK(so_far.run.has_value(), "live_view of a run that was never dealt");
  const BombRun& run = *so_far.run;
  const Bomb& bomb = run.bomb();
  nlohmann::json j;
  j["rule_seed"] = bomb.rule_seed;
  j["fingerprint"] = bomb.fingerprint;
  j["bomb_seed"] = bomb.bomb_seed;
  j["setup"] = describe(bomb.setup);
  j["edgework"] = to_json(bomb.edgework);
  j["edgework_text"] = describe(bomb.edgework);
  j["now_ms"] = run.now();
  j["end"] = so_far.end == BombRun::End::None ? std::string("ticking") : std::string(end_name(so_far.end));
  j["ended_at_ms"] = so_far.ended_at_ms;
  j["strikes"] = run.strikes();
  j["strike_limit"] = bomb.strike_limit;
  // The display reads timer_ms - floor((t - since_ms) * (4 + strikes) / 4) at real time t.
  j["clock"] = {
      {"timer_ms", run.clock().timer_ms}, {"since_ms", run.clock().since_ms}, {"strikes", run.clock().strikes}};
  j["timer_ms_left"] = std::max<std::int64_t>(0, run.clock().remaining_ms(run.now()));
  // When the page should ask again even if nobody acts: the next thing that happens by itself.
  if (so_far.end == BombRun::End::None) {
    std::int64_t next = run.timer_runs_out_at();
    if (const auto event = run.next_event()) next = std::min(next, *event);
    j["next_event_ms"] = next;
  } else {
    j["next_event_ms"] = nullptr;
  }
  j["last"] = so_far.last ? nlohmann::json(std::string(outcome_name(*so_far.last))) : nlohmann::json(nullptr);
  j["actions"] = so_far.actions;
  j["solved"] = run.regular_solved();
  j["regular_modules"] = run.regular_count();
  auto modules = nlohmann::json::array();
  for (std::size_t i = 0; i < bomb.modules.size(); ++i) modules.push_back(module_view(run, i));
  j["modules"] = modules;
  return j;
}

}  // namespace proven::bomb

#pragma once
// The module catalog: every module of the bomb, once, in manual order (11 regular, then 3 needy).
// Adding a module is its file in modules/ plus one name here.
#include <array>
#include <cstddef>
#include <tuple>

#include "bomb/module.hpp"
#include "bomb/modules/big_button.hpp"
#include "bomb/modules/blinker.hpp"
#include "bomb/modules/color_echo.hpp"
#include "bomb/modules/dial_alignment.hpp"
#include "bomb/modules/discharge_lever.hpp"
#include "bomb/modules/glyph_keypad.hpp"
#include "bomb/modules/labyrinth.hpp"
#include "bomb/modules/passcode.hpp"
#include "bomb/modules/pressure_vent.hpp"
#include "bomb/modules/recall.hpp"
#include "bomb/modules/tangled_wires.hpp"
#include "bomb/modules/wire_panels.hpp"
#include "bomb/modules/wires.hpp"
#include "bomb/modules/word_grid.hpp"

namespace proven::bomb {

template <CatalogModule... Ms>
struct ModuleList {
  static constexpr std::size_t size = sizeof...(Ms);
  static constexpr std::array<ModuleInfo, sizeof...(Ms)> infos = {Ms::kInfo...};
  using RulesTuple = std::tuple<typename Ms::Rules...>;
  using Types = std::tuple<Ms...>;  // for std::tuple_element_t<i, Types>
};

using Catalog = ModuleList<Wires, BigButton, GlyphKeypad, ColorEcho, WordGrid, Recall, Labyrinth, Passcode, Blinker,
                           TangledWires, WirePanels, PressureVent, DialAlignment, DischargeLever>;

// Calls f.template operator()<M>() for each module M in catalog order.
template <class F, CatalogModule... Ms>
void for_each_module_in(ModuleList<Ms...>, F&& f) {
  (f.template operator()<Ms>(), ...);
}
template <class F>
void for_each_module(F&& f) {
  for_each_module_in(Catalog{}, f);
}

}  // namespace proven::bomb

#pragma once
// Whodunnit's commands beyond the contract's five (docs/whodunnit.md, "CLI"):
//
//   proven whodunnit solve FILE [--explain | --hint] [--known FACT]...
//   proven whodunnit stats --seeds A..B [--cast N] [--budget B] [--top K] [--jobs J]
//
// Both are the Game contract's optional add_commands (whodunnit/game.hpp).
#include <string>

#include <CLI/CLI.hpp>

#include "whodunnit/case.hpp"
#include "whodunnit/explain.hpp"

namespace proven::whodunnit {

// A --known fact: "3=Abigail", "3!=library", "3=room:library" (the category when a name is in
// several). UserError if it names no portrait or no name in play.
Fact parse_known(const Setup& setup, const std::string& text);

}  // namespace proven::whodunnit

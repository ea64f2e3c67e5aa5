#pragma once
// `proven whodunnit generate | solve | stats` (docs/whodunnit.md, "CLI").
#include <string>
#include <vector>

#include "cli/game_registry.hpp"
#include "whodunnit/case_json.hpp"
#include "whodunnit/explain.hpp"

namespace proven::whodunnit {

cli::GameEntry cli_entry();

// What `solve` proves from a file's data alone: the one assignment its clues determine and the
// murderer its question names. UserError (exit 2) if the file's clues or question contradict
// each other or a clue's prose does not say what its markup says, Failure (exit 1) if the clues leave the mystery undetermined or a stated claim
// (solution, answer, figures) is not what the data prove. `source` names the file in messages.
struct Proof {
  Assignment solution;
  int murderer = -1;
};
Proof reprove(const CaseFile& file, const std::string& source);

// A --known fact: "3=Abigail", "3!=library", "3=room:library" (the category when a name is in
// several). UserError if it names no portrait or no name in play.
Fact parse_known(const Setup& setup, const std::string& text);

}  // namespace proven::whodunnit

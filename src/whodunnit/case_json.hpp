#pragma once
// The case file, "proven-whodunnit/1" (docs/whodunnit.md states every field): names, not
// indices, so a person can read and edit it, and canonical JSON, so a seed is always the same
// bytes.
//
//   write_file_atomic(path, json_text(to_json(c)));
//   CaseFile file = case_from_json(read_json_file(path));   // UserError naming the place
#include <nlohmann/json.hpp>

#include "whodunnit/case.hpp"

namespace proven::whodunnit {

nlohmann::json to_json(const Case& c);

// What a file holds. The solution, the answer and the figures are claims a reader re-proves;
// a file may leave them out (then solution is empty, question.murderer -1, has_figures false).
struct CaseFile {
  Case content = {};
  bool has_figures = false;
};

// UserError for anything malformed, naming where: "clues[3].markup[0].traits: unknown category
// 'colour'". A bound on three or more trait categories is malformed (the solver's markup is on
// at most two). Whether the clues hold together is not checked here.
CaseFile case_from_json(const nlohmann::json& json);

}  // namespace proven::whodunnit

#pragma once
// What a case file promises, re-proved from its data alone (docs/whodunnit.md, "Verify"):
//
//   prose       every clue of a kind the grammar knows says in prose what its markup says
//   consistent  the setup and the clues hold together
//   determined  propagation alone fixes every identity (so exactly one assignment fits)
//   question    the question's traits fit exactly one suspect of that assignment
//   solution    a stated solution is that assignment
//   answer      a stated answer is that suspect
//   figures     stated figures are the ones recomputed from the clues
//
//   CaseCheck check = check_case(file);
//   check.problems;   // "determined: the clues fix 2 of 6 identities (ambiguity 48 remains)"
//   check.proof;      // the solution and the murderer, when the clues and question give them
#include <optional>
#include <string>
#include <vector>

#include "whodunnit/case_json.hpp"

namespace proven::whodunnit {

struct Proof {
  Assignment solution;
  int murderer = -1;
};

struct CaseProblem {
  std::string promise;  // "prose", "consistent", ...
  std::string detail;   // "clue 3's prose does not say what its markup says"
  // Whether the data contradict themselves (prose, consistent, question), as opposed to saying
  // too little (determined) or stating a claim the data do not prove.
  bool contradiction = false;
  std::string line() const { return promise + ": " + detail; }
};

struct CaseCheck {
  std::vector<CaseProblem> problems;  // in the order above; empty: every promise holds
  std::optional<Proof> proof;         // set when consistent, determined and the question names one
};

// Every prose mismatch is listed; checking stops at the first of consistent / determined /
// question that fails (the later promises need what it proves).
CaseCheck check_case(const CaseFile& file);

// check_case for `solve`: the proof, or the first problem thrown as "SOURCE: promise: detail",
// a UserError (exit 2) when the data contradict themselves, a Failure (exit 1) otherwise.
Proof reprove(const CaseFile& file, const std::string& source);

// "2 of 6 identities": how many suspects the clues fix completely.
std::string identities_fixed(const Lattice& lattice, std::span<const Clue> clues);

}  // namespace proven::whodunnit

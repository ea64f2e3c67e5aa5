#pragma once
// The case file, "proven-whodunnit-case/2" in the core envelope (core/document.hpp;
// docs/whodunnit.md states every field): names, not indices, so a person can read and edit it,
// and canonical JSON, so a seed is always the same bytes.
//
//   write_file_atomic(path, json_text(to_json(c)));          // envelope + body
//   CaseFile file = case_from_json(read_json_file(path));    // UserError naming the place
//
// The envelope holds the seed, the generator version ("2.2") and the parameters {cast, budget};
// the body the setup, the clues, the question and the claims.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/document.hpp"
#include "whodunnit/case.hpp"
#include "whodunnit/theme.hpp"

namespace proven::whodunnit {

inline constexpr std::string_view kCaseFormat = "proven-whodunnit-case/2";
inline constexpr std::string_view kCaseGame = "whodunnit";
inline constexpr std::string_view kCaseWhat = "whodunnit case";

// What generation takes: the cast (4..8), the generator's solver budget (0: its default for
// the cast) and the theme (none: the shipped country house). A generated file records the budget
// as used and any other theme whole, so the seed and params remake it.
struct CaseParams {
  int cast = 6;
  std::int64_t budget = 0;
  std::optional<Theme> theme = std::nullopt;
  std::string theme_file = {};  // generate's --theme, read into `theme` by Game::generate; never written
};

// What a file holds. The solution, the answer and the figures are claims a reader re-proves;
// a file may leave them out (then solution is empty, question.murderer -1, has_figures false).
// `seed` and `params` are the envelope's, kept equal to content.seed, content.setup.cast and
// content.solver_budget by case_file() and the readers.
struct CaseFile {
  std::string seed = {};
  CaseParams params = {};
  Case content = {};
  bool has_figures = false;
};

// A generated case as its file holds it (every claim stated).
CaseFile case_file(Case c);

// The theme the params ask for: the file --theme names (read now; UserError naming it), else the
// theme they carry; nullopt is the shipped country house.
std::optional<Theme> theme_of(const CaseParams& params);

nlohmann::json params_json(const CaseParams& params);
// UserError naming the field ("params.cast: expected a whole number from 4 to 8"); "budget" may
// be left out (0), and "theme" (the country house).
CaseParams params_from_json(const nlohmann::json& json);

// The body alone (claims the case does not state are left out: no solution, no answer, and no
// figures unless `with_figures`), and the whole file (envelope + body, every claim).
nlohmann::json case_body_json(const Case& c, bool with_figures = true);
nlohmann::json to_json(const Case& c);

// UserError for anything malformed, naming where: "clues[3].markup[0].traits: unknown category
// 'colour'". A bound on three or more trait categories is malformed (the solver's markup is on
// at most two). Whether the clues hold together is not checked here (proof.hpp).
CaseFile case_from_body(const Envelope& envelope, const nlohmann::json& body);
// The whole file: the envelope checked first (format, game, generator version: a file from
// another generator version is one line naming both), then the body.
CaseFile case_from_json(const nlohmann::json& json);

}  // namespace proven::whodunnit

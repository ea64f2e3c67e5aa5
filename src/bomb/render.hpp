#pragma once
// The manual, rendered from the accepted rules alone (docs/bomb.md, "The manual").
//
//   std::string md = proven::bomb::render_markdown(build_rule_book(7));
//
// An opening page ("manual N", "(standard)" for seed 1, the fingerprint, a reminder to check the
// bomb uses the same manual), one page per module in catalog order (how to read it, then its
// rules as sentences, lists and tables), an edgework appendix and a glossary.
#include <string>

#include "bomb/rulebook.hpp"

namespace proven::bomb {

std::string render_markdown(const RuleBook& book);

}  // namespace proven::bomb

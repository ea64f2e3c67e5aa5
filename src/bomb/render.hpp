#pragma once
// The manual, rendered from the accepted rules alone (docs/bomb.md, "The manual").
//
//   std::string md = proven::bomb::render_markdown(build_rule_book(7));
//   std::string html = proven::bomb::render_html(build_rule_book(7));
//
// An opening page ("manual N", "(standard)" for seed 1, the fingerprint, a reminder to check the
// bomb uses the same manual), one page per module in catalog order (how to read it, then its
// rules as sentences, lists and tables), an edgework appendix and a glossary. Both formats are
// written from one document (bomb/manual/document.hpp), so they always say the same thing.
#include <string>

#include "bomb/manual/document.hpp"
#include "bomb/rulebook.hpp"

namespace proven::bomb {

ManualDocument manual_document(const RuleBook& book);
std::string render_markdown(const RuleBook& book);
// One self-contained printable HTML5 page: inline CSS, pictures as inline SVG, no scripts and
// no external resources.
std::string render_html(const RuleBook& book);

}  // namespace proven::bomb

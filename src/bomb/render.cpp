#include "bomb/render.hpp"

#include <fmt/format.h>

#include "bomb/bomb.hpp"

namespace proven::bomb {
namespace {

std::string title_of(const RuleBook& book) {
  return fmt::format("proven bomb manual · manual {}{}", book.seed, book.seed == 1 ? " (standard)" : "");
}

Section opening(const RuleBook& book) {
  const std::string standard = book.seed == 1 ? " (standard)" : "";
  return {
      "opening",
      {Heading{1, title_of(book)}, Paragraph{{"Fingerprint ", strong(fingerprint(book))}},
       Paragraph{{fmt::format(
           "This is manual number {}{}. Before the timer starts, the Defuser reads the manual number and the "
           "fingerprint from the bomb's setup, and every Expert checks them against this page: a bomb dealt for "
           "another manual looks the same and follows other rules.",
           book.seed, standard)}},
       Paragraph{{"The Defuser sees the bomb and must not read this manual; the Experts read it and must not see the "
                  "bomb. Each module page below says how to read it. Lists are read from the top and stop at the first "
                  "line that is true. A wrong action is a strike; strikes make the timer run faster, and the bomb "
                  "explodes at its strike limit or when the timer runs out. Needy modules cannot be solved: keep them "
                  "quiet until every other module is."}},
       Paragraph{{"Every rule in this manual was proven before it was printed: bombs were played by following these "
                  "very pages, and each module's rules were accepted only when every one of them was defused without a "
                  "strike."}}}};
}

template <std::size_t N>
std::string joined(const std::array<std::string_view, N>& names) {
  std::string out;
  for (std::size_t i = 0; i < N; ++i) out += fmt::format("{}{}", i ? ", " : "", names[i]);
  return out;
}

Section appendix() {
  return {
      "edgework",
      {Heading{2, "Appendix: edgework"},
       BulletList{
           {{strong("Serial number"),
             ": six characters on a sticker; the last is always a digit. Letters never "
             "include I or O, so the only vowels are A, E and U."},
            {strong("Batteries"),
             ": up to four holders, each with one or two batteries. Count batteries, not holders."},
            {strong("Indicators"), ": up to three small lights with a three-letter label, each lit or unlit. Labels: " +
                                       joined(kIndicatorLabels) + "."},
            {strong("Ports"), ": up to three plates, each holding some of these ports (a plate may be empty): " +
                                  joined(kPortNames) + "."}}}}};
}

Section glossary() {
  return {
      "glossary",
      {Heading{2, "Glossary"},
       BulletList{
           {{strong("Strike"), ": a mistake, counted on the bomb. Some rules read how many strikes the bomb has now."},
            {strong("Needy module"), ": a module that wakes up by itself and must be attended to; it is never solved."},
            {strong("Tap"), ": press and let go at once. ", strong("Hold"), ": press and keep pressing."},
            {strong("Lit / unlit indicator"), ": an indicator whose light is on / off."},
            {strong("Glyphs"), " (Glyph Keypad): " + joined(GlyphKeypad::kGlyphNames) + "."},
            {strong("Fingerprint"),
             ": a short code computed from this manual's rules; the bomb shows the code of "
             "the manual it was dealt for."}}}}};
}

}  // namespace

ManualDocument manual_document(const RuleBook& book) {
  ManualDocument document{
      title_of(book),
      {opening(book)},
      fmt::format("manual {}{} · fingerprint {}", book.seed, book.seed == 1 ? " (standard)" : "", fingerprint(book))};
  std::size_t number = 0;
  for_each_module([&]<class M>() {
    ++number;
    Section page{std::string(M::kInfo.id),
                 {Heading{2, fmt::format("{}. {}{}", number, M::kInfo.name,
                                         M::kInfo.kind == ModuleKind::Needy ? " (needy)" : "")}}};
    for (Block& block : M::manual_page(book.rules_of<M>())) page.blocks.push_back(std::move(block));
    document.sections.push_back(std::move(page));
  });
  document.sections.push_back(appendix());
  document.sections.push_back(glossary());
  return document;
}

std::string render_markdown(const RuleBook& book) { return markdown_of(manual_document(book)); }

std::string render_html(const RuleBook& book) { return html_of(manual_document(book)); }

}  // namespace proven::bomb

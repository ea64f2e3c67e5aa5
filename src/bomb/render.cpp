#include "bomb/render.hpp"

#include <fmt/format.h>

#include "bomb/bomb.hpp"

namespace proven::bomb {
namespace {

std::string opening(const RuleBook& book, const std::string& print) {
  const std::string standard = book.seed == 1 ? " (standard)" : "";
  std::string md = fmt::format("# proven bomb manual · manual {}{}\n\nFingerprint **{}**\n\n", book.seed, standard, print);
  md += fmt::format(
      "This is manual number {}{}. Before the timer starts, the Defuser reads the manual number and the "
      "fingerprint from the bomb's setup, and every Expert checks them against this page: a bomb dealt for "
      "another manual looks the same and follows other rules.\n\n",
      book.seed, standard);
  md +=
      "The Defuser sees the bomb and must not read this manual; the Experts read it and must not see the "
      "bomb. Each module page below says how to read it. Lists are read from the top and stop at the first "
      "line that is true. A wrong action is a strike; strikes make the timer run faster, and the bomb "
      "explodes at its strike limit or when the timer runs out. Needy modules cannot be solved: keep them "
      "quiet until every other module is.\n\nEvery rule in this manual was proven before it was printed: "
      "bombs were played by following these very pages, and each module's rules were accepted only when "
      "every one of them was defused without a strike.\n";
  return md;
}

std::string appendix() {
  std::string md = "\n## Appendix: edgework\n\n";
  md +=
      "- **Serial number**: six characters on a sticker; the last is always a digit. Letters never include "
      "I or O, so the only vowels are A, E and U.\n"
      "- **Batteries**: up to four holders, each with one or two batteries. Count batteries, not holders.\n"
      "- **Indicators**: up to three small lights with a three-letter label, each lit or unlit. Labels: ";
  for (std::size_t i = 0; i < kIndicatorLabels.size(); ++i) md += fmt::format("{}{}", i ? ", " : "", kIndicatorLabels[i]);
  md += ".\n- **Ports**: up to three plates, each holding some of these ports (a plate may be empty): ";
  for (std::size_t i = 0; i < kPortNames.size(); ++i) md += fmt::format("{}{}", i ? ", " : "", kPortNames[i]);
  md += ".\n";
  return md;
}

std::string glossary() {
  std::string md = "\n## Glossary\n\n";
  md +=
      "- **Strike**: a mistake, counted on the bomb. Some rules read how many strikes the bomb has now.\n"
      "- **Needy module**: a module that wakes up by itself and must be attended to; it is never solved.\n"
      "- **Tap**: press and let go at once. **Hold**: press and keep pressing.\n"
      "- **Lit / unlit indicator**: an indicator whose light is on / off.\n"
      "- **Glyphs** (Glyph Keypad): ";
  for (std::size_t i = 0; i < GlyphKeypad::kGlyphNames.size(); ++i) md += fmt::format("{}{}", i ? ", " : "", GlyphKeypad::kGlyphNames[i]);
  md += ".\n- **Fingerprint**: a short code computed from this manual's rules; the bomb shows the code of the "
        "manual it was dealt for.\n";
  return md;
}

}  // namespace

std::string render_markdown(const RuleBook& book) {
  std::string md = opening(book, fingerprint(book));
  std::size_t number = 0;
  for_each_module([&]<class M>() {
    ++number;
    md += fmt::format("\n## {}. {}{}\n\n", number, M::kInfo.name, M::kInfo.kind == ModuleKind::Needy ? " (needy)" : "");
    md += M::manual_markdown(book.rules_of<M>());
  });
  md += appendix();
  md += glossary();
  return md;
}

}  // namespace proven::bomb

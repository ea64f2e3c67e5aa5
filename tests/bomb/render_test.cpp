#include "bomb/render.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/modules/blinker.hpp"
#include "core/io.hpp"

namespace proven::bomb::render_test {
namespace {

TEST(BombManual, TheOpeningPageNamesTheManualAndItsFingerprint) {
  const RuleBook standard = build_rule_book(1);
  const std::string one = render_markdown(standard);
  EXPECT_EQ(one.rfind("# proven bomb manual · manual 1 (standard)\n", 0), 0u) << one.substr(0, 100);
  EXPECT_NE(one.find("This is manual number 1 (standard)."), std::string::npos);
  EXPECT_NE(one.find("Fingerprint **" + fingerprint(standard) + "**"), std::string::npos);
  const RuleBook seven = build_rule_book(7);
  const std::string md = render_markdown(seven);
  EXPECT_EQ(md.rfind("# proven bomb manual · manual 7\n", 0), 0u);
  EXPECT_EQ(md.find("(standard)"), std::string::npos);
  EXPECT_NE(md.find(fingerprint(seven)), std::string::npos);
  EXPECT_NE(md, one);
}

// What the bomb shows is written the same way in the manual: the Blinker's dial in MHz as the
// frequency table has it, and the button the Defuser presses is the one the manual names.
TEST(BombManual, TheBlinkerSpeaksTheBombsWords) {
  const std::string md = render_markdown(build_rule_book(1));
  EXPECT_EQ(Blinker::frequency_text(1), "3.516 MHz");
  EXPECT_NE(md.find(" MHz"), std::string::npos);
  EXPECT_EQ(md.find("kHz"), std::string::npos);
  Blinker::State state{};
  state.dial = 1;
  const std::string shown = Blinker::show(state);
  EXPECT_TRUE(shown.ends_with("dial at 3.516 MHz")) << shown;
  EXPECT_NE(md.find("tune the dial to its frequency and submit."), std::string::npos);
  EXPECT_EQ(md.find("transmit"), std::string::npos) << "the bomb has no 'transmit' button";
}

TEST(BombManual, OnePagePerModuleInCatalogOrderThenTheAppendixAndGlossary) {
  const RuleBook book = build_rule_book(3);
  const std::string md = render_markdown(book);
  const std::string names = " · manual 3 · fingerprint " + fingerprint(book);  // every page heading ends so
  std::size_t at = 0;
  for (std::size_t i = 0; i < Catalog::size; ++i) {
    const ModuleInfo& info = Catalog::infos[i];
    const std::string heading =
        fmt::format("\n## {}. {}{}{}\n", i + 1, info.name, info.kind == ModuleKind::Needy ? " (needy)" : "", names);
    const auto found = md.find(heading);
    ASSERT_NE(found, std::string::npos) << heading;
    EXPECT_GT(found, at) << heading;
    at = found;
  }
  EXPECT_GT(md.find("\n## Appendix: edgework" + names + "\n"), at);
  EXPECT_GT(md.find("\n## Glossary" + names + "\n"), md.find("\n## Appendix: edgework" + names + "\n"));
  // No page heading without the manual's name: 14 modules, the appendix and the glossary.
  std::size_t headings = 0;
  for (auto h = md.find("\n## "); h != std::string::npos; h = md.find("\n## ", h + 1)) {
    ++headings;
    EXPECT_EQ(md.substr(md.find('\n', h + 1) - names.size(), names.size()), names);
  }
  EXPECT_EQ(headings, Catalog::size + 2);
}

TEST(BombManual, RendersFromTheRulesAlone) {
  const RuleBook book = build_rule_book(12);
  const RuleBook reread = rule_book_from_json(nlohmann::json::parse(json_text(to_json(book))));
  EXPECT_EQ(render_markdown(reread), render_markdown(book));
}

TEST(BombManual, WiresAndKeypadPagesSayWhatTheRulesSay) {
  RuleBook book = build_rule_book(2);
  using C = Wires::Condition;
  using T = Wires::Target;
  Wires::List& three = std::get<Wires::Rules>(book.rules).lists[0];
  three.line_count = 3;
  three.lines[0] = {1, {C{C::Kind::SerialOdd, 0, 0}, C{}}, {T::Kind::Nth, 0}};
  three.lines[1] = {2, {C{C::Kind::CountIs, 1, 0}, C{C::Kind::LastIs, 0, 0}}, {T::Kind::LastOf, 0}};
  three.lines[2] = {1, {C{C::Kind::CountAtLeast, 2, 2}, C{}}, {T::Kind::Last, 0}};
  three.otherwise = {T::Kind::Nth, 1};
  const std::string md = render_markdown(book);
  EXPECT_NE(md.find("**3 wires**\n\n"
                    "1. If the serial number's last digit is odd, cut the first wire.\n"
                    "2. If there are no blue wires and the last wire is red, cut the last red wire.\n"
                    "3. If there are at least 2 yellow wires, cut the last wire.\n"
                    "4. Otherwise, cut the second wire.\n"),
            std::string::npos);
  const auto& columns = book.rules_of<GlyphKeypad>().columns;
  std::string first_row = "|";
  for (const auto& column : columns) first_row += fmt::format(" {} |", GlyphKeypad::kGlyphNames[column[0]]);
  EXPECT_NE(md.find("|---|---|---|---|---|---|\n" + first_row + "\n"), std::string::npos) << first_row;
}

}  // namespace
}  // namespace proven::bomb::render_test

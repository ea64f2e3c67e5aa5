// The HTML manual: well-formed and self-contained, the same words as the Markdown manual, and
// every rule of the rule book's JSON on its page, pictures included (read back from the SVG).
#include <gtest/gtest.h>

#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/render.hpp"
#include "core/io.hpp"
#include "html_tree.hpp"

namespace proven::bomb::html_test {
namespace {

using testing::HtmlReader;
using testing::Node;

constexpr int kSeeds[] = {1, 2, 77, 4242, 999999};

struct Manual {
  RuleBook book;
  std::string html;
  Node root;
  nlohmann::json json;  // the rule book as data, read independently of the C++ rules

  explicit Manual(int seed)
      : book(build_rule_book(seed)), html(render_html(book)), root(HtmlReader::parse(html)), json(to_json(book)) {}

  const Node& section(std::string_view id) const {
    for (const Node* s : root.all("section"))
      if (s->attributes.at("id") == id) return *s;
    throw std::runtime_error("no section " + std::string(id));
  }
  const nlohmann::json& rules(std::string_view id) const {
    for (const auto& m : json["modules"])
      if (m["id"] == id) return m["rules"];
    throw std::runtime_error("no module " + std::string(id));
  }
};

// The pictures of one kind in a section, in order.
std::vector<const Node*> pictures(const Node& section, std::string_view kind) {
  std::vector<const Node*> out;
  for (const char* element : {"span", "figure"})
    for (const Node* n : section.all(element))
      if (n->has_class("pic-" + std::string(kind))) out.push_back(n->first("svg"));
  return out;
}
std::string title_of(const Node* svg) { return svg->first("title")->inner_text(); }

// The rows of the n-th table of a section, each as its cells' text (pictures left out).
std::vector<std::vector<std::string>> rows_of(const Node& section, std::size_t n) {
  std::vector<std::vector<std::string>> rows;
  for (const Node* tr : section.all("table").at(n)->all("tr")) {
    std::vector<std::string> cells;
    for (const Node& cell : tr->children)
      if (cell.tag == "td" || cell.tag == "th") cells.push_back(cell.inner_text(true));
    rows.push_back(cells);
  }
  return rows;
}

TEST(BombHtml, IsWellFormedSelfContainedAndTheSameFromItsJson) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const RuleBook book = build_rule_book(seed);
    const std::string html = render_html(book);
    Node root;
    ASSERT_NO_THROW(root = HtmlReader::parse(html));
    EXPECT_EQ(root.tag, "html");
    EXPECT_EQ(root.attributes.at("lang"), "en");
    ASSERT_NE(root.first("head"), nullptr);
    ASSERT_NE(root.first("body"), nullptr);
    EXPECT_NE(root.first("style"), nullptr);
    EXPECT_EQ(root.first("meta")->attributes.at("charset"), "utf-8");
    for (const std::string_view outside :
         {"<script", "src=", "href=", "url(", "@import", "<link", "<img", "<iframe", "<object"})
      EXPECT_EQ(html.find(outside), std::string::npos) << outside;
    // The only "http" is the SVG namespace name, which fetches nothing.
    constexpr std::string_view kNamespace = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";
    std::size_t http = 0;
    for (auto at = html.find("http"); at != std::string::npos; at = html.find("http", at + 1)) {
      EXPECT_EQ(html.compare(at - 12, kNamespace.size(), kNamespace), 0) << html.substr(at - 20, 60);
      ++http;
    }
    EXPECT_EQ(http, root.all("svg").size());
    EXPECT_EQ(render_html(rule_book_from_json(nlohmann::json::parse(json_text(to_json(book))))), html);
  }
}

TEST(BombHtml, OpeningPageNamesTheManualItsFingerprintAndTheSeedCheck) {
  const Manual one(1);
  EXPECT_EQ(one.root.first("title")->inner_text(), "proven bomb manual · manual 1 (standard)");
  const Node& opening = one.section("opening");
  EXPECT_EQ(opening.first("h1")->inner_text(), "proven bomb manual · manual 1 (standard)");
  EXPECT_EQ(opening.first("strong")->inner_text(), fingerprint(one.book));
  EXPECT_NE(opening.inner_text().find("This is manual number 1 (standard). Before the timer starts"),
            std::string::npos);
  const Manual seven(7);
  EXPECT_EQ(seven.section("opening").first("h1")->inner_text(), "proven bomb manual · manual 7");
  EXPECT_NE(seven.section("opening").inner_text().find("This is manual number 7. "), std::string::npos);
  EXPECT_EQ(seven.html.find("(standard)"), std::string::npos);
  EXPECT_EQ(seven.section("opening").first("strong")->inner_text(), fingerprint(seven.book));
  EXPECT_NE(fingerprint(seven.book), fingerprint(one.book));
}

TEST(BombHtml, OnePagePerModuleInCatalogOrderThenAppendixAndGlossary) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    const auto sections = manual.root.all("section");
    ASSERT_EQ(sections.size(), Catalog::size + 3);
    EXPECT_EQ(sections.front()->attributes.at("id"), "opening");
    for (std::size_t i = 0; i < Catalog::size; ++i) {
      const ModuleInfo& info = Catalog::infos[i];
      EXPECT_EQ(sections[i + 1]->attributes.at("id"), info.id);
      EXPECT_EQ(sections[i + 1]->first("h2")->inner_text(),
                fmt::format("{}. {}{}", i + 1, info.name, info.kind == ModuleKind::Needy ? " (needy)" : ""));
      EXPECT_TRUE(sections[i + 1]->has_class("page"));
    }
    EXPECT_EQ(sections[Catalog::size + 1]->first("h2")->inner_text(), "Appendix: edgework");
    EXPECT_EQ(sections[Catalog::size + 2]->first("h2")->inner_text(), "Glossary");
  }
}

// Both formats come from one document; this checks the writers drop and reorder nothing: the
// Markdown's headings, paragraphs, list items and table cells are, in order, the HTML's.
// `running_head`: the Markdown page headings end " · <running head>", which the HTML prints in each
// printed page's margin instead (BombHtml.EveryPrintedPageNamesItsManual): dropped here.
std::vector<std::string> markdown_units(const std::string& md, const std::string& running_head) {
  const auto unmark = [](std::string s) {
    for (const std::string_view mark : {"**", "`"})
      for (auto at = s.find(mark); at != std::string::npos; at = s.find(mark)) s.erase(at, mark.size());
    return s;
  };
  std::vector<std::string> units;
  std::size_t start = 0;
  bool fence = false;
  while (start < md.size()) {
    const auto end = md.find('\n', start);
    std::string line = md.substr(start, end - start);
    start = end + 1;
    if (line == "```") fence = !fence;
    if (fence || line.empty() || line == "```" || line.starts_with("|---")) continue;
    if (line.starts_with("#")) {
      std::string heading = line.substr(line.find(' ') + 1);
      if (line.starts_with("## ")) {
        EXPECT_TRUE(heading.ends_with(" · " + running_head)) << heading;
        heading.resize(heading.size() - running_head.size() - std::string(" · ").size());
      }
      units.push_back(heading);
    } else if (line.starts_with("| ")) {
      for (auto at = std::size_t{2}; at < line.size();) {
        const auto bar = line.find(" |", at);
        units.push_back(unmark(line.substr(at, bar - at)));
        at = bar + 3;
      }
    } else if (line.starts_with("- ")) {
      units.push_back(unmark(line.substr(2)));
    } else if (line.find(". ") != std::string::npos && std::isdigit(static_cast<unsigned char>(line[0])) &&
               line.find(". ") <= 2) {
      units.push_back(unmark(line.substr(line.find(". ") + 2)));
    } else if (line.find(" · ") != std::string::npos) {
      for (auto at = std::size_t{0};;) {
        const auto dot = line.find(" · ", at);
        units.push_back(line.substr(at, dot - at));
        if (dot == std::string::npos) break;
        at = dot + std::string_view(" · ").size();
      }
    } else {
      units.push_back(unmark(line));
    }
  }
  return units;
}

void html_units(const Node& node, std::vector<std::string>& units) {
  static constexpr std::string_view kUnits[] = {"h1", "h2", "h3", "p", "li", "th", "td", "figcaption"};
  for (const Node& child : node.children) {
    if (std::find(std::begin(kUnits), std::end(kUnits), child.tag) != std::end(kUnits))
      units.push_back(child.inner_text(true));
    else
      html_units(child, units);
  }
}

TEST(BombHtml, SaysWhatTheMarkdownManualSays) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    std::vector<std::string> html;
    html_units(*manual.root.first("body"), html);
    const std::vector<std::string> md = markdown_units(
        render_markdown(manual.book),
        fmt::format("manual {}{} · fingerprint {}", seed, seed == 1 ? " (standard)" : "", fingerprint(manual.book)));
    ASSERT_EQ(html.size(), md.size());
    for (std::size_t i = 0; i < md.size(); ++i) EXPECT_EQ(html[i], md[i]) << i;
  }
}

TEST(BombHtml, GlyphColumnsAreDrawnGlyphByGlyph) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    const auto& columns = manual.rules("glyph-keypad")["columns"];
    const auto glyphs = pictures(manual.section("glyph-keypad"), "glyph");
    ASSERT_EQ(glyphs.size(), columns.size() * columns[0].size());
    const auto rows = rows_of(manual.section("glyph-keypad"), 0);
    for (std::size_t row = 0; row < columns[0].size(); ++row)
      for (std::size_t c = 0; c < columns.size(); ++c) {
        const std::string name = columns[c][row];
        EXPECT_EQ(title_of(glyphs[row * columns.size() + c]), "the glyph " + name);
        EXPECT_EQ(rows[row + 1][c], name);
        const auto strokes = glyphs[row * columns.size() + c]->first("g")->children;
        EXPECT_GE(std::count_if(strokes.begin(), strokes.end(), [](const Node& n) { return !n.tag.empty(); }), 1)
            << name;
      }
  }
}

TEST(BombHtml, MazesAreDrawnWithTheirWallsAndMarkers) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    const auto& mazes = manual.rules("labyrinth")["mazes"];
    const auto drawn = pictures(manual.section("labyrinth"), "maze");
    ASSERT_EQ(drawn.size(), mazes.size());
    for (std::size_t m = 0; m < mazes.size(); ++m) {
      // Walls: every cell's closed top and right side, plus the left and bottom border.
      std::size_t walls = 2;
      for (const auto& row : mazes[m]["cells"])
        for (const auto& cell : row) {
          const std::string open = cell;
          walls += (open.find('U') == std::string::npos) + (open.find('R') == std::string::npos);
        }
      const auto groups = drawn[m]->all("g");
      ASSERT_EQ(groups.size(), 3u);  // the numbers, the grid, the walls
      EXPECT_EQ(groups[2]->all("line").size(), walls) << m;
      // Columns 1-6 along the top (same y), rows 1-6 down the left (same x), in order.
      const auto numbers = groups[0]->all("text");
      ASSERT_EQ(numbers.size(), 12u);
      for (std::size_t i = 0; i < 6; ++i) {
        EXPECT_EQ(numbers[2 * i]->inner_text(), std::to_string(i + 1));
        EXPECT_EQ(numbers[2 * i + 1]->inner_text(), std::to_string(i + 1));
        EXPECT_EQ(numbers[2 * i]->attributes.at("y"), numbers[0]->attributes.at("y"));
        EXPECT_EQ(numbers[2 * i + 1]->attributes.at("x"), numbers[1]->attributes.at("x"));
      }
      const auto rings = drawn[m]->all("circle");
      ASSERT_EQ(rings.size(), 2u);
      for (std::size_t k = 0; k < 2; ++k) {
        // Cell (column, row) has its centre at 9 + 10 * (n - 1) + 5 on each axis.
        EXPECT_EQ(rings[k]->attributes.at("cx"), std::to_string(4 + 10 * mazes[m]["markers"][k]["column"].get<int>()));
        EXPECT_EQ(rings[k]->attributes.at("cy"), std::to_string(4 + 10 * mazes[m]["markers"][k]["row"].get<int>()));
        // The numbers above and beside a ring name its cell.
        EXPECT_EQ(numbers[2 * (mazes[m]["markers"][k]["column"].get<std::size_t>() - 1)]->attributes.at("x"),
                  rings[k]->attributes.at("cx"));
      }
    }
    EXPECT_EQ(manual.section("labyrinth").all("figcaption").size(), mazes.size());
  }
}

TEST(BombHtml, DialPatternsAreDrawnLightByLightWithTheirDirections) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    const auto& patterns = manual.rules("dial-alignment")["patterns"];
    const auto lights = pictures(manual.section("dial-alignment"), "lights");
    const auto dials = pictures(manual.section("dial-alignment"), "dial");
    ASSERT_EQ(lights.size(), patterns.size());
    ASSERT_EQ(dials.size(), patterns.size());
    const auto rows = rows_of(manual.section("dial-alignment"), 0);
    for (std::size_t i = 0; i < patterns.size(); ++i) {
      const std::string top = patterns[i]["lights"][0], bottom = patterns[i]["lights"][1];
      const std::string both = top + bottom;
      const auto circles = lights[i]->all("circle");
      ASSERT_EQ(circles.size(), both.size());
      for (std::size_t l = 0; l < both.size(); ++l)
        EXPECT_EQ(circles[l]->attributes.at("r"), both[l] == 'o' ? "5" : "3") << i << " light " << l;
      EXPECT_EQ(rows[i + 1][0], top + " / " + bottom);
      const std::string direction = patterns[i]["direction"];
      EXPECT_EQ(rows[i + 1][1], direction);
      EXPECT_EQ(title_of(dials[i]), "the dial turned " + direction);
    }
  }
}

TEST(BombHtml, EveryTableRuleOfTheJsonIsOnItsPage) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    // Big Button: strip colour -> digit, each strip with its colour patch.
    const auto strips = rows_of(manual.section("big-button"), 0);
    const auto patches = pictures(manual.section("big-button"), "swatch");
    ASSERT_EQ(patches.size(), strips.size() - 1);
    for (std::size_t r = 1; r < strips.size(); ++r) {
      EXPECT_EQ(std::to_string(manual.rules("big-button")["release_digit_by_strip"][strips[r][0]].get<int>()),
                strips[r][1]);
      EXPECT_EQ(title_of(patches[r - 1]), strips[r][0]);
    }
    // Color Echo: two tables (vowel, no vowel), columns by strikes.
    for (const auto& table : manual.rules("color-echo")["tables"]) {
      const auto rows = rows_of(manual.section("color-echo"), table["serial_has_vowel"] ? 0 : 1);
      for (std::size_t r = 1; r < rows.size(); ++r)
        EXPECT_EQ(rows[r][1 + table["strikes"].get<std::size_t>()], table["press"][rows[r][0]].get<std::string>());
    }
    EXPECT_EQ(pictures(manual.section("color-echo"), "swatch").size(), 2u * 4u * 4u);
    // Word Grid: every priority list, every display word's button.
    const auto lists = rows_of(manual.section("word-grid"), 1);
    ASSERT_EQ(lists.size(), manual.rules("word-grid")["priority"].size() + 1);
    for (std::size_t r = 1; r < lists.size(); ++r) {
      std::string expected;
      for (const auto& word : manual.rules("word-grid")["priority"][lists[r][0]])
        expected += fmt::format("{}{}", expected.empty() ? "" : ", ", word.get<std::string>());
      EXPECT_EQ(lists[r][1], expected);
    }
    static const std::vector<std::string> kPositions = {"top left",     "top right",   "middle left",
                                                        "middle right", "bottom left", "bottom right"};
    const auto reads = rows_of(manual.section("word-grid"), 0);
    ASSERT_EQ(reads.size(), manual.rules("word-grid")["read_position"].size() + 1);
    for (std::size_t r = 1; r < reads.size(); ++r)
      EXPECT_EQ(reads[r][1],
                kPositions.at(manual.rules("word-grid")["read_position"][reads[r][0]].get<std::size_t>() - 1));
    // Passcode: every word, in order.
    std::vector<std::string> words;
    for (const Node* td : manual.section("passcode").all("td")) words.push_back(td->inner_text());
    EXPECT_EQ(words, manual.rules("passcode")["words"].get<std::vector<std::string>>());
    // Blinker: every letter's code (drawn too), every word's frequency.
    const auto codes = rows_of(manual.section("blinker"), 0);
    const auto flashes = pictures(manual.section("blinker"), "flashes");
    ASSERT_EQ(codes.size(), manual.rules("blinker")["code"].size() + 1);
    ASSERT_EQ(flashes.size(), codes.size() - 1);
    for (std::size_t r = 1; r < codes.size(); ++r) {
      const std::string code = manual.rules("blinker")["code"][codes[r][0]];
      EXPECT_EQ(codes[r][1], code);
      std::string spoken;
      for (char f : code) spoken += fmt::format("{}{}", spoken.empty() ? "" : " ", f == '-' ? "long" : "short");
      EXPECT_EQ(title_of(flashes[r - 1]), spoken);
      EXPECT_EQ(flashes[r - 1]->all("rect").size(),
                static_cast<std::size_t>(std::count(code.begin(), code.end(), '-')));
    }
    const auto tuned = rows_of(manual.section("blinker"), 1);
    ASSERT_EQ(tuned.size(), manual.rules("blinker")["words"].size() + 1);
    for (std::size_t w = 0; w + 1 < tuned.size(); ++w) {
      const auto& entry = manual.rules("blinker")["words"][w];
      const int khz = entry["khz"];
      EXPECT_EQ(tuned[w + 1],
                (std::vector<std::string>{entry["word"], fmt::format("{}.{:03} MHz", khz / 1000, khz % 1000)}));
    }
    // Tangled Wires: the 16 cases in order of their features.
    const auto cases = rows_of(manual.section("tangled-wires"), 0);
    const auto wires = pictures(manual.section("tangled-wires"), "wire");
    ASSERT_EQ(cases.size(), 17u);
    ASSERT_EQ(wires.size(), 16u);
    for (std::size_t f = 0; f < 16; ++f) {
      const auto& entry = manual.rules("tangled-wires")["table"][f];
      const std::string look = title_of(wires[f]);
      EXPECT_EQ(look.find(entry["star"] ? ", a star," : ", no star,") != std::string::npos, true) << look;
      EXPECT_TRUE(look.ends_with(entry["led"] ? "the LED lit" : "the LED dark")) << look;
      EXPECT_EQ(wires[f]->all("polygon").size(), (entry["red"] || entry["blue"] ? 4u : 0u) + (entry["star"] ? 1u : 0u))
          << look;
      const auto yes = [](bool b) { return std::string(b ? "yes" : "no"); };
      EXPECT_EQ(
          std::vector<std::string>(cases[f + 1].begin(), cases[f + 1].begin() + 4),
          (std::vector<std::string>{yes(entry["red"]), yes(entry["blue"]), yes(entry["star"]), yes(entry["led"])}));
      EXPECT_FALSE(cases[f + 1][4].empty());
    }
    // Wire Panels: per occurrence and colour, the letters.
    const auto panels = rows_of(manual.section("wire-panels"), 0);
    for (std::size_t c = 1; c < panels[0].size(); ++c) {
      const auto& letters = manual.rules("wire-panels")["cut_letters_by_occurrence"][panels[0][c]];
      ASSERT_EQ(panels.size(), letters.size() + 1);
      for (std::size_t i = 0; i < letters.size(); ++i) {
        std::string expected;
        for (char l : letters[i].get<std::string>()) expected += fmt::format("{}{}", expected.empty() ? "" : " or ", l);
        EXPECT_EQ(panels[i + 1][c], expected.empty() ? "never" : expected);
      }
    }
    // Pressure Vent: every prompt and its answer.
    const auto prompts = rows_of(manual.section("pressure-vent"), 0);
    ASSERT_EQ(prompts.size(), manual.rules("pressure-vent")["prompts"].size() + 1);
    for (std::size_t i = 0; i + 1 < prompts.size(); ++i) {
      const auto& entry = manual.rules("pressure-vent")["prompts"][i];
      EXPECT_EQ(prompts[i + 1], (std::vector<std::string>{entry["prompt"], entry["answer"]}));
    }
  }
}

TEST(BombHtml, ListModulesHaveOneItemPerRuleLine) {
  for (int seed : kSeeds) {
    SCOPED_TRACE(seed);
    const Manual manual(seed);
    const auto lists = manual.section("wires").all("ol");
    const auto& wires = manual.rules("wires")["lists"];
    ASSERT_EQ(lists.size(), wires.size());
    for (std::size_t l = 0; l < wires.size(); ++l) EXPECT_EQ(lists[l]->all("li").size(), wires[l]["lines"].size() + 1);
    EXPECT_EQ(manual.section("big-button").first("ol")->all("li").size(),
              manual.rules("big-button")["lines"].size() + 1);
    std::size_t stages = 0;
    for (const auto& stage : manual.rules("recall")["stages"]) stages += stage.size();
    EXPECT_EQ(manual.section("recall").all("li").size(), stages);
  }
}

// The print test (tests/browser/print_manual.py) prints a manual in Chromium and reads every page;
// here, the rule that puts the running head in every printed page's margin.
TEST(BombHtml, EveryPrintedPageNamesItsManual) {
  for (int seed : kSeeds) {
    const Manual manual(seed);
    const std::string head = fmt::format("@top-left {{ content: \"proven bomb manual {}{} · fingerprint {}\";", seed,
                                         seed == 1 ? " (standard)" : "", fingerprint(manual.book));
    const std::string style = manual.root.first("style")->inner_text();
    const auto page_rule = style.rfind("@page {");
    ASSERT_NE(page_rule, std::string::npos);
    EXPECT_NE(style.find(head, page_rule), std::string::npos) << seed;
    EXPECT_NE(style.find("counter(page) \" of \" counter(pages)", page_rule), std::string::npos);
  }
}

TEST(BombHtml, TextIsEscaped) {
  ManualDocument document{"a < b & \"c\"",
                          {Section{"x", {Heading{1, "<h1>"}, Paragraph{{"it's ", strong("a&b"), code("<tag>")}}}}},
                          "manual \"9\" \\ x"};
  const std::string html = html_of(document);
  EXPECT_NE(html.find("content: \"proven bomb manual \\\"9\\\" \\\\ x\";"), std::string::npos);  // a CSS string
  ManualDocument markup = document;
  markup.running_head = "<b>";
  EXPECT_THROW(static_cast<void>(html_of(markup)), std::logic_error);
  EXPECT_NE(html.find("<title>a &lt; b &amp; &quot;c&quot;</title>"), std::string::npos);
  EXPECT_NE(html.find("<p>it&apos;s <strong>a&amp;b</strong><code>&lt;tag&gt;</code></p>"), std::string::npos);
  const Node root = HtmlReader::parse(html);
  EXPECT_EQ(root.first("h1")->inner_text(), "<h1>");
}

}  // namespace
}  // namespace proven::bomb::html_test

#pragma once
// The manual as a small document: headings, paragraphs, lists, tables and pictures. Each module
// builds its page as blocks (`manual_page(rules)`, next to its rule lookup); render.cpp adds the
// opening page, the appendix and the glossary. The Markdown and HTML writers walk the same
// document, so the two formats cannot say different things: they differ only in how a block is
// drawn (a maze is ASCII art in Markdown and an SVG drawing in HTML).
//
//   Blocks page;
//   page.push_back(Paragraph{{"Decode it with the code (", code("."), " short flash)."}});
//   page.push_back(Table{{"letter", "code"}, {{Cell{{"A"}}, Cell{{code(".-")}, FlashesPicture{2, 2}}}}});
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace proven::bomb {

// A run of text in one style. Plain text converts implicitly, so a Text reads like a sentence.
struct Span {
  enum class Style : std::uint8_t { Plain, Strong, Code };
  std::string text;
  Style style = Style::Plain;

  Span(std::string content, Style how = Style::Plain) : text(std::move(content)), style(how) {}
  Span(const char* content) : text(content) {}
  bool operator==(const Span&) const = default;
};
using Text = std::vector<Span>;
inline Span strong(std::string text) { return {std::move(text), Span::Style::Strong}; }
inline Span code(std::string text) { return {std::move(text), Span::Style::Code}; }

// Pictures: data only; each writer draws them its own way (HTML as inline SVG).
struct MazePicture {  // a Labyrinth maze: per cell its open sides (bit 0 up, 1 right, 2 down, 3 left)
  static constexpr int kSize = 6;
  std::array<std::uint8_t, kSize * kSize> open{};
  std::array<std::uint8_t, 2> markers{};  // the two marker cells, y * 6 + x
};
struct GlyphPicture {  // one Glyph Keypad glyph, by its index in GlyphKeypad::kGlyphNames
  int glyph = 0;
};
struct LightsPicture {  // a grid of lights, bit r * columns + c lit
  std::uint32_t lit = 0;
  int rows = 0;
  int columns = 0;
};
struct SwatchPicture {  // a patch of a named colour (red, blue, green, yellow, white, black)
  std::string colour;
};
struct DialPicture {  // a dial pointing 0 up, 1 right, 2 down, 3 left
  int direction = 0;
};
struct FlashesPicture {  // a blink code: `length` flashes, bit f of `longs` set for a long one
  int length = 0;
  unsigned longs = 0;
};
struct TangledWirePicture {  // a Tangled Wires wire: its stripes, the star below, the LED above
  bool red = false;
  bool blue = false;
  bool star = false;
  bool led = false;
};
using Picture = std::variant<MazePicture, GlyphPicture, LightsPicture, SwatchPicture, DialPicture, FlashesPicture,
                             TangledWirePicture>;

// Blocks. In Markdown every block ends its last line and blocks are separated by a blank line.
struct Heading {  // level 1: the manual's title; level 2: a page
  int level = 2;
  std::string text;
};
struct Subheading {  // a heading inside a page ("3 wires", "Stage 2")
  std::string text;
};
struct Paragraph {
  Text text;
};
struct OrderedList {
  std::vector<Text> items;
};
struct BulletList {
  std::vector<Text> items;
};
// A table cell: its text, and a picture of the same thing that HTML draws beside the text.
struct Cell {
  Text text;
  std::optional<Picture> picture;

  Cell(Text words) : text(std::move(words)) {}  // implicit: a cell is mostly just text
  Cell(Text words, Picture drawing) : text(std::move(words)), picture(std::move(drawing)) {}
};
struct Table {
  std::vector<std::string> header;
  std::vector<std::vector<Cell>> rows;
};
struct WordRows {  // a list of words set out `per_row` to a line
  std::vector<std::string> words;
  std::size_t per_row = 6;
};
struct Figure {  // a picture on its own (a maze)
  Picture picture;
};
using Block = std::variant<Heading, Subheading, Paragraph, OrderedList, BulletList, Table, WordRows, Figure>;
using Blocks = std::vector<Block>;

// A printed page: the opening, one per module, the appendix, the glossary.
struct Section {
  std::string id;  // HTML anchor: "opening", a module's id, "edgework", "glossary"
  Blocks blocks;
};
struct ManualDocument {
  std::string title;  // "proven bomb manual · manual 7"
  std::vector<Section> sections;
  // Names the manual on every printed page (HTML: a running header) and in every Markdown page
  // heading, so a loose sheet is never read against the wrong bomb: "manual 7 · fingerprint 7AEE-36C5".
  std::string running_head;
};

std::string markdown_of(const ManualDocument& document);
std::string html_of(const ManualDocument& document);

}  // namespace proven::bomb

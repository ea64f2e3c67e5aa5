// The manual document as one self-contained HTML5 page: inline CSS (with print rules: each page
// section starts a printed page, and every printed page has a running head naming the manual and
// its fingerprint), pictures as inline SVG, no scripts and no external resources.
// The markup is also well-formed XML (every element closed, void elements self-closed), so an
// XML parser can check it.
#include <fmt/format.h>

#include "bomb/manual/document.hpp"
#include "bomb/manual/pictures.hpp"
#include "core/check.hpp"
#include "core/svg.hpp"

namespace proven::bomb {
namespace {

constexpr std::string_view kStyle = R"(
:root { color: #111; background: #fff; }
body { font-family: "DejaVu Sans", Verdana, Arial, Helvetica, sans-serif; font-size: 11pt; line-height: 1.4;
       max-width: 46em; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 20pt; margin: 0 0 0.6em; }
h2 { font-size: 16pt; border-bottom: 2px solid #111; padding-bottom: 0.15em; margin: 0 0 0.7em; }
h3 { font-size: 12pt; margin: 1em 0 0.4em; }
code { font-family: "DejaVu Sans Mono", "Courier New", Courier, monospace; font-size: 0.95em; }
section.page { margin-bottom: 3em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #666; padding: 0.2em 0.55em; text-align: left; vertical-align: middle; }
th { background: #eee; }
/* Blinker's two tables fit side by side. */
section#blinker table { display: inline-table; vertical-align: top; margin-right: 2em; }
table.words td { border: none; padding: 0.15em 1.2em 0.15em 0; font-weight: bold; letter-spacing: 0.05em; }
ol, ul { margin: 0.3em 0 0.8em; padding-left: 1.8em; }
li { margin: 0.15em 0; }
figure { display: inline-block; margin: 0 1.2em 1em 0; text-align: center; break-inside: avoid; page-break-inside: avoid; }
figcaption { font-weight: bold; margin-bottom: 0.2em; }
.pic svg { display: inline-block; vertical-align: middle; }
.pic-maze svg { width: 50mm; height: 50mm; }
.pic-glyph svg { width: 14mm; height: 14mm; display: block; margin: 0 auto 0.1em; }
td.has-glyph { text-align: center; font-size: 9pt; }
.pic-lights svg { width: 30mm; height: 10mm; margin-right: 0.6em; }
.pic-swatch svg { width: 6mm; height: 4mm; margin-right: 0.4em; }
.pic-dial svg { width: 9mm; height: 9mm; margin-right: 0.4em; }
.pic-flashes svg { height: 3mm; width: auto; margin-right: 0.6em; }
.pic-wire svg { width: 4.5mm; height: 12mm; margin-right: 0.8em; }
@page { size: A4; margin: 16mm 15mm 18mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 10.5pt; }
  section.page { margin: 0; break-before: page; page-break-before: always; }
  section.page:first-of-type { break-before: auto; page-break-before: auto; }
  h2, h3, figcaption { break-after: avoid; page-break-after: avoid; }
  th { background: none; }
}
)";

// Every printed page names its manual in its top margin, and says where it is in the manual.
std::string running_head_css(std::string_view head) {
  // Raw text inside <style>, which must read the same as HTML and as XML: no markup characters.
  PROVEN_CHECK(head.find_first_of("<>&") == std::string_view::npos, "a running head is plain text");
  std::string quoted;  // a CSS string: only a quote or a backslash needs escaping
  for (const char c : head) {
    if (c == '"' || c == '\\') quoted += '\\';
    quoted += c;
  }
  return fmt::format(
      "@page {{\n  @top-left {{ content: \"proven bomb {}\"; font: 8.5pt sans-serif; color: #444; }}\n"
      "  @top-right {{ content: \"page \" counter(page) \" of \" counter(pages); font: 8.5pt sans-serif; "
      "color: #444; }}\n}}\n",
      quoted);
}

std::string text_html(const Text& text) {
  std::string html;
  for (const Span& span : text) {
    switch (span.style) {
      case Span::Style::Plain:
        html += xml_escape(span.text);
        break;
      case Span::Style::Strong:
        html += "<strong>" + xml_escape(span.text) + "</strong>";
        break;
      case Span::Style::Code:
        html += "<code>" + xml_escape(span.text) + "</code>";
        break;
    }
  }
  return html;
}

std::string picture_html(const Picture& picture, std::string_view element) {
  std::string svg = picture_svg(picture);
  if (svg.ends_with('\n')) svg.pop_back();  // no stray space between a picture and its text
  return fmt::format("<{0} class=\"pic pic-{1}\">{2}</{0}>", element, picture_kind(picture), svg);
}

std::string cell_html(const Cell& cell) {
  const bool glyph = cell.picture && std::holds_alternative<GlyphPicture>(*cell.picture);
  std::string html = glyph ? "<td class=\"has-glyph\">" : "<td>";
  if (cell.picture) html += picture_html(*cell.picture, "span");
  return html + text_html(cell.text) + "</td>";
}

std::string list_html(std::string_view tag, const std::vector<Text>& items) {
  std::string html = fmt::format("<{}>\n", tag);
  for (const Text& item : items) html += "<li>" + text_html(item) + "</li>\n";
  return html + fmt::format("</{}>\n", tag);
}

struct BlockWriter {
  std::string operator()(const Heading& h) const {
    return fmt::format("<h{0}>{1}</h{0}>\n", h.level, xml_escape(h.text));
  }
  std::string operator()(const Subheading& s) const { return "<h3>" + xml_escape(s.text) + "</h3>\n"; }
  std::string operator()(const Paragraph& p) const { return "<p>" + text_html(p.text) + "</p>\n"; }
  std::string operator()(const OrderedList& list) const { return list_html("ol", list.items); }
  std::string operator()(const BulletList& list) const { return list_html("ul", list.items); }
  std::string operator()(const Table& table) const {
    std::string html = "<table>\n<thead><tr>";
    for (const auto& h : table.header) html += "<th>" + xml_escape(h) + "</th>";
    html += "</tr></thead>\n<tbody>\n";
    for (const auto& row : table.rows) {
      html += "<tr>";
      for (const Cell& cell : row) html += cell_html(cell);
      html += "</tr>\n";
    }
    return html + "</tbody>\n</table>\n";
  }
  std::string operator()(const WordRows& rows) const {
    std::string html = "<table class=\"words\">\n<tbody>\n";
    for (std::size_t i = 0; i < rows.words.size(); ++i) {
      if (i % rows.per_row == 0) html += "<tr>";
      html += "<td>" + xml_escape(rows.words[i]) + "</td>";
      if (i % rows.per_row == rows.per_row - 1 || i + 1 == rows.words.size()) html += "</tr>\n";
    }
    return html + "</tbody>\n</table>\n";
  }
  std::string operator()(const Figure& figure) const { return picture_html(figure.picture, "figure"); }
};

// A subheading directly above a figure becomes the figure's caption, so a page of mazes sets
// them side by side, each under its name.
std::string section_html(const Section& section) {
  std::string html = fmt::format("<section class=\"page\" id=\"{}\">\n", xml_escape(section.id));
  for (std::size_t i = 0; i < section.blocks.size(); ++i) {
    const auto* caption = std::get_if<Subheading>(&section.blocks[i]);
    const auto* figure = i + 1 < section.blocks.size() ? std::get_if<Figure>(&section.blocks[i + 1]) : nullptr;
    if (caption && figure) {
      html += fmt::format("<figure class=\"pic pic-{}\"><figcaption>{}</figcaption>\n{}</figure>\n",
                          picture_kind(figure->picture), xml_escape(caption->text), picture_svg(figure->picture));
      ++i;
      continue;
    }
    html += std::visit(BlockWriter{}, section.blocks[i]);
  }
  return html + "</section>\n";
}

}  // namespace

std::string html_of(const ManualDocument& document) {
  std::string html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n";
  html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n";
  html += "<title>" + xml_escape(document.title) + "</title>\n<style>" + std::string(kStyle) +
          running_head_css(document.running_head) + "</style>\n</head>\n<body>\n";
  for (const Section& section : document.sections) html += section_html(section);
  return html + "</body>\n</html>\n";
}

}  // namespace proven::bomb

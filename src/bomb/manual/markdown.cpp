// The manual document as Markdown: every block ends its last line, blocks are separated by one
// blank line. Pictures in table cells are left to the cell's text; a maze figure is ASCII art.
#include <fmt/format.h>

#include "bomb/manual/document.hpp"
#include "core/check.hpp"

namespace proven::bomb {
namespace {

std::string text_md(const Text& text) {
  std::string md;
  for (const Span& span : text) {
    switch (span.style) {
      case Span::Style::Plain:
        md += span.text;
        break;
      case Span::Style::Strong:
        md += fmt::format("**{}**", span.text);
        break;
      case Span::Style::Code:
        md += fmt::format("`{}`", span.text);
        break;
    }
  }
  return md;
}

// Walls drawn with + - |; a marker cell shows O. Column numbers run above, row numbers down the
// left, so a cell the bomb names as (column,row) is found without counting.
std::string maze_md(const MazePicture& maze) {
  constexpr int n = MazePicture::kSize;
  std::string md = "```\n    ";
  for (int x = 0; x < n; ++x) md += fmt::format(" {}  ", x + 1);
  while (md.back() == ' ') md.pop_back();
  md += "\n";
  for (int y = 0; y < n; ++y) {
    std::string top = "   +";
    std::string mid = fmt::format("{:>2} |", y + 1);
    for (int x = 0; x < n; ++x) {
      const int cell = y * n + x;
      const std::uint8_t open = maze.open[static_cast<std::size_t>(cell)];
      const bool marker = maze.markers[0] == cell || maze.markers[1] == cell;
      top += (open & 1U) ? "   +" : "---+";
      mid += marker ? " O " : "   ";
      mid += (open & 2U) ? " " : "|";
    }
    md += top + "\n" + mid + "\n";
  }
  md += "   +";
  for (int x = 0; x < n; ++x) md += "---+";
  return md + "\n```\n";
}

std::string block_md(const Block& block) {
  struct Writer {
    std::string operator()(const Heading& h) const {
      return fmt::format("{} {}\n", std::string(static_cast<std::size_t>(h.level), '#'), h.text);
    }
    std::string operator()(const Subheading& s) const { return fmt::format("**{}**\n", s.text); }
    std::string operator()(const Paragraph& p) const { return text_md(p.text) + "\n"; }
    std::string operator()(const OrderedList& list) const {
      std::string md;
      for (std::size_t i = 0; i < list.items.size(); ++i) md += fmt::format("{}. {}\n", i + 1, text_md(list.items[i]));
      return md;
    }
    std::string operator()(const BulletList& list) const {
      std::string md;
      for (const Text& item : list.items) md += fmt::format("- {}\n", text_md(item));
      return md;
    }
    std::string operator()(const Table& table) const {
      std::string md = "|";
      for (const auto& h : table.header) md += fmt::format(" {} |", h);
      md += "\n|";
      for (std::size_t i = 0; i < table.header.size(); ++i) md += "---|";
      md += "\n";
      for (const auto& row : table.rows) {
        PROVEN_CHECK(row.size() == table.header.size(), "a table row has as many cells as the header");
        md += "|";
        for (const Cell& cell : row) md += fmt::format(" {} |", text_md(cell.text));
        md += "\n";
      }
      return md;
    }
    std::string operator()(const WordRows& rows) const {
      std::string md;
      for (std::size_t i = 0; i < rows.words.size(); ++i) {
        if (i) md += i % rows.per_row == 0 ? "\n" : " · ";
        md += rows.words[i];
      }
      return md + "\n";
    }
    std::string operator()(const Figure& figure) const {
      const auto* maze = std::get_if<MazePicture>(&figure.picture);
      PROVEN_CHECK(maze != nullptr, "only a maze stands alone as a figure so far");
      return maze_md(*maze);
    }
  };
  return std::visit(Writer{}, block);
}

}  // namespace

std::string markdown_of(const ManualDocument& document) {
  std::string md;
  bool first = true;
  for (const Section& section : document.sections)
    for (const Block& block : section.blocks) {
      if (!first) md += "\n";
      first = false;
      // A page's heading names the manual: a page read alone (or pasted elsewhere) still says which.
      const auto* heading = std::get_if<Heading>(&block);
      md += heading && heading->level == 2
                ? block_md(Heading{2, fmt::format("{} · {}", heading->text, document.running_head)})
                : block_md(block);
    }
  return md;
}

}  // namespace proven::bomb

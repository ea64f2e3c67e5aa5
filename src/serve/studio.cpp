#include "serve/studio.hpp"

#include <algorithm>
#include <array>
#include <map>

#include <fmt/format.h>

#include "core/svg.hpp"
#include "serve/pages.hpp"

namespace proven::serve {
namespace {

constexpr std::array<const char*, 8> kPalette = {"#7fb4ff", "#ffb86b", "#5fd38a", "#ff7a7a",
                                                 "#c792ea", "#ffd60a", "#40e0ff", "#a3a3ad"};

// One dot of a plot: its value, the page it links to, its tooltip, and its group (a chapter:
// groups are marked by a dashed line where they change and alternate colours).
struct Dot {
  double value = 0;
  std::string url, tip;
  int group = 0;
};

// A figure across a campaign or a sample of seeds, a dot per item linked to its page, so a
// designer sees the curve a player climbs (or how alike the seeds come out).
std::string dot_plot(const char* field, const std::vector<Dot>& dots, const std::string& caption, bool mark_groups) {
  const double width = 1040, height = 220, left = 44, top = 16, bottom = 30;
  double most = 0;
  for (const Dot& dot : dots) most = std::max(most, dot.value);
  if (most <= 0) return {};
  most = std::ceil(most);
  const double plot_w = width - left - 10, plot_h = height - top - bottom;
  const double step = plot_w / static_cast<double>(std::max<std::size_t>(dots.size(), 1));
  Svg svg(width, height);
  svg.open_group(fmt::format(R"(class="plot" data-plot="{}")", field));
  svg.rect(0, 0, width, height, R"(fill="#121419")");
  constexpr auto kAxis = R"(font-family="sans-serif" font-size="11" fill="#9a9aa6")";
  for (int tick = 0; tick <= 4; ++tick) {
    const double value = most * tick / 4, y = top + plot_h * (1 - value / most);
    svg.line(left, y, width - 10, y, R"(stroke="#23262e")");
    svg.text(4, y + 4, fmt::format("{:g}", std::round(value * 10) / 10), kAxis);
  }
  svg.text(left, height - 8, caption, kAxis);
  int group = -1;
  for (std::size_t i = 0; i < dots.size(); ++i) {
    const Dot& dot = dots[i];
    const double x = left + step * (static_cast<double>(i) + 0.5);
    if (mark_groups && dot.group != group) {
      group = dot.group;
      svg.line(x - step / 2, top, x - step / 2, top + plot_h, R"(stroke="#3a3e48" stroke-dasharray="3 3")");
      svg.text(x - step / 2 + 2, top + 10, fmt::format("{}", group), kAxis);
    }
    svg.open_group(fmt::format(R"(class="point" data-level="{}")", i + 1));
    svg.title(dot.tip);
    svg.circle(x, top + plot_h * (1 - dot.value / most), std::clamp(step * 0.45, 1.5, 4.0),
               fmt::format(R"(fill="{}" onclick="location='{}'" style="cursor:pointer")",
                           kPalette[static_cast<std::size_t>(std::max(dot.group, 0)) % 2 == 0 ? 0 : 1], dot.url));
    svg.close_group();
  }
  svg.close_group();
  return svg.str(false);
}

// One figure per item across the pack (`values`: par, difficulty), chapters marked.
std::string curve_svg(const WebGame& game, const PackEntry& pack, const std::vector<ItemFacts>& facts,
                      const std::vector<double>& values, const char* field, const std::string& label) {
  std::vector<Dot> dots;
  for (std::size_t i = 0; i < facts.size(); ++i)
    dots.push_back(
        {.value = values[i],
         .url = fmt::format("/{}/{}/{}", game.name, url_encode(pack.name), i + 1),
         .tip = fmt::format("{} {}: {} {:g} (chapter {})", game.item_word, i + 1, label, values[i], facts[i].chapter),
         .group = facts[i].chapter});
  return dot_plot(field, dots, fmt::format("{} per {} ({} {}s)", label, game.item_word, facts.size(), game.item_word),
                  true);
}

// Per chapter (or seed: `labels`, one per tally), a bar of every candidate tried: accepted, then
// each reason for turning one down, as shares of the tries, with the counts in the tooltips.
std::string tally_svg(const std::vector<PartTally>& parts) {
  std::vector<std::string> reasons;  // in first-seen order: the same colours in every chapter
  for (const PartTally& part : parts)
    for (const auto& row : part.tally["rejected"])
      if (std::ranges::find(reasons, row["reason"].get<std::string>()) == reasons.end())
        reasons.push_back(row["reason"].get<std::string>());
  const double row_h = 22, left = 90, width = 1040, bar_w = width - left - 10;
  const double legend_h = 20.0 * static_cast<double>((reasons.size() + 2) / 3 + 1);
  const double height = row_h * static_cast<double>(parts.size()) + legend_h + 16;
  Svg svg(width, height);
  svg.open_group(R"(class="plot" data-plot="tally")");
  svg.rect(0, 0, width, height, R"(fill="#121419")");
  constexpr auto kText = R"(font-family="sans-serif" font-size="11" fill="#c8c8d0")";
  // Green is "accepted"; reasons take the other colours, then repeat them.
  constexpr std::array<const char*, 10> kReasons = {"#ff7a7a", "#40e0ff", "#c792ea", "#ffb86b", "#7fb4ff",
                                                    "#ffd60a", "#a3a3ad", "#ff3bd4", "#b5651d", "#e8e8f0"};
  const auto colour = [&](std::size_t reason) { return kReasons[reason % kReasons.size()]; };
  for (std::size_t c = 0; c < parts.size(); ++c) {
    const nlohmann::json& tally = parts[c].tally;
    const double tries = std::max(1.0, tally.value("tries", 0.0)), y = 8 + row_h * static_cast<double>(c);
    const std::string& name = parts[c].label;
    svg.text(6, y + 14, name, kText);
    double x = left;
    const double accepted = tally.value("accepted", 0.0);
    svg.open_group("").title(fmt::format("{}: {:g} accepted of {:g} tried", name, accepted, tries));
    svg.rect(x, y, bar_w * accepted / tries, row_h - 6, R"(fill="#5fd38a")");
    svg.close_group();
    x += bar_w * accepted / tries;
    for (const auto& row : tally["rejected"]) {
      const double count = row["count"].get<double>();
      if (count <= 0) continue;
      const auto reason =
          static_cast<std::size_t>(std::ranges::find(reasons, row["reason"].get<std::string>()) - reasons.begin());
      svg.open_group("").title(fmt::format("{}: {:g} turned down: {}", name, count, row["reason"].get<std::string>()));
      svg.rect(x, y, bar_w * count / tries, row_h - 6, fmt::format(R"(fill="{}")", colour(reason)));
      svg.close_group();
      x += bar_w * count / tries;
    }
  }
  double ly = 8 + row_h * static_cast<double>(parts.size()) + 8;
  svg.rect(left, ly, 10, 10, R"(fill="#5fd38a")").text(left + 14, ly + 9, "accepted", kText);
  for (std::size_t r = 0; r < reasons.size(); ++r) {
    const std::size_t slot = r + 1;
    const double lx = left + static_cast<double>(slot % 3) * 320, y = ly + 20.0 * static_cast<double>(slot / 3);
    svg.rect(lx, y, 10, 10, fmt::format(R"(fill="{}")", colour(r))).text(lx + 14, y + 9, reasons[r], kText);
  }
  svg.close_group();
  return svg.str(false);
}

}  // namespace

std::string studio_index_page(const Layout& layout, const Catalog& catalog) {
  std::string main =
      "<h1>Studio</h1>\n<p>A designer's view of what the generators made: the curve a campaign climbs, what "
      "was turned down making it, and the figures of a sample of seeds.</p>\n<ul class=\"games\">\n";
  for (const WebGame& game : catalog.games()) {
    if (game.listed && !catalog.packs(game.name).empty())
      main += fmt::format("<li><a href=\"/studio/{}\"><b>{}</b></a>: par and difficulty across each pack</li>\n",
                          game.name, xml_escape(game.display_name));
    else if (game.figured)
      main += fmt::format("<li><a href=\"/studio/{}\"><b>{}</b></a>: the figures of a sample of seeds</li>\n",
                          game.name, xml_escape(game.display_name));
  }
  main += "</ul>\n";
  return layout.page("Studio", "", main);
}

std::string studio_page(const Layout& layout, const WebGame& game, const PackEntry& pack,
                        const std::vector<const PackEntry*>& others) {
  const WebDocument& doc = *pack.document;
  std::string main = fmt::format(
      "<h1>Studio · {} · {}</h1>\n<p>Seed '{}' ({}). <a href=\"/download/{}/{}.json\">"
      "Download the pack</a>. Other packs:",
      xml_escape(game.display_name), xml_escape(pack.name), xml_escape(doc.seed()), xml_escape(pack.origin), game.name,
      url_encode(pack.name));
  for (const PackEntry* other : others)
    if (other != &pack)
      main += fmt::format(" <a href=\"/studio/{}?pack={}\">{}</a>", game.name, url_encode(other->name),
                          xml_escape(other->name));
  main += "</p>\n";
  if (!game.listed) {
    main += fmt::format("<p>The studio plots packs whose {}s have chapters and par; {} has none.</p>\n", game.item_word,
                        xml_escape(game.display_name));
    return layout.page(fmt::format("Studio {} {}", game.name, pack.name), "", main);
  }
  std::vector<ItemFacts> facts;
  for (std::size_t i = 0; i < doc.item_count(); ++i) facts.push_back(doc.item_facts(i));
  const bool any_difficulty = std::ranges::any_of(facts, [](const ItemFacts& f) { return f.difficulty.has_value(); });
  const std::string difficulty_name = facts.empty() ? std::string() : facts.front().difficulty_name;
  std::vector<double> par, difficulty;  // an item without the figure plots 0
  for (const ItemFacts& f : facts) {
    par.push_back(f.par.value_or(0));
    difficulty.push_back(f.difficulty.value_or(0.0));
  }
  main += "<h2>Par across the campaign</h2>\n" + curve_svg(game, pack, facts, par, "par", "par");
  if (any_difficulty)
    main += fmt::format("<h2>Difficulty in {}</h2>\n", xml_escape(difficulty_name)) +
            curve_svg(game, pack, facts, difficulty, "bits", difficulty_name);
  if (const std::vector<PartTally> tallies = doc.tallies(); !tallies.empty())
    main += "<h2>What the generator turned down, per chapter</h2>\n" + tally_svg(tallies);
  main += fmt::format(
      "<h2>{}s</h2>\n<table class=\"studio\"><tr><th>{}</th><th>chapter</th><th>par</th><th>{}</th>"
      "<th>picture</th></tr>\n",
      xml_escape(game.item_word), xml_escape(game.item_word), any_difficulty ? xml_escape(difficulty_name) : "");
  for (std::size_t i = 0; i < facts.size(); ++i) {
    const ItemFacts& f = facts[i];
    main += fmt::format(
        "<tr><td><a href=\"/{0}/{1}/{2}\">{2}</a></td><td>{3}</td><td>{4}</td><td>{5}</td>"
        "<td><a href=\"/svg?game={0}&amp;pack={1}&amp;item={2}\" download=\"{0}-{6}-{2}.svg\">SVG</a></td></tr>\n",
        game.name, url_encode(pack.name), i + 1, f.chapter, f.par ? std::to_string(*f.par) : std::string("-"),
        f.difficulty ? fmt::format("{:.2f}", *f.difficulty) : std::string("-"), url_encode(pack.name));
  }
  main += "</table>\n";
  return layout.page(fmt::format("Studio {} {}", game.name, pack.name), "", main);
}

std::string sample_studio_page(
    const Layout& layout, const WebGame& game, const std::string& seeds_text, const std::string& query,
    const std::vector<std::pair<std::string, std::shared_ptr<const WebDocument>>>& documents) {
  const auto page_of = [&](const std::string& seed) {
    return fmt::format("/{}?seed={}{}{}", game.name, url_encode(seed), query.empty() ? "" : "&", query);
  };
  std::vector<std::vector<Figure>> figures;
  for (const auto& [seed, doc] : documents) figures.push_back(doc->figures());
  std::string main = fmt::format(
      "<h1>Studio · {} · seeds {}{}{}</h1>\n<p class=\"facts\">Each seed generated on request and proven, as "
      "<code>proven {} generate</code> makes it. Another sample: <code>/studio/{}?seeds=A..B{}{}</code> "
      "(at most {} seeds).</p>\n",
      xml_escape(game.display_name), xml_escape(seeds_text), query.empty() ? "" : ", ", xml_escape(query), game.name,
      game.name, query.empty() ? "" : "&amp;", xml_escape(query), kMaxSampleSeeds);
  // The figures the first document has, in its order; a document without one plots 0.
  std::vector<std::string> names;
  if (!figures.empty())
    for (const Figure& figure : figures.front()) names.push_back(figure.name);
  const auto value_of = [&](std::size_t doc, const std::string& name) -> std::optional<double> {
    const auto it = std::ranges::find(figures[doc], name, &Figure::name);
    return it == figures[doc].end() ? std::nullopt : std::optional<double>(it->value);
  };
  for (std::size_t f = 0; f < names.size(); ++f) {
    std::vector<Dot> dots;
    for (std::size_t i = 0; i < documents.size(); ++i) {
      const double value = value_of(i, names[f]).value_or(0.0);
      dots.push_back({.value = value,
                      .url = page_of(documents[i].first),
                      .tip = fmt::format("seed {}: {} {:g}", documents[i].first, names[f], value),
                      .group = 0});
    }
    const std::string field = fmt::format("fact-{}", f + 1);
    main += fmt::format("<h2>{} per seed</h2>\n", xml_escape(names[f])) +
            dot_plot(field.c_str(), dots, fmt::format("{} per seed ({} seeds)", names[f], documents.size()), false);
  }
  std::vector<PartTally> tallies;
  for (const auto& [seed, doc] : documents)
    if (doc->generation_tally().is_object())
      tallies.push_back({.label = "seed " + seed, .tally = doc->generation_tally()});
  if (!tallies.empty()) main += "<h2>What the generator turned down, per seed</h2>\n" + tally_svg(tallies);
  main += "<h2>Seeds</h2>\n<table class=\"studio\"><tr><th>seed</th>";
  for (const std::string& name : names) main += "<th>" + xml_escape(name) + "</th>";
  main += "<th>designer</th></tr>\n";
  for (std::size_t i = 0; i < documents.size(); ++i) {
    const std::string url = page_of(documents[i].first);
    main += fmt::format("<tr><td><a href=\"{}\">{}</a></td>", xml_escape(url), xml_escape(documents[i].first));
    for (const std::string& name : names) {
      const std::optional<double> value = value_of(i, name);
      main += "<td>" + (value ? fmt::format("{:g}", *value) : std::string("-")) + "</td>";
    }
    main +=
        game.inspectable ? fmt::format("<td><a href=\"{}&amp;grid=1\">grid</a></td>", xml_escape(url)) : "<td></td>";
    main += "</tr>\n";
  }
  main += "</table>\n";
  return layout.page(fmt::format("Studio {} seeds {}", game.name, seeds_text), "", main);
}

std::string designer_page(const Layout& layout, const WebGame& game, const std::string& title,
                          const std::string& base_url, const std::string& play_url, const Inspection& view,
                          const std::vector<std::size_t>& off) {
  // The link that shows the view with exactly `switched_off` off (1-based in the URL).
  const auto with_off = [&](const std::vector<std::size_t>& switched_off) {
    std::string list;
    for (const std::size_t i : switched_off) {
      if (!list.empty()) list += ',';
      list += std::to_string(i + 1);
    }
    return list.empty() ? base_url : base_url + "&off=" + list;
  };
  std::vector<std::size_t> every;
  for (std::size_t i = 0; i < view.switches.size(); ++i) every.push_back(i);
  std::string main = fmt::format(
      "<h1>Designer grid · {} · {}</h1>\n<p class=\"facts\">{} "
      "<a href=\"{}\">Play this {}</a> · <a href=\"{}\">all on</a> · <a href=\"{}\">all off</a></p>\n"
      "<p id=\"verdict\" class=\"status\">{}</p>\n<div class=\"designer\"><ol class=\"switches\">\n",
      xml_escape(game.display_name), xml_escape(title), xml_escape(view.legend), xml_escape(play_url), game.item_word,
      xml_escape(base_url), xml_escape(with_off(every)), xml_escape(view.summary));
  for (std::size_t i = 0; i < view.switches.size(); ++i) {
    const InspectionSwitch& item = view.switches[i];
    std::vector<std::size_t> toggled;
    for (const std::size_t j : every)
      if ((std::ranges::find(off, j) != off.end()) != (j == i)) toggled.push_back(j);
    main += fmt::format(
        "<li class=\"switch {}\" data-switch=\"{}\"><a href=\"{}\">{} {}</a> {}<br><small>{}</small></li>\n",
        item.on ? "on" : "off", i + 1, xml_escape(with_off(toggled)), item.on ? "\u2611" : "\u2610",
        xml_escape(item.label), xml_escape(item.text), xml_escape(item.note));
  }
  main += "</ol>\n<div class=\"grid\">" + view.svg + "</div></div>\n";
  return layout.page(fmt::format("Designer grid {} {}", game.name, title), "", main);
}

}  // namespace proven::serve

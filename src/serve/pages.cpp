#include "serve/pages.hpp"

#include <fmt/format.h>

#include "core/svg.hpp"

namespace proven::serve {

Layout site_layout(const Catalog& catalog) {
  std::vector<NavLink> links;
  for (const WebGame& game : catalog.games())
    if (!game.demonstration) links.push_back({"/" + game.name, game.display_name});
  links.push_back({"/studio", "Studio"});
  return Layout(std::move(links));
}

std::string index_page(const Layout& layout, const Catalog& catalog) {
  std::string main =
      "<h1>proven</h1><p>Puzzles proven before anyone plays them. Every level, case and manual "
      "here was checked by its game's prover; the page sends your moves to the same engine, "
      "which is the only judge.</p>\n<ul class=\"games\">\n";
  for (const WebGame& game : catalog.games()) {
    if (game.demonstration) continue;
    main += fmt::format("<li><a href=\"/{}\"><b>{}</b></a>: {}</li>\n", game.name, xml_escape(game.display_name),
                        xml_escape(game.summary));
  }
  main += "</ul>\n";
  return layout.page("proven", "", main);
}

std::string game_page(const Layout& layout, const Catalog& catalog, const WebGame& game,
                      const std::string& extension_html) {
  std::string main = fmt::format("<h1>{}</h1><p>{}</p>\n", xml_escape(game.display_name), xml_escape(game.summary));
  if (game.on_request && !game.on_request->form_button.empty()) {
    // A document from any seed, with the options the game takes on request and their bounds.
    main += fmt::format(
        "<form action=\"/{}\" method=\"get\" class=\"pick\"><label>{} <input name=\"seed\" value=\"1\" "
        "size=\"8\"></label>",
        game.name, xml_escape(game.on_request->seed_label));
    for (const RequestOption& option : game.on_request->options) {
      main += fmt::format(" <label>with <select name=\"{}\">", xml_escape(option.name));
      for (int value = option.min; value <= option.max; ++value)
        main += fmt::format("<option{}>{}</option>", value == option.initial ? " selected" : "", value);
      main += fmt::format("</select> {}</label>", xml_escape(option.label));
    }
    main += fmt::format(" <button>{}</button></form>\n", xml_escape(game.on_request->form_button));
  }
  main += extension_html;
  if (game.figured) {
    std::string query;
    if (game.on_request)
      for (const RequestOption& option : game.on_request->options)
        query += fmt::format("&amp;{}={}", url_encode(option.name), option.initial);
    main += fmt::format(
        "<p><a href=\"/studio/{}?seeds=1..12{}\">Studio</a>: the figures of a sample of seeds, each {} linked with "
        "its designer view.</p>\n",
        game.name, query, xml_escape(game.item_word));
  }
  const auto packs = catalog.packs(game.name);
  if (packs.empty() && !game.on_request) main += "<p>No pack of this game is served.</p>\n";
  for (const PackEntry* pack : packs)
    main += fmt::format("<p><a href=\"/{}/{}\">{}</a> ({}, {} {}s)</p>\n", game.name, url_encode(pack->name),
                        xml_escape(pack->name), xml_escape(pack->origin), pack->document->item_count(), game.item_word);
  if (!packs.empty() && game.listed)
    main += fmt::format("<p><a href=\"/studio/{}\">Studio</a>: par and difficulty across each pack.</p>\n", game.name);
  return layout.page(game.display_name, "", main);
}

namespace {

// The name a document's progress is kept under in the browser: the game and how the document is
// named ("prism:pack=campaign").
std::string progress_key(const std::string& game, const std::string& query) { return game + ":" + query; }

std::string chapter_title(const ItemFacts& facts) {
  return facts.chapter == 0 ? std::string() : fmt::format("Chapter {}: {}", facts.chapter, facts.chapter_name);
}

}  // namespace

std::string pack_page(const Layout& layout, const WebGame& game, const PackEntry& pack) {
  const WebDocument& doc = *pack.document;
  std::string main = fmt::format(
      "<h1>{} · {}</h1><p>{} {}s, seed '{}' ({}). <a href=\"/download/{}/{}.json\">"
      "Download the pack</a></p>\n",
      xml_escape(game.display_name), xml_escape(pack.name), doc.item_count(), game.item_word, xml_escape(doc.seed()),
      xml_escape(pack.origin), game.name, url_encode(pack.name));
  // Progress kept in this browser (progress.js), above the list: solved levels marked, a link to
  // the first unsolved one, and one button to forget it all.
  main +=
      "<p id=\"progress\" class=\"progress\" hidden><span id=\"progress-text\"></span> <a id=\"continue\" "
      "class=\"next\" href=\"\">Continue</a> <button id=\"forget\">Clear my progress</button></p>\n";
  // Listing every item is for packs; a document may hold up to a billion items: the first few.
  const std::size_t shown = std::min<std::size_t>(doc.item_count(), 500);
  // Thumbnails only for a game that draws its items (one without would show broken images), as
  // dealt: a player's list gives no answer away (the solved picture is the studio's).
  const bool drawn = shown > 0 && doc.dealt_svg(0).has_value();
  std::string chapter;
  for (std::size_t i = 0; i < shown; ++i) {
    const ItemFacts facts = doc.item_facts(i);
    const std::string this_chapter = chapter_title(facts);
    if (i == 0 || this_chapter != chapter) {
      if (i > 0) main += "</div>\n";
      chapter = this_chapter;
      main += fmt::format("<h2>{}</h2><div class=\"levels\">\n",
                          xml_escape(chapter.empty() ? "Every " + game.item_word : chapter));
    }
    std::string figures;
    if (facts.par) figures += fmt::format(" · par {}", *facts.par);
    const std::string url = fmt::format("/{}/{}/{}", game.name, url_encode(pack.name), i + 1);
    const std::string picture =
        drawn ? fmt::format("<img loading=\"lazy\" alt=\"{} {}\" src=\"/board?game={}&amp;pack={}&amp;item={}\">",
                            game.item_word, i + 1, game.name, url_encode(pack.name), i + 1)
              : std::string();
    main += fmt::format("<a class=\"level\" href=\"{}\" data-item=\"{}\" data-par=\"{}\">{}<span>{} {}{}</span></a>\n",
                        url, i + 1, facts.par ? std::to_string(*facts.par) : std::string(), picture, game.item_word,
                        i + 1, figures);
  }
  if (shown > 0) main += "</div>\n";
  if (shown < doc.item_count())
    main += fmt::format(
        "<form class=\"pick\" onsubmit=\"location='/{}/{}/'+this.item.value;return false\">"
        "Or {} <input name=\"item\" value=\"{}\" size=\"8\"> of {} <button>Play</button></form>\n",
        game.name, url_encode(pack.name), game.item_word, shown + 1, doc.item_count());
  main += "<script src=\"/assets/progress.js\"></script>\n";
  return layout.page(
      fmt::format("{} {}", game.display_name, pack.name),
      fmt::format(" data-progress=\"{}\" data-item-word=\"{}\"",
                  xml_escape(progress_key(game.name, "pack=" + url_encode(pack.name))), xml_escape(game.item_word)),
      main);
}

std::string play_page(const Layout& layout, const WebGame& game, const PlaySource& source,
                      const nlohmann::json& state) {
  std::string facts;
  if (source.facts.chapter != 0) facts += xml_escape(chapter_title(source.facts)) + ". ";
  if (source.facts.par) facts += fmt::format("Par {}. ", *source.facts.par);
  if (!source.facts.note.empty()) facts += "<br><span class=\"note\">" + xml_escape(source.facts.note) + "</span><br>";
  std::string keys_help;
  nlohmann::json keys = nlohmann::json::object();
  for (const KeyBinding& binding : game.keys) keys[binding.key] = binding.move;
  if (!game.keys.empty()) keys_help = "Play with the arrow keys or W A S D (or swipe), or the buttons. ";
  // A single-item document (a case) opens with its rules shown: they are the case itself.
  const bool rules_open = source.single_item;
  const std::string main = fmt::format(
      "<h1>{}</h1><p class=\"facts\">{}{}<a href=\"{}\">{}</a></p>\n"
      "<details id=\"rules\"{}><summary>{}</summary><pre></pre></details>\n"
      "<p id=\"status\" class=\"status\"></p>\n<p id=\"feedback\" class=\"feedback\" role=\"status\"></p>\n"
      "<div id=\"board\" class=\"board\"></div>\n<div id=\"buttons\" class=\"buttons\"></div>\n"
      "<p class=\"controls\"><button id=\"undo\">Undo</button> <button id=\"restart\">Restart</button> "
      "<button id=\"hint\" hidden>Hint</button> "
      "<a id=\"next\" class=\"next\" href=\"{}\"{}>Next {}</a>{}</p>\n"
      // Shown by play.js once the item is won or lost: the verdict and the obvious next step.
      "<section id=\"result\" class=\"result\" hidden aria-live=\"polite\"><h2 id=\"result-title\"></h2>"
      "<p id=\"result-text\"></p><p class=\"result-actions\"><a id=\"result-next\" class=\"next\" href=\"{}\"{}>Next "
      "{}</a> <button id=\"result-again\">Play again</button> <a id=\"result-back\" href=\"{}\">{}</a></p></section>\n"
      "<script type=\"application/json\" id=\"state\">{}</script>\n<script src=\"/assets/progress.js\"></script>\n"
      "<script src=\"/assets/play.js\"></script>\n",
      xml_escape(source.title), facts, keys_help, source.back_url, xml_escape(source.back_title),
      rules_open ? " open" : "", rules_open ? "The " + game.item_word + " and how to play" : "How to play",
      source.next_url, source.next_url.empty() ? " hidden" : "", game.item_word,
      source.designer_url.empty()
          ? std::string()
          : fmt::format(" <a class=\"designer\" href=\"{}\">Designer grid</a>", xml_escape(source.designer_url)),
      source.next_url, source.next_url.empty() ? " hidden" : "", game.item_word, source.back_url,
      xml_escape(source.back_title), script_json(state));
  const std::string api = fmt::format("/api/play?game={}&{}&item={}", game.name, source.query, source.item + 1);
  // What play.js keeps in the browser once the item is won (progress.js shows it on the list):
  // the best number of moves of each item, under the document's name.
  const std::string par = source.facts.par ? std::to_string(*source.facts.par) : std::string();
  return layout.page(source.title,
                     fmt::format(" class=\"play game-{}\" data-api=\"{}\" data-keys=\"{}\" data-progress=\"{}\" "
                                 "data-item=\"{}\" data-par=\"{}\"",
                                 game.name, xml_escape(api), xml_escape(keys.dump()),
                                 xml_escape(progress_key(game.name, source.query)), source.item + 1, par),
                     main);
}

std::string error_page(const Layout& layout, int status, const std::string& message) {
  return layout.page(fmt::format("{}", status), "",
                     fmt::format("<h1>{}</h1><p class=\"feedback bad\">{}</p>\n", status, xml_escape(message)));
}

}  // namespace proven::serve

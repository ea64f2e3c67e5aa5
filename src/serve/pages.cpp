#include "serve/pages.hpp"

#include <fmt/format.h>

#include "core/svg.hpp"

namespace proven::serve {
std::string page_layout(const std::string& title, const std::string& body_attributes, const std::string& main) {
  return fmt::format(
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<title>{} · proven</title><link rel=\"stylesheet\" href=\"/assets/site.css\"></head>\n"
      "<body{}><header><a href=\"/\">proven</a> <a href=\"/prism\">PRISM</a> <a href=\"/tilt\">Tilt</a> "
      "<a href=\"/whodunnit\">Whodunnit</a> <a href=\"/bomb\">Bomb</a> <a "
      "href=\"/studio/prism\">Studio</a></header>\n<main>\n{}</main></body></html>\n",
      xml_escape(title), body_attributes, main);
}

std::string script_json(const nlohmann::json& value) {
  // Invalid UTF-8 echoed from a URL (a move's words) is replaced, not thrown over.
  std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  for (std::size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 3))
    text.replace(at, 2, "<\\/");
  return text;
}

namespace {

const char* display_name(const std::string& game) {
  if (game == "prism") return "PRISM";
  if (game == "tilt") return "Tilt";
  if (game == "whodunnit") return "Whodunnit";
  if (game == "bomb") return "Bomb";
  return "Demo";
}

}  // namespace

std::string url_encode(const std::string& text) {
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

std::string index_page(const Catalog& catalog) {
  std::string main =
      "<h1>proven</h1><p>Puzzles proven before anyone plays them. Every level, case and manual "
      "here was checked by its game's prover; the page sends your moves to the same engine, "
      "which is the only judge.</p>\n<ul class=\"games\">\n";
  for (const WebGame& game : catalog.games()) {
    if (game.name == "demo") continue;
    main += fmt::format("<li><a href=\"/{}\"><b>{}</b></a>: {}</li>\n", game.name, display_name(game.name),
                        xml_escape(game.summary));
  }
  main += "</ul>\n<p>The bomb's manual for any rule seed: <a href=\"/bomb/manual/1\">/bomb/manual/1</a>.</p>\n";
  return page_layout("proven", "", main);
}

std::string game_page(const Catalog& catalog, const WebGame& game) {
  std::string main = fmt::format("<h1>{}</h1><p>{}</p>\n", display_name(game.name), xml_escape(game.summary));
  if (game.name == "whodunnit")
    main +=
        "<form action=\"/whodunnit\" method=\"get\" class=\"pick\">A case from seed <input name=\"seed\" "
        "value=\"1\" size=\"8\"> with <select name=\"cast\"><option>4</option><option>5</option><option "
        "selected>6</option><option>7</option><option>8</option></select> suspects "
        "<button>Open the case</button></form>\n";
  if (game.name == "bomb")
    main +=
        "<p><a href=\"/bomb/play\"><b>Defuse a bomb</b></a> in this browser, as the Defuser, while your Expert "
        "reads the manual on another screen.</p>\n"
        "<form action=\"/bomb/manual\" method=\"get\" class=\"pick\">The manual of rule seed <input "
        "name=\"seed\" value=\"1\" size=\"8\"> <button>Open</button></form>\n";
  if (game.sample_facts)
    main += fmt::format(
        "<p><a href=\"/studio/{0}?seeds=1..12&amp;cast=6\">Studio</a>: clues and obviousness across a sample of "
        "seeds, each case linked with its designer grid.</p>\n",
        game.name);
  const auto packs = catalog.packs(game.name);
  if (packs.empty()) main += "<p>No pack of this game is served (see <code>--data</code>).</p>\n";
  for (const PackEntry* pack : packs)
    main += fmt::format("<p><a href=\"/{}/{}\">{}</a> ({}, {} {}s)</p>\n", game.name, url_encode(pack->name),
                        xml_escape(pack->name), xml_escape(pack->origin), pack->document->item_count(), game.item_word);
  return page_layout(display_name(game.name), "", main);
}

std::string pack_page(const WebGame& game, const PackEntry& pack) {
  const WebDocument& doc = *pack.document;
  std::string main = fmt::format(
      "<h1>{} · {}</h1><p>{} {}s, seed '{}' ({}). <a href=\"/download/{}/{}.json\">"
      "Download the pack</a></p>\n",
      display_name(game.name), xml_escape(pack.name), doc.item_count(), game.item_word, xml_escape(doc.seed()),
      xml_escape(pack.origin), game.name, url_encode(pack.name));
  // Listing every item is for packs; a rule book deals up to a million bombs: the first few.
  const std::size_t shown = std::min<std::size_t>(doc.item_count(), 500);
  std::string chapter;
  for (std::size_t i = 0; i < shown; ++i) {
    const nlohmann::json facts = doc.item_facts(i);
    const std::string this_chapter = facts.contains("chapter") ? fmt::format("Chapter {}: {}", facts["chapter"].dump(),
                                                                             facts.value("chapter_name", std::string()))
                                                               : std::string();
    if (i == 0 || this_chapter != chapter) {
      if (i > 0) main += "</div>\n";
      chapter = this_chapter;
      main += fmt::format("<h2>{}</h2><div class=\"levels\">\n", xml_escape(chapter.empty() ? "Items" : chapter));
    }
    std::string figures;
    if (facts.contains("par")) figures += fmt::format("par {}", facts["par"].dump());
    if (facts.contains("bits")) figures += fmt::format(", {:.1f} bits", facts["bits"].get<double>());
    const std::string url = fmt::format("/{}/{}/{}", game.name, url_encode(pack.name), i + 1);
    main += fmt::format(
        "<a class=\"level\" href=\"{}\"><img loading=\"lazy\" alt=\"{} {}\" src=\"/svg?game={}&amp;pack={}&amp;"
        "item={}\"><span>{} {} · {}</span></a>\n",
        url, game.item_word, i + 1, game.name, url_encode(pack.name), i + 1, game.item_word, i + 1, figures);
  }
  if (shown > 0) main += "</div>\n";
  if (shown < doc.item_count())
    main += fmt::format(
        "<form class=\"pick\" onsubmit=\"location='/{}/{}/'+this.item.value;return false\">"
        "Or {} <input name=\"item\" value=\"{}\" size=\"8\"> of {} <button>Play</button></form>\n",
        game.name, url_encode(pack.name), game.item_word, shown + 1, doc.item_count());
  return page_layout(fmt::format("{} {}", display_name(game.name), pack.name), "", main);
}

std::string play_page(const WebGame& game, const PlaySource& source, const nlohmann::json& state) {
  std::string facts;
  if (source.facts.contains("chapter"))
    facts += fmt::format("Chapter {}: {}. ", source.facts["chapter"].dump(),
                         xml_escape(source.facts.value("chapter_name", std::string())));
  if (source.facts.contains("par")) facts += fmt::format("Par {}. ", source.facts["par"].dump());
  if (source.facts.contains("bits"))
    facts += fmt::format("Difficulty {:.1f} bits. ", source.facts["bits"].get<double>());
  if (const std::string note = game.note(source.facts); !note.empty())
    facts += "<br><span class=\"note\">" + xml_escape(note) + "</span><br>";
  std::string keys_help;
  if (!game.keys.empty()) keys_help = "Play with the arrow keys or W A S D (or swipe), or the buttons. ";
  const std::string main = fmt::format(
      "<h1>{}</h1><p class=\"facts\">{}{}<a href=\"{}\">{}</a>{}</p>\n"
      "<details id=\"rules\"{}><summary>{}</summary><pre></pre></details>\n"
      "<p id=\"status\" class=\"status\"></p>\n<p id=\"feedback\" class=\"feedback\" role=\"status\"></p>\n"
      "<div id=\"board\" class=\"board\"></div>\n<div id=\"buttons\" class=\"buttons\"></div>\n"
      "<p class=\"controls\"><button id=\"undo\">Undo</button> <button id=\"restart\">Restart</button> "
      "<button id=\"hint\" hidden>Hint</button> "
      "<a id=\"next\" class=\"next\" href=\"{}\"{}>Next {}</a>{}</p>\n"
      "<script type=\"application/json\" id=\"state\">{}</script>\n<script src=\"/assets/play.js\"></script>\n",
      xml_escape(source.title), facts, keys_help, source.back_url, xml_escape(source.back_title), "",
      game.name == "whodunnit" ? " open" : "", game.name == "whodunnit" ? "The case and how to play" : "How to play",
      source.next_url, source.next_url.empty() ? " hidden" : "", game.item_word,
      source.designer_url.empty()
          ? std::string()
          : fmt::format(" <a class=\"designer\" href=\"{}\">Designer grid</a>", xml_escape(source.designer_url)),
      script_json(state));
  const std::string api = fmt::format("/api/play?game={}&{}&item={}", game.name, source.query, source.item + 1);
  return page_layout(source.title,
                     fmt::format(" class=\"play game-{}\" data-api=\"{}\" data-keys=\"{}\"", game.name, xml_escape(api),
                                 xml_escape(game.keys.dump())),
                     main);
}

std::string leaderboard_page(int rule_seed, const std::vector<SetupRuns>& boards) {
  std::string main = fmt::format(
      "<h1>Leaderboard · manual {0}</h1>\n<p>Defused bombs of <a href=\"/bomb/manual/{0}\">manual {0}</a>, "
      "fastest first, then fewest strikes, each bomb setup on its own. Every run here was replayed by the server "
      "from its action log and ended exactly as it claimed. <a href=\"/bomb/play?seed={0}\">Defuse a bomb</a>.</p>\n",
      rule_seed);
  if (boards.empty())
    return page_layout(fmt::format("Leaderboard · manual {}", rule_seed), "", main + "<p>No runs yet.</p>\n");
  for (const SetupRuns& board : boards) {
    main += fmt::format(
        "<h2>{}</h2>\n<table class=\"leaderboard\">\n<thead><tr><th>#</th><th>player</th><th>time</th>"
        "<th>strikes</th><th>bomb</th><th>actions</th></tr></thead>\n<tbody>\n",
        xml_escape(board.setup));
    for (std::size_t i = 0; i < board.runs.size(); ++i) {
      const RunEntry& run = board.runs[i];
      main += fmt::format("<tr><td>{}</td><td>{}</td><td>{:.2f} s</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", i + 1,
                          xml_escape(run.player), static_cast<double>(run.time_ms) / 1000.0, run.strikes, run.bomb_seed,
                          run.actions);
    }
    main += "</tbody>\n</table>\n";
  }
  return page_layout(fmt::format("Leaderboard · manual {}", rule_seed), "", main);
}

std::string error_page(int status, const std::string& message) {
  return page_layout(fmt::format("{}", status), "",
                     fmt::format("<h1>{}</h1><p class=\"feedback bad\">{}</p>\n", status, xml_escape(message)));
}

}  // namespace proven::serve

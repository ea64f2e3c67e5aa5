#include "bomb/web/defuse_page.hpp"

#include <charconv>

#include <fmt/format.h>

#include "bomb/live.hpp"
#include "bomb/replay.hpp"
#include "core/command.hpp"
#include "core/json_read.hpp"
#include "core/svg.hpp"
#include "serve/extension.hpp"
#include "serve/page_kit.hpp"

namespace proven::bomb::web {
namespace {

constexpr const char* kStylesheet = "<link rel=\"stylesheet\" href=\"/assets/bomb.css\">";

int whole_number(const std::string& name, const std::string& text, int lo, int hi) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || text.size() > 6 || !std::isdigit(static_cast<unsigned char>(text[0])) || error != std::errc() ||
      end != text.data() + text.size() || value < lo || value > hi)
    throw UserError(fmt::format("{} must be a whole number from {} to {} (got '{}')", name, lo, hi, one_line(text)));
  return value;
}

}  // namespace

bomb::BombSetup setup_from_query(const std::multimap<std::string, std::string>& params) {
  const auto value = [&](const char* name) -> const std::string* {
    const auto it = params.find(name);
    return it == params.end() || it->second.empty() ? nullptr : &it->second;
  };
  bomb::BombSetup setup;
  if (const auto* v = value("modules")) setup.modules = whole_number("modules", *v, 1, 14);
  if (const auto* v = value("needy")) setup.needy = whole_number("needy", *v, 0, 3);
  if (const auto* v = value("time")) setup.timer_ms = bomb::parse_timer(*v, "time");
  if (const auto* v = value("strikes")) setup.strike_limit = whole_number("strikes", *v, 1, bomb::kMaxStrikeLimit);
  bomb::check_setup(setup);
  return setup;
}

std::string bomb_setup_page(const serve::Layout& layout) {
  const std::string main =
      "<h1>Defuse a bomb</h1>\n"
      "<p>You are the Defuser: you see the bomb and act on it. Your Expert reads the manual of the same rule seed "
      "on another screen and tells you what to do; you tell them what you see. The clock starts when you press "
      "Start.</p>\n"
      "<form action=\"/bomb/play\" method=\"get\" class=\"pick bomb-setup\">\n"
      "<label>Rule seed (the manual) <input name=\"seed\" value=\"1\" size=\"8\" inputmode=\"numeric\"></label>\n"
      "<label>Bomb seed (the case) <input name=\"bomb\" value=\"1\" size=\"10\" inputmode=\"numeric\"></label>\n"
      "<label>Modules <select name=\"modules\">"
      "<option>1</option><option>2</option><option>3</option><option>4</option><option>5</option>"
      "<option>6</option><option>7</option><option>8</option><option>9</option><option>10</option>"
      "<option>11</option><option>12</option><option>13</option><option selected>14</option></select></label>\n"
      "<label>Needy <select name=\"needy\"><option value=\"\" selected>as drawn</option><option>0</option>"
      "<option>1</option><option>2</option><option>3</option></select></label>\n"
      "<label>Time limit <input name=\"time\" value=\"\" placeholder=\"M:SS\" size=\"6\"> (empty: 1:00, plus 1:00 per "
      "regular module)</label>\n"
      "<label>Strikes <select name=\"strikes\"><option>1</option><option>2</option><option selected>3</option>"
      "<option>4</option><option>5</option><option>6</option><option>7</option><option>8</option><option>9</option>"
      "</select></label>\n"
      "<button>Deal the bomb</button></form>\n"
      "<p>The standard bomb (14 modules, the needy ones as drawn, one minute plus one per regular module, "
      "3 strikes) is what a bomb seed names everywhere else: <code>proven bomb deal</code>, "
      "<code>proven bomb play</code>.</p>\n";
  return layout.page("Defuse a bomb", "", main, kStylesheet);
}

std::string bomb_play_page(const serve::Layout& layout, const bomb::RuleBook& book, std::uint64_t bomb_seed,
                           const bomb::BombSetup& setup) {
  bomb::RunLog log;
  log.rule_seed = book.seed;
  log.fingerprint = bomb::fingerprint(book);
  log.bomb_seed = bomb_seed;
  log.setup = setup;
  nlohmann::json skeleton = bomb::to_json(log);
  for (const char* claim : {"end", "ended_at_ms", "strikes"}) skeleton.erase(claim);
  const nlohmann::json view = bomb::live_view(bomb::replay_so_far(book, log, 0));
  const nlohmann::json boot = {{"log", skeleton}, {"view", view}};
  // The manual is never linked from here: the Expert opens it on their own screen.
  const std::string main = fmt::format(
      "<h1>Bomb {} · manual {} · fingerprint {}</h1>\n"
      "<p class=\"facts\">{}. Your Expert opens manual {} (fingerprint {}) on their own screen; the fingerprint "
      "on the casing must match theirs.</p>\n"
      "<div id=\"casing\" class=\"casing\"></div>\n"
      "<p id=\"feedback\" class=\"feedback\" role=\"status\"></p>\n"
      "<p id=\"start-box\"><button id=\"start\">Start</button> The clock starts at once.</p>\n"
      "<div id=\"modules\" class=\"modules\" hidden></div>\n"
      "<div id=\"result\" class=\"result\" hidden></div>\n"
      "<details class=\"help\"><summary>How to play</summary><p>Click or tap a module's parts: cut a wire, press a "
      "key or a button, move in the maze with its arrows (or the arrow keys once the maze has focus), turn a wheel, "
      "tune the dial, answer the vent. The big "
      "button and the lever are held while you keep them pressed (mouse, finger, or Space/Enter on the "
      "keyboard); a short press of the big button is a tap. Every action takes a quarter of a second. Needy "
      "modules wake by themselves and strike when their countdown runs out; they never need to be solved. Each "
      "strike makes the clock run a quarter faster. Solve every regular module before the clock reaches 0:00."
      "</p></details>\n"
      "<script type=\"application/json\" id=\"bomb-boot\">{}</script>\n<script src=\"/assets/bomb.js\"></script>\n",
      bomb_seed, book.seed, xml_escape(log.fingerprint), xml_escape(bomb::describe(setup)), book.seed,
      xml_escape(log.fingerprint), serve::script_json(boot));
  return layout.page(fmt::format("Bomb {} · manual {}", bomb_seed, book.seed), " class=\"bomb-play\"", main,
                     kStylesheet);
}

nlohmann::json bomb_run_view(const bomb::RuleBook& book, const nlohmann::json& body) {
  const bomb::RunLog log = bomb::run_log_from_json(body, false);
  const std::int64_t now_ms =
      json_read::integer64(json_read::field(body, "now_ms", "run log"), 0, bomb::kLongestRunMs, "run log.now_ms");
  const bomb::RunSoFar so_far = bomb::replay_so_far(book, log, now_ms);
  if (!so_far.refusal.empty()) throw serve::HttpError(422, "refused: " + so_far.refusal);
  return bomb::live_view(so_far);
}

}  // namespace proven::bomb::web

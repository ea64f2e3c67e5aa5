#include "tilt/play.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

#include "core/check.hpp"
#include "core/coords.hpp"
#include "tilt/render.hpp"

namespace proven::tilt {
namespace {

constexpr std::array<std::string_view, 4> kColourNames = {"red", "green", "blue", "yellow"};
constexpr std::array<std::string_view, 4> kDirNames = {"up", "right", "down", "left"};

std::size_t at(int i) { return static_cast<std::size_t>(i); }

std::string_view fate_name(Fate fate) {
  constexpr std::array<std::string_view, 5> kNames = {"stopped", "home", "fell_in_pit", "fell_through_crack",
                                                      "broke_glass"};
  return kNames[static_cast<std::size_t>(fate)];
}

std::string_view event_name(StepEvent event) {
  constexpr std::array<std::string_view, 4> kNames = {"rolled", "teleported", "bounced", "took_key"};
  return kNames[static_cast<std::size_t>(event)];
}

std::string_view change_name(TileChange change) {
  constexpr std::array<std::string_view, 4> kNames = {"plug_knocked_out", "floor_collapsed", "key_taken",
                                                      "glass_broke"};
  return kNames[static_cast<std::size_t>(change)];
}

// One line per kind of special tile: what it does and whether it helps or restricts, in the
// words of docs/tilt.md's table.
std::string_view tile_rule(Kind kind) {
  switch (kind) {
    case Kind::Pit:
      return "X pit: a marble that rolls into it falls in, and the level is lost.";
    case Kind::StopPad:
      return "s stop pad (helps: a new place to stop; it can also stop a marble short of its hole): a marble that "
             "rolls onto it stops on it.";
    case Kind::Gate:
      return "^ > v < one-way gate (restricts): a marble may enter it only moving the way its arrow points; "
             "it may leave in any direction.";
    case Kind::PluggedHole:
      return "1 2 3 4 plugged hole (red, green, blue, yellow; restricts until knocked out): stops marbles like a wall "
             "until one "
             "hits it; that knocks the plug out (the marble stays where it stopped) and from then on it is an "
             "open hole of its colour.";
    case Kind::Spring:
      return "z spring (either: it redirects): a marble that rolls onto it turns back and rolls on; on its second "
             "spring in one tilt it stops on that spring.";
    case Kind::Magnet:
      return "m magnet (either: it redirects): a solid block; a marble that rolls onto a cell beside it (sharing a "
             "side) stops there.";
    case Kind::Glass:
      return "+ glass (restricts: all it can do is lose a marble): marbles may roll over it, but a marble that stops "
             "on it breaks it and is "
             "lost.";
    case Kind::Cracked:
      return "c cracked floor (restricts): when a marble rolls off it, it collapses into a pit.";
    case Kind::Portal:
      return "O twin portals (either: they redirect): a marble rolling onto one comes out of the other and rolls on "
             "the same way, once per tilt, if the other portal is free.";
    case Kind::Key:
      return "k key (helps): when any marble rolls over it, every lock opens for good.";
    case Kind::Lock:
      return "L lock (restricts until the key is taken): a wall until a marble has rolled over the key, then floor.";
    default:
      return {};
  }
}

std::string legend_entry(const Cell& c) {
  switch (c.kind) {
    case Kind::Floor:
      return ". floor";
    case Kind::Wall:
      return "# wall";
    case Kind::Hole:
      return fmt::format("{} {} hole", colour_letter(c.colour), kColourNames[c.colour]);
    case Kind::Pit:
      return "X pit";
    case Kind::StopPad:
      return "s stop pad";
    case Kind::Gate:
      return fmt::format("{} gate (enter moving {})", cell_char(c), kDirNames[static_cast<std::size_t>(c.dir)]);
    case Kind::PluggedHole:
      return fmt::format("{} plugged {} hole", cell_char(c), kColourNames[c.colour]);
    case Kind::Spring:
      return "z spring";
    case Kind::Magnet:
      return "m magnet";
    case Kind::Glass:
      return "+ glass";
    case Kind::Cracked:
      return "c cracked floor";
    case Kind::Portal:
      return "O portal";
    case Kind::Key:
      return "k key";
    case Kind::Lock:
      return "L lock";
  }
  return {};
}

std::string tilts_text(int tilts) { return fmt::format("{} tilt{}", tilts, tilts == 1 ? "" : "s"); }

}  // namespace

std::optional<Dir> parse_tilt(std::string_view word) {
  std::string lower;
  for (const char c : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::size_t d = 0; d < 4; ++d)
    if (lower == kDirNames[d] || (lower.size() == 1 && lower[0] == std::tolower(kDirLetter[d])))
      return static_cast<Dir>(d);
  return std::nullopt;
}

LevelPlay::LevelPlay(const Level& level)
    : board_(level.board),
      rules_(level.board),
      state_(rules_.start()),
      par_(level.par),
      bits_milli_(level.bits_milli) {}

LevelPlay LevelPlay::start(const Pack& pack, std::size_t item) {
  PROVEN_CHECK(item < pack.levels.size(), "tilt LevelPlay::start: no such level");
  return LevelPlay(pack.levels[item]);
}

Cell LevelPlay::current_cell(int cell) const {
  Cell c = board_.cells[at(cell)];
  const int tile = rules_.tile_index(cell);  // the bit of plugs_out or collapsed, as the rules keep it
  if (c.kind == Kind::PluggedHole && (state_.plugs_out >> tile & 1)) c.kind = Kind::Hole;
  if (c.kind == Kind::Cracked && (state_.collapsed >> tile & 1)) c = {.kind = Kind::Pit};
  if ((c.kind == Kind::Key || c.kind == Kind::Lock) && state_.key_taken) c = {.kind = Kind::Floor};
  return c;
}

nlohmann::json LevelPlay::cell_json(int cell) const {
  const GridCell g{cell % board_.width, cell / board_.width};
  return {{"cell", cell_name(g)}, {"col", g.col}, {"row", g.row}};
}

MoveResult LevelPlay::apply(std::string_view move) {
  const auto d = parse_tilt(move);
  if (!d) throw IllegalMove(fmt::format("{}: not a tilt (moves: U, D, L, R, or up, down, left, right)", move));
  if (phase_ != PlayPhase::Playing)
    throw IllegalMove(fmt::format("{}: the level is already {}", move, phase_ == PlayPhase::Won ? "cleared" : "lost"));
  TiltReport report;
  State next;
  const Outcome outcome = rules_.tilt(state_, *d, next, report);
  const bool counted = outcome != Outcome::Moved || !(next == state_);
  if (counted) {
    ++tilts_;
    state_ = next;
  }

  const std::string dir_name(kDirNames[static_cast<std::size_t>(*d)]);
  nlohmann::json marbles = nlohmann::json::array();
  std::vector<std::string> lines, losses;
  for (const MarblePath& p : report.marbles) {
    nlohmann::json path = nlohmann::json::array();
    for (std::size_t k = 0; k < p.steps.size(); ++k) {
      nlohmann::json step = cell_json(p.steps[k].cell);
      step["event"] = k == 0 ? std::string_view("start") : event_name(p.steps[k].event);
      path.push_back(std::move(step));
    }
    const std::string colour(kColourNames[p.colour]);
    const std::string from = cell_name({p.steps.front().cell % board_.width, p.steps.front().cell / board_.width});
    const std::string to = cell_name({p.steps.back().cell % board_.width, p.steps.back().cell / board_.width});
    marbles.push_back({{"colour", colour}, {"path", std::move(path)}, {"fate", fate_name(p.fate)}});
    switch (p.fate) {
      case Fate::Stopped:
        if (p.steps.size() > 1) lines.push_back(fmt::format("{} marble {} -> {}", colour, from, to));
        break;
      case Fate::Home:
        lines.push_back(fmt::format("{} marble {} -> {}, home", colour, from, to));
        break;
      case Fate::FellInPit:
        losses.push_back(fmt::format("the {} marble fell into the pit at {}", colour, to));
        break;
      case Fate::FellThroughCrack:
        losses.push_back(fmt::format("the {} marble fell through the collapsed floor at {}", colour, to));
        break;
      case Fate::BrokeGlass:
        losses.push_back(fmt::format("the {} marble stopped on the glass at {} and broke it", colour, to));
        break;
    }
  }
  nlohmann::json tiles = nlohmann::json::array();
  for (const TileEvent& t : report.tiles) {
    nlohmann::json tile = cell_json(t.cell);
    tile["change"] = change_name(t.change);
    tiles.push_back(std::move(tile));
    if (t.change == TileChange::KeyTaken)  // every lock opens with it
      for (int i = 0; i < board_.area(); ++i)
        if (board_.cells[at(i)].kind == Kind::Lock) {
          nlohmann::json lock = cell_json(i);
          lock["change"] = "lock_opened";
          tiles.push_back(std::move(lock));
        }
  }

  std::string outcome_name = "moved";
  if (outcome == Outcome::Cleared) {
    phase_ = PlayPhase::Won;
    outcome_name = "cleared";
  } else if (outcome == Outcome::Lost) {
    phase_ = PlayPhase::Lost;
    outcome_name = "lost";
    for (const std::string& l : losses) lost_why_ += (lost_why_.empty() ? "" : "; ") + l;
  } else if (!counted) {
    outcome_name = "no_move";
  }
  std::string text = fmt::format("tilt {}: ", dir_name);
  if (!counted) {
    text += "nothing changed (not counted)";
  } else {
    for (std::size_t i = 0; i < lines.size(); ++i) text += (i ? "; " : "") + lines[i];
    if (lines.empty() && losses.empty()) text += "no marble moved";
    if (!losses.empty()) text += (lines.empty() ? "" : "; ") + lost_why_;
    for (const TileEvent& t : report.tiles)
      if (t.change == TileChange::PlugKnockedOut || t.change == TileChange::FloorCollapsed ||
          t.change == TileChange::KeyTaken) {
        const std::string where = cell_name({t.cell % board_.width, t.cell / board_.width});
        text += t.change == TileChange::PlugKnockedOut   ? fmt::format("; plug at {} knocked out", where)
                : t.change == TileChange::FloorCollapsed ? fmt::format("; floor at {} collapsed", where)
                                                         : fmt::format("; key at {} taken, locks open", where);
      }
  }
  return {.text = std::move(text),
          .changes = {{"tilt", std::string(1, kDirLetter[static_cast<std::size_t>(*d)])},
                      {"direction", dir_name},
                      {"counted", counted},
                      {"outcome", outcome_name},
                      {"marbles", std::move(marbles)},
                      {"tiles", std::move(tiles)}}};
}

PlayStatus LevelPlay::status() const {
  PlayStatus s;
  s.phase = phase_;
  s.figures = {{"tilts", tilts_}, {"par", par_}, {"bits", static_cast<double>(bits_milli_) / 1000}};
  s.summary = fmt::format("{}, par {}", tilts_text(tilts_), par_);
  if (phase_ == PlayPhase::Lost) s.summary += ": " + lost_why_;
  return s;
}

std::vector<std::string> LevelPlay::legal_moves() const {
  if (phase_ != PlayPhase::Playing) return {};
  return {"U", "D", "L", "R"};
}

std::string chapter_tiles(int chapter) {
  // The chapters that bring a tile (docs/tilt.md, "Campaign"); 1, 2 and 4 bring marbles, not tiles.
  constexpr std::array<std::pair<int, Kind>, 11> kBrought = {{{3, Kind::Pit},
                                                              {5, Kind::StopPad},
                                                              {6, Kind::Gate},
                                                              {7, Kind::PluggedHole},
                                                              {8, Kind::Spring},
                                                              {9, Kind::Magnet},
                                                              {10, Kind::Glass},
                                                              {11, Kind::Cracked},
                                                              {12, Kind::Portal},
                                                              {13, Kind::Key},
                                                              {13, Kind::Lock}}};
  std::string text;
  for (const auto& [number, kind] : kBrought)
    if (number == chapter) {
      if (!text.empty()) text += ' ';
      text += tile_rule(kind);
    }
  return text;
}

std::string LevelPlay::rules() const {
  std::string text = fmt::format(
      "Tilt the board to roll every marble into a hole of its own colour, in par {} tilts if you can.\n"
      "Moves: U, D, L, R (or up, down, left, right, in any case). Each marble rolls until something stops it\n"
      "(the edge, a wall, another marble); the marble furthest along the tilt moves first. A marble that rolls\n"
      "onto a hole of its colour drops in; a hole of another colour is plain floor to it. A tilt that changes\n"
      "nothing is not counted. Cells are named by column letter and row number, A1 at the top left.\n",
      par_);
  // One line per kind of tile on this board, in the order of the chapters that bring them.
  constexpr std::array<Kind, 11> kTiles = {Kind::Pit,    Kind::StopPad, Kind::Gate,  Kind::PluggedHole,
                                           Kind::Spring, Kind::Magnet,  Kind::Glass, Kind::Cracked,
                                           Kind::Portal, Kind::Key,     Kind::Lock};
  for (const Kind k : kTiles)
    if (count_kind(board_, k) > 0) text += fmt::format("{}\n", tile_rule(k));
  return text;
}

std::string LevelPlay::svg() const { return render_play_svg(board_, rules_, state_); }

std::string LevelPlay::render() const {
  std::vector<char> grid(at(board_.area()));
  std::vector<std::string> legend;  // in order of first appearance, row by row
  const auto note = [&](const std::string& entry) {
    if (std::find(legend.begin(), legend.end(), entry) == legend.end()) legend.push_back(entry);
  };
  for (int i = 0; i < board_.area(); ++i) grid[at(i)] = cell_char(current_cell(i));
  std::vector<std::string> under;
  for (int m = 0; m < rules_.marbles(); ++m) {
    const int p = state_.pos[at(m)];
    if (p == kHome || p == kLost) continue;
    const std::uint8_t colour = board_.marbles[at(m)].colour;
    const Cell below = current_cell(p);
    if (below.kind != Kind::Floor)
      under.push_back(fmt::format("{} marble on {} at {}", kColourNames[colour], legend_entry(below).substr(2),
                                  cell_name({p % board_.width, p / board_.width})));
    grid[at(p)] = static_cast<char>(std::toupper(colour_letter(colour)));
  }
  std::string text = "   ";
  for (int x = 0; x < board_.width; ++x) text += fmt::format(" {}", static_cast<char>('A' + x));
  text += "\n";
  for (int y = 0; y < board_.height; ++y) {
    text += fmt::format("{:>2} ", y + 1);
    for (int x = 0; x < board_.width; ++x) {
      const int i = y * board_.width + x;
      text += fmt::format(" {}", grid[at(i)]);
      const char c = grid[at(i)];
      if (const auto colour = std::string_view("RGBY").find(c); colour != std::string_view::npos) {
        note(fmt::format("{} {} marble", c, kColourNames[colour]));
      } else {
        note(legend_entry(current_cell(i)));
      }
    }
    text += "\n";
  }
  text += "legend:";
  for (const std::string& e : legend) text += "  " + e;
  text += "\n";
  for (const std::string& u : under) text += "under a marble: " + u + "\n";
  return text;
}

nlohmann::json LevelPlay::to_json() const {
  nlohmann::json rows = nlohmann::json::array();
  for (int y = 0; y < board_.height; ++y) {
    std::string row;
    for (int x = 0; x < board_.width; ++x) row += cell_char(current_cell(y * board_.width + x));
    rows.push_back(row);
  }
  nlohmann::json marbles = nlohmann::json::array();
  for (int m = 0; m < rules_.marbles(); ++m) {
    const int p = state_.pos[at(m)];
    nlohmann::json marble = {{"colour", kColourNames[board_.marbles[at(m)].colour]}};
    marble["state"] = p == kHome ? "home" : p == kLost ? "lost" : "on_board";
    if (p != kHome && p != kLost) marble.update(cell_json(p));
    marbles.push_back(std::move(marble));
  }
  return {{"width", board_.width},
          {"height", board_.height},
          {"rows", std::move(rows)},
          {"marbles", std::move(marbles)},
          {"tilts", tilts_},
          {"par", par_},
          {"bits", static_cast<double>(bits_milli_) / 1000},
          {"phase", phase_name(phase_)}};
}

}  // namespace proven::tilt

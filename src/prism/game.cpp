#include "prism/game.hpp"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>

#include "core/coords.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"
#include "prism/render.hpp"

namespace proven::prism {
namespace {

std::string name_of(const Board& board, std::size_t cell) {
  return cell_name({static_cast<int>(cell) % board.width, static_cast<int>(cell) / board.width});
}

// The two-character token of every cell (docs/prism.md), row by row.
std::vector<std::string> token_rows(const Board& board) {
  std::vector<std::string> rows;
  const std::string text = to_text(board);
  for (std::size_t start = 0; start < text.size();) {
    const auto end = text.find('\n', start);
    rows.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return rows;
}

std::string token_at(const Board& board, std::size_t cell) {
  const std::size_t line = static_cast<std::size_t>(2 * board.width + 1);
  const std::size_t x = cell % static_cast<std::size_t>(board.width), y = cell / static_cast<std::size_t>(board.width);
  return to_text(board).substr(y * line + 2 * x, 2);
}

// Colour sets as letters ("W", "nothing" for no light).
std::string colours(Colour colour) { return colour == 0 ? "nothing" : std::string(1, colour_letter(colour)); }

struct CrystalView {
  std::size_t cell;
  Colour wants, gets;
  bool lit() const { return wants == gets; }
};

std::vector<CrystalView> crystals_of(const Board& board) {
  const Light light = trace(board);
  std::vector<CrystalView> crystals;
  for (std::size_t i = 0; i < board.cells.size(); ++i)
    if (board.cells[i].kind == Kind::Crystal) crystals.push_back({i, board.cells[i].colour, light.received[i]});
  return crystals;
}

// The board with column letters above and row numbers at the left, then each crystal's state.
std::string board_view(const Board& board) {
  std::string text = "  ";  // each column's letter above the first character of its tokens
  for (int x = 0; x < board.width; ++x) text += fmt::format(" {} ", static_cast<char>('A' + x));
  text.back() = '\n';
  const auto rows = token_rows(board);
  for (int y = 0; y < board.height; ++y) {
    text += fmt::format("{:>2} ", y + 1);
    for (int x = 0; x < board.width; ++x)
      text += rows[static_cast<std::size_t>(y)].substr(static_cast<std::size_t>(2 * x), 2) + " ";
    text.back() = '\n';
  }
  std::vector<std::string> crystals;
  for (const CrystalView& c : crystals_of(board))
    crystals.push_back(fmt::format("{} wants {} gets {} ({})", name_of(board, c.cell), colours(c.wants),
                                   colours(c.gets), c.lit() ? "lit" : "unlit"));
  return text + fmt::format("crystals: {}\n", crystals.empty() ? "none" : fmt::format("{}", fmt::join(crystals, "; ")));
}

std::string tally_report(const Pack& pack) {
  std::string text;
  std::size_t at = 0;
  for (const auto& t : pack.chapter_tallies) {
    const ChapterSpec& spec = chapter(pack.levels[at].chapter);
    int par_sum = 0;
    for (int j = 0; j < spec.levels; ++j) par_sum += pack.levels[at + static_cast<std::size_t>(j)].par;
    text += fmt::format("chapter {} {}: {} levels, average par {:.2f}, {:.1f} tries per level\n{}", spec.number,
                        spec.name, spec.levels, static_cast<double>(par_sum) / spec.levels,
                        static_cast<double>(t.tries()) / spec.levels, t.table());
    at += static_cast<std::size_t>(spec.levels);
  }
  return text;
}

}  // namespace

// --- Play -------------------------------------------------------------------------------------

Game::Play Game::Play::start(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item < doc.levels.size(), "prism Play::start: no such level");
  Play play;
  play.board_ = doc.levels[item].board;
  play.par_ = doc.levels[item].par;
  return play;
}

MoveResult Game::Play::apply(std::string_view move) {
  const auto bad = [&](std::string_view why) {
    return IllegalMove(fmt::format("{}: {} (a move is 'tap C3')", move, why));
  };
  if (status().phase != PlayPhase::Playing) throw bad("the level is already solved");
  const std::vector<std::string_view> w = split_words(move);
  if (w.size() != 2 || w[0] != "tap") throw bad("expected 'tap' and a cell");
  const auto cell = parse_cell(w[1], board_.width, board_.height);
  if (!cell) throw bad(fmt::format("no cell '{}' ({})", w[1], cell_range_text(board_.width, board_.height)));
  const auto index = static_cast<std::size_t>(cell->row * board_.width + cell->col);
  Cell& piece = board_.cells[index];
  const std::string name = cell_name(*cell);
  if (!is_piece(piece.kind))
    throw bad(fmt::format("{} holds {}, which does not turn (only mirrors, splitters, prisms and filters do)", name,
                          piece.kind == Kind::Empty ? "nothing" : kKinds[static_cast<std::size_t>(piece.kind)].name));
  const auto before = crystals_of(board_);
  tap(piece);
  ++taps_;
  const auto after = crystals_of(board_);
  std::vector<std::string> lit, unlit;
  for (std::size_t k = 0; k < after.size(); ++k) {
    if (after[k].lit() && !before[k].lit()) lit.push_back(name_of(board_, after[k].cell));
    if (!after[k].lit() && before[k].lit()) unlit.push_back(name_of(board_, after[k].cell));
  }
  const std::string token = token_at(board_, index);
  const auto list = [](const std::vector<std::string>& cells) {
    return cells.empty() ? std::string("none") : fmt::format("{}", fmt::join(cells, " "));
  };
  return {.text = fmt::format("{}: the {} turns to {} (rotation {}); crystals lit: {}; unlit: {}", name,
                              kKinds[static_cast<std::size_t>(piece.kind)].name, token, piece.rotation, list(lit),
                              list(unlit)),
          .changes = {{"cell", name},
                      {"piece", kKinds[static_cast<std::size_t>(piece.kind)].name},
                      {"rotation", piece.rotation},
                      {"token", token},
                      {"lit", lit},
                      {"unlit", unlit}}};
}

PlayStatus Game::Play::status() const {
  PlayStatus s;
  s.figures = {{"taps", taps_}, {"par", par_}};
  if (!is_solved(board_)) {
    const auto crystals = crystals_of(board_);
    const auto lit = std::ranges::count_if(crystals, [](const CrystalView& c) { return c.lit(); });
    s.summary = fmt::format("taps {}, par {}; {} of {} crystals lit", taps_, par_, lit, crystals.size());
    return s;
  }
  s.phase = PlayPhase::Won;
  if (taps_ == par_)
    s.summary = fmt::format("Perfect: solved in {} taps, par {}", taps_, par_);
  else if (taps_ > par_)
    s.summary = fmt::format("solved in {} taps, {} over par {}", taps_, taps_ - par_, par_);
  else
    s.summary = fmt::format("solved in {} taps, {} under par {}", taps_, par_ - taps_, par_);
  return s;
}

std::vector<std::string> Game::Play::legal_moves() const {
  std::vector<std::string> moves;
  if (status().phase != PlayPhase::Playing) return moves;
  for (const int cell : piece_cells(board_)) moves.push_back("tap " + name_of(board_, static_cast<std::size_t>(cell)));
  return moves;
}

std::string Game::Play::rules() const {
  return "Light from the emitters (^R >G vB <W: the arrow is where it shines, the letter its colour) must give\n"
         "every crystal (*R, *Y, ...) exactly its colours, no more and no fewer. Colours add up: R, G, B,\n"
         "Y = R+G, M = R+B, C = G+B, W = R+G+B. Mirrors /m \\m reflect; splitters /s \\s let light through\n"
         "and reflect it; a prism P^ P> Pv P< takes only light travelling the way its arrow points and sends\n"
         "red straight on, green to the arrow's left, blue to its right; a filter =R (east-west) or |R\n"
         "(north-south) passes light travelling along it with only its colours and stops light across it.\n"
         "Walls ##, emitters and crystals stop light. 'tap C3' turns the piece in C3 a quarter turn\n"
         "clockwise (a mirror, splitter or filter swaps / and \\ or = and |; a prism's arrow turns\n"
         "^ > v <). Cells are named by column letter and row number, A1 at the top left. Par is the\n"
         "fewest taps that solve the level.\n";
}

std::string Game::Play::render() const { return board_view(board_); }

std::string Game::Play::svg() const {
  return render_play_svg(board_, status().phase == PlayPhase::Playing ? piece_cells(board_) : std::vector<int>{});
}

nlohmann::json Game::Play::to_json() const {
  nlohmann::json crystals = nlohmann::json::array();
  for (const CrystalView& c : crystals_of(board_))
    crystals.push_back(
        {{"cell", name_of(board_, c.cell)}, {"wants", colours(c.wants)}, {"gets", colours(c.gets)}, {"lit", c.lit()}});
  nlohmann::json pieces = nlohmann::json::array();
  for (const int cell : piece_cells(board_)) {
    const Cell& c = board_.cells[static_cast<std::size_t>(cell)];
    pieces.push_back({{"cell", name_of(board_, static_cast<std::size_t>(cell))},
                      {"piece", kKinds[static_cast<std::size_t>(c.kind)].name},
                      {"rotation", c.rotation},
                      {"radix", radix_of(c.kind)},
                      {"token", token_at(board_, static_cast<std::size_t>(cell))}});
  }
  return {{"width", board_.width},
          {"height", board_.height},
          {"board", token_rows(board_)},
          {"crystals", crystals},
          {"pieces", pieces},
          {"taps", taps_},
          {"par", par_}};
}

// --- The document -----------------------------------------------------------------------------

nlohmann::json Game::params_to_json(const Params& params) {
  return {{"chapter", params.chapter ? nlohmann::json(*params.chapter) : nlohmann::json(nullptr)}};
}

Game::Params Game::params_from_json(const nlohmann::json& json) {
  const nlohmann::json& chapter = json_read::field(json, "chapter", "params");
  if (chapter.is_null()) return {};
  return {.chapter = json_read::integer(chapter, 1, static_cast<int>(kChapters.size()), "params.chapter (or null)")};
}

void Game::add_params(CLI::App& app, Params& params) {
  app.add_option_function<int>(
         "--chapter", [&params](const int& number) { params.chapter = number; },
         "only this chapter (1..6); default: the whole 240-level campaign")
      ->check(CLI::Range(1, static_cast<int>(kChapters.size())));
}

Made<Game::Document> Game::generate(const std::string& seed, const Params& params, const RunOptions& run) {
  if (run.progress) run.progress->set_total(static_cast<std::uint64_t>(level_count(params)));
  Pack pack = generate_pack(seed, {.only_chapter = params.chapter, .jobs = run.jobs, .progress = run.progress});
  Tally tally;
  for (const Tally& t : pack.chapter_tallies) tally.merge(t);
  std::string report = "each proven unique, with par checked by breadth-first search\n" + tally_report(pack);
  return {.document = std::move(pack), .tally = std::move(tally), .report = std::move(report)};
}

Game::Document Game::from_json(const Envelope& envelope, const nlohmann::json& body) {
  return pack_from_body(envelope.seed, params_from_json(envelope.params), body);
}

namespace {
std::string caption_of(const Pack& pack, std::size_t item) {
  const Level& level = pack.levels[item];
  return fmt::format("level {} (chapter {} {}, #{}), par {}", item + 1, level.chapter, chapter(level.chapter).name,
                     level.index + 1, level.par);
}
}  // namespace

std::string Game::show_text(const Document& doc, std::size_t item) {
  const Level& level = doc.levels[item];
  const std::vector<std::string> taps = solution(doc, item);
  return fmt::format("{}\nas dealt:\n{}solved:\n{}solution: {}\n", caption_of(doc, item), board_view(level.board),
                     board_view(with_rotations(level.board, level.solution)), fmt::join(taps, "; "));
}

std::optional<std::string> Game::show_svg(const Document& doc, std::size_t item) {
  const Level& level = doc.levels[item];
  return render_level_svg(level.board, with_rotations(level.board, level.solution), caption_of(doc, item));
}

std::vector<std::string> Game::solution(const Document& doc, std::size_t item) {
  const Level& level = doc.levels[item];
  const auto pieces = piece_cells(level.board);
  std::vector<std::string> moves;
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const auto cell = static_cast<std::size_t>(pieces[k]);
    const int radix = radix_of(level.board.cells[cell].kind);
    const int taps = ((level.solution[k] - level.board.cells[cell].rotation) % radix + radix) % radix;
    for (int t = 0; t < taps; ++t) moves.push_back("tap " + name_of(level.board, cell));
  }
  return moves;
}

BenchReport Game::bench(unsigned jobs) {
  const auto start = std::chrono::steady_clock::now();
  const Made<Document> made = generate("bench", {}, {.jobs = jobs, .progress = nullptr});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t tries = made.tally.tries();
  const auto levels = static_cast<double>(made.document.levels.size());
  return {.figures = {{"levels generated", std::to_string(made.document.levels.size())},
                      {"tries", std::to_string(tries)},
                      {"tries per level", fmt::format("{:.1f}", static_cast<double>(tries) / levels)},
                      {"campaign seconds", fmt::format("{:.2f}", seconds)}},
          .digest = digest_hex(json_text(document_to_json<Game>(made.document)))};
}

ItemFacts Game::item_facts(const Document& doc, std::size_t item) {
  const Level& level = doc.levels.at(item);
  ItemFacts facts;
  facts.chapter = level.chapter;
  facts.chapter_name = chapter(level.chapter).name;
  facts.par = level.par;
  return facts;
}

}  // namespace proven::prism

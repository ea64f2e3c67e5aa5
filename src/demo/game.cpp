#include "demo/game.hpp"

#include <chrono>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "core/coords.hpp"
#include "core/hash.hpp"
#include "core/io.hpp"
#include "core/json_read.hpp"

namespace proven::demo {
namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

// The first run (row, then column) that does not hold, as a player would say it; empty if all hold.
std::string broken_run(const Clues& clues, const std::vector<int>& entries) {
  const auto check = [&](std::string_view what, int index, int sum, auto cell_at, int cells) -> std::string {
    int total = 0;
    unsigned seen = 0;
    for (int k = 0; k < cells; ++k) {
      const int d = entries[at(cell_at(k))];
      if (seen & (1u << d)) return fmt::format("{} {} repeats the digit {}", what, index, d);
      seen |= 1u << d;
      total += d;
    }
    if (total != sum) return fmt::format("{} {} adds up to {}, not {}", what, index, total, sum);
    return {};
  };
  for (int r = 0; r < clues.rows; ++r) {
    auto s = check(
        "row", r + 1, clues.row_sums[at(r)], [&](int k) { return r * clues.cols + k; }, clues.cols);
    if (!s.empty()) return s;
  }
  for (int c = 0; c < clues.cols; ++c) {
    auto s = check(
        "column", c + 1, clues.col_sums[at(c)], [&](int k) { return k * clues.cols + c; }, clues.rows);
    if (!s.empty()) return s;
  }
  return {};
}

}  // namespace

// --- Play -------------------------------------------------------------------------------------

Game::Play Game::Play::start(const Document& doc, std::size_t item) {
  PROVEN_CHECK(item < doc.blocks.size(), "demo Play::start: no such block");
  Play play;
  play.clues_ = doc.blocks[item].clues();
  play.entries_.assign(at(play.clues_.rows * play.clues_.cols), 0);
  return play;
}

MoveResult Game::Play::apply(std::string_view move) {
  const std::vector<std::string_view> w = split_words(move);
  const auto bad = [&](std::string_view why) {
    return IllegalMove(fmt::format("{}: {} (moves: put A1 7, clear A1)", move, why));
  };
  if (status().phase != PlayPhase::Playing) throw bad("the block is already filled correctly");
  if (w.empty() || (w[0] != "put" && w[0] != "clear")) throw bad("expected 'put' or 'clear'");
  if ((w[0] == "put" && w.size() != 3) || (w[0] == "clear" && w.size() != 2))
    throw bad(w[0] == "put" ? "'put' takes a cell and a digit" : "'clear' takes a cell");
  const auto cell = parse_cell(w[1], clues_.cols, clues_.rows);
  if (!cell) throw bad(fmt::format("no cell '{}' ({})", w[1], cell_range_text(clues_.cols, clues_.rows)));
  int& entry = entries_[at(cell->row * clues_.cols + cell->col)];
  const int before = entry;
  if (w[0] == "clear") {
    if (entry == 0) throw bad(fmt::format("{} is already empty", cell_name(*cell)));
    entry = 0;
  } else {
    if (w[2].size() != 1 || w[2][0] < '1' || w[2][0] > '9') throw bad("a digit is 1..9");
    entry = w[2][0] - '0';
  }
  const std::string name = cell_name(*cell);
  return {.text = entry == 0 ? fmt::format("{} cleared", name) : fmt::format("{} holds {}", name, entry),
          .changes = {{"cell", name}, {"digit", entry}, {"before", before}}};
}

PlayStatus Game::Play::status() const {
  const auto filled = static_cast<int>(std::ranges::count_if(entries_, [](int d) { return d != 0; }));
  const int cells = clues_.rows * clues_.cols;
  PlayStatus s;
  s.figures = {{"filled", filled}, {"cells", cells}};
  if (filled < cells) {
    s.summary = fmt::format("{} of {} cells filled", filled, cells);
    return s;
  }
  const std::string broken = broken_run(clues_, entries_);
  if (broken.empty()) {
    s.phase = PlayPhase::Won;
    s.summary = "every run adds up with no repeated digit";
  } else {
    s.summary = fmt::format("every cell filled, but {}", broken);
  }
  return s;
}

std::vector<std::string> Game::Play::legal_moves() const {
  std::vector<std::string> moves;
  if (status().phase != PlayPhase::Playing) return moves;
  for (int r = 0; r < clues_.rows; ++r)
    for (int c = 0; c < clues_.cols; ++c) {
      const std::string name = cell_name({c, r});
      for (int d = 1; d <= 9; ++d)
        if (entries_[at(r * clues_.cols + c)] != d) moves.push_back(fmt::format("put {} {}", name, d));
      if (entries_[at(r * clues_.cols + c)] != 0) moves.push_back("clear " + name);
    }
  return moves;
}

std::string Game::Play::rules() const {
  return "Fill every cell with a digit 1-9 so that each row adds up to the sum at its left, each column\n"
         "to the sum above it, and no digit repeats in a row or column. Cells are named by column letter\n"
         "and row number, A1 at the top left. Moves: 'put A1 7' writes 7 in A1, 'clear A1' empties it.\n";
}

std::string Game::Play::render() const {
  std::string text = "      ";
  for (int c = 0; c < clues_.cols; ++c) text += fmt::format("{:>4}", static_cast<char>('A' + c));
  text += "\n  sum ";
  for (int c = 0; c < clues_.cols; ++c) text += fmt::format("{:>4}", clues_.col_sums[at(c)]);
  text += "\n";
  for (int r = 0; r < clues_.rows; ++r) {
    text += fmt::format("{:>2} {:>3}", r + 1, clues_.row_sums[at(r)]);
    for (int c = 0; c < clues_.cols; ++c) {
      const int d = entries_[at(r * clues_.cols + c)];
      text += fmt::format("{:>4}", d == 0 ? std::string(".") : std::to_string(d));
    }
    text += "\n";
  }
  return text;
}

nlohmann::json Game::Play::to_json() const {
  nlohmann::json grid = nlohmann::json::array();
  for (int r = 0; r < clues_.rows; ++r)
    grid.push_back(std::vector<int>(entries_.begin() + r * clues_.cols, entries_.begin() + (r + 1) * clues_.cols));
  return {{"rows", clues_.rows},
          {"cols", clues_.cols},
          {"row_sums", clues_.row_sums},
          {"col_sums", clues_.col_sums},
          {"entries", grid}};
}

// --- The document -----------------------------------------------------------------------------

nlohmann::json Game::params_to_json(const Params& params) { return {{"count", params.count}}; }

Game::Params Game::params_from_json(const nlohmann::json& json) {
  return {.count = json_read::integer(json_read::field(json, "count", "params"), 1, kMaxCount, "params.count")};
}

void Game::add_params(CLI::App& app, Params& params) {
  app.add_option("--count", params.count, "how many blocks")->check(CLI::Range(1, kMaxCount))->capture_default_str();
}

Made<Game::Document> Game::generate(const std::string& seed, const Params& params, const RunOptions& run) {
  if (run.progress) run.progress->set_total(static_cast<std::uint64_t>(params.count));
  Sheet sheet = generate_sheet(seed, params, {.jobs = run.jobs, .progress = run.progress});
  Tally tally = sheet.tally;
  std::string report = fmt::format("every block proven: exactly one filling, no giveaway\n{}", tally.table());
  return {.document = std::move(sheet), .tally = std::move(tally), .report = std::move(report)};
}

Game::Document Game::from_json(const Envelope& envelope, const nlohmann::json& body) {
  return sheet_from_json(envelope.seed, params_from_json(envelope.params), body);
}

std::string Game::show_text(const Document& doc, std::size_t item) {
  const Block& block = doc.blocks[item];
  std::string answer;
  for (int r = 0; r < block.rows; ++r) {
    for (int c = 0; c < block.cols; ++c) answer += fmt::format(" {}={}", cell_name({c, r}), block.at(r, c));
  }
  const Play play = Play::start(doc, item);
  return fmt::format("block {} of {} (seed '{}'), {}x{}\n{}{}answer:{}\n", item + 1, doc.blocks.size(), doc.seed,
                     block.rows, block.cols, play.rules(), play.render(), answer);
}

std::optional<std::string> Game::show_svg(const Document& doc, std::size_t item) {
  Sheet one = doc;
  one.blocks = {doc.blocks[item]};
  return render_svg(one);
}

std::vector<std::string> Game::solution(const Document& doc, std::size_t item) {
  const Block& block = doc.blocks[item];
  std::vector<std::string> moves;
  for (int r = 0; r < block.rows; ++r)
    for (int c = 0; c < block.cols; ++c) moves.push_back(fmt::format("put {} {}", cell_name({c, r}), block.at(r, c)));
  return moves;
}

BenchReport Game::bench(unsigned jobs) {
  constexpr int kBlocks = 20000;
  const auto start = std::chrono::steady_clock::now();
  const Made<Document> made = generate("bench", {.count = kBlocks}, {.jobs = jobs, .progress = nullptr});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double tries = static_cast<double>(made.tally.tries());
  return {.figures = {{"blocks generated", std::to_string(kBlocks)},
                      {"tries", std::to_string(made.tally.tries())},
                      {"acceptance", fmt::format("{:.1f}%", 100.0 * kBlocks / tries)},
                      {"seconds", fmt::format("{:.3f}", seconds)},
                      {"blocks per second", fmt::format("{:.0f}", kBlocks / seconds)}},
          .digest = digest_hex(json_text(document_to_json<Game>(made.document)))};
}

}  // namespace proven::demo

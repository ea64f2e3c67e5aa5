// Never grade your own work alone, continued (crosscheck_test.cpp has Wires, Glyph Keypad and Color
// Echo): independent readers of the other eight regular modules. Each reader is written from the
// manual's wording, reads the rules as the manual prints them (the rule book's JSON), the module as
// the Defuser sees it (its state_json) and the casing as printed on it (the edgework's JSON), and
// shares no code with the module's own lookup. Modules are dealt with the project's Rng on random
// casings and played from the deal to solved: at every step the reader's answer must be the hint,
// and the hint, applied, must never strike.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "bomb/rulebook.hpp"
#include "core/rng.hpp"

namespace proven::bomb::readers_test {
namespace {

using nlohmann::json;

constexpr std::array<int, 12> kReaderSeeds = {1, 2, 3, 7, 50, 99, 777, 4242, 31337, 123456, 500000, 999999};
constexpr std::int64_t kReaderActionMs = 250;       // simulated time one action takes (as the proof plays)
constexpr std::int64_t kReaderLookMs = 250;         // how often a waiting Defuser looks at the timer again
constexpr std::int64_t kReaderTimerMinMs = 60'000;  // dealt clocks: 1:00 .. 5:00 remaining
constexpr std::int64_t kReaderTimerMaxMs = 300'000;

// A seed's rule book, and the same rules as the manual prints them: built once per process.
struct ReaderSeedBook {
  RuleBook book;
  json data;
};

const ReaderSeedBook& reader_seed_book(int seed) {
  static std::map<int, ReaderSeedBook> books;
  auto it = books.find(seed);
  if (it == books.end()) {
    RuleBook book = build_rule_book(seed);
    json data = to_json(book);
    it = books.emplace(seed, ReaderSeedBook{std::move(book), std::move(data)}).first;
  }
  return it->second;
}

const json& reader_rules_json(int seed, std::string_view id) {
  for (const auto& m : reader_seed_book(seed).data.at("modules"))
    if (m.at("id") == id) return m.at("rules");
  throw std::logic_error("no module " + std::string(id));
}

// One dealt case: the casing and the bomb clock, then the module from the same stream.
struct ReaderCase {
  Edgework edge;
  Clock clock;
};

Rng reader_case_rng(std::string_view id, int seed, int deal) {
  return Rng::from_key("bomb-readers")
      .fork(id)
      .fork("seed", static_cast<std::uint64_t>(seed))
      .fork("deal", static_cast<std::uint64_t>(deal));
}

ReaderCase reader_case(Rng& rng) {
  ReaderCase dealt;
  dealt.edge = deal_edgework(rng);
  dealt.clock.strikes = static_cast<int>(rng.below(3));
  dealt.clock.timer_ms =
      kReaderTimerMinMs + static_cast<std::int64_t>(rng.below(kReaderTimerMaxMs - kReaderTimerMinMs + 1));
  return dealt;
}

// The casing as printed on it (the edgework's JSON), in the facts the rules read.
struct ReaderCasing {
  int batteries = 0;
  std::vector<std::string> lit;  // labels of the lit indicators
  int serial_last_digit = 0;
  bool parallel_port = false;
};

ReaderCasing read_casing(const Edgework& edge) {
  const json printed = to_json(edge);
  ReaderCasing casing;
  for (const auto& holder : printed.at("battery_holders")) casing.batteries += holder.get<int>();
  for (const auto& indicator : printed.at("indicators"))
    if (indicator.at("lit").get<bool>()) casing.lit.push_back(indicator.at("label").get<std::string>());
  const std::string serial = printed.at("serial");
  casing.serial_last_digit = serial.back() - '0';
  for (const auto& plate : printed.at("port_plates"))
    for (const auto& port : plate) casing.parallel_port = casing.parallel_port || port == "parallel";
  return casing;
}

std::string reader_verb(Action action) { return std::string(kVerbNames[static_cast<std::size_t>(action.verb)]); }

std::string reader_outcome(Outcome outcome) {
  switch (outcome) {
    case Outcome::Ok:
      return "ok";
    case Outcome::Strike:
      return "strike";
    case Outcome::Solved:
      return "solved";
  }
  return "?";
}

std::string reader_where(int seed, int deal, const json& view) {
  return "seed " + std::to_string(seed) + " deal " + std::to_string(deal) + " state " + view.dump();
}

// ---------------------------------------------------------------------------------------------
// Big Button: "the first line whose conditions are all true says whether to tap the button or
// hold it. If none is true, follow the otherwise line." "Let go when any digit of the bomb's timer
// is the digit for the strip's colour."

bool button_line_condition(const json& condition, const json& view, const ReaderCasing& casing) {
  const std::string kind = condition.at("kind");
  if (kind == "colour_is") return condition.at("colour") == view.at("colour");
  if (kind == "label_is") return condition.at("label") == view.at("label");
  // "there are N + 1 or more batteries"
  if (kind == "batteries_more_than") return casing.batteries > condition.at("number").get<int>();
  if (kind == "indicator_lit")
    return std::find(casing.lit.begin(), casing.lit.end(), condition.at("label").get<std::string>()) !=
           casing.lit.end();
  throw std::logic_error("Big Button condition " + kind);
}

// The timer as the bomb shows it: m:ss.
std::string button_timer_text(std::int64_t seconds) {
  const std::int64_t secs = seconds % 60;
  return std::to_string(seconds / 60) + ":" + (secs < 10 ? "0" : "") + std::to_string(secs);
}

// "tap", "hold", "release" or "wait".
std::string button_reader(const json& rules, const json& view, const ReaderCasing& casing, const std::string& timer) {
  if (!view.at("held").get<bool>()) {
    for (const auto& line : rules.at("lines")) {
      bool all = true;
      for (const auto& condition : line.at("if")) all = all && button_line_condition(condition, view, casing);
      if (all) return line.at("move");
    }
    return rules.at("otherwise");
  }
  const int digit = rules.at("release_digit_by_strip").at(view.at("strip").get<std::string>());
  return timer.find(static_cast<char>('0' + digit)) != std::string::npos ? "release" : "wait";
}

TEST(BombReaders, BigButtonAgreesWithAnIndependentReader) {
  constexpr int kDeals = 500;
  int deals = 0;
  int taps = 0;
  int holds = 0;
  int releases = 0;
  int waits = 0;
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "big-button");
    const auto& typed = reader_seed_book(seed).book.rules_of<BigButton>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("big-button", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      BigButton::State state = BigButton::deal(rng, dealt.edge, typed);
      const ReaderCasing casing = read_casing(dealt.edge);
      Context ctx{dealt.edge, dealt.clock, 0};
      bool solved = false;
      for (int step = 0; step < 400 && !solved; ++step) {
        const json view = BigButton::state_json(state);
        const std::string timer = button_timer_text(ctx.clock.displayed_seconds(ctx.now_ms));
        const std::string expected = button_reader(rules, view, casing, timer);
        const Action hint = BigButton::hint(typed, state, ctx);
        ASSERT_EQ(reader_verb(hint), expected)
            << reader_where(seed, deal, view) << " timer " << timer << " edgework " << describe(dealt.edge);
        if (expected == "wait") {
          ctx.now_ms += kReaderLookMs;
          ++waits;
          continue;
        }
        const Outcome outcome = BigButton::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), expected == "hold" ? "ok" : "solved") << reader_where(seed, deal, view);
        if (expected == "tap") ++taps;
        if (expected == "hold") ++holds;
        if (expected == "release") ++releases;
        solved = outcome == Outcome::Solved;
        ctx.now_ms += kReaderActionMs;
      }
      ASSERT_TRUE(solved) << reader_where(seed, deal, BigButton::state_json(state));
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(taps + holds, deals);
  EXPECT_EQ(releases, holds);
  EXPECT_GT(taps, deals / 10);
  EXPECT_GT(holds, deals / 10);
  EXPECT_GT(waits, holds);  // most releases wait for their digit
}

// ---------------------------------------------------------------------------------------------
// Word Grid: "the display word tells you which button to read. Then find that button's word in
// the second table and press the first word of its list that is on a button." Positions count
// row by row, 1 top left, 2 top right, 3 middle left ... 6 bottom right.

// The six button words in position order (the view gives them by rows of [left, right]).
std::vector<std::string> grid_button_words(const json& view) {
  std::vector<std::string> words;
  for (const auto& item : view.at("buttons")) {
    if (item.is_array()) {
      for (const auto& word : item) words.push_back(word.get<std::string>());
    } else {
      words.push_back(item.get<std::string>());
    }
  }
  return words;
}

// The word to press, or "" when the list names no word on a button.
std::string grid_reader(const json& rules, const json& view) {
  const std::vector<std::string> buttons = grid_button_words(view);
  const int position = rules.at("read_position").at(view.at("display").get<std::string>()).get<int>();
  const std::string& read = buttons.at(static_cast<std::size_t>(position - 1));
  for (const auto& word : rules.at("priority").at(read))
    if (std::find(buttons.begin(), buttons.end(), word.get<std::string>()) != buttons.end()) return word;
  return "";
}

TEST(BombReaders, WordGridAgreesWithAnIndependentReader) {
  constexpr int kDeals = 300;
  int deals = 0;
  int presses = 0;
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "word-grid");
    const auto& typed = reader_seed_book(seed).book.rules_of<WordGrid>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("word-grid", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      WordGrid::State state = WordGrid::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      for (int round = 1; round <= WordGrid::kRounds; ++round) {
        const json view = WordGrid::state_json(state);
        ASSERT_EQ(view.at("round").get<int>(), round) << reader_where(seed, deal, view);
        const std::vector<std::string> buttons = grid_button_words(view);
        ASSERT_EQ(buttons.size(), 6u) << reader_where(seed, deal, view);
        const std::string expected = grid_reader(rules, view);
        ASSERT_NE(expected, "") << reader_where(seed, deal, view) << ": the list names no word on a button";
        ASSERT_EQ(std::count(buttons.begin(), buttons.end(), expected), 1) << reader_where(seed, deal, view);
        const Action hint = WordGrid::hint(typed, state, ctx);
        ASSERT_EQ(reader_verb(hint), "press") << reader_where(seed, deal, view) << " reader: press " << expected;
        ASSERT_EQ(buttons.at(static_cast<std::size_t>(hint.arg)), expected) << reader_where(seed, deal, view);
        const Outcome outcome = WordGrid::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), round == WordGrid::kRounds ? "solved" : "ok")
            << reader_where(seed, deal, view);
        ++presses;
      }
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(presses, deals * 3);
}

// ---------------------------------------------------------------------------------------------
// Recall: "Remember the position and the label you press in every stage." Each stage's line for
// the displayed digit: a position (from the left), a label, or the position or label pressed in
// an earlier stage.

struct RecallMemory {
  std::vector<int> positions;  // 1-based, one per finished stage
  std::vector<int> labels;
};

// The position (1-4 from the left) to press, or 0 when the line cannot be followed.
int recall_reader(const json& rules, const json& view, const RecallMemory& memory) {
  const int stage = view.at("stage");
  const int display = view.at("display");
  const json& labels = view.at("labels");
  const auto position_of_label = [&](int label) {
    for (std::size_t p = 0; p < labels.size(); ++p)
      if (labels[p].get<int>() == label) return static_cast<int>(p) + 1;
    return 0;
  };
  const json& line =
      rules.at("stages").at(static_cast<std::size_t>(stage - 1)).at(static_cast<std::size_t>(display - 1));
  const std::string kind = line.at("kind");
  const int value = line.at("value");
  if (kind == "position") return value;
  if (kind == "label") return position_of_label(value);
  const bool earlier = value >= 1 && value < stage;
  if (kind == "same_position_as_stage") return earlier ? memory.positions.at(static_cast<std::size_t>(value - 1)) : 0;
  if (kind == "same_label_as_stage")
    return earlier ? position_of_label(memory.labels.at(static_cast<std::size_t>(value - 1))) : 0;
  throw std::logic_error("Recall instruction " + kind);
}

TEST(BombReaders, RecallAgreesWithAnIndependentReader) {
  constexpr int kDeals = 400;
  int deals = 0;
  int presses = 0;
  int looked_back = 0;  // presses whose line names an earlier stage
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "recall");
    const auto& typed = reader_seed_book(seed).book.rules_of<Recall>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("recall", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      Recall::State state = Recall::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      RecallMemory memory;
      for (int stage = 1; stage <= Recall::kStages; ++stage) {
        const json view = Recall::state_json(state);
        ASSERT_EQ(view.at("stage").get<int>(), stage) << reader_where(seed, deal, view);
        const int expected = recall_reader(rules, view, memory);
        ASSERT_GE(expected, 1) << reader_where(seed, deal, view) << ": the line cannot be followed";
        const Action hint = Recall::hint(typed, state, ctx);
        ASSERT_EQ(reader_verb(hint), "press") << reader_where(seed, deal, view) << " reader: position " << expected;
        ASSERT_EQ(hint.arg + 1, expected) << reader_where(seed, deal, view);
        const json& line = rules.at("stages")
                               .at(static_cast<std::size_t>(stage - 1))
                               .at(static_cast<std::size_t>(view.at("display").get<int>() - 1));
        if (line.at("kind").get<std::string>().starts_with("same_")) ++looked_back;
        memory.positions.push_back(expected);
        memory.labels.push_back(view.at("labels").at(static_cast<std::size_t>(expected - 1)).get<int>());
        const Outcome outcome = Recall::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), stage == Recall::kStages ? "solved" : "ok")
            << reader_where(seed, deal, view);
        ++presses;
      }
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(presses, deals * 5);
  EXPECT_GT(looked_back, deals);
}

// ---------------------------------------------------------------------------------------------
// Labyrinth: "Find the maze whose markers are where the rings are, then guide the light to the
// goal without walking into a wall. Columns and rows count from the top left." The reader walks
// the shortest way: each move one cell closer to the goal.

constexpr std::string_view kMazeSides = "URDL";
constexpr std::array<int, 4> kMazeColumnStep = {0, 1, 0, -1};
constexpr std::array<int, 4> kMazeRowStep = {-1, 0, 1, 0};

struct MazePage {
  std::array<std::pair<int, int>, 2> markers{};    // {column, row}, 1-based
  std::array<std::array<std::string, 6>, 6> open;  // [row - 1][column - 1]: the open sides, as URDL letters
};

std::vector<MazePage> read_maze_pages(const json& rules) {
  std::vector<MazePage> pages;
  for (const auto& maze : rules.at("mazes")) {
    MazePage page;
    for (std::size_t k = 0; k < 2; ++k)
      page.markers[k] = {maze.at("markers").at(k).at("column").get<int>(),
                         maze.at("markers").at(k).at("row").get<int>()};
    for (std::size_t row = 0; row < 6; ++row)
      for (std::size_t column = 0; column < 6; ++column)
        page.open[row][column] = maze.at("cells").at(row).at(column).get<std::string>();
    pages.push_back(page);
  }
  return pages;
}

std::pair<int, int> maze_cell(const json& cell) { return {cell.at("column").get<int>(), cell.at("row").get<int>()}; }

// The maze whose markers are the rings (in either order): its index, or -1 for none or several.
int maze_reader_find(const std::vector<MazePage>& pages, const json& view) {
  const auto a = maze_cell(view.at("markers").at(0));
  const auto b = maze_cell(view.at("markers").at(1));
  int found = -1;
  for (std::size_t m = 0; m < pages.size(); ++m) {
    const auto& marks = pages[m].markers;
    if ((marks[0] == a && marks[1] == b) || (marks[0] == b && marks[1] == a)) {
      if (found >= 0) return -1;
      found = static_cast<int>(m);
    }
  }
  return found;
}

// Moves from every cell to (column, row) through open sides; -1 where there is no way.
std::array<std::array<int, 6>, 6> maze_distances(const MazePage& page, std::pair<int, int> to) {
  std::array<std::array<int, 6>, 6> distance{};
  for (auto& row : distance) row.fill(-1);
  std::vector<std::pair<int, int>> frontier = {to};
  distance[static_cast<std::size_t>(to.second - 1)][static_cast<std::size_t>(to.first - 1)] = 0;
  for (int moves = 1; !frontier.empty(); ++moves) {
    std::vector<std::pair<int, int>> next;
    for (const auto& [column, row] : frontier)
      for (std::size_t side = 0; side < 4; ++side) {
        if (page.open[static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(column - 1)].find(kMazeSides[side]) ==
            std::string::npos)
          continue;
        const int c = column + kMazeColumnStep[side];
        const int r = row + kMazeRowStep[side];
        if (c < 1 || c > 6 || r < 1 || r > 6) continue;
        int& d = distance[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)];
        if (d >= 0) continue;
        d = moves;
        next.emplace_back(c, r);
      }
    frontier = std::move(next);
  }
  return distance;
}

// Whether every open side on the page leads to a cell open back towards it (a wall the manual
// draws is a wall from both sides) and never off the grid.
bool maze_page_drawable(const MazePage& page) {
  for (int row = 1; row <= 6; ++row)
    for (int column = 1; column <= 6; ++column)
      for (const char side : page.open[static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(column - 1)]) {
        const std::size_t s = kMazeSides.find(side);
        if (s == std::string_view::npos) return false;
        const int c = column + kMazeColumnStep[s];
        const int r = row + kMazeRowStep[s];
        if (c < 1 || c > 6 || r < 1 || r > 6) return false;
        if (page.open[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)].find(kMazeSides[(s + 2) % 4]) ==
            std::string::npos)
          return false;
      }
  return true;
}

struct MazeReading {
  int maze = -1;
  int distance = -1;  // moves from the light to the goal
  std::string moves;  // the sides (URDL) through which the light gets one cell closer
};

MazeReading maze_reader(const std::vector<MazePage>& pages, const json& view) {
  MazeReading reading;
  reading.maze = maze_reader_find(pages, view);
  if (reading.maze < 0) return reading;
  const MazePage& page = pages[static_cast<std::size_t>(reading.maze)];
  const auto distance = maze_distances(page, maze_cell(view.at("goal")));
  const auto [column, row] = maze_cell(view.at("light"));
  reading.distance = distance[static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(column - 1)];
  for (std::size_t side = 0; side < 4; ++side) {
    if (page.open[static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(column - 1)].find(kMazeSides[side]) ==
        std::string::npos)
      continue;
    const int c = column + kMazeColumnStep[side];
    const int r = row + kMazeRowStep[side];
    if (c < 1 || c > 6 || r < 1 || r > 6) continue;
    if (distance[static_cast<std::size_t>(r - 1)][static_cast<std::size_t>(c - 1)] == reading.distance - 1)
      reading.moves += kMazeSides[side];
  }
  return reading;
}

// The side a hinted move goes through, by the module's own name for the direction.
char maze_side_of(Action hint) {
  const std::string_view name = Labyrinth::kDirectionNames.at(static_cast<std::size_t>(hint.arg));
  if (name == "up") return 'U';
  if (name == "right") return 'R';
  if (name == "down") return 'D';
  if (name == "left") return 'L';
  return '?';
}

TEST(BombReaders, LabyrinthAgreesWithAnIndependentReader) {
  constexpr int kDeals = 400;
  int deals = 0;
  int moves = 0;
  for (const int seed : kReaderSeeds) {
    const std::vector<MazePage> pages = read_maze_pages(reader_rules_json(seed, "labyrinth"));
    ASSERT_EQ(pages.size(), 9u) << "seed " << seed;
    for (std::size_t m = 0; m < pages.size(); ++m) ASSERT_TRUE(maze_page_drawable(pages[m])) << seed << " maze " << m;
    const auto& typed = reader_seed_book(seed).book.rules_of<Labyrinth>();
    const Labyrinth::Lookup lookup = Labyrinth::prepare(typed);  // the hint's own table, built once
    std::array<int, 9> per_maze{};
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("labyrinth", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      Labyrinth::State state = Labyrinth::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      const MazeReading first = maze_reader(pages, Labyrinth::state_json(state));
      ASSERT_GE(first.maze, 0) << reader_where(seed, deal, Labyrinth::state_json(state));
      ASSERT_GE(first.distance, 1) << reader_where(seed, deal, Labyrinth::state_json(state));
      ++per_maze[static_cast<std::size_t>(first.maze)];
      int walked = 0;
      for (Outcome outcome = Outcome::Ok; outcome != Outcome::Solved;) {
        const json view = Labyrinth::state_json(state);
        const MazeReading reading = maze_reader(pages, view);
        ASSERT_EQ(reading.maze, first.maze) << reader_where(seed, deal, view);
        ASSERT_EQ(reading.distance, first.distance - walked) << reader_where(seed, deal, view);
        // A perfect maze has one way to the goal: one move gets closer.
        ASSERT_EQ(reading.moves.size(), 1u) << reader_where(seed, deal, view) << " closer: " << reading.moves;
        const Action hint = Labyrinth::hint(lookup, state, ctx);
        ASSERT_EQ(reader_verb(hint), "move") << reader_where(seed, deal, view) << " reader: " << reading.moves;
        ASSERT_EQ(maze_side_of(hint), reading.moves[0]) << reader_where(seed, deal, view);
        outcome = Labyrinth::apply(lookup, state, hint, ctx);
        ASSERT_NE(reader_outcome(outcome), "strike") << reader_where(seed, deal, view);
        ++walked;
        ++moves;
        ASSERT_EQ(outcome == Outcome::Solved, walked == first.distance) << reader_where(seed, deal, view);
      }
      ++deals;
    }
    for (std::size_t m = 0; m < per_maze.size(); ++m) EXPECT_GT(per_maze[m], 0) << "seed " << seed << " maze " << m;
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_GT(moves, deals * 3);
}

// ---------------------------------------------------------------------------------------------
// Passcode: "Exactly one word of this list can be spelled with the letters the wheels hold; turn
// each wheel to its letter and press submit." A turn moves a wheel one letter on.

struct PasscodeReading {
  std::string word;
  int spellable = 0;  // listed words the wheels can spell
};

PasscodeReading passcode_reader(const json& rules, const json& view) {
  const json& wheels = view.at("wheels");
  PasscodeReading reading;
  for (const auto& listed : rules.at("words")) {
    const std::string word = listed;
    bool fits = word.size() == wheels.size();
    for (std::size_t w = 0; fits && w < wheels.size(); ++w)
      fits = wheels[w].at("letters").get<std::string>().find(word[w]) != std::string::npos;
    if (!fits) continue;
    ++reading.spellable;
    reading.word = word;
  }
  return reading;
}

// The wheels (1-based) not yet showing the word's letter.
std::vector<int> passcode_wrong_wheels(const json& view, const std::string& word) {
  std::vector<int> wrong;
  const json& wheels = view.at("wheels");
  for (std::size_t w = 0; w < wheels.size(); ++w)
    if (wheels[w].at("shown_letter").get<std::string>() != std::string(1, word.at(w)))
      wrong.push_back(static_cast<int>(w) + 1);
  return wrong;
}

TEST(BombReaders, PasscodeAgreesWithAnIndependentReader) {
  constexpr int kDeals = 300;
  int deals = 0;
  int turns = 0;
  int submits = 0;
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "passcode");
    const auto& typed = reader_seed_book(seed).book.rules_of<Passcode>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("passcode", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      Passcode::State state = Passcode::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      // The turns the word needs: on each wheel, from the shown letter forward to the word's.
      const json start = Passcode::state_json(state);
      const PasscodeReading answer = passcode_reader(rules, start);
      ASSERT_EQ(answer.spellable, 1) << reader_where(seed, deal, start);
      int needed = 0;
      for (std::size_t w = 0; w < start.at("wheels").size(); ++w) {
        const json& wheel = start.at("wheels")[w];
        const auto target = static_cast<int>(wheel.at("letters").get<std::string>().find(answer.word[w]));
        needed += (target - (wheel.at("shown_position").get<int>() - 1) + 6) % 6;
      }
      int played = 0;
      for (Outcome outcome = Outcome::Ok; outcome != Outcome::Solved;) {
        ASSERT_LE(played, needed) << reader_where(seed, deal, start);
        const json view = Passcode::state_json(state);
        const PasscodeReading reading = passcode_reader(rules, view);
        ASSERT_EQ(reading.spellable, 1) << reader_where(seed, deal, view);
        ASSERT_EQ(reading.word, answer.word) << reader_where(seed, deal, view);
        const std::vector<int> wrong = passcode_wrong_wheels(view, reading.word);
        const Action hint = Passcode::hint(typed, state, ctx);
        if (wrong.empty()) {
          ASSERT_EQ(reader_verb(hint), "submit") << reader_where(seed, deal, view) << " word " << reading.word;
        } else {
          // The manual names no order: any wheel not yet on its letter is a right turn.
          ASSERT_EQ(reader_verb(hint), "turn") << reader_where(seed, deal, view) << " word " << reading.word;
          ASSERT_NE(std::find(wrong.begin(), wrong.end(), hint.arg + 1), wrong.end())
              << reader_where(seed, deal, view) << " word " << reading.word << " turned " << hint.arg + 1;
        }
        outcome = Passcode::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), wrong.empty() ? "solved" : "ok") << reader_where(seed, deal, view);
        if (wrong.empty()) {
          ++submits;
        } else {
          ++turns;
          ++played;
        }
      }
      ASSERT_EQ(played, needed) << reader_where(seed, deal, start);
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(submits, deals);
  EXPECT_GT(turns, deals * 5);
}

// ---------------------------------------------------------------------------------------------
// Blinker: "Decode it with the code, find the word, tune the dial to its frequency and submit."

// The frequency (kHz) to submit on: each blinked code read as the one letter with that code, the
// word looked up in the list; 0 when a code fits no letter or two, or the word is not listed.
int blinker_reader(const json& rules, const json& view) {
  std::string word;
  for (const auto& blinked : view.at("blinking")) {
    int fits = 0;
    for (const auto& entry : rules.at("code").items())
      if (entry.value() == blinked) {
        ++fits;
        word += entry.key();
      }
    if (fits != 1) return 0;
  }
  for (const auto& listed : rules.at("words"))
    if (listed.at("word") == word) return listed.at("khz");
  return 0;
}

TEST(BombReaders, BlinkerAgreesWithAnIndependentReader) {
  constexpr int kDeals = 300;
  int deals = 0;
  int turns = 0;
  int submits = 0;
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "blinker");
    const auto& typed = reader_seed_book(seed).book.rules_of<Blinker>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("blinker", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      Blinker::State state = Blinker::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      const json start = Blinker::state_json(state);
      const int khz = blinker_reader(rules, start);
      ASSERT_GT(khz, 0) << reader_where(seed, deal, start);
      const int first_dial = start.at("dial_khz");
      ASSERT_EQ((khz - first_dial) % 6, 0) << reader_where(seed, deal, start);
      const int needed = std::abs(khz - first_dial) / 6;
      int played = 0;
      for (Outcome outcome = Outcome::Ok; outcome != Outcome::Solved;) {
        ASSERT_LE(played, needed) << reader_where(seed, deal, start);
        const json view = Blinker::state_json(state);
        ASSERT_EQ(blinker_reader(rules, view), khz) << reader_where(seed, deal, view);
        const int dial = view.at("dial_khz");
        const Action hint = Blinker::hint(typed, state, ctx);
        if (dial == khz) {
          ASSERT_EQ(reader_verb(hint), "submit") << reader_where(seed, deal, view) << " reader: " << khz << " kHz";
        } else {
          // Up is higher: the dial's next stop up is 6 kHz more.
          ASSERT_EQ(reader_verb(hint), "turn") << reader_where(seed, deal, view) << " reader: " << khz << " kHz";
          ASSERT_EQ(hint.arg > 0, dial < khz) << reader_where(seed, deal, view) << " reader: " << khz << " kHz";
        }
        outcome = Blinker::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), dial == khz ? "solved" : "ok") << reader_where(seed, deal, view);
        if (dial == khz) {
          ++submits;
          continue;
        }
        ASSERT_EQ(Blinker::state_json(state).at("dial_khz").get<int>(), dial + (dial < khz ? 6 : -6))
            << reader_where(seed, deal, view);
        ++turns;
        ++played;
      }
      ASSERT_EQ(played, needed) << reader_where(seed, deal, start);
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(submits, deals);
  EXPECT_GT(turns, deals * 2);
}

// ---------------------------------------------------------------------------------------------
// Tangled Wires: "Look at each wire on its own ... The table says whether to cut it. Cut every
// wire that must be cut, in any order."

bool tangled_instruction_cuts(const std::string& instruction, const ReaderCasing& casing) {
  if (instruction == "cut") return true;
  if (instruction == "skip") return false;
  if (instruction == "serial_even") return casing.serial_last_digit % 2 == 0;
  if (instruction == "parallel_port") return casing.parallel_port;
  if (instruction == "two_batteries") return casing.batteries >= 2;
  throw std::logic_error("Tangled Wires instruction " + instruction);
}

// For each wire, first to last, whether its row of the table says to cut it on this casing.
std::vector<bool> tangled_reader(const json& rules, const json& view, const ReaderCasing& casing) {
  std::vector<bool> cut;
  for (const auto& wire : view.at("wires")) {
    int rows = 0;
    bool cuts = false;
    for (const auto& row : rules.at("table"))
      if (row.at("red") == wire.at("red_stripe") && row.at("blue") == wire.at("blue_stripe") &&
          row.at("star") == wire.at("star") && row.at("led") == wire.at("led")) {
        ++rows;
        cuts = tangled_instruction_cuts(row.at("instruction"), casing);
      }
    if (rows != 1) throw std::logic_error("Tangled Wires: " + std::to_string(rows) + " rows fit " + wire.dump());
    cut.push_back(cuts);
  }
  return cut;
}

TEST(BombReaders, TangledWiresAgreesWithAnIndependentReader) {
  constexpr int kDeals = 400;
  int deals = 0;
  int cuts = 0;
  int left_whole = 0;  // wires the reader says to leave
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "tangled-wires");
    const auto& typed = reader_seed_book(seed).book.rules_of<TangledWires>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("tangled-wires", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      TangledWires::State state = TangledWires::deal(rng, dealt.edge, typed);
      const ReaderCasing casing = read_casing(dealt.edge);
      const Context ctx{dealt.edge, dealt.clock, 0};
      const json start = TangledWires::state_json(state);
      const std::vector<bool> first = tangled_reader(rules, start, casing);
      const auto needed = static_cast<int>(std::count(first.begin(), first.end(), true));
      ASSERT_GE(needed, 1) << reader_where(seed, deal, start) << " edgework " << describe(dealt.edge);
      left_whole += static_cast<int>(first.size()) - needed;
      int played = 0;
      for (Outcome outcome = Outcome::Ok; outcome != Outcome::Solved;) {
        ASSERT_LT(played, needed) << reader_where(seed, deal, start);
        const json view = TangledWires::state_json(state);
        const std::vector<bool> must = tangled_reader(rules, view, casing);
        std::vector<int> remaining;  // 1-based
        for (std::size_t i = 0; i < must.size(); ++i)
          if (must[i] && !view.at("wires")[i].at("cut").get<bool>()) remaining.push_back(static_cast<int>(i) + 1);
        ASSERT_FALSE(remaining.empty()) << reader_where(seed, deal, view);
        const Action hint = TangledWires::hint(typed, state, ctx);
        ASSERT_EQ(reader_verb(hint), "cut") << reader_where(seed, deal, view) << " edgework " << describe(dealt.edge);
        ASSERT_NE(std::find(remaining.begin(), remaining.end(), hint.arg + 1), remaining.end())
            << reader_where(seed, deal, view) << " edgework " << describe(dealt.edge) << " hint cuts wire "
            << hint.arg + 1;
        outcome = TangledWires::apply(typed, state, hint, ctx);
        ASSERT_EQ(reader_outcome(outcome), remaining.size() == 1 ? "solved" : "ok") << reader_where(seed, deal, view);
        ++played;
        ++cuts;
      }
      ASSERT_EQ(played, needed) << reader_where(seed, deal, start);
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_GT(cuts, deals);
  EXPECT_GT(left_whole, deals / 2);
}

// ---------------------------------------------------------------------------------------------
// Wire Panels: "Keep a count per colour over the whole module (every wire you have seen, cut or
// not). Cut a wire when its letter is listed for its colour and count; then move on to the next
// panel." Within a panel the reader counts the wires in post order (post 1 first).

struct PanelMemory {
  int panel = 0;                    // the panel last looked at
  json shown = json::array();       // its wires
  std::map<std::string, int> seen;  // wires of each colour on the panels before it
  int deepest = 0;                  // the highest count any wire has had
};

// The posts (1-3) of the shown panel whose wires must be cut.
std::vector<int> panels_reader(const json& rules, const json& view, PanelMemory& memory) {
  if (view.at("panel").get<int>() != memory.panel) {
    for (const auto& wire : memory.shown) ++memory.seen[wire.at("colour").get<std::string>()];
    memory.panel = view.at("panel");
  }
  memory.shown = view.at("wires");
  std::vector<json> wires(memory.shown.begin(), memory.shown.end());
  std::sort(wires.begin(), wires.end(),
            [](const json& a, const json& b) { return a.at("post").get<int>() < b.at("post").get<int>(); });
  std::map<std::string, int> count = memory.seen;
  std::vector<int> posts;
  for (const auto& wire : wires) {
    const std::string colour = wire.at("colour");
    const int occurrence = ++count[colour];
    memory.deepest = std::max(memory.deepest, occurrence);
    const std::string letters =
        rules.at("cut_letters_by_occurrence").at(colour).at(static_cast<std::size_t>(occurrence - 1));
    if (letters.find(wire.at("letter").get<std::string>()) != std::string::npos)
      posts.push_back(wire.at("post").get<int>());
  }
  return posts;
}

TEST(BombReaders, WirePanelsAgreesWithAnIndependentReader) {
  constexpr int kDeals = 400;
  int deals = 0;
  int cuts = 0;
  int next_panels = 0;
  int deep_counts = 0;  // deals where a colour was counted past 3 (more than one panel holds): counts carried over
  for (const int seed : kReaderSeeds) {
    const json& rules = reader_rules_json(seed, "wire-panels");
    const auto& typed = reader_seed_book(seed).book.rules_of<WirePanels>();
    for (int deal = 0; deal < kDeals; ++deal) {
      Rng rng = reader_case_rng("wire-panels", seed, deal);
      const ReaderCase dealt = reader_case(rng);
      WirePanels::State state = WirePanels::deal(rng, dealt.edge, typed);
      const Context ctx{dealt.edge, dealt.clock, 0};
      PanelMemory memory;
      int steps = 0;
      for (Outcome outcome = Outcome::Ok; outcome != Outcome::Solved;) {
        ASSERT_LT(steps++, 20) << reader_where(seed, deal, WirePanels::state_json(state));
        const json view = WirePanels::state_json(state);
        const std::vector<int> must = panels_reader(rules, view, memory);
        std::vector<int> remaining;
        for (const auto& wire : view.at("wires")) {
          const int post = wire.at("post");
          const bool listed = std::find(must.begin(), must.end(), post) != must.end();
          ASSERT_TRUE(listed || !wire.at("cut").get<bool>()) << reader_where(seed, deal, view);
          if (listed && !wire.at("cut").get<bool>()) remaining.push_back(post);
        }
        const Action hint = WirePanels::hint(typed, state, ctx);
        if (remaining.empty()) {
          ASSERT_EQ(reader_verb(hint), "submit") << reader_where(seed, deal, view) << " reader: next panel";
        } else {
          ASSERT_EQ(reader_verb(hint), "cut") << reader_where(seed, deal, view);
          ASSERT_NE(std::find(remaining.begin(), remaining.end(), hint.arg + 1), remaining.end())
              << reader_where(seed, deal, view) << " hint cuts post " << hint.arg + 1;
        }
        outcome = WirePanels::apply(typed, state, hint, ctx);
        const bool last = view.at("panel") == view.at("panels");
        ASSERT_EQ(reader_outcome(outcome), remaining.empty() && last ? "solved" : "ok")
            << reader_where(seed, deal, view);
        if (remaining.empty()) {
          ++next_panels;
        } else {
          ++cuts;
        }
      }
      if (memory.deepest > 3) ++deep_counts;
      ++deals;
    }
  }
  EXPECT_EQ(deals, static_cast<int>(kReaderSeeds.size()) * kDeals);
  EXPECT_EQ(next_panels, deals * 4);
  EXPECT_GT(cuts, deals * 2);
  EXPECT_GT(deep_counts, deals / 4);
}

}  // namespace
}  // namespace proven::bomb::readers_test

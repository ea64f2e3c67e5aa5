// Each module's state_json against its show(): the JSON of every state met while playing dealt
// modules by their hints must hold exactly what the text line shows. The test rebuilds the text
// line from the JSON alone (its own reading of docs/bomb.md's fields, not the module's code), so
// a field that is missing, misnamed, wrong or extra fails here; hidden parts of a state (later
// stages, the strip of a button not held, a sleeping module's next prompt) must not reach it.
#include <gtest/gtest.h>

#include <array>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "bomb/bomb.hpp"
#include "bomb/proof.hpp"
#include "core/io.hpp"

namespace proven::bomb::state_json_test {
namespace {

using json = nlohmann::json;

std::set<std::string> keys_of(const json& j) {
  std::set<std::string> keys;
  if (!j.is_object()) return {"<not an object>"};
  for (const auto& [key, value] : j.items()) keys.insert(key);
  return keys;
}

// Fails the test (and returns false) unless j is an object with exactly these keys.
bool has_keys(const json& j, const std::set<std::string>& expected) {
  const auto keys = keys_of(j);
  EXPECT_EQ(keys, expected) << j.dump();
  return keys == expected;
}

std::string text(const json& j) { return j.get<std::string>(); }
int number(const json& j) { return j.get<int>(); }
std::string cell(const json& c) {
  if (!has_keys(c, {"column", "row"})) return "?";
  return fmt::format("({},{})", number(c["column"]), number(c["row"]));
}

struct View {
  std::set<std::string> keys;                      // the state object's fields
  std::function<std::string(const json&)> render;  // show()'s line, from the JSON alone
  // A state only play reaches (held, a key down, a later stage, awake); null: none to ask for.
  std::function<bool(const json&)> in_play;
};

const std::map<std::string, View>& views() {
  static const std::map<std::string, View> kViews = {
      {"wires",
       {{"wires"},
        [](const json& j) {
          std::string s = fmt::format("{} wires:", j["wires"].size());
          for (const auto& w : j["wires"]) s += fmt::format(" {}", text(w));
          return s;
        },
        nullptr}},
      {"big-button",
       {{"colour", "label", "held", "strip"},
        [](const json& j) {
          std::string s = fmt::format("a {} button labelled \"{}\"", text(j["colour"]), text(j["label"]));
          EXPECT_EQ(j["strip"].is_null(), !j["held"].get<bool>()) << j.dump();
          if (j["held"].get<bool>()) s += fmt::format(", held, strip lit {}", text(j["strip"]));
          return s;
        },
        [](const json& j) { return j["held"].get<bool>(); }}},
      {"glyph-keypad",
       {{"keys"},
        [](const json& j) {
          EXPECT_EQ(j["keys"].size(), 4u);
          std::string s = "keys:";
          for (const auto& k : j["keys"])
            if (has_keys(k, {"glyph", "down"}))
              s += fmt::format(" {}{}", text(k["glyph"]), k["down"].get<bool>() ? " (down)" : "");
          return s;
        },
        [](const json& j) {
          for (const auto& k : j["keys"])
            if (k["down"].get<bool>()) return true;
          return false;
        }}},
      {"color-echo",
       {{"stage", "stages", "flashing", "answered"},
        [](const json& j) {
          EXPECT_EQ(j["flashing"].size(), static_cast<std::size_t>(number(j["stage"]))) << "only the flashes so far";
          std::string s = fmt::format("stage {} of {}, flashing:", number(j["stage"]), number(j["stages"]));
          for (const auto& f : j["flashing"]) s += fmt::format(" {}", text(f));
          if (number(j["answered"]) > 0) s += fmt::format(" ({} answered)", number(j["answered"]));
          return s;
        },
        [](const json& j) { return number(j["stage"]) > 1 || number(j["answered"]) > 0; }}},
      {"word-grid",
       {{"round", "rounds", "display", "buttons"},
        [](const json& j) {
          EXPECT_EQ(j["buttons"].size(), 3u);  // rows top, middle, bottom of [left, right]
          std::string s = fmt::format("round {} of {}, display {}, buttons (left, right):", number(j["round"]),
                                      number(j["rounds"]), text(j["display"]));
          const std::array<std::string, 3> rows = {"top:", "middle:", "bottom:"};
          for (std::size_t r = 0; r < 3; ++r) {
            EXPECT_EQ(j["buttons"][r].size(), 2u);
            s += fmt::format("\n      {:<8}{:<8}{}", rows[r], text(j["buttons"][r][0]), text(j["buttons"][r][1]));
          }
          return s;
        },
        [](const json& j) { return number(j["round"]) > 1; }}},
      {"recall",
       {{"stage", "stages", "display", "labels"},
        [](const json& j) {
          std::string s = fmt::format("stage {} of {}, display {}, labels", number(j["stage"]), number(j["stages"]),
                                      number(j["display"]));
          EXPECT_EQ(j["labels"].size(), 4u);
          for (const auto& l : j["labels"]) s += fmt::format(" {}", number(l));
          return s;
        },
        [](const json& j) { return number(j["stage"]) > 1; }}},
      {"labyrinth",
       {{"markers", "light", "goal"},
        [](const json& j) {
          EXPECT_EQ(j["markers"].size(), 2u);
          return fmt::format("cells as (column,row) from (1,1) at the top left: markers {} {}, light {}, goal {}",
                             cell(j["markers"][0]), cell(j["markers"][1]), cell(j["light"]), cell(j["goal"]));
        },
        nullptr}},
      {"passcode",
       {{"wheels"},
        [](const json& j) {
          EXPECT_EQ(j["wheels"].size(), 5u);
          std::string s = "wheels:";
          for (const auto& w : j["wheels"]) {
            if (!has_keys(w, {"letters", "shown_position", "shown_letter"})) continue;
            const std::string letters = text(w["letters"]);
            const auto shown = static_cast<std::size_t>(number(w["shown_position"]) - 1);
            EXPECT_EQ(letters.size(), 6u);
            EXPECT_LT(shown, letters.size());
            EXPECT_EQ(text(w["shown_letter"]), letters.substr(shown, 1));
            s += ' ';
            for (std::size_t i = 0; i < letters.size(); ++i)
              s += i == shown ? fmt::format("[{}]", letters[i]) : letters.substr(i, 1);
          }
          return s;
        },
        nullptr}},
      {"blinker",
       {{"blinking", "dial_khz"},
        [](const json& j) {
          std::string s = "blinking";
          for (const auto& letter : j["blinking"]) s += fmt::format(" {}", text(letter));
          return s + fmt::format(", dial at {}.{:03} MHz", number(j["dial_khz"]) / 1000, number(j["dial_khz"]) % 1000);
        },
        nullptr}},
      {"tangled-wires",
       {{"wires"},
        [](const json& j) {
          std::string s = fmt::format("{} wires:", j["wires"].size());
          for (const auto& w : j["wires"]) {
            if (!has_keys(w, {"red_stripe", "blue_stripe", "star", "led", "cut"})) continue;
            const bool red = w["red_stripe"].get<bool>(), blue = w["blue_stripe"].get<bool>();
            std::string wire = red && blue ? "red stripe, blue stripe"
                               : red       ? "red stripe"
                               : blue      ? "blue stripe"
                                           : "no stripe";
            if (w["star"].get<bool>()) wire += ", star";
            if (w["led"].get<bool>()) wire += ", LED lit";
            if (w["cut"].get<bool>()) wire += ", cut";
            s += fmt::format(" [{}]", wire);
          }
          return s;
        },
        [](const json& j) {
          for (const auto& w : j["wires"])
            if (w["cut"].get<bool>()) return true;
          return false;
        }}},
      {"wire-panels",
       {{"panel", "panels", "wires"},
        [](const json& j) {
          std::string s = fmt::format("panel {} of {}, posts from the top:", number(j["panel"]), number(j["panels"]));
          std::string separator = " ";
          for (const auto& w : j["wires"])
            if (has_keys(w, {"post", "colour", "letter", "cut"})) {
              s += fmt::format("{}post {} {} to {}{}", separator, number(w["post"]), text(w["colour"]),
                               text(w["letter"]), w["cut"].get<bool>() ? " (cut)" : "");
              separator = ", ";
            }
          return s;
        },
        [](const json& j) { return number(j["panel"]) > 1; }}},
      {"pressure-vent",
       {{"asleep", "prompt"},
        [](const json& j) {
          EXPECT_EQ(j["prompt"].is_null(), j["asleep"].get<bool>()) << j.dump();
          return j["asleep"].get<bool>() ? std::string("asleep") : fmt::format("asking \"{}\"", text(j["prompt"]));
        },
        [](const json& j) { return !j["asleep"].get<bool>(); }}},
      {"dial-alignment",
       {{"dial", "asleep", "lights"},
        [](const json& j) {
          EXPECT_EQ(j["lights"].is_null(), j["asleep"].get<bool>()) << j.dump();
          std::string s = fmt::format("dial {}", text(j["dial"]));
          if (j["asleep"].get<bool>()) return s + ", asleep";
          s += ", lights ";
          EXPECT_EQ(j["lights"].size(), 2u);
          for (std::size_t row = 0; row < j["lights"].size(); ++row) {
            if (row > 0) s += '/';
            EXPECT_EQ(j["lights"][row].size(), 6u);
            for (const auto& on : j["lights"][row]) s += on.get<bool>() ? 'o' : '.';
          }
          return s;
        },
        [](const json& j) { return !j["asleep"].get<bool>(); }}},
      {"discharge-lever",
       {{"meter_percent", "held"},
        [](const json& j) {
          return fmt::format("meter {}%{}", number(j["meter_percent"]), j["held"].get<bool>() ? ", lever held" : "");
        },
        [](const json& j) { return j["held"].get<bool>(); }}},
  };
  return kViews;
}

const std::vector<RuleBook>& books() {
  static const std::vector<RuleBook> kBooks = {build_rule_book(1), build_rule_book(2), build_rule_book(77)};
  return kBooks;
}

struct Seen {
  int states = 0;
  int in_play = 0;
  int changed_by_play = 0;  // states whose JSON differs from the state before
  std::set<std::string> distinct;
};

// Checks one state's JSON against its show() line.
template <CatalogModule M>
void check_state(const View& view, const typename M::State& state, Seen& seen, const std::string& where) {
  const json j = M::state_json(state);
  ASSERT_TRUE(has_keys(j, view.keys)) << where;
  EXPECT_EQ(view.render(j), M::show(state)) << where << "\n" << j.dump();
  EXPECT_EQ(json::parse(j.dump()), j) << where;
  ++seen.states;
  if (view.in_play && view.in_play(j)) ++seen.in_play;
  seen.distinct.insert(j.dump());
}

// Deals the module and plays each deal by its hints (ticking timed modules), checking every
// state met on the way.
template <CatalogModule M>
Seen walk(const View& view) {
  Seen seen;
  for (const RuleBook& book : books()) {
    const auto& rules = book.rules_of<M>();
    for (std::uint64_t d = 0; d < 12; ++d) {
      Rng rng = Rng::from_key("state-json-test")
                    .fork(M::kInfo.id)
                    .fork("book", static_cast<std::uint64_t>(book.seed))
                    .fork("deal", d);
      const Edgework edge = deal_edgework(rng);
      typename M::State state = M::deal(rng, edge, rules);
      Context ctx{edge, Clock{}, 0};
      const std::string where = fmt::format("{} under seed {}, deal {}", M::kInfo.id, book.seed, d);
      check_state<M>(view, state, seen, where);
      std::string before = M::state_json(state).dump();
      const auto observe = [&](int step) {
        check_state<M>(view, state, seen, where + fmt::format(", step {}", step));
        const std::string now = M::state_json(state).dump();
        seen.changed_by_play += now != before ? 1 : 0;
        before = now;
      };
      for (int step = 0; step < 300; ++step) {
        if constexpr (TimedModule<M>) {
          const auto due = M::next_event_at(rules, state, ctx);
          if (due && *due <= ctx.now_ms) {
            EXPECT_NE(M::tick(rules, state, ctx), Outcome::Strike) << where;
            observe(step);
          }
        }
        const Action action = M::hint(rules, state, ctx);
        if (!action.is_wait()) {
          const Outcome outcome = M::apply(rules, state, action, ctx);
          EXPECT_NE(outcome, Outcome::Strike) << where;
          if (outcome != Outcome::Ok) break;  // solved: show() has nothing to say any more
          ctx.now_ms += kActionMs;
          observe(step);
          if (M::kInfo.kind == ModuleKind::Needy && ctx.now_ms >= kNeedySurviveMs) break;
          continue;
        }
        std::optional<std::int64_t> next;
        if constexpr (TimedModule<M>) next = M::next_event_at(rules, state, ctx);
        if (!next || *next >= kNeedySurviveMs) break;
        if constexpr (TimedModule<M>) {
          ctx.now_ms = *next;
          EXPECT_NE(M::tick(rules, state, ctx), Outcome::Strike) << where;
          observe(step);
        }
      }
    }
  }
  return seen;
}

TEST(BombStateJson, EveryModulesJsonHoldsExactlyWhatItsTextLineShows) {
  std::set<std::string> covered;
  for_each_module([&]<class M>() {
    const auto it = views().find(std::string(M::kInfo.id));
    ASSERT_NE(it, views().end()) << M::kInfo.id << " has no view in this test";
    covered.insert(it->first);
    const Seen seen = walk<M>(it->second);
    EXPECT_GE(seen.distinct.size(), 10u) << M::kInfo.id;
    if (it->second.in_play) {
      EXPECT_GT(seen.in_play, 0) << M::kInfo.id << ": play never reached a mid-play state";
    }
    // Wires is solved by its one cut; every other module's view changes while it is played.
    if (M::kInfo.id != Wires::kInfo.id) {
      EXPECT_GT(seen.changed_by_play, 0) << M::kInfo.id;
    }
  });
  EXPECT_EQ(covered.size(), Catalog::size);
}

TEST(BombStateJson, HiddenPartsOfAStateDoNotReachTheJson) {
  // Each pair differs only in what the Defuser cannot see yet: the JSON must not tell them apart,
  // while show() agrees (the pair really is alike on the case).
  ColorEcho::State echo{.length = 5, .flashes = {0, 1, 2, 3, 0}, .stage = 2, .answered = 1};
  ColorEcho::State echo2 = echo;
  echo2.flashes[3] = 1;
  echo2.flashes[4] = 2;
  EXPECT_EQ(ColorEcho::state_json(echo), ColorEcho::state_json(echo2));
  EXPECT_EQ(ColorEcho::state_json(echo)["flashing"], json::array({"red", "blue"}));

  BigButton::State button{.colour = 1, .label = 2, .strip = 0, .held = false};
  BigButton::State button2 = button;
  button2.strip = 3;
  EXPECT_EQ(BigButton::state_json(button), BigButton::state_json(button2));
  button2.held = true;
  EXPECT_EQ(BigButton::state_json(button2)["strip"], "white");

  const RuleBook& book = books()[1];
  Rng rng = Rng::from_key("state-json-hidden");
  const Edgework edge = deal_edgework(rng);
  WordGrid::State grid = WordGrid::deal(rng, edge, book.rules_of<WordGrid>());
  WordGrid::State grid2 = grid;
  grid2.rounds[2].display = static_cast<std::uint8_t>((grid.rounds[2].display + 1) % WordGrid::kDisplayWords);
  EXPECT_EQ(WordGrid::state_json(grid), WordGrid::state_json(grid2));

  Recall::State recall = Recall::deal(rng, edge, book.rules_of<Recall>());
  Recall::State recall2 = recall;
  recall2.stages[4].display = static_cast<std::uint8_t>(recall.stages[4].display % 4 + 1);
  EXPECT_EQ(Recall::state_json(recall), Recall::state_json(recall2));

  PressureVent::State vent = PressureVent::deal(rng, edge, book.rules_of<PressureVent>());
  ASSERT_FALSE(vent.timer.active);
  PressureVent::State vent2 = vent;
  vent2.asks[0] = static_cast<std::uint8_t>((vent.asks[0] + 1) % PressureVent::kPool);
  EXPECT_EQ(PressureVent::state_json(vent), PressureVent::state_json(vent2));
  EXPECT_TRUE(PressureVent::state_json(vent)["prompt"].is_null());

  WirePanels::State panels = WirePanels::deal(rng, edge, book.rules_of<WirePanels>());
  WirePanels::State panels2 = panels;
  panels2.panels[3].wires[0].letter = static_cast<std::uint8_t>((panels.panels[3].wires[0].letter + 1) % 3);
  EXPECT_EQ(WirePanels::state_json(panels), WirePanels::state_json(panels2));
}

TEST(BombStateJson, ADealtBombIsValidJsonWithEveryModulesState) {
  for (const RuleBook& book : books()) {
    for (std::uint64_t bomb_seed : {1u, 5u, 31u}) {
      const Bomb bomb = deal_bomb(book, bomb_seed, 14);
      const json j = to_json(bomb);
      const json back = json::parse(json_text(j));
      ASSERT_EQ(back, j);
      EXPECT_EQ(back["format"], "proven-bomb/2");
      EXPECT_EQ(back["rule_seed"], book.seed);
      EXPECT_EQ(back["bomb_seed"], bomb_seed);
      EXPECT_EQ(back["fingerprint"], fingerprint(book));
      EXPECT_EQ(back["edgework"], to_json(bomb.edgework));
      EXPECT_EQ(back["timer_ms"], bomb.timer_ms);
      EXPECT_EQ(back["strike_limit"], kStrikeLimit);
      ASSERT_EQ(back["modules"].size(), 14u);
      std::set<std::string> ids;
      for (std::size_t i = 0; i < bomb.modules.size(); ++i) {
        const json& m = back["modules"][i];
        const ModuleInfo& info = info_of(bomb.modules[i]);
        ASSERT_TRUE(has_keys(m, {"id", "name", "kind", "solved", "state", "shows"}));
        EXPECT_EQ(m["id"], std::string(info.id));
        EXPECT_EQ(m["name"], std::string(info.name));
        EXPECT_EQ(m["kind"], info.kind == ModuleKind::Needy ? "needy" : "regular");
        EXPECT_EQ(m["solved"], false);
        EXPECT_EQ(m["shows"], show(bomb.modules[i]));
        // The state is the module's own view, which the test above checks against show().
        const View& view = views().at(std::string(info.id));
        ASSERT_TRUE(has_keys(m["state"], view.keys)) << info.id;
        EXPECT_EQ(view.render(m["state"]), m["shows"].get<std::string>()) << info.id;
        ids.insert(m["id"].get<std::string>());
      }
      EXPECT_EQ(ids.size(), 14u);
    }
  }
}

TEST(BombStateJson, ASolvedModuleHasNoState) {
  Bomb bomb = deal_bomb(books()[1], 7, 3);
  std::visit([](auto& slot) { slot.solved = true; }, bomb.modules[0]);
  const json j = to_json(bomb);
  EXPECT_TRUE(j["modules"][0]["state"].is_null());
  EXPECT_EQ(j["modules"][0]["solved"], true);
  EXPECT_EQ(j["modules"][0]["shows"], "solved");
  EXPECT_TRUE(j["modules"][1]["state"].is_object());
  EXPECT_EQ(j["modules"][1]["solved"], false);
}

}  // namespace
}  // namespace proven::bomb::state_json_test

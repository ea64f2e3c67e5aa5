#include "bomb/modules/recall.hpp"

#include "core/json_read.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {
namespace {

using Instruction = Recall::Instruction;

Instruction draw_instruction(Rng& rng, int stage) {
  Instruction in;
  // Stage 1 has nothing to look back at; later stages look back half the time.
  const std::uint64_t kinds = stage == 0 ? 2 : 4;
  const std::uint64_t kind = rng.below(kinds);
  in.kind = static_cast<Instruction::Kind>(kind);
  switch (in.kind) {
    case Instruction::Kind::Position:
      in.value = static_cast<std::uint8_t>(rng.below(Recall::kButtons));
      break;
    case Instruction::Kind::Label:
      in.value = static_cast<std::uint8_t>(rng.uniform(1, Recall::kButtons));
      break;
    case Instruction::Kind::SamePositionAs:
    case Instruction::Kind::SameLabelAs:
      in.value = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(stage)));
      break;
  }
  return in;
}

bool looks_back(const Instruction& in) {
  return in.kind == Instruction::Kind::SamePositionAs || in.kind == Instruction::Kind::SameLabelAs;
}

std::optional<int> position_of_label(const Recall::Stage& stage, int label) {
  for (int p = 0; p < Recall::kButtons; ++p)
    if (stage.labels[static_cast<std::size_t>(p)] == label) return p;
  return std::nullopt;
}

}  // namespace

Recall::Rules Recall::generate_rules(Rng& rng) {
  Rules rules;
  for (int s = 0; s < kStages; ++s)
    for (auto& in : rules.stages[static_cast<std::size_t>(s)]) in = draw_instruction(rng, s);
  return rules;
}

std::optional<std::string_view> Recall::dull(const Rules& rules) {
  for (int s = 0; s < kStages; ++s) {
    const auto& stage = rules.stages[static_cast<std::size_t>(s)];
    int distinct = 0;
    bool back = false;
    for (int d = 0; d < kButtons; ++d) {
      bool seen = false;
      for (int e = 0; e < d; ++e)
        seen = seen || stage[static_cast<std::size_t>(e)] == stage[static_cast<std::size_t>(d)];
      distinct += seen ? 0 : 1;
      back = back || looks_back(stage[static_cast<std::size_t>(d)]);
    }
    if (distinct < 3) return "a stage has fewer than three different instructions";
    if (s > 0 && !back) return "a later stage never looks back";
  }
  return std::nullopt;
}

Recall::State Recall::deal(Rng& rng, const Edgework&, const Rules&) {
  State state;
  for (auto& stage : state.stages) {
    const std::uint64_t display = 1 + rng.below<kButtons>();  // uniform(1, 4)
    stage.display = static_cast<std::uint8_t>(display);
    stage.labels = {1, 2, 3, 4};
    rng.shuffle(stage.labels);
  }
  return state;
}

std::optional<int> Recall::position_to_press(const Rules& rules, const State& state) {
  const Stage& now = state.stages[state.stage];
  const Instruction& in = rules.stages[state.stage][static_cast<std::size_t>(now.display - 1)];
  switch (in.kind) {
    case Instruction::Kind::Position:
      if (in.value < kButtons) return in.value;
      return std::nullopt;
    case Instruction::Kind::Label:
      return position_of_label(now, in.value);
    case Instruction::Kind::SamePositionAs:
      if (in.value >= state.stage) return std::nullopt;
      return state.pressed_position[in.value];
    case Instruction::Kind::SameLabelAs:
      if (in.value >= state.stage) return std::nullopt;
      return position_of_label(now, state.pressed_label[in.value]);
  }
  return std::nullopt;
}

Action Recall::hint(const Rules& rules, const State& state, const Context&) {
  const auto position = position_to_press(rules, state);
  if (!position) return Action::wait();
  return {Verb::Press, static_cast<std::int16_t>(*position)};
}

Outcome Recall::apply(const Rules& rules, State& state, Action action, const Context&) {
  const auto position = position_to_press(rules, state);
  if (!position || action.verb != Verb::Press || action.arg != *position) return Outcome::Strike;
  state.pressed_position[state.stage] = static_cast<std::uint8_t>(*position);
  state.pressed_label[state.stage] = state.stages[state.stage].labels[static_cast<std::size_t>(*position)];
  ++state.stage;
  return state.stage == kStages ? Outcome::Solved : Outcome::Ok;
}

std::string Recall::describe(const Instruction& in) {
  static constexpr std::string_view kOrdinals[] = {"first", "second", "third", "fourth"};
  switch (in.kind) {
    case Instruction::Kind::Position:
      return fmt::format("press the button in the {} position", kOrdinals[in.value % 4]);
    case Instruction::Kind::Label:
      return fmt::format("press the button labelled {}", in.value);
    case Instruction::Kind::SamePositionAs:
      return fmt::format("press the button in the same position as in stage {}", in.value + 1);
    case Instruction::Kind::SameLabelAs:
      return fmt::format("press the button with the same label as in stage {}", in.value + 1);
  }
  return "?";
}

nlohmann::json Recall::to_json(const Rules& rules) {
  static constexpr std::string_view kKinds[] = {"position", "label", "same_position_as_stage", "same_label_as_stage"};
  auto stages = nlohmann::json::array();
  for (const auto& stage : rules.stages) {
    auto by_display = nlohmann::json::array();
    for (const auto& in : stage) {
      // Positions and stages are 1-based in the file, as in the manual.
      const int value = in.kind == Instruction::Kind::Label ? in.value : in.value + 1;
      by_display.push_back({{"kind", std::string(kKinds[static_cast<std::size_t>(in.kind)])}, {"value", value}});
    }
    stages.push_back(by_display);
  }
  return {{"stages", stages}};
}

std::string Recall::show(const State& state) {
  const Stage& now = state.stages[state.stage];
  return fmt::format("stage {} of {}, display {}, labels {} {} {} {}", state.stage + 1, kStages, now.display,
                     now.labels[0], now.labels[1], now.labels[2], now.labels[3]);
}

nlohmann::json Recall::state_json(const State& state) {
  const Stage& now = state.stages[state.stage];  // later stages are not shown yet
  auto labels = nlohmann::json::array();
  for (auto label : now.labels) labels.push_back(static_cast<int>(label));
  nlohmann::json j;
  j["stage"] = state.stage + 1;
  j["stages"] = kStages;
  j["display"] = static_cast<int>(now.display);
  j["labels"] = labels;
  return j;
}

Recall::Rules Recall::from_json(const nlohmann::json& j, const std::string& where) {
  using namespace json_read;
  static constexpr std::array<std::string_view, 4> kKinds = {"position", "label", "same_position_as_stage",
                                                             "same_label_as_stage"};
  Rules rules;
  const auto& stages = array(field(j, "stages", where), kStages, kStages, at(where, "stages"));
  for (std::size_t s = 0; s < kStages; ++s) {
    const std::string sw = at(at(where, "stages"), s);
    const auto& by_display = array(stages[s], kButtons, kButtons, sw);
    for (std::size_t d = 0; d < kButtons; ++d) {
      const std::string dw = at(sw, d);
      Instruction& in = rules.stages[s][d];
      in.kind = static_cast<Instruction::Kind>(name_index(field(by_display[d], "kind", dw), kKinds, at(dw, "kind")));
      // Looking back names any stage 1..5 here; one not yet played is for the proof to reject.
      const int value =
          integer(field(by_display[d], "value", dw), 1,
                  in.kind == Instruction::Kind::Label || in.kind == Instruction::Kind::Position ? kButtons : kStages,
                  at(dw, "value"));
      in.value = static_cast<std::uint8_t>(in.kind == Instruction::Kind::Label ? value : value - 1);
    }
  }
  return rules;
}

Blocks Recall::manual_page(const Rules& rules) {
  Blocks page{
      Paragraph{{"Five stages. Each stage shows a digit from 1 to 4 and four buttons labelled 1 to 4 in some order; "
                 "positions count from the left. Remember the position and the label you press in every stage."}}};
  for (std::size_t s = 0; s < kStages; ++s) {
    page.push_back(Subheading{fmt::format("Stage {}", s + 1)});
    BulletList displays;
    for (std::size_t d = 0; d < kButtons; ++d)
      displays.items.push_back({fmt::format("Display {}: {}.", d + 1, describe(rules.stages[s][d]))});
    page.push_back(std::move(displays));
  }
  return page;
}

std::string Recall::words(Action action) { return numbered_words("press position", action); }

}  // namespace proven::bomb

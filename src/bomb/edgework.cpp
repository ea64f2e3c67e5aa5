#include "bomb/edgework.hpp"

#include <bit>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace proven::bomb {

int Edgework::batteries() const {
  int total = 0;
  for (int i = 0; i < holder_count; ++i) total += holders[static_cast<std::size_t>(i)];
  return total;
}

bool Edgework::lit(int label) const {
  for (int i = 0; i < indicator_count; ++i) {
    const Indicator& ind = indicators[static_cast<std::size_t>(i)];
    if (ind.label == label && ind.lit) return true;
  }
  return false;
}

bool Edgework::unlit(int label) const {
  for (int i = 0; i < indicator_count; ++i) {
    const Indicator& ind = indicators[static_cast<std::size_t>(i)];
    if (ind.label == label && !ind.lit) return true;
  }
  return false;
}

int Edgework::lit_count() const {
  int n = 0;
  for (int i = 0; i < indicator_count; ++i) n += indicators[static_cast<std::size_t>(i)].lit ? 1 : 0;
  return n;
}

int Edgework::unlit_count() const { return indicator_count - lit_count(); }

bool Edgework::has_port(Port port) const {
  for (int i = 0; i < plate_count; ++i)
    if ((plates[static_cast<std::size_t>(i)] >> static_cast<int>(port)) & 1U) return true;
  return false;
}

int Edgework::port_count() const {
  int n = 0;
  for (int i = 0; i < plate_count; ++i) n += std::popcount(static_cast<unsigned>(plates[static_cast<std::size_t>(i)]));
  return n;
}

// Every proof sample deals edgework, so the draws use constant divisors (Rng::below<N>, the same
// values as below(N)) and the indicator labels are sampled without allocating.
Edgework deal_edgework(Rng& rng) {
  Edgework edge;
  for (std::size_t i = 0; i < 5; ++i) {
    const std::uint64_t c = rng.below<kSerialChars.size()>();
    edge.serial[i] = kSerialChars[c];
  }
  const std::uint64_t last = rng.below<10>();
  edge.serial[5] = static_cast<char>('0' + last);

  edge.holder_count = static_cast<std::uint8_t>(rng.below<5>());
  for (std::size_t i = 0; i < edge.holder_count; ++i) {
    const std::uint64_t batteries = 1 + rng.below<2>();  // uniform(1, 2)
    edge.holders[i] = static_cast<std::uint8_t>(batteries);
  }

  edge.indicator_count = static_cast<std::uint8_t>(rng.below<4>());
  const auto labels = rng.sample_of<kIndicatorLabels.size()>(edge.indicator_count);
  for (std::size_t i = 0; i < edge.indicator_count; ++i) {
    edge.indicators[i].label = static_cast<std::uint8_t>(labels[i]);
    edge.indicators[i].lit = rng.below<2>() < 1;  // chance(1, 2)
  }

  edge.plate_count = static_cast<std::uint8_t>(rng.below<4>());
  for (std::size_t i = 0; i < edge.plate_count; ++i) {
    // Any subset of port types, the empty plate included (real plates can be empty).
    const std::uint64_t mask = rng.below<(1U << kPortTypes)>();
    edge.plates[i] = static_cast<std::uint8_t>(mask);
  }
  return edge;
}

nlohmann::json to_json(const Edgework& edge) {
  nlohmann::json j;
  j["serial"] = std::string(edge.serial_text());
  auto holders = nlohmann::json::array();
  for (int i = 0; i < edge.holder_count; ++i) holders.push_back(edge.holders[static_cast<std::size_t>(i)]);
  j["battery_holders"] = holders;
  auto indicators = nlohmann::json::array();
  for (int i = 0; i < edge.indicator_count; ++i) {
    const Indicator& ind = edge.indicators[static_cast<std::size_t>(i)];
    indicators.push_back({{"label", std::string(kIndicatorLabels[ind.label])}, {"lit", ind.lit}});
  }
  j["indicators"] = indicators;
  auto plates = nlohmann::json::array();
  for (int i = 0; i < edge.plate_count; ++i) {
    auto plate = nlohmann::json::array();
    for (int p = 0; p < kPortTypes; ++p)
      if ((edge.plates[static_cast<std::size_t>(i)] >> p) & 1U)
        plate.push_back(std::string(kPortNames[static_cast<std::size_t>(p)]));
    plates.push_back(plate);
  }
  j["port_plates"] = plates;
  return j;
}

std::string describe(const Edgework& edge) {
  std::string lit;
  std::string unlit;
  for (int i = 0; i < edge.indicator_count; ++i) {
    const Indicator& ind = edge.indicators[static_cast<std::size_t>(i)];
    std::string& list = ind.lit ? lit : unlit;
    if (!list.empty()) list += ", ";
    list += kIndicatorLabels[ind.label];
  }
  std::string plates;
  for (int i = 0; i < edge.plate_count; ++i) {
    plates += " [";
    bool first = true;
    for (int p = 0; p < kPortTypes; ++p) {
      if (!((edge.plates[static_cast<std::size_t>(i)] >> p) & 1U)) continue;
      if (!first) plates += ' ';
      plates += kPortNames[static_cast<std::size_t>(p)];
      first = false;
    }
    plates += ']';
  }
  return fmt::format("serial {} · batteries {} in {} {} · lit {} · unlit {} · ports{}", edge.serial_text(),
                     edge.batteries(), edge.holder_count, edge.holder_count == 1 ? "holder" : "holders",
                     lit.empty() ? "none" : lit, unlit.empty() ? "none" : unlit, plates.empty() ? " none" : plates);
}

}  // namespace proven::bomb

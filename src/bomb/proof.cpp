#include "bomb/proof.hpp"

#include <fmt/format.h>

namespace proven::bomb {

std::string_view name(PlayEnd end) {
  switch (end) {
    case PlayEnd::Solved:
      return "solved";
    case PlayEnd::Survived:
      return "survived";
    case PlayEnd::Strike:
      return "strike";
    case PlayEnd::Stalled:
      return "stalled";
    case PlayEnd::StepCap:
      return "step cap";
  }
  return "?";
}

std::string ProofResult::method_text() const {
  if (method == ProofMethod::NotNeeded) return "no rules to prove";
  if (method == ProofMethod::Frozen) return "frozen data, re-proven by the tests";
  if (method == ProofMethod::Exhaustive) return fmt::format("exhaustive ({} cases)", cases);
  return fmt::format("{} samples", cases);
}

}  // namespace proven::bomb

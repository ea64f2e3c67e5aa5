#include "core/campaign.hpp"

#include <utility>

#include <fmt/format.h>

namespace proven {

CampaignShape::CampaignShape(const std::vector<ChapterSize>& chapters, std::string which)
    : which_(std::move(which)), single_(chapters.size() == 1) {
  for (const ChapterSize& c : chapters) {
    sizes_ += fmt::format("{}{}", sizes_.empty() ? "" : ", ", c.levels);
    for (int j = 0; j < c.levels; ++j) places_.push_back({.chapter = c.chapter, .index = j});
  }
}

std::optional<LevelPlace> CampaignShape::expected(std::size_t i) const {
  if (i < places_.size()) return places_[i];
  return std::nullopt;
}

std::optional<std::string> CampaignShape::size_problem(std::size_t levels) const {
  if (levels == places_.size()) return std::nullopt;
  return fmt::format("chapter sizes: {} levels, but {} {} {} ({} in order)", levels, which_, single_ ? "has" : "have",
                     places_.size(), sizes_);
}

std::optional<std::string> CampaignShape::place_problem(std::size_t i, LevelPlace place) {
  if (i < places_.size() && places_[i] == place) return std::nullopt;
  if (out_of_place_++ > 0) return std::nullopt;
  if (i >= places_.size())
    return fmt::format("chapter sizes: {} {} only {} levels", which_, single_ ? "has" : "have", places_.size());
  return fmt::format(
      "chapter sizes: it is chapter {} level #{}, but place {} of {} is chapter {} level #{} ({} levels in order)",
      place.chapter, place.index + 1, i + 1, which_, places_[i].chapter, places_[i].index + 1, sizes_);
}

std::optional<std::string> CampaignShape::rest_problem() const {
  if (out_of_place_ <= 1) return std::nullopt;
  return fmt::format("chapter sizes: {} more levels out of place after the first", out_of_place_ - 1);
}

}  // namespace proven

#pragma once
// A campaign's shape, as a pack of chapters promises it: the chapters its params name, in order,
// each holding exactly its number of levels, so that place p of the pack stands for one chapter
// and one index within it. Verify checks every level's own `chapter` and `index` against its
// place, so a deleted, duplicated or moved level and a removed chapter are all named, while the
// levels' ids (which only number them in order) say nothing of it.
//
//   CampaignShape shape({{.chapter = 1, .levels = 14}, {.chapter = 2, .levels = 32}}, "chapters 1..2");
//   if (auto what = shape.size_problem(levels.size())) problems.push_back("pack: " + *what);
//   for (i...) if (auto what = shape.place_problem(i, {.chapter = c, .index = j})) broken(*what);
//   if (auto what = shape.rest_problem()) problems.push_back("pack: " + *what);
//
// Games share only the checking and its words; each says which chapters its params name.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace proven {

struct ChapterSize {
  int chapter = 0;  // its number, 1-based
  int levels = 0;
};

struct LevelPlace {
  int chapter = 0;  // 1-based
  int index = 0;    // 0-based within the chapter
  bool operator==(const LevelPlace&) const = default;
};

class CampaignShape {
 public:
  // `chapters` in the order the pack holds them; `which` names them in messages ("chapter 5",
  // "chapters 1..13").
  CampaignShape(const std::vector<ChapterSize>& chapters, std::string which);

  std::size_t places() const { return places_.size(); }
  // Where level `i` (0-based) belongs, when the campaign has that many places.
  std::optional<LevelPlace> expected(std::size_t i) const;

  // "chapter sizes: 13 levels, but chapter 1 has 14 (14 in order)" when a pack of `levels`
  // levels cannot have this shape.
  std::optional<std::string> size_problem(std::size_t levels) const;
  // Whether level `i` at `place` is out of place: the first such level is named ("chapter sizes:
  // it is chapter 2 level #3, but place 5 of chapters 1..6 is chapter 1 level #5 (...)"); the
  // later ones are only counted, since one deleted level moves every level after it.
  std::optional<std::string> place_problem(std::size_t i, LevelPlace place);
  // After every level: "chapter sizes: N more levels out of place after the first", if any.
  std::optional<std::string> rest_problem() const;

 private:
  std::vector<LevelPlace> places_;
  std::string which_;
  bool single_ = false;  // one chapter: "chapter 5 has", not "have"
  std::string sizes_;    // "14, 32, 44": each chapter's size, in order
  std::size_t out_of_place_ = 0;
};

}  // namespace proven

#include "whodunnit/theme.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace proven::whodunnit {
namespace {

constexpr std::array<std::string_view, 16> kForenames = {"Abigail", "Basil", "Cora",     "Dorian",  "Edith", "Felix",
                                                         "Greta",   "Hugo",  "Imogen",   "Jasper",  "Kitty", "Lionel",
                                                         "Maud",    "Nigel", "Ottoline", "Percival"};
constexpr std::array<std::string_view, 10> kSurnames = {"Caine",   "Pryce",    "Vane",  "Ashdown",   "Blackwood",
                                                        "Fairfax", "Holloway", "Lisle", "Marchmont", "Thorne"};
constexpr std::array<std::string_view, 10> kTitles = {"Colonel", "Doctor", "Reverend", "Professor", "Captain",
                                                      "Major",   "Judge",  "Admiral",  "Inspector", "Canon"};
constexpr std::array<std::string_view, 8> kRooms = {"library",       "study",        "ballroom", "conservatory",
                                                    "billiard room", "drawing room", "kitchen",  "cellar"};

// The story's banks. No victim shares a name with the suspects' lexicon, and no place is a room.
constexpr std::array<std::string_view, 8> kVictims = {
    "Lord Ashcombe",  "Lady Ravensworth",  "Sir Roderick Quill",    "the Dowager Countess of Elm",
    "Mr Silas Wendt", "Mrs Honoria Bleak", "Sir Bartholomew Crane", "the Honourable Rupert Fane"};
constexpr std::array<std::string_view, 8> kPlaces = {"the orangery",    "the terrace",   "the chapel",
                                                     "the gatehouse",   "the boathouse", "the long gallery",
                                                     "the rose garden", "the ice house"};
constexpr std::array<std::string_view, 6> kTimes = {"shortly after midnight", "at dawn",
                                                    "just before eleven",     "as the clock struck one",
                                                    "after the dinner gong",  "at first light"};

// `distinct` names drawn from `lexicon` (kept in lexicon order, so the setup reads the same way
// every time), their counts 1 plus the cast's remainder spread one at a time, none above `cap`.
Category draw_category(std::string name, std::span<const std::string_view> lexicon, int distinct, int cast, int cap,
                       Rng& rng) {
  std::vector<std::size_t> picked = rng.sample(at(distinct), lexicon.size());
  std::ranges::sort(picked);
  std::vector<int> counts(at(distinct), 1);
  for (int extra = cast - distinct; extra > 0;) {
    const std::size_t v = rng.below(at(distinct));
    if (counts[v] >= cap) continue;
    ++counts[v];
    --extra;
  }
  Category category{.name = std::move(name), .values = {}};
  for (int v = 0; v < distinct; ++v)
    category.values.push_back({.name = std::string(lexicon[picked[at(v)]]), .count = counts[at(v)]});
  return category;
}

}  // namespace

const Lexicon& bohemian_lexicon() {
  static const Lexicon lexicon{.forenames = kForenames, .surnames = kSurnames, .titles = kTitles, .rooms = kRooms};
  return lexicon;
}

Story themed_story(const Rng& rng) {
  Rng draws = rng;
  Story story;
  story.victim = std::string(draws.pick(std::span(kVictims)));
  story.place = std::string(draws.pick(std::span(kPlaces)));
  story.time = std::string(draws.pick(std::span(kTimes)));
  return story;
}

std::span<const std::string_view> story_places() { return kPlaces; }

Setup themed_setup(int cast, const Rng& rng) {
  if (cast < kMinCast || cast > kMaxCast)
    throw UserError(fmt::format("cast of {} suspects: must be {}..{}", cast, kMinCast, kMaxCast));
  Rng draws = rng.fork("theme");
  // Families: one or two repeated surnames (two Caines, perhaps three Vanes in a cast of 8).
  const int families = static_cast<int>(draws.uniform(cast - 3 + (cast <= 5 ? 1 : 0), cast - 1));
  // Titles: all distinct, or one pair (two Colonels).
  const int titles = static_cast<int>(draws.uniform(cast - 1, cast));
  // Rooms: two to four, never one suspect alone in every room.
  const int rooms = static_cast<int>(draws.uniform(2, std::min(4, cast - 2)));
  std::vector<Category> traits;
  traits.push_back(draw_category("forename", kForenames, cast, cast, 1, draws));
  traits.push_back(draw_category("surname", kSurnames, families, cast, 3, draws));
  traits.push_back(draw_category("title", kTitles, titles, cast, 2, draws));
  traits.push_back(draw_category("room", kRooms, rooms, cast, cast, draws));
  return make_setup(cast, std::move(traits));
}

}  // namespace proven::whodunnit

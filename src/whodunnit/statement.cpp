#include "whodunnit/statement.hpp"

#include <algorithm>
#include <array>

#include "core/check.hpp"
#include "whodunnit/clues.hpp"

namespace proven::whodunnit {
namespace {

constexpr std::array<std::string_view, kKindCount> kKindNames = {
    "identity",    "not_identity", "not_both",    "same_person", "every",    "never_together",
    "exactly",     "at_most",      "at_least",    "i_am",        "i_am_not", "beside_none",
    "beside_both", "on_my_left",   "on_my_right", "room_none",   "room_all"};

bool is_trait(const Setup& setup, Term t) {
  return t.category >= 1 && t.category < setup.category_count() && t.value >= 0 &&
         t.value < setup.value_count(t.category);
}

bool is_suspect(const Setup& setup, int s) { return s >= 0 && s < setup.cast; }

bool is_room(const Setup& setup, Term t) { return setup.categories[at(t.category)].role == Role::Place; }

// Traits in increasing category order (the markup's canonical form).
Clue canonical(Clue clue) {
  for (Bound& b : clue.bounds) std::ranges::sort(b.traits, {}, &Term::category);
  return clue;
}

}  // namespace

std::string_view kind_name(Kind kind) { return kKindNames[at(static_cast<int>(kind))]; }

std::optional<Kind> kind_from_name(std::string_view name) {
  for (int k = 0; k < kKindCount; ++k)
    if (kKindNames[at(k)] == name) return static_cast<Kind>(k);
  return std::nullopt;
}

bool is_eyewitness(Kind kind) { return static_cast<int>(kind) >= static_cast<int>(Kind::IAm); }

bool well_formed(const Setup& setup, const Statement& st) {
  const bool pair = is_trait(setup, st.first) && is_trait(setup, st.second) && st.first.category != st.second.category;
  switch (st.kind) {
    case Kind::Identity:
    case Kind::NotIdentity:
      return is_suspect(setup, st.subject) && is_trait(setup, st.first);
    case Kind::NotBoth:
      return is_suspect(setup, st.subject) && pair;
    case Kind::SamePerson:
      return pair && count_of(setup, st.first) == 1;
    case Kind::Every:
      return pair && count_of(setup, st.first) >= 2;
    case Kind::NeverTogether:
      return pair;
    case Kind::Exactly:
    case Kind::AtMost:
    case Kind::AtLeast:
      return pair && st.count >= 0 && st.count <= setup.cast;
    case Kind::IAm:
    case Kind::IAmNot:
    case Kind::BesideNone:
    case Kind::BesideBoth:
    case Kind::OnMyLeft:
    case Kind::OnMyRight:
      return is_suspect(setup, st.speaker) && is_trait(setup, st.first);
    case Kind::RoomNone:
    case Kind::RoomAll:
      return is_suspect(setup, st.speaker) && pair && is_room(setup, st.first);
  }
  return false;
}

std::vector<Bound> markup(const Setup& setup, const Statement& st) {
  PROVEN_CHECK(well_formed(setup, st), "markup of a malformed statement");
  const int n = setup.cast;
  switch (st.kind) {
    case Kind::Identity:
      return canonical(is(st.subject, st.first)).bounds;
    case Kind::NotIdentity:
      return canonical(is_not(st.subject, st.first)).bounds;
    case Kind::NotBoth:
      return canonical(not_both(st.subject, st.first, st.second)).bounds;
    case Kind::SamePerson:
    case Kind::Every:
      return canonical(every(st.first, st.second, count_of(setup, st.first))).bounds;
    case Kind::NeverTogether:
      return canonical(never_together(st.first, st.second)).bounds;
    case Kind::Exactly:
      return canonical(exact_count({st.first, st.second}, st.count)).bounds;
    case Kind::AtMost:
      return canonical(at_most({st.first, st.second}, st.count)).bounds;
    case Kind::AtLeast:
      return canonical(at_least({st.first, st.second}, st.count, n)).bounds;
    case Kind::IAm:
      return canonical(is(st.speaker, st.first)).bounds;
    case Kind::IAmNot:
      return canonical(is_not(st.speaker, st.first)).bounds;
    case Kind::BesideNone:
      return canonical(beside_none(st.speaker, st.first, n)).bounds;
    case Kind::BesideBoth:
      return canonical(beside_both(st.speaker, st.first, n)).bounds;
    case Kind::OnMyLeft:
      return canonical(is(left_of(st.speaker, n), st.first)).bounds;
    case Kind::OnMyRight:
      return canonical(is(right_of(st.speaker, n), st.first)).bounds;
    case Kind::RoomNone:
      return canonical(room_none(st.speaker, st.first, st.second)).bounds;
    case Kind::RoomAll:
      return canonical(room_all(st.speaker, st.first, st.second, count_of(setup, st.first))).bounds;
  }
  return {};
}

Clue clue_of(const Setup& setup, const Statement& st) {
  return {.bounds = markup(setup, st),
          .kind = std::string(kind_name(st.kind)),
          .prose = {},
          .speaker = is_eyewitness(st.kind) ? st.speaker : -1};
}

}  // namespace proven::whodunnit

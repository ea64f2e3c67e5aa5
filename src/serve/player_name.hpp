#pragma once
// A name a player gives (a leaderboard row; a room's display name): text shown to every other
// visitor, so it must read as what it is. It is normalised to Unicode NFC (the same name typed
// on two keyboards is one name) and made of letters, digits, single spaces inside it, and
// . - _ '; every control, formatting (bidirectional overrides, zero-width joiners), invisible,
// line-breaking or private-use character is refused, and so is a stack of combining marks.
//
//   const std::string name = player_name(request_text);   // UserError: one line saying why
#include <cstddef>
#include <string>
#include <string_view>

namespace proven::serve {

inline constexpr std::size_t kMaxPlayerNameCharacters = 24;
inline constexpr std::size_t kMaxCombiningMarks = 2;  // in a row, after a letter: "ệ" is 1 or 2

// The name in NFC, or UserError naming the first character that cannot be in a name
// ("a name cannot hold U+202E").
std::string player_name(std::string_view text);

}  // namespace proven::serve

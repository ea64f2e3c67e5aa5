#include "serve/player_name.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <fmt/format.h>

#include "core/errors.hpp"

namespace proven::serve {
namespace {

constexpr std::string_view kWhat = "a name is 1 to 24 letters or digits, with single spaces and . - _ ' between";

[[noreturn]] void refuse(std::string_view why) { throw UserError(fmt::format("{} ({})", kWhat, why)); }

bool punctuation(UChar32 c) { return c == '.' || c == '-' || c == '_' || c == '\''; }

}  // namespace

std::string player_name(std::string_view text) {
  // ICU replaces malformed UTF-8 with U+FFFD, which the categories below refuse; check first so
  // the reason says what is wrong.
  if (text.empty()) refuse("empty");
  if (text.size() > 4 * kMaxPlayerNameCharacters * (1 + kMaxCombiningMarks)) refuse("too long");
  const icu::UnicodeString given =
      icu::UnicodeString::fromUTF8(icu::StringPiece(text.data(), static_cast<int32_t>(text.size())));
  if (given.indexOf(static_cast<UChar>(0xFFFD)) >= 0) refuse("not UTF-8 text");
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
  if (U_FAILURE(status)) throw Failure(fmt::format("Unicode normalisation unavailable: {}", u_errorName(status)));
  const icu::UnicodeString name = nfc->normalize(given, status);
  if (U_FAILURE(status)) throw Failure(fmt::format("Unicode normalisation failed: {}", u_errorName(status)));

  std::size_t characters = 0;  // letters, digits, spaces and punctuation: what a reader counts
  std::size_t marks = 0;       // combining marks in a row
  UChar32 previous = 0;        // the last character that is not a mark
  for (int32_t i = 0; i < name.length(); i = name.moveIndex32(i, 1)) {
    const UChar32 c = name.char32At(i);
    const auto code = static_cast<std::uint32_t>(c);
    // Invisible whatever its category: zero-width characters, variation selectors and the
    // Hangul fillers (letters that draw nothing).
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
      refuse(fmt::format("it cannot hold the invisible U+{:04X}", code));
    const auto category = static_cast<UCharCategory>(u_charType(c));
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_COMBINING_SPACING_MARK) {
      if (!u_isalpha(previous)) refuse(fmt::format("U+{:04X} marks no letter", code));
      if (++marks > kMaxCombiningMarks) refuse("more than two marks on one letter");
      continue;
    }
    marks = 0;
    if (c == ' ') {
      if (characters == 0 || previous == ' ') refuse("a space at the start or two in a row");
    } else if (!u_isalpha(c) && category != U_DECIMAL_DIGIT_NUMBER && !punctuation(c)) {
      refuse(fmt::format("it cannot hold U+{:04X}", code));
    }
    previous = c;
    if (++characters > kMaxPlayerNameCharacters) refuse("too long");
  }
  if (previous == ' ') refuse("a space at the end");
  std::string out;
  name.toUTF8String(out);
  return out;
}

}  // namespace proven::serve

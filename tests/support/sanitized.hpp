#pragma once
// The ASan + UBSan build (PROVEN_SANITIZE, scripts/test.sh) is there to catch memory errors and
// undefined behaviour on every code path, at about ten times the Release run time. A few heavy
// samples therefore run smaller there: the code paths they walk stay the same, and the Release
// run keeps the full sample with every statistical assertion.
namespace proven::testing {

#ifdef PROVEN_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace proven::testing

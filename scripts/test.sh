#!/usr/bin/env bash
# Command 2 of the README: every test, twice: a Release build with warnings as errors, then an
# AddressSanitizer + UndefinedBehaviorSanitizer build. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

# ccache (a Debian package, installed by install-deps.sh) only skips recompiling what it has
# compiled before; paths are taken relative to the clone, so any clone shares the cache.
launcher=()
if command -v ccache > /dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

echo "== Formatting (clang-format, .clang-format)"
bash scripts/check-format.sh

echo "== Release build, warnings as errors"
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Release -DPROVEN_WERROR=ON "${launcher[@]}"
cmake --build build/test -j "$jobs"
ctest --test-dir build/test -j "$jobs" --output-on-failure

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPROVEN_SANITIZE=ON \
  -DPROVEN_BENCH=OFF -DPROVEN_WERROR=ON "${launcher[@]}"
cmake --build build/sanitize -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize -j "$jobs" --output-on-failure

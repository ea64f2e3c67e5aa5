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
# The same build directory and options as bootstrap.sh: after it, this build has nothing to do.
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DPROVEN_WERROR=ON "${launcher[@]}"
cmake --build build/release -j "$jobs"
ctest --test-dir build/release -j "$jobs" --output-on-failure

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build"
# A unity build (sources compiled in batches, each header parsed once per batch) at -O1 with line
# tables only: about a quarter of the compile time of one file at a time at -O2 -g, and still
# every file instrumented. The Release build above compiles file by file, which catches a file
# that forgets an include.
cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPROVEN_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DPROVEN_BENCH=OFF -DPROVEN_WERROR=ON "${launcher[@]}"
cmake --build build/sanitize -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build/sanitize -j "$jobs" --output-on-failure

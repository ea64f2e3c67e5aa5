#!/usr/bin/env bash
# Fuzzes every file reader and move parser with libFuzzer (fuzz/harness.hpp says what each
# target checks), in a clang build with AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   bash scripts/fuzz.sh                          # CI: 5,000 executions per target, at most 60 s each
#   bash scripts/fuzz.sh --runs 1000000           # a long session
#   bash scripts/fuzz.sh --time 600 prism_document tilt_moves   # 10 minutes each, two targets
#
# Seeds: fuzz/corpus/<target> and fuzz/regressions/<target> (read only). Inputs libFuzzer finds
# interesting go to build/fuzz/corpus/<target>; a crash or a broken property stops the run with
# exit 1 and leaves the input in build/fuzz/findings/<target>/: fix the bug, then add the input
# to fuzz/regressions/<target>/, where the test suite replays it on every build.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=5000
seconds=0
cap=60  # with --runs: a target stops after this many seconds even if its runs are not done
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; cap=0; shift 2 ;;
    --time) seconds="$2"; runs=-1; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done

launcher=()
if command -v ccache > /dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
# A unity build at -O1 (as the sanitizer build of scripts/test.sh): fuzzing wants speed per
# execution and every line instrumented, not the test suites, which this build leaves out. No
# MPI: no reader uses it, and this keeps a build without it (-DPROVEN_MPI=OFF) compiling in CI.
cmake -S . -B build/fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 \
  -DPROVEN_FUZZ=ON -DPROVEN_SANITIZE=ON -DPROVEN_TESTS=OFF -DPROVEN_BENCH=OFF -DPROVEN_MPI=OFF "${launcher[@]}" > /dev/null
# Every target unless some are named: the list fuzz/CMakeLists.txt made from the one list of
# games (each game's document and moves targets) and the targets written by hand.
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < build/fuzz/fuzz/targets.txt
fi
cmake --build build/fuzz -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
printf '%-20s %12s %9s %10s\n' target executions seconds "exec/s"
total=0
for target in "${targets[@]}"; do
  work="build/fuzz/corpus/$target" findings="build/fuzz/findings/$target"
  mkdir -p "$work" "$findings"
  seeds=()
  [ -d "fuzz/corpus/$target" ] && seeds+=("fuzz/corpus/$target")
  [ -d "fuzz/regressions/$target" ] && seeds+=("fuzz/regressions/$target")
  log="build/fuzz/$target.log"
  limit=(-runs="$runs")
  [ "$cap" -gt 0 ] && limit+=(-max_total_time="$cap")
  [ "$seconds" -gt 0 ] && limit=(-max_total_time="$seconds")
  # One input may take this long. serve_request's first request for a cast-8 case generates it
  # (seconds in Release, tens of seconds under the sanitizers); after that it is cached.
  # A moves target deals each bomb, level or case it plays once, lazily: under the sanitizers the
  # first deal of a bomb took 15 s, and 33 s on a loaded machine (a timeout that replays in 0.3 s).
  timeout=30
  [[ "$target" == *_moves ]] && timeout=120
  [ "$target" = serve_request ] && timeout=300
  start=$(date +%s.%N)
  if ! "build/fuzz/fuzz/fuzz_$target" "${limit[@]}" -timeout="$timeout" -rss_limit_mb=4096 -print_final_stats=1 \
      -artifact_prefix="$findings/" "$work" "${seeds[@]}" > "$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "fuzz.sh: $target found a problem; the input is in $findings/ (log: $log)" >&2
    exit 1
  fi
  end=$(date +%s.%N)
  executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  total=$((total + executed))
  awk -v t="$target" -v n="$executed" -v s="$start" -v e="$end" \
    'BEGIN { d = e - s; printf "%-20s %12d %9.1f %10.0f\n", t, n, d, n / d }'
done
echo "fuzz.sh: $total executions over ${#targets[@]} targets, no finding"

#!/usr/bin/env bash
# Seed ranges across MPI ranks (issue 18's figures): `bomb check` over one range as one process
# with one thread, as 1, 2 and 3 MPI ranks (each rank one thread: --jobs 0 takes a rank's share of
# the cores), and as one process with a thread per core; seeds per second, the speed-up of each
# against one rank, and a check that every run printed the same bytes. Not a timed test: it
# prints figures.
#
#   bash bench/ranks.sh [build/release/src/cli/proven] [--seeds 2..4001] [--max-ranks 3]
set -euo pipefail
cd "$(dirname "$0")/.."
proven=build/release/src/cli/proven
seeds=2..4001
max_ranks=3
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds=$2; shift 2 ;;
    --max-ranks) max_ranks=$2; shift 2 ;;
    *) proven=$1; shift ;;
  esac
done
command -v mpirun > /dev/null || { echo "ranks.sh: mpirun is missing (bash scripts/install-deps.sh)"; exit 2; }
mpirun=(mpirun --oversubscribe)
[ "$(id -u)" -ne 0 ] || mpirun+=(--allow-run-as-root)

count=$(python3 -c "
import sys
total = 0
for part in sys.argv[1].split(','):
    a, _, b = part.partition('..')
    total += int(b or a) - int(a) + 1
print(total)" "$seeds")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "bomb check --seeds $seeds ($count seeds), $(nproc) cores"

# name, then the command; prints "name  seconds  seeds/s" and keeps stdout for the comparison.
declare -A rate
run() {
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  "$@" > "$out/$name.txt" 2> "$out/$name.err"
  end=$(date +%s.%N)
  rate[$name]=$(python3 -c "print(f'{$count / ($end - $start):.1f}')")
  printf "  %-26s %8.2f s  %8s seeds/s  %s\n" "$name" "$(python3 -c "print($end - $start)")" "${rate[$name]}" \
    "$(tail -1 "$out/$name.txt")"
}

run "1 process, 1 thread" "$proven" bomb check --seeds "$seeds" --jobs 1
for n in $(seq 1 "$max_ranks"); do
  run "$n rank(s)" "${mpirun[@]}" -n "$n" "$proven" bomb check --seeds "$seeds"
done
run "1 process, $(nproc) threads" "$proven" bomb check --seeds "$seeds"

for n in $(seq 2 "$max_ranks"); do
  python3 -c "print(f'  speed-up of $n ranks over 1 rank: {${rate["$n rank(s)"]} / ${rate["1 rank(s)"]}:.2f}x')"
done
same=yes
for f in "$out"/*.txt; do cmp -s "$f" "$out/1 process, 1 thread.txt" || same=no; done
echo "  the same standard output, byte for byte, from every run: $same"
[ "$same" = yes ]

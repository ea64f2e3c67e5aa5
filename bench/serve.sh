#!/usr/bin/env bash
# The server under load (issue 15's figures): requests per second and p50/p99 latency, with wrk
# (Debian), on loopback, for a cached level page, a play move, and a manual of a fresh rule
# seed, at 1, 16 and 64 connections (wrk is one client address, and 64 is the server's cap per
# address); then the peak RSS after N distinct seeds were requested. The per-client rates are off
# (--rate-factor 0): this measures the server, not one visitor's allowance.
# Not a timed test: it prints figures.
#
#   bash bench/serve.sh [build/release/src/cli/proven] [--seconds 5] [--seeds 100000]
set -euo pipefail
cd "$(dirname "$0")/.."
proven=build/release/src/cli/proven
seconds=5
seeds=100000
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    *) proven=$1; shift ;;
  esac
done
command -v wrk > /dev/null || { echo "serve.sh: wrk is missing (bash scripts/install-deps.sh)"; exit 2; }

log=$(mktemp)
"$proven" serve --port 0 --quiet --rate-factor 0 > "$log" &
server=$!
trap 'kill $server 2> /dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q "proven serve: http" "$log" && break; sleep 0.1; done
base=$(grep -o 'http://[0-9.:]*' "$log")
echo "server $base (pid $server), $(nproc) cores, wrk $seconds s per row"

# wrk's summary -> "req/s p50 p99"
figures() {
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {printf "%10s req/s   p50 %8s   p99 %8s\n", rps, p50, p99}'
}
moves="tap%20C3%3Btap%20D5"
printf "%-34s %5s  %s\n" "workload" "conns" "figures"
offset=0
for conns in 1 16 64; do
  threads=$(( conns < 2 ? 1 : 2 ))
  printf "%-34s %5s  " "cached level page (prism 30)" "$conns"
  wrk -t$threads -c$conns -d${seconds}s --latency "$base/prism/campaign/30" | figures
  printf "%-34s %5s  " "play move (prism 30, 3rd tap)" "$conns"
  wrk -t$threads -c$conns -d${seconds}s --latency "$base/api/play?game=prism&pack=campaign&item=30&moves=$moves&move=tap%20D6" | figures
  printf "%-34s %5s  " "manual of a fresh rule seed" "$conns"
  wrk -t$threads -c$conns -d${seconds}s --latency -s bench/serve/fresh_seed.lua "$base" -- "/bomb/manual/%d" "$threads" "$offset" | figures
  offset=$((offset + 300000))  # the next row's seeds are fresh too
done

# Memory: a flood of distinct seeds, each a rule book generated on request, cached, dropped.
start=$(date +%s%N)
marker=$(mktemp -u)
wrk -t2 -c16 -d36000s -s bench/serve/fresh_seed.lua "$base" -- "/api/play?game=bomb&item=1&seed=%d" 2 0 "$seeds" \
  "$marker" > /dev/null &
flood=$!
until [ -e "$marker.1" ] && [ -e "$marker.2" ]; do sleep 0.2; done
kill $flood
rm -f "$marker".*
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
peak=$(awk '/VmHWM/ {printf "%.0f MB", $2 / 1024}' /proc/$server/status)
awk -v n="$seeds" -v ms="$elapsed_ms" -v peak="$peak" \
  'BEGIN {printf "flood of %d distinct seeds: %.1f s (%.0f seeds/s); peak RSS %s\n", n, ms / 1000, n * 1000 / ms, peak}'

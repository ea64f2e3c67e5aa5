#!/usr/bin/env bash
# Command 1 of the README: install dependencies, build Release, run the main job (a sample of
# every game) and say where its output is.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# The same directory and options as the Release half of scripts/test.sh, which then has nothing
# to rebuild. ccache (installed above) keeps compiled files for any later clone.
launcher=()
if command -v ccache > /dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DPROVEN_WERROR=ON "${launcher[@]}"
cmake --build build/release

proven=build/release/src/cli/proven
out=out
mkdir -p "$out/demo"
"$proven" --version
"$proven" demo generate --seed 1 --count 12 --out "$out/demo/blocks.json"
"$proven" demo verify "$out/demo/blocks.json"
"$proven" demo show "$out/demo/blocks.json" --item 1 --svg "$out/demo/block-1.svg" > /dev/null
mkdir -p "$out/bomb"
"$proven" bomb manual --seed 1 --format html --out "$out/bomb/manual-1.html"
"$proven" bomb manual --seed 1 --format md --out "$out/bomb/manual-1.md"
"$proven" bomb autoplay --seed 1 --bomb-seed 1 > "$out/bomb/autoplay-1-1.txt"
mkdir -p "$out/prism"
"$proven" prism verify data/prism/campaign.json
"$proven" prism show data/prism/campaign.json --level 120 --svg "$out/prism/level-120.svg"
mkdir -p "$out/tilt"
"$proven" tilt verify data/tilt/campaign.json
"$proven" tilt show data/tilt/campaign.json --level 105 --svg "$out/tilt/level-105.svg"
mkdir -p "$out/whodunnit"
"$proven" whodunnit generate --seed 1 --cast 6 --out "$out/whodunnit/case-1.json"
"$proven" whodunnit verify "$out/whodunnit/case-1.json"
"$proven" whodunnit show "$out/whodunnit/case-1.json" > "$out/whodunnit/case-1.txt"
"$proven" whodunnit solve "$out/whodunnit/case-1.json" --explain > "$out/whodunnit/solution-1.txt"

echo
echo "proven is built: $proven (try '$proven --help')"
echo "look at: $out/demo/block-1.svg (a proven Kakuro block; play it: $proven demo play $out/demo/blocks.json)"
echo "         and $out/demo/blocks.json (12 blocks, their data and proofs)"
echo "         $out/bomb/manual-1.html (the standard defusal manual, one printable page; also as $out/bomb/manual-1.md)"
echo "         and $out/bomb/autoplay-1-1.txt (a bomb defused by its hints)"
echo "         $out/prism/level-120.svg (a PRISM level as dealt and solved, with its beams);"
echo "         data/prism/campaign.json is the shipped 240-level campaign, re-proven above"
echo "         $out/tilt/level-105.svg (a TILT cracked-floor level and every tilt of its solution);"
echo "         data/tilt/campaign.json is the shipped 130-level TILT campaign, re-verified above"
echo "         $out/whodunnit/case-1.txt (a murder mystery for 6 suspects; its file case-1.json,"
echo "         and solution-1.txt, the solver's working step by step; play it: $proven whodunnit play $out/whodunnit/case-1.json)"

#!/usr/bin/env python3
"""The front ends and harnesses name no game (docs/core.md, "Adding a game").

Every game reaches the CLI, the server, the contract suite, the fuzz targets and the bench through
the one list, PROVEN_GAMES in CMakeLists.txt. This test holds that true of the code itself: the
files that serve every game may not name one, outside comments, except the list's own line. A
game named in one of them is a place a new game would have to be added by hand.

It also checks what the build made from the list: a document and a moves fuzz target per game.

  names_no_game.py --root SOURCE_DIR --build BUILD_DIR --games "prism tilt ..."
"""
import argparse
import pathlib
import re
import sys

# The files that serve every game. Each game's own files (src/<game>/, tests/<game>/,
# bench/<game>_*.cpp, fuzz/targets/<game>_*.cpp, data/<game>/, docs/<game>.md) are its own.
SHARED = [
    "src/core/**/*",
    "src/cli/**/*",
    "src/serve/**/*",
    "fuzz/CMakeLists.txt",
    "fuzz/harness.hpp",
    "fuzz/samples.hpp",
    "fuzz/replay_main.cpp",
    "fuzz/targets/*.in",
    "scripts/fuzz.sh",
    "scripts/test.sh",
    "bench/CMakeLists.txt",
    "tests/CMakeLists.txt",
    "cmake/*.cmake",
    "CMakeLists.txt",
]


def code_of(path: pathlib.Path, text: str) -> str:
    """The text with comments blanked (line numbers kept)."""
    if path.suffix in (".cpp", ".hpp", ".in", ".js", ".css"):
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        if path.suffix != ".css":
            text = re.sub(r"(?<![:\"'])//[^\n]*", "", text)
        return text
    # CMake and shell: '#' to the end of the line, outside a quoted string's start.
    return "\n".join(re.sub(r"(^|\s)#.*$", "", line) for line in text.split("\n"))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--games", required=True)
    args = parser.parse_args()
    root, build = pathlib.Path(args.root), pathlib.Path(args.build)
    games = args.games.split()
    problems = []
    if len(games) < 2:
        problems.append(f"the list names {len(games)} game(s): {games}")

    files = sorted({p for pattern in SHARED for p in root.glob(pattern) if p.is_file()})
    checked = 0
    for path in files:
        text = code_of(path, path.read_text(encoding="utf-8"))
        checked += 1
        for number, line in enumerate(text.split("\n"), 1):
            if path.name == "CMakeLists.txt" and path.parent == root and line.strip().startswith("set(PROVEN_GAMES "):
                continue  # the list itself
            for game in games:
                if re.search(rf"(?<![\w-]){re.escape(game)}(?![\w-])", line, flags=re.I):
                    problems.append(f"{path.relative_to(root)}:{number} names '{game}': {line.strip()[:100]}")
    listed = [line.strip() for line in (root / "CMakeLists.txt").read_text().split("\n")
              if line.strip().startswith("set(PROVEN_GAMES ")]
    if len(listed) != 1 or listed[0] != f"set(PROVEN_GAMES {' '.join(games)})":
        problems.append(f"CMakeLists.txt should hold the list once, as set(PROVEN_GAMES {' '.join(games)}): {listed}")

    targets = (build / "fuzz" / "targets.txt").read_text().split()
    for game in games:
        for kind in ("document", "moves"):
            if f"{game}_{kind}" not in targets:
                problems.append(f"no fuzz target {game}_{kind} in {build / 'fuzz' / 'targets.txt'}")

    for problem in problems:
        print("FAIL:", problem)
    print(f"names_no_game: {checked} shared files checked against {len(games)} games "
          f"({' '.join(games)}); {len(targets)} fuzz targets; {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

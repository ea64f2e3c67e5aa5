#!/usr/bin/env python3
"""Checks that two PRISM packs hold the same content, whatever their envelope.

Used to migrate data/prism/campaign.json from proven-prism-pack/1 (format, generator and seed
at the top level) to proven-prism-pack/2 (the core envelope around a body): every level's board,
solution, par, chapter, index and proof, and every chapter's tally, must be identical.

    scripts/compare-prism-packs.py OLD.json NEW.json
"""
import json
import sys


def content(path):
    with open(path) as f:
        pack = json.load(f)
    if pack.get("format") == "proven-prism-pack/1":
        seed, version, body = pack["seed"], str(pack["generator"]["version"]), pack
        chapter = None
    elif pack.get("format") == "proven-prism-pack/2":
        seed, version, body = pack["seed"], pack["generator_version"], pack["body"]
        chapter = pack["params"]["chapter"]
    else:
        sys.exit(f"{path}: not a PRISM pack")
    return {"seed": seed, "generator_version": version, "chapter": chapter,
            "levels": body["levels"], "tallies": body["tallies"]}


def main():
    old, new = content(sys.argv[1]), content(sys.argv[2])
    differences = [key for key in old if old[key] != new[key]]
    for key in differences:
        print(f"differs: {key}")
    if not differences:
        print(f"same content: seed {old['seed']}, generator version {old['generator_version']}, "
              f"{len(old['levels'])} levels, {len(old['tallies'])} tallies")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())

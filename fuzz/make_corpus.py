#!/usr/bin/env python3
"""Writes the fuzz seed corpora and regression inputs (fuzz/corpus, fuzz/regressions).

    python3 fuzz/make_corpus.py build/release/src/cli/proven

Seeds come from the shipped data (data/: a chapter of each campaign, the seed-1 rule book) and
from small generated documents (demo, whodunnit, which ship no data). Regressions are the
inputs of the hardening issue's findings, written from the same seeds: each once crashed, gave
a false verdict or passed silently. The output is deterministic; rerun it only when a file
format changes or the whodunnit generator version does, and commit what it writes.
"""
import json
import pathlib
import subprocess
import tempfile
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
FUZZ = ROOT / "fuzz"


def canonical(doc):
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


def write(kind, target, name, text):
    path = FUZZ / kind / target / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode() if isinstance(text, str) else text)


def generated(proven, game, *args):
    out = subprocess.run([proven, game, "generate", *args], check=True, capture_output=True)
    return json.loads(out.stdout)


def chapter_slice(campaign, chapter, count=None):
    doc = json.loads(json.dumps(campaign))
    levels = [l for l in doc["body"]["levels"] if l["chapter"] == chapter]
    doc["params"]["chapter"] = chapter
    doc["body"]["levels"] = levels[:count] if count else levels
    doc["body"]["tallies"] = [doc["body"]["tallies"][chapter - 1]]
    return doc


def tiled_prism_level(campaign):
    """Nine chapter-6 levels tiled 3x3 and walled apart: 2^64+ rotation states (once SIGFPE)."""
    levels = [l for l in campaign["body"]["levels"] if l["chapter"] == 6][:9]
    w = len(levels[0]["board"][0]) // 2
    h = len(levels[0]["board"])
    rows = []
    for band in range(3):
        tiles = levels[band * 3:band * 3 + 3]
        for r in range(h):
            rows.append("##".join(t["board"][r] for t in tiles))
        if band < 2:
            rows.append("##" * (3 * w + 2))
    # The piece order is row-major over the whole board: take each source level's rotations in
    # its own row-major order as its pieces are met.
    doc = json.loads(json.dumps(campaign))
    doc["params"]["chapter"] = 6
    level = dict(levels[0])
    level.update(id=1, index=0)
    level["board"] = rows
    level["par"] = sum(l["par"] for l in levels)
    level["solution"] = []  # filled below from the pieces met
    met = [0] * 9
    for r, row in enumerate(rows):
        band = r // (h + 1)
        if r % (h + 1) == h:
            continue
        for c in range(len(row) // 2):
            k = c // (w + 1)
            if c % (w + 1) == w:
                continue
            cell = row[2 * c:2 * c + 2]
            src = levels[band * 3 + k]
            if is_piece(cell):
                level["solution"].append(src["solution"][met[band * 3 + k]])
                met[band * 3 + k] += 1
    doc["body"]["levels"] = [level]
    doc["body"]["tallies"] = [doc["body"]["tallies"][5]]
    return doc


def is_piece(cell):
    # docs/prism.md "Board": mirrors and splitters (/m \\s ...), prisms (P^ ...), filters (=R |C).
    return cell[0] in "/\\" or cell[0] == "P" or cell[0] in "=|"


def main():
    proven = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "build/release/src/cli/proven")
    prism = json.loads((ROOT / "data/prism/campaign.json").read_text())
    tilt = json.loads((ROOT / "data/tilt/campaign.json").read_text())
    bomb = (ROOT / "data/bomb/seed-1.json").read_text()
    demo = generated(proven, "demo", "--seed", "fuzz", "--count", "3")
    case = generated(proven, "whodunnit", "--seed", "11", "--cast", "5", "--budget", "3000")
    themed = generated(proven, "whodunnit", "--seed", "4", "--cast", "4", "--budget", "2000", "--theme",
                       str(ROOT / "data/whodunnit/themes/riverboat.json"))

    write("corpus", "prism_document", "chapter-1.json", canonical(chapter_slice(prism, 1)))
    write("corpus", "prism_document", "level-1.json", canonical(chapter_slice(prism, 4, 1)))
    write("corpus", "tilt_document", "chapter-1.json", canonical(chapter_slice(tilt, 1)))
    write("corpus", "tilt_document", "level-1.json", canonical(chapter_slice(tilt, 9, 1)))
    write("corpus", "bomb_document", "seed-1.json", bomb)
    write("corpus", "demo_document", "sheet.json", canonical(demo))
    write("corpus", "whodunnit_document", "case.json", canonical(case))
    write("corpus", "whodunnit_document", "themed.json", canonical(themed))
    # Run logs (bomb_runlog): autoplayed runs of manual 7, a standard bomb and one with options.
    for name, options in (("standard", []), ("options", ["--modules", "4", "--needy", "1", "--time", "2:00",
                                                         "--strikes", "1"])):
        with tempfile.TemporaryDirectory() as tmp:
            path = pathlib.Path(tmp) / "log.json"
            subprocess.run([proven, "bomb", "autoplay", "--seed", "7", "--bomb-seed", "3", *options, "--log", str(path)],
                           check=True, capture_output=True)
            write("corpus", "bomb_runlog", name + ".json", path.read_text())
    standard = json.loads((FUZZ / "corpus/bomb_runlog/standard.json").read_text())
    backwards = json.loads(json.dumps(standard))
    backwards["actions"][3]["at_ms"] = 0
    write("corpus", "bomb_runlog", "backwards.json", canonical(backwards))
    write("corpus", "bomb_runlog", "claims-faster.json", canonical(dict(standard, ended_at_ms=1000)))
    write("corpus", "bomb_runlog", "needy-4.json", canonical(dict(standard, needy=4)))
    walk = b"\x00" + b"".join(b"#" + bytes([k]) + b"\n" for k in range(1, 40))
    moves = {
        "prism_moves": "tap A1\ntap B2\nundo\ntap C3\nrestart\nmoves\n",
        "tilt_moves": "U\nD\nL\nR\nundo\nrestart\nU D\n",
        "whodunnit_moves": "mark 3 forename Hugo yes\nmark 1 portrait 2 no\nundo\naccuse 5\n",
        "bomb_moves": "cut wire 2\npress blue\nmove up\nhold\nrelease at 4\nanswer yes\nsubmit\n",
        "demo_moves": "put A1 7\nclear A1\nput B2 9\nundo\nrestart\n",
    }
    for target, text in moves.items():
        write("corpus", target, "words.txt", "\x01" + text)
        write("corpus", target, "legal-walk.bin", walk)

    # Requests to `proven serve`, one per route, on the packs it ships (serve_request).
    requests = {
        "index": "/",
        "game-page": "/prism",
        "pack-page": "/tilt/campaign",
        "level-page": "/prism/campaign/3?moves=tap%20A1",
        "designer": "/whodunnit?seed=2&cast=4&grid=1&off=1..2",
        "play-api": "/api/play?game=prism&pack=campaign&item=1&moves=tap%20A1%3Btap%20B2&move=tap%20C3",
        "hint-api": "/api/play?game=whodunnit&seed=1&cast=4&item=1&hint=1",
        "svg": "/svg?game=tilt&pack=campaign&item=2",
        "download": "/download/prism/campaign.json",
        "manual": "/bomb/manual/1",
        "studio": "/studio/whodunnit?seeds=1..2&cast=4",
        "asset": "/assets/play.js",
    }
    for name, target in requests.items():
        write("corpus", "serve_request", name + ".http", f"GET {target} HTTP/1.1\r\nHost: fuzz\r\n\r\n")
    write("corpus", "serve_request", "range.http",
          "GET /download/tilt/campaign.json HTTP/1.1\r\nHost: fuzz\r\nRange: bytes=0-10,20-\r\n\r\n")
    write("corpus", "serve_request", "post.http",
          "POST /api/play HTTP/1.1\r\nHost: fuzz\r\nContent-Length: 5\r\n\r\nhello")

    # Regressions: the hardening issue's findings.
    write("regressions", "prism_document", "tiled-2-64-states.json", canonical(tiled_prism_level(prism)))
    one = chapter_slice(prism, 1, 1)
    write("regressions", "prism_document", "par-1e400.json", canonical(one).replace('"par": 1,', '"par": 1e400,', 1))
    blank = json.loads(json.dumps(one))
    blank["body"]["levels"][0]["board"].append("")
    write("regressions", "prism_document", "blank-row.json", canonical(blank))
    joined = json.loads(json.dumps(one))
    joined["body"]["levels"][0]["board"] = ["\n".join(one["body"]["levels"][0]["board"])]
    write("regressions", "prism_document", "rows-in-one-string.json", canonical(joined))

    t1 = chapter_slice(tilt, 1, 2)
    newline = json.loads(json.dumps(t1))
    newline["body"]["levels"][1]["solution"] = "U\nR"
    write("regressions", "tilt_document", "solution-with-newline.json", canonical(newline))
    write("regressions", "tilt_document", "par-minus-1e400.json", canonical(t1).replace('"par": 1,', '"par": -1e400,', 1))
    copies = json.loads(json.dumps(t1))
    copies["body"]["levels"] = [dict(t1["body"]["levels"][0], id=k + 1) for k in range(300)]
    write("regressions", "tilt_document", "300-copies.json", canonical(copies))

    kind = json.loads(json.dumps(case))
    kind["body"]["clues"][0]["kind"] = kind["body"]["clues"][0]["kind"] + " "
    write("regressions", "whodunnit_document", "kind-trailing-space.json", canonical(kind))
    # "the only Doctor" in the prose while the stored murderer is the only Reverend.
    question = json.loads(json.dumps(case))
    [(category, value)] = question["body"]["question"]["murderer"].items()
    values = next(c["values"] for c in question["body"]["setup"] if c["category"] == category)
    other = next(v["name"] for v in values if v["name"] != value and v["count"] == 1)
    question["body"]["question"]["prose"] = question["body"]["question"]["prose"].replace(value, other)
    write("regressions", "whodunnit_document", "question-names-another.json", canonical(question))
    named = json.loads(json.dumps(case))
    named["body"]["question"]["prose"] = named["body"]["question"]["prose"].replace(value, value + "\n")
    write("regressions", "whodunnit_document", "question-with-newline.json", canonical(named))

    proof = json.loads(json.dumps(demo))
    proof["body"]["blocks"][0]["proof"]["solutions"] = 2
    write("regressions", "demo_document", "proof-solutions-changed.json", canonical(proof))
    write("regressions", "bomb_document", "seed-1e400.json", bomb.replace('"seed": "1"', '"seed": 1e400', 1))
    write("regressions", "tilt_moves", "move-with-newline.bin", b"\x00U\r\nR\x00\nundo\n")
    # Found by serve_request: a seed that is not UTF-8 reached the JSON writer (a 500; exit 3 in the CLI).
    write("regressions", "serve_request", "seed-not-utf8.http",
          b"GET /whodunnit?seed=2\xb5&off=1..2 HTTP/1.1\r\nHost: fuzz\r\n\r\n")


if __name__ == "__main__":
    main()

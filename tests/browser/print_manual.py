#!/usr/bin/env python3
"""The printable bomb manual, printed: every page of the PDF names its manual.

Writes the HTML manual of a few rule seeds with `proven bomb manual`, prints each with Debian's
headless chromium (as a player's browser would print it, without the browser's own header and
footer), and reads every page back with poppler's pdftotext: each must carry the manual number,
the fingerprint and "page i of n". A loose sheet must never be read against the wrong bomb.

    print_manual.py --proven build/release/src/cli/proven
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile


def run(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proven", required=True)
    parser.add_argument("--seeds", default="1,4242")
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory() as work:
        for seed in args.seeds.split(","):
            book = json.loads(run(args.proven, "bomb", "manual", "--seed", seed, "--format", "json"))
            fingerprint = book["body"]["fingerprint"]
            standard = " (standard)" if seed == "1" else ""
            head = f"proven bomb manual {seed}{standard} · fingerprint {fingerprint}"
            html = os.path.join(work, f"manual-{seed}.html")
            pdf = os.path.join(work, f"manual-{seed}.pdf")
            run(args.proven, "bomb", "manual", "--seed", seed, "--format", "html", "--out", html)
            subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                            f"--print-to-pdf={pdf}", "file://" + html],
                           check=True, capture_output=True, timeout=120)
            pages = int(re.search(r"^Pages:\s+(\d+)$", run("pdfinfo", pdf), re.M).group(1))
            if pages < 10:
                failures.append(f"seed {seed}: only {pages} printed pages (one per module page expected)")
            for page in range(1, pages + 1):
                text = run("pdftotext", "-f", str(page), "-l", str(page), "-layout", pdf, "-")
                for wanted in (head, f"page {page} of {pages}"):
                    if wanted not in text:
                        failures.append(f"seed {seed} page {page} of {pages}: no '{wanted}'")
            print(f"seed {seed}: {pages} printed pages, each names manual {seed} and {fingerprint}", flush=True)
    for failure in failures:
        print("FAIL: " + failure, flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

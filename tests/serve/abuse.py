#!/usr/bin/env python3
"""`proven serve` under a hostile client, on loopback (docs/serve.md, "Limits").

Each attack of the hardening issue is replayed against a real server, while a second client (on
another loopback address, 127.0.0.2, so that per-client caps do not count it with the attacker)
asks /health and must be answered within a second throughout. At the end the server's peak RSS
must be under 300 MB. Every attack is bounded in count and time and stops by itself.

  abuse.py --proven build/release/src/cli/proven [--idle 1000] [--slow 300] [--report]

With --report it prints the figures (health latency under each attack, peak RSS, reply sizes).
"""
import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

HEALTH_SECONDS = 1.0
RSS_LIMIT_MB = 300
FAILURES = []


def check(condition, what):
    if not condition:
        FAILURES.append(what)
        print("FAIL:", what, flush=True)


class Health(threading.Thread):
    """Asks /health from 127.0.0.2 every 100 ms; keeps the slowest answer."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.worst, self.failed, self.stopping = port, 0.0, 0, False

    def ask(self):
        start = time.monotonic()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5, source_address=("127.0.0.2", 0))
            conn.request("GET", "/health")
            ok = conn.getresponse().read() == b"ok\n"
            conn.close()
        except OSError:
            ok = False
        took = time.monotonic() - start
        self.failed += 0 if ok else 1
        return took

    def run(self):
        while not self.stopping:
            self.worst = max(self.worst, self.ask())
            time.sleep(0.1)

    def during(self, name, attack):
        self.worst, self.failed = 0.0, 0
        result = attack()
        self.worst = max(self.worst, self.ask())  # at least one answer while the attack's effects last
        check(self.failed == 0, f"{name}: /health went unanswered {self.failed} time(s)")
        check(self.worst < HEALTH_SECONDS, f"{name}: /health took {self.worst:.2f} s")
        return self.worst, result


def raw(port, data, read=True, timeout=10):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(data)
    if not read:
        return s
    reply = b""
    try:
        while True:
            chunk = s.recv(1 << 16)
            if not chunk:
                break
            reply += chunk
    except socket.timeout:
        pass
    s.close()
    return reply


def start_server(proven, flags):
    server = subprocess.Popen([proven, "serve", "--port", "0", *flags], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    for line in server.stdout:
        found = re.search(rb"http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return server, int(found.group(1))
    return server, None


def stored_bytes(db):
    return sum(os.path.getsize(db + suffix) for suffix in ("", "-wal") if os.path.exists(db + suffix))


def submit_all(port, source, bodies):
    """POSTs each body to /bomb/runs on one keep-alive connection from `source`: status counts."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    statuses = {}
    for body in bodies:
        conn.request("POST", "/bomb/runs", body=body, headers={"Content-Type": "application/json"})
        reply = conn.getresponse()
        reply.read()
        statuses[reply.status] = statuses.get(reply.status, 0) + 1
    conn.close()
    return statuses


def near_duplicates(base, count):
    """The same play written `count` ways: a word re-cased, spaces added, another player name."""
    bodies = []
    for i in range(count):
        variant = json.loads(json.dumps(base))
        action = variant["actions"][i % len(variant["actions"])]
        action["action"] = (" " * (i % 3)) + (action["action"].upper() if i % 2 else action["action"]) + " "
        variant["player"] = f"Copy {i}"
        bodies.append(json.dumps(variant))
    return bodies


def later_plays(base, count):
    """`count` distinct plays: the whole run k ms later (k = 1..count), each verifying."""
    bodies = []
    for k in range(1, count + 1):
        variant = json.loads(json.dumps(base))
        for action in variant["actions"]:
            action["at_ms"] += k
        variant["ended_at_ms"] += k
        bodies.append(json.dumps(variant))
    return bodies


def count_rows(db):
    import sqlite3
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT count(*) FROM bomb_runs").fetchone()[0]


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--proven", required=True)
    parser.add_argument("--idle", type=int, default=1000)
    parser.add_argument("--slow", type=int, default=300)
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    scratch = tempfile.TemporaryDirectory(prefix="proven-abuse-")
    runs = os.path.join(scratch.name, "runs.sqlite")
    # Without --quiet, and its stdout a pipe this script stops reading after the first lines: a
    # request log that no longer drains must not stop the server (finding 6).
    server, port = start_server(args.proven, ["--runs", runs])
    check(port is not None, "the server says where it listens")
    figures = {}
    health = Health(port)
    health.start()
    try:
        # 1. A Range header of 2,700 ranges (an 8 KB request) gets the reply once.
        plain = raw(port, b"GET /download/prism/campaign.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        ranges = b"bytes=" + b",".join([b"0-"] * 2700)

        def range_attack():
            sizes = []
            for _ in range(4):
                sizes.append(len(raw(port, b"GET /download/prism/campaign.json HTTP/1.1\r\nHost: x\r\nRange: " + ranges +
                                     b"\r\nConnection: close\r\n\r\n")))
            return sizes
        worst, sizes = health.during("range", range_attack)
        check(all(abs(size - len(plain)) < 200 for size in sizes), f"range: replies of {sizes} bytes, {len(plain)} without")
        figures["range: reply bytes (4 requests)"] = f"{max(sizes)} (without Range: {len(plain)})"
        figures["range: worst health"] = f"{worst * 1000:.0f} ms"

        # 2. Bodies past a route's limit are refused unread: 100 MB announced, and 3 MB sent.
        def body_attack():
            announced = raw(port, b"POST /api/bomb/run HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\n[0,")
            sent = raw(port, b"POST /bomb/runs HTTP/1.1\r\nHost: x\r\nContent-Length: 3145728\r\n\r\n" + b"[0," * 1048576)
            get_body = raw(port, b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n" + b"x" * 100)
            return announced, sent, get_body
        worst, (announced, sent, get_body) = health.during("body", body_attack)
        check(announced.startswith(b"HTTP/1.1 413"), f"body: 100 MB announced: {announced[:60]!r}")
        check(sent.startswith(b"HTTP/1.1 413"), f"body: 3 MB sent: {sent[:60]!r}")
        check(get_body.startswith(b"HTTP/1.1 413"), f"body: a GET with a body: {get_body[:60]!r}")
        figures["body: worst health"] = f"{worst * 1000:.0f} ms"

        # 3. Idle sockets: held, capped per client, and none stalls another client.
        def idle_attack():
            sockets = []
            for _ in range(args.idle):
                try:
                    sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
                except OSError:
                    break
            time.sleep(2)
            for s in sockets:
                s.close()
            return len(sockets)
        worst, opened = health.during("idle", idle_attack)
        figures[f"idle: {args.idle} sockets, worst health"] = f"{worst * 1000:.0f} ms ({opened} opened)"

        # 4. Slowloris: a header line a second on each socket; each closed at the header deadline.
        def slow_attack():
            sockets = []
            for _ in range(args.slow):
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    s.sendall(b"GET /health HTTP/1.1\r\n")
                    sockets.append(s)
                except OSError:
                    break
            start, closed_at = time.monotonic(), None
            while time.monotonic() - start < 14 and closed_at is None:
                time.sleep(1)
                alive = 0
                for s in sockets:
                    try:
                        s.sendall(b"X-Slow: 1\r\n")
                        alive += 1
                    except OSError:
                        pass
                if alive == 0:
                    closed_at = time.monotonic() - start
            for s in sockets:
                s.close()
            return closed_at
        worst, closed_at = health.during("slowloris", slow_attack)
        check(closed_at is not None and closed_at <= 13, f"slowloris: sockets still open after {closed_at} s")
        figures[f"slowloris: {args.slow} sockets, worst health"] = f"{worst * 1000:.0f} ms"
        figures["slowloris: every socket closed after"] = f"{closed_at} s" if closed_at else "never"

        # 5. The request log no longer drains (nobody reads the pipe): requests are still answered.
        def log_attack():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            answered = 0
            for _ in range(3000):
                conn.request("GET", "/health")
                answered += conn.getresponse().read() == b"ok\n"
            conn.close()
            return answered
        worst, answered = health.during("stalled log", log_attack)
        check(answered == 3000, f"stalled log: {answered} of 3000 requests answered")

        # 6. Generation on request is bounded: casts past 8 and non-canonical numbers are refused.
        for query in ("cast=12", "cast=06", "cast=%2B6", "cast=6%20", "cast=0x6"):
            reply = raw(port, f"GET /api/play?game=whodunnit&seed=1&item=1&{query} HTTP/1.1\r\nHost: x\r\n"
                              "Connection: close\r\n\r\n".encode())
            check(reply.startswith(b"HTTP/1.1 400"), f"generation: {query} was not refused: {reply[:40]!r}")

        # 7. New documents from one client: 24 at once, then one a second; the rest wait (429).
        def generation_flood():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=("127.0.0.5", 0))
            statuses = {}
            for seed in range(100, 140):
                conn.request("GET", f"/api/play?game=bomb&seed={seed}&item=1")
                reply = conn.getresponse()
                reply.read()
                statuses[reply.status] = statuses.get(reply.status, 0) + 1
                if reply.status == 429:
                    check(reply.getheader("Retry-After", "").isdigit(), "generation: a 429 says when to try again")
            conn.close()
            return statuses
        worst, statuses = health.during("generation flood", generation_flood)
        check(statuses.get(200, 0) <= 26 and statuses.get(429, 0) >= 14, f"generation flood: {statuses}")
        figures["generation: 40 new rule books from one client"] = f"{statuses}"

        # 8. The leaderboard: one client floods it with the same play written 3,000 ways, then
        # with 3,000 distinct plays (each 1 ms later); the rates let a few through, and the same
        # play is stored once.
        base_log = os.path.join(scratch.name, "base.json")
        subprocess.run([args.proven, "bomb", "autoplay", "--seed", "7", "--bomb-seed", "3", "--modules", "5",
                        "--needy", "0", "--log", base_log], check=True, stdout=subprocess.DEVNULL)
        with open(base_log) as f:
            base = json.load(f)
        before = stored_bytes(runs)
        start = time.monotonic()
        worst, dupes = health.during("near-duplicates", lambda: submit_all(port, "127.0.0.3", near_duplicates(base, 3000)))
        worst2, later = health.during("distinct plays", lambda: submit_all(port, "127.0.0.4", later_plays(base, 3000)))
        took = time.monotonic() - start
        rows = count_rows(runs)
        check(dupes.get(201, 0) == 1 and dupes.get(409, 0) >= 9, f"near-duplicates: {dupes}")
        check(later.get(201, 0) <= 10, f"distinct plays from one client: {later}")
        check(rows <= 11, f"leaderboard: {rows} rows after two floods from two clients")
        written = stored_bytes(runs) - before
        figures["leaderboard: 3,000 near-duplicates"] = f"{dupes}"
        figures["leaderboard: 3,000 distinct plays"] = f"{later}"
        figures["leaderboard: bytes written by both floods"] = f"{written} in {took:.1f} s, {rows} rows"
        figures["leaderboard: worst health"] = f"{max(worst, worst2) * 1000:.0f} ms"
    finally:
        health.stopping = True
        rss = peak_rss_mb(server.pid) if server.poll() is None else 0.0
        check(server.poll() is None, "the server is still running")
        server.terminate()
        server.wait(timeout=10)
    check(rss < RSS_LIMIT_MB, f"peak RSS {rss:.0f} MB")
    figures["peak RSS"] = f"{rss:.0f} MB"

    # 9. Without rates (--rate-factor 0, a party behind one address), one client's distinct plays
    # are still bounded by the store: 200 kept per client, the rest only if they enter the top.
    unrated = os.path.join(scratch.name, "unrated.sqlite")
    server, port = start_server(args.proven, ["--quiet", "--rate-factor", "0", "--runs", unrated])
    try:
        start = time.monotonic()
        statuses = submit_all(port, "127.0.0.6", later_plays(base, 1000))
        took = time.monotonic() - start
    finally:
        server.terminate()
        server.wait(timeout=10)
    rows = count_rows(unrated)
    check(rows == 200 and statuses.get(201, 0) == 200 and statuses.get(200, 0) == 800,
          f"unrated: {statuses}, {rows} rows")
    figures["unrated: 1,000 distinct plays from one client"] = (
        f"{statuses}, {rows} rows, {stored_bytes(unrated)} bytes, {1000 / took:.0f} submissions/s")
    if args.report or FAILURES:
        for name, value in figures.items():
            print(f"  {name:<45} {value}")
    print(f"abuse: {len(FAILURES)} failure(s)")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())

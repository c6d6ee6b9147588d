#!/usr/bin/env python3
"""A UCI soak: random go/stop/position/setoption/ucinewgame in quick succession to one engine
searching with two threads, every game of the engine in turn.

Commands are sent without waiting for the engine (as a hurried GUI would), a `go` sometimes
while a search still runs. Checks: every `go` is answered by exactly one `bestmove`, in order,
and that move is legal in the position the `go` was sent for (the legal moves come from a
second kaissa process, asked `perft 1`, which lists every legal move of a position); no
`bestmove` comes unasked; no error line answers a command that was valid; the engine answers
`isready` throughout and `quit` ends it with status 0. Prints one summary line and exits 1 on
the first failure.

    tuning/soak-uci.py --kaissa target/release/kaissa --commands 1000 --seed 1
"""

import argparse
import queue
import random
import subprocess
import sys
import threading
import time


class Engine:
    """A kaissa process in UCI mode whose output lines arrive on a queue."""

    def __init__(self, path):
        self.p = subprocess.Popen(
            [path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read, args=(self.p.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self._keep, daemon=True).start()

    @staticmethod
    def _read(stream, q):
        for line in stream:
            q.put(line.rstrip("\n"))
        q.put(None)

    def _keep(self):
        for line in self.p.stderr:
            self.stderr.append(line)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def next_line(self, timeout):
        line = self.lines.get(timeout=timeout)
        if line is None:
            raise RuntimeError("the engine closed its output")
        return line

    def until(self, prefix, timeout=30.0):
        """Lines up to and including the first that starts with `prefix`."""
        got = []
        end = time.monotonic() + timeout
        while True:
            line = self.next_line(max(0.01, end - time.monotonic()))
            got.append(line)
            if line.startswith(prefix):
                return got


class Oracle:
    """Legal moves of a position, from a kaissa process's `perft 1`."""

    def __init__(self, path):
        self.e = Engine(path)
        self.e.send("uci")
        self.e.until("uciok")
        self.variant = None
        self.cache = {}

    def legal(self, variant, moves):
        key = (variant, tuple(moves))
        if key not in self.cache:
            if variant != self.variant:
                self.e.send(f"setoption name UCI_Variant value {variant}")
                self.e.until("info string variant")
                self.variant = variant
            self.e.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            self.e.send("perft 1")
            got = self.e.until("Nodes searched")
            errors = [l for l in got if "error" in l]
            if errors:
                raise RuntimeError(f"oracle: {errors[0]}")
            legal = {l.split(":")[0] for l in got[:-1] if ":" in l}
            # A game over by its rules (the Home Stone taken, a repetition) has no move to
            # play though pieces could still move: a search there answers `bestmove (none)`.
            self.e.send("go depth 1")
            if self.e.until("bestmove")[-1] == "bestmove (none)":
                legal = set()
            self.cache[key] = legal
        return self.cache[key]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kaissa", default="target/release/kaissa", help="the engine binary")
    ap.add_argument("--commands", type=int, default=1000, help="random commands to send")
    ap.add_argument("--seed", type=int, default=1, help="seed of the command stream")
    ap.add_argument("--threads", type=int, default=2, help="the engine's search threads")
    ap.add_argument("--pause", type=float, default=20.0,
                    help="longest random pause after a command, in milliseconds")
    args = ap.parse_args()
    rng = random.Random(args.seed)

    eng = Engine(args.kaissa)
    oracle = Oracle(args.kaissa)
    eng.send("uci")
    head = eng.until("uciok")
    combo = next(l for l in head if l.startswith("option name UCI_Variant"))
    variants = combo.split(" var ")[1:]
    eng.send(f"setoption name Threads value {args.threads}")

    variant = "kaissa"
    lines = {}  # per variant, a random game's moves so far
    moves = []  # the engine's position: startpos of `variant` and these moves
    pending = []  # per unanswered go: (legal moves, the go command)
    counts = {"go": 0, "bestmove": 0, "stop": 0, "position": 0, "setoption": 0,
              "ucinewgame": 0, "isready": 0}
    seen_variants = set()
    start = time.monotonic()

    def fail(msg):
        print(f"FAIL after {sum(counts.values()) - counts['bestmove']} commands: {msg}",
              file=sys.stderr)
        eng.p.kill()
        sys.exit(1)

    def drain(block_until_ready=False):
        """Reads what the engine wrote; with block_until_ready, up to the next readyok."""
        while True:
            try:
                line = eng.next_line(30.0 if block_until_ready else 0.0005)
            except queue.Empty:
                if block_until_ready:
                    fail("no readyok within 30 s")
                return
            if line.startswith("bestmove"):
                counts["bestmove"] += 1
                if not pending:
                    fail(f"a bestmove nobody asked for: {line}")
                legal, go = pending.pop(0)
                mv = line.split()[1]
                if legal and mv not in legal:
                    fail(f"'{line}' after '{go}' is not legal ({len(legal)} legal moves)")
                if not legal and mv != "(none)":
                    fail(f"'{line}' in a finished game")
            elif "error" in line:
                fail(f"the engine answered an error: {line}")
            elif line == "readyok" and block_until_ready:
                return

    def line_of(v):
        """The random game kept for variant v, grown by one move now and then."""
        game = lines.setdefault(v, [])
        if rng.random() < 0.5:
            legal = oracle.legal(v, game)
            if legal and len(game) < 60:
                game.append(rng.choice(sorted(legal)))
            else:
                game.clear()
        return game

    for _ in range(args.commands):
        r = rng.random()
        if r < 0.35:
            kind = rng.choice(["movetime", "depth", "nodes", "clock", "infinite"])
            go = {
                "movetime": f"go movetime {rng.randint(1, 40)}",
                "depth": f"go depth {rng.randint(1, 5)}",
                "nodes": f"go nodes {rng.randint(1, 20000)}",
                "clock": f"go wtime {rng.randint(0, 2000)} btime {rng.randint(0, 2000)} "
                         f"winc {rng.randint(0, 50)} binc {rng.randint(0, 50)}",
                "infinite": "go infinite",
            }[kind]
            if pending and rng.random() < 0.5:
                # A GUI stops a search before it starts the next one, most of the time.
                eng.send("stop")
                counts["stop"] += 1
            pending.append((oracle.legal(variant, moves), go))
            eng.send(go)
            counts["go"] += 1
        elif r < 0.55:
            eng.send("stop")
            counts["stop"] += 1
        elif r < 0.75:
            game = line_of(variant)
            moves = game[: rng.randint(0, len(game))]
            eng.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            counts["position"] += 1
        elif r < 0.90:
            opt = rng.choice(["variant", "hash", "multipv", "overhead", "clear"])
            if opt == "variant":
                variant = rng.choice(variants)
                seen_variants.add(variant)
                moves = []
                eng.send(f"setoption name UCI_Variant value {variant}")
            elif opt == "hash":
                eng.send(f"setoption name Hash value {rng.choice([1, 2, 8, 16, 64])}")
            elif opt == "multipv":
                eng.send(f"setoption name MultiPV value {rng.randint(1, 4)}")
            elif opt == "overhead":
                eng.send(f"setoption name Move Overhead value {rng.randint(0, 100)}")
            else:
                eng.send("setoption name Clear Hash")
            counts["setoption"] += 1
        elif r < 0.97:
            eng.send("ucinewgame")
            moves = []
            counts["ucinewgame"] += 1
        else:
            eng.send("isready")
            counts["isready"] += 1
            drain(block_until_ready=True)
        time.sleep(rng.uniform(0, args.pause) / 1000)
        drain()
    eng.send("stop")
    eng.send("isready")
    drain(block_until_ready=True)
    end = time.monotonic() + 30
    while pending and time.monotonic() < end:
        drain()
    if pending:
        fail(f"{len(pending)} go without a bestmove")
    eng.send("quit")
    code = eng.p.wait(timeout=30)
    if code != 0:
        fail(f"quit ended the engine with status {code}")
    if any("panicked" in l for l in eng.stderr):
        fail("a panic on stderr: " + "".join(eng.stderr)[-500:])
    print(
        f"ok: {sum(counts.values()) - counts['bestmove']} commands in {time.monotonic() - start:.1f} s, "
        f"{args.threads} threads, {len(seen_variants)} of {len(variants)} variants: "
        + ", ".join(f"{k} {v}" for k, v in counts.items())
        + "; every go answered by one legal bestmove"
    )


if __name__ == "__main__":
    main()

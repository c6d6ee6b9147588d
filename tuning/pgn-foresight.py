#!/usr/bin/env python3
"""Who saw a lost game's end coming first, from the scores `kaissa match` writes after each
move ({+1.44/12 0.539s}: the mover's score in its own engine's pawns, a mate as M).

usage: tuning/pgn-foresight.py ENGINE GAMES.pgn [MORE.pgn ...]

For every game ENGINE won or lost: the first move at which each engine scored the game at
least 3 pawns (or a mate) for the winner; per game both move numbers, the median of how many
moves later ENGINE saw its losses, and how many games both engines already scored so at their
first scored move (the random opening had decided them). Last, the terminations of ENGINE's
won, drawn and lost games.
"""
import re
import statistics
import sys
from collections import Counter

TOKEN = re.compile(r"\{[^}]*\}|\d+\.(?:\.\.)?|[^\s{}]+")
SCORE = re.compile(r"\{([+-]?M?-?\d+(?:\.\d+)?)/\d+ [\d.]+s\}")


def games(path):
    text = open(path, encoding="utf-8").read()
    for chunk in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', chunk, re.M))
        if "Result" in tags and "\n\n" in chunk:
            yield tags, chunk.split("\n\n", 1)[1]


def scores(body, white_starts=True):
    """(ply, score) of every scored move, ply 0 the first player's first move."""
    ply, out = -1, []
    for tok in TOKEN.findall(body):
        if tok.startswith("{"):
            m = SCORE.match(tok)
            if m and ply >= 0:
                s = m.group(1).replace("+", "")
                v = (-100.0 if s.startswith("-") else 100.0) if "M" in s else float(s)
                out.append((ply, v))
        elif re.fullmatch(r"\d+\.(\.\.)?", tok) or tok in ("1-0", "0-1", "1/2-1/2", "*"):
            continue
        else:
            ply += 1
    return out


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(1)
    me = sys.argv[1]
    lags, terms, decided = [], Counter(), Counter()
    for path in sys.argv[2:]:
        for tags, body in games(path):
            white = tags["White"] == me
            res = tags["Result"]
            mine = {"1-0": "won" if white else "lost", "0-1": "lost" if white else "won"}.get(res, "drawn")
            terms[(mine, tags.get("Termination", "?"))] += 1
            if mine == "drawn":
                continue
            my_parity = 0 if white else 1
            sign = 1 if mine == "won" else -1
            sc = scores(body)
            # The first scored move of each side that saw the end: the winner's side.
            opp = next((p for p, v in sc if p % 2 != my_parity and -sign * v >= 3), None)
            own = next((p for p, v in sc if p % 2 == my_parity and sign * v >= 3), None)
            first_scored = sc[0][0] // 2 + 1 if sc else None
            move = lambda p: None if p is None else p // 2 + 1
            print(f"{path.split('/')[-1]} game {tags.get('Round')} {mine}: opponent sure at move {move(opp)}, {me} at move {move(own)} (first scored move {first_scored})")
            if mine == "lost" and opp is not None and own is not None:
                lags.append((own - opp) / 2)
            if move(opp) == first_scored and move(own) == first_scored:
                decided[mine] += 1
    if lags:
        q = statistics.quantiles(lags, n=4) if len(lags) > 1 else lags
        print(f"{me} saw its losses {statistics.median(lags)} moves later (median; quartiles {q[0]}, {q[-1]}) over {len(lags)} games")
    for res in ("won", "lost"):
        print(f"{res}: {decided[res]} games both engines scored 3 pawns or more for the winner at their first scored move (the opening had decided it)")
    for (res, t), n in sorted(terms.items()):
        print(f"{res:5} {n:3}  {t}")


if __name__ == "__main__":
    main()

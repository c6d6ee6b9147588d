#!/usr/bin/env bash
# Who saw it first: for one engine of a `kaissa match` PGN, its own score and its opponent's,
# both turned to its side, at its moves 10, 20, 30 and 40 of every game, read from the move
# comments the arbiter writes (`{+0.35/12 0.980s}`), then their medians by the game's result
# for that engine. A lost game where the opponent's score ran ahead of the engine's own for
# many moves is a misjudgement the engine did not see; a won game where the opponent thought
# itself ahead is one the opponent did not see. Each engine's score is in its own units (the
# pawns of its own evaluation); a mate score counts as 100. Reads plain or gzipped PGN; games
# are taken to start from the start position (odd plies are the first player's).
set -euo pipefail

if [ $# -lt 2 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  cat <<USAGE
usage: tuning/pgn-scores.sh ENGINE GAMES.pgn[.gz] ...

One line per game that ENGINE played: round, ENGINE's colour (W or B), its result (1, 1/2,
0), then at its moves 10, 20, 30 and 40 "own/opponent's" score from ENGINE's side (- when the
game was over or had no comment by then). Last, per result, the number of games with move
comments and the median of each score at each of those moves.
USAGE
  exit 0
fi

engine=$1
shift
for f in "$@"; do
  [ -r "$f" ] || { echo "pgn-scores.sh: cannot read $f" >&2; exit 1; }
done
for f in "$@"; do
  case $f in *.gz) gzip -dc "$f" ;; *) cat "$f" ;; esac
done | awk -v engine="$engine" -f "$(dirname "$0")/pgn-movetext.awk" -f <(cat <<'AWK'
  BEGIN { nc = split("10 20 30 40", cp, " ") }
  /^\[White / { split($0, a, "\""); name[0] = a[2]; next }
  /^\[Black / { split($0, a, "\""); name[1] = a[2]; next }
  /^\[Round / { split($0, a, "\""); round = a[2]; next }
  /^\[Result / { split($0, a, "\""); result = a[2]; next }
  /^\[/ { next }
  /^$/ { next }
  { line = line " " $0 }
  /(1-0|0-1|1\/2-1\/2|\*)[[:space:]]*$/ {
    if (name[0] == engine) side = 0; else if (name[1] == engine) side = 1; else side = -1
    if (side >= 0 && result != "*") game()
    line = ""
  }
  function game(   k, r, cls, col, out, g) {
    delete own; delete opp
    last = 0
    walk(line)
    r = (result == "1/2-1/2") ? 0.5 : (((result == "1-0") == (side == 0)) ? 1 : 0)
    cls = r == 1 ? "won" : r == 0 ? "lost" : "drawn"
    col = side == 0 ? "W" : "B"
    out = sprintf("%-6s %s %-3s", round, col, r == 0.5 ? "1/2" : r)
    for (k = 1; k <= nc; k++) {
      if (has(k)) {
        out = out sprintf("  %+7.2f/%+7.2f", so, sp)
        g = ++games[cls, k]; vown[cls, k, g] = so; vopp[cls, k, g] = sp
      } else {
        out = out sprintf("  %15s", "-")
      }
    }
    print out
    if (last > 0) total[cls]++
  }
  # The last own and opponent score at or before the engine move cp[k], while the game lasted.
  function has(k,   m) {
    if (last < cp[k]) return 0
    so = ""; sp = ""
    for (m = cp[k]; m >= 1 && (so == "" || sp == ""); m--) {
      if (so == "" && (m in own)) so = own[m]
      if (sp == "" && (m in opp)) sp = opp[m]
    }
    return so != "" && sp != ""
  }
  function take(c,   body, k, parts, s, mover, mv, v) {
    body = substr(c, 2, length(c) - 2)
    k = split(body, parts, " ")
    if (k != 2 || parts[2] !~ /^[0-9.]+s$/) return
    s = parts[1]; sub(/\/.*$/, "", s)
    if (s ~ /^[+-]M[0-9]+$/) v = (substr(s, 1, 1) == "-" ? -100 : 100)
    else if (s ~ /^[+-]?[0-9.]+$/) v = s + 0
    else return
    mover = (ply - 1) % 2
    # The engine move number this comment stands at: the engine own move, or the one before
    # the opponent move.
    mv = side == 0 ? int((ply + 1) / 2) : int(ply / 2)
    if (mover == side) own[mv] = v; else opp[mv] = -v
    if (mv > last) last = mv
  }
  # The median of the scores arr[x, k, 1..games[x, k]].
  function median(arr, x, k,   m, i, j, y) {
    m = games[x, k]
    for (i = 1; i <= m; i++) v[i] = arr[x, k, i]
    for (i = 2; i <= m; i++) { y = v[i]; for (j = i - 1; j >= 1 && v[j] > y; j--) v[j + 1] = v[j]; v[j + 1] = y }
    return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
  }
  END {
    printf "\n%-6s %5s", "result", "games"
    for (k = 1; k <= nc; k++) printf "  %15s", "move " cp[k]
    printf "\n"
    split("won drawn lost", cl, " ")
    for (i = 1; i <= 3; i++) {
      x = cl[i]
      printf "%-6s %5d", x, total[x]
      for (k = 1; k <= nc; k++) {
        if (games[x, k]) printf "  %+7.2f/%+7.2f", median(vown, x, k), median(vopp, x, k)
        else printf "  %15s", "-"
      }
      printf "\n"
    }
  }
AWK
)

#!/usr/bin/env bash
# How each engine of a `kaissa match` PGN thought: from the move comments the arbiter writes
# (`{+0.35/12 0.980s}`: score/depth and seconds), per engine, the moves with a comment, the
# median and quartiles of the depth, and the mean seconds a move by the engine's move number
# (1-15, 16-30, 31-45, 46 and later), so two engines' depth and clock use can be compared
# move for move. Reads plain or gzipped PGN. PGNs written before the comments existed have
# none and give empty rows. Games are taken to start from the start position (as random-ply
# openings do): odd plies are White's (the first player's).
set -euo pipefail

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  cat <<USAGE
usage: tuning/pgn-thinking.sh GAMES.pgn[.gz] ...

Per engine of the PGNs: moves with a score/depth comment, depth median (quartiles), and the
mean seconds per move over the engine's moves 1-15, 16-30, 31-45 and 46 on.
USAGE
  exit 0
fi

for f in "$@"; do
  [ -r "$f" ] || { echo "pgn-thinking.sh: cannot read $f" >&2; exit 1; }
done
for f in "$@"; do
  case $f in *.gz) gzip -dc "$f" ;; *) cat "$f" ;; esac
done | awk -f "$(dirname "$0")/pgn-movetext.awk" -f <(cat <<'AWK'
  /^\[White / { split($0, a, "\""); name[0] = a[2]; next }
  /^\[Black / { split($0, a, "\""); name[1] = a[2]; next }
  /^\[/ { next }
  /^$/ { next }
  {
    # Movetext: walk the tokens, counting plies; a comment belongs to the ply before it.
    line = line " " $0
  }
  /(1-0|0-1|1\/2-1\/2|\*)[[:space:]]*$/ {
    walk(line)
    line = ""
  }
  function take(c,   body, k, parts, sd, d, s, e, mv) {
    body = substr(c, 2, length(c) - 2)
    k = split(body, parts, " ")
    if (k != 2 || parts[2] !~ /^[0-9.]+s$/) return
    e = name[(ply - 1) % 2]
    sd = parts[1]
    d = sd; sub(/^.*\//, "", d); sub(/^d/, "", d)
    s = parts[2]; sub(/s$/, "", s)
    mv = int((ply + 1) / 2)
    engines[e] = 1
    count[e]++
    depths[e, count[e]] = d + 0
    b = mv <= 15 ? 1 : mv <= 30 ? 2 : mv <= 45 ? 3 : 4
    secs[e, b] += s; nb[e, b]++
  }
  function sortn(e, m,   i, j, x) {
    for (i = 1; i <= m; i++) v[i] = depths[e, i]
    for (i = 2; i <= m; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
  }
  END {
    printf "%-20s %7s %16s %9s %9s %9s %9s\n", "engine", "moves", "depth med (q1-q3)", "s 1-15", "s 16-30", "s 31-45", "s 46+"
    for (e in engines) {
      m = count[e]; sortn(e, m)
      printf "%-20s %7d %8d (%d-%d)   ", e, m, v[int((m + 1) / 2)], v[int((m + 3) / 4)], v[int((3 * m + 3) / 4)]
      for (b = 1; b <= 4; b++) {
        if (nb[e, b]) printf " %9.3f", secs[e, b] / nb[e, b]; else printf " %9s", "-"
      }
      printf "\n"
    }
  }
AWK
)

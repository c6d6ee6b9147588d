#!/usr/bin/env bash
# Depth at equal time: kaissa and Fairy-Stockfish search each position of
# tuning/merchants-first-middlegames.fen (merchants-first) for the same time, one thread
# each, one after the other (never both at once), and the depth each completes is printed as
# a Markdown table. Uses the builds of tuning/vs-fairy-stockfish.sh (builds them if missing).
# See --help.
set -euo pipefail

. "$(dirname "$0")/fairy-stockfish-common.sh"
fens=$root/tuning/merchants-first-middlegames.fen
movetime=3000
hash=64

usage() {
  cat <<USAGE
usage: tuning/depth-vs-fairy-stockfish.sh [--movetime MS] [--hash MIB] [--fens FILE] [--fsf-dir DIR]

For each FEN (one per line; blank lines and # comments skipped) each engine gets
\`position fen FEN\` and \`go movetime MS\` [$movetime] with 1 thread and MIB of hash [$hash],
a fresh process per search. Printed per engine: the completed depth, i.e. the depth of the
last \`info depth\` line, unless that line came at the stop (its time >= MS: Fairy-Stockfish
reports the iteration the stop cut short), then the depth before it; the last line's depth
and nodes per second too.
USAGE
}

parse_args "movetime hash fens fsf_dir" "$@"

build_engines
[ -r "$fens" ] || die "cannot read $fens"

# search NAME FEN CMD...: runs one search; prints "completed last nps".
search() {
  local fen=$1
  shift
  local -a setup
  if [ "$1" = kaissa ]; then
    setup=("setoption name UCI_Variant value merchants-first")
    set -- "$kaissa" --variants "$anchors/merchants-first.toml"
  else
    setup=("setoption name VariantPath value $anchors/merchants-first.ini"
      "setoption name UCI_Variant value merchants-first"
      "setoption name Use NNUE value false")
    set -- "$fsf"
  fi
  local log
  log=$(mktemp)
  coproc ENGINE { "$@" 2>/dev/null; }
  printf '%s\n' uci "${setup[@]}" "setoption name Threads value 1" \
    "setoption name Hash value $hash" isready "position fen $fen" "go movetime $movetime" \
    >&"${ENGINE[1]}"
  local line
  while IFS= read -r -t 60 line <&"${ENGINE[0]}"; do
    echo "$line" >>"$log"
    case $line in bestmove*) break ;; esac
  done
  echo quit >&"${ENGINE[1]}"
  wait "$ENGINE_PID" 2>/dev/null || true
  grep -q '^bestmove' "$log" || { cat "$log" >&2; die "no bestmove from $*"; }
  awk -v mt="$movetime" '
    / depth / && / pv / && !/currmove/ {
      for (i = 1; i < NF; i++) {
        if ($i == "depth") d = $(i + 1)
        if ($i == "time") t = $(i + 1)
        if ($i == "nps") n = $(i + 1)
      }
      if (d != last) { before = last; last = d }
      lt = t; nps = n
    }
    END { done = (lt + 0 >= mt) ? before : last; print done + 0, last + 0, nps + 0 }' "$log"
  rm -f "$log"
}

echo "| position | kaissa depth | Fairy-Stockfish depth | kaissa last line (depth, nodes/s) | Fairy-Stockfish last line (depth, nodes/s) |"
echo "|---|---|---|---|---|"
n=0
while IFS= read -r fen; do
  case $fen in '' | '#'*) continue ;; esac
  n=$((n + 1))
  read -r kd kl kn < <(search "$fen" kaissa)
  read -r fd fl fn < <(search "$fen" fsf)
  echo "| $n | $kd | $fd | $kl, $kn | $fl, $fn |"
done <"$fens"

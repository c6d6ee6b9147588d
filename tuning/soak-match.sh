#!/usr/bin/env bash
# A match soak: kaissa against itself at a fast clock on every game of the registry, one side
# searching with two threads, each PGN checked by `kaissa match --check-pgn`; counts games,
# time losses, crashes and illegal moves per game. See --help.
set -euo pipefail

games=100
tc=2+0.05
overhead=30
balance=
kaissa=target/release/kaissa
out=target/soak
variants="merchants northern gc gorean kaissa donkey caissa jikaida jikaida-swods porondwa"

usage() {
  cat <<USAGE
usage: tuning/soak-match.sh [options]

Plays \`kaissa match\` of the same binary, one side with Threads 2 and the other with 1, on each
game, checks every PGN with \`kaissa match --check-pgn\`, and prints per game the games played
and the forfeits: losses on time, crashes, illegal moves (both sides are kaissa). Exits 1
if any PGN fails its check or kaissa forfeits a game.

options (defaults in brackets):
  --games N         games per game of the registry [$games]
  --tc BASE+INC     clock per player in seconds [$tc]
  --overhead MS     Move Overhead of both sides [$overhead]
  --balance CP      random openings drawn again until level within CP centipawns (kaissa
                    match --balance); off by default. Jikaida's forms need it: four random
                    plies there often leave a mate in two, and the game is over at once
  --kaissa FILE     the binary [$kaissa]
  --variants LIST   games, space separated [$variants]
  --out DIR         PGNs go to DIR/VARIANT.pgn [$out]
  -h, --help        this text
USAGE
}

while [ $# -gt 0 ]; do
  case $1 in
    --games) games=$2; shift 2 ;;
    --tc) tc=$2; shift 2 ;;
    --overhead) overhead=$2; shift 2 ;;
    --balance) balance=$2; shift 2 ;;
    --kaissa) kaissa=$2; shift 2 ;;
    --variants) variants=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "soak-match: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

mkdir -p "$out"
bad=0
total=0
for v in $variants; do
  pgn=$out/$v.pgn
  rm -f "$pgn"
  "$kaissa" match --variant "$v" --games "$games" --tc "$tc" --random-plies 4 --seed 7 ${balance:+--balance "$balance"} \
    --engine "cmd=$kaissa name=threads-2 option.Threads=2 option.Move Overhead=$overhead" \
    --engine "cmd=$kaissa name=threads-1 option.Move Overhead=$overhead" \
    --pgn "$pgn" > "$out/$v.log" 2> "$out/$v.err" || { echo "$v: the match failed" >&2; bad=1; }
  check=ok
  "$kaissa" match --variant "$v" --check-pgn "$pgn" > "$out/$v.check" 2>&1 || { check=FAILED; bad=1; }
  n=$(grep -c '^\[Result' "$pgn" || true)
  total=$((total + n))
  lost_on_time=$(grep -c '^\[Termination ".*loses on time' "$pgn" || true)
  crashed=$(grep -c '^\[Termination ".*engine crashed' "$pgn" || true)
  illegal=$(grep -c '^\[Termination ".*illegal move' "$pgn" || true)
  echo "$v: $n games, check $check, on time $lost_on_time, crashes $crashed, illegal moves $illegal"
  [ "$lost_on_time$crashed$illegal" = 000 ] || bad=1
done
echo "soak: $total games at $tc on: $variants"
exit $bad

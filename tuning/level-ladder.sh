#!/usr/bin/env bash
# The levels' ladder: `Skill Level` L against the next level of the list and against full
# strength, with `kaissa match` (colour-swapped random openings, one thread each), one game at
# a time per core. Prints one markdown row per pairing (the higher level's score first) and
# keeps each pairing's PGN. Run it from anywhere; see --help.
set -euo pipefail

. "$(dirname "$0")/fairy-stockfish-common.sh"
variant=merchants
levels="0 5 10 15 20"
games=20
tc=2+0.02
concurrency=2
seed=1
out=$root/target/level-ladder

usage() {
  cat <<USAGE
usage: tuning/level-ladder.sh [options]

Plays kaissa at each level of --levels against the next level of the list and against full
strength (level 20), --games games each, and prints a markdown table: the pairing, the
stronger side's W / D / L, its score and Elo with the 95% error. Each random opening is played
twice, colours swapped.

options (defaults in brackets):
  --variant NAME     the game [$variant]
  --levels "L ..."   the levels, ascending, 0 to 20 [$levels]
  --games N          games per pairing [$games]
  --tc BASE+INC      clock per player in seconds [$tc]
  --concurrency N    games played at once [$concurrency]
  --seed S           seed of the random openings [$seed]
  --out DIR          where the PGNs go [target/level-ladder]
  -h, --help         this text
USAGE
}

parse_args "variant levels games tc concurrency seed out" "$@"

echo "building kaissa (release) ..." >&2
(cd "$root" && cargo build --release --quiet)
kaissa=$root/target/release/kaissa
mkdir -p "$out"

# play WEAK STRONG: one pairing; prints its row.
play() {
  local weak=$1 strong=$2 pgn="$out/$variant-$1-$2.pgn" table
  rm -f "$pgn"
  table=$("$kaissa" match --variant "$variant" \
    --engine "cmd=$kaissa name=L$strong option.Skill Level=$strong" \
    --engine "cmd=$kaissa name=L$weak option.Skill Level=$weak" \
    --games "$games" --tc "$tc" --concurrency "$concurrency" --seed "$seed" --pgn "$pgn" 2>/dev/null)
  # The table's first engine line is the stronger level's.
  echo "$table" | awk -v w="$weak" -v s="$strong" -v v="$variant" '
    $1 == "L" s { printf "| %s | %s against %s | %s / %s / %s | %s / %s (%.1f%%) | %s %s %s |\n",
                  v, s, w, $4, $5, $6, $3, $2, 100 * $3 / $2, $7, $8, $9 }'
}

echo "| game | pairing | W / D / L (the higher level's) | score | Elo (95%) |"
echo "|---|---|---|---|---|"
prev=
for level in $levels; do
  [ "$level" -ge 0 ] && [ "$level" -le 20 ] || die "levels are 0 to 20, not $level"
  if [ -n "$prev" ]; then
    play "$prev" "$level"
  fi
  prev=$level
done
for level in $levels; do
  prev_next=$(echo "$levels" | tr ' ' '\n' | awk -v l="$level" '$1 > l' | head -1)
  # Against full strength, unless the pairing with the next level already was that one.
  if [ "$level" -lt 20 ] && [ "$prev_next" != 20 ]; then
    play "$level" 20
  fi
done

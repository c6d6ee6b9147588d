#!/usr/bin/env bash
# kaissa against Fairy-Stockfish on merchants-first, the game both engines play by the same
# rules (issue 21's sparring partner). Builds Fairy-Stockfish from ../shared/anchors into a
# scratch folder (reused once built), builds kaissa release, plays a `kaissa match` (kaissa's
# arbiter, colour-swapped random openings, one thread each), prints the table, and checks the
# PGN with `kaissa match --check-pgn`. Run it from anywhere; see --help.
set -euo pipefail

. "$(dirname "$0")/fairy-stockfish-common.sh"
games=40
tc=10+0.1
concurrency=1
seed=1
random_plies=6
hash=64
overhead=50
pgn=$root/target/vs-fairy-stockfish/games.pgn

usage() {
  cat <<USAGE
usage: tuning/vs-fairy-stockfish.sh [options]

Plays kaissa against Fairy-Stockfish on merchants-first with \`kaissa match\` and prints the
table (games, points, W/D/L, Elo with its 95% error, LOS). Each random opening is played twice,
colours swapped; both engines get 1 thread and the same hash.

options (defaults in brackets):
  --games N          games [$games]
  --tc BASE+INC      clock per player in seconds [$tc]
  --concurrency N    games played at once [$concurrency]
  --seed S           seed of the random openings [$seed]
  --random-plies K   random plies from the start for each opening pair; the first two are
                     the Home Stone placements [$random_plies]
  --hash MIB         hash table of each engine [$hash]
  --overhead MS      Move Overhead of each engine: time kept back per move for the pipes
                     and a loaded machine (the arbiter gives no grace; Fairy-Stockfish's own
                     default, 10, loses on time when other work shares the cores) [$overhead]
  --pgn FILE         where the games go (replaced) [target/vs-fairy-stockfish/games.pgn]
  --fsf-dir DIR      Fairy-Stockfish is built into DIR/fairy-stockfish, or reused if there
                     [target/fairy-stockfish]
  -h, --help         this text

The anchors (Fairy-Stockfish's source, its build script, merchants-first.toml and .ini) are
read from ../shared/anchors beside the project root: $anchors
USAGE
}

parse_args "games tc concurrency seed random_plies hash overhead pgn fsf_dir" "$@"

build_engines

mkdir -p "$(dirname "$pgn")"
rm -f "$pgn"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | head -1)
echo "kaissa $commit${dirty:+ (with uncommitted changes)} against $("$fsf" <<<quit | head -1)" >&2
echo "merchants-first, $games games at $tc, concurrency $concurrency, seed $seed, $random_plies random plies, hash $hash, overhead $overhead ms" >&2

"$kaissa" --variants "$toml" match --variant merchants-first \
  --engine "cmd='$kaissa' name=kaissa option.Threads=1 option.Hash=$hash option.Move Overhead=$overhead" \
  --engine "cmd='$fsf' name=fairy-stockfish 'option.VariantPath=$ini' option.Use NNUE=false option.Threads=1 option.Hash=$hash option.Move Overhead=$overhead" \
  --games "$games" --tc "$tc" --concurrency "$concurrency" --seed "$seed" \
  --random-plies "$random_plies" --pgn "$pgn"
"$kaissa" --variants "$toml" match --check-pgn "$pgn"
# Losses on time per engine (Yellow is the PGN's White, Red its Black).
awk -F'"' '
  /^\[White / { w = $2 } /^\[Black / { b = $2 }
  /^\[Termination "Yellow loses on time"\]/ { n[w]++ }
  /^\[Termination "Red loses on time"\]/ { n[b]++ }
  END { printf "lost on time: kaissa %d, fairy-stockfish %d\n", n["kaissa"], n["fairy-stockfish"] }' "$pgn"

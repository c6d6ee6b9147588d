#!/usr/bin/env bash
# kaissa against Fairy-Stockfish on the cross-engine suite (tuning/suite/: games both engines
# play by the same rules, perft agreed), the whole suite or the definitions named. Builds
# Fairy-Stockfish from ../shared/anchors into a scratch folder (reused once built), builds
# kaissa release, plays a `kaissa match` per definition (kaissa's arbiter, colour-swapped
# random openings, one thread each), checks each PGN with `kaissa match --check-pgn`, and
# prints one table per definition and a summary line each. Run it from anywhere; see --help.
set -euo pipefail

. "$(dirname "$0")/fairy-stockfish-common.sh"
games=40
tc=10+0.1
concurrency=1
seed=1
random_plies=6
hash=64
overhead=50
out=$root/target/vs-fairy-stockfish
defs=all
kaissa_bin=
eval_file=

usage() {
  cat <<USAGE
usage: tuning/vs-fairy-stockfish.sh [options]

Plays kaissa against Fairy-Stockfish with \`kaissa match\` on each definition of the suite
(tuning/suite/suite.txt) asked for and prints its table (games, points, W/D/L, Elo with its 95%
error, LOS), then one summary line per definition. Each random opening is played twice,
colours swapped; both engines get 1 thread, the same hash and the same Move Overhead.

options (defaults in brackets):
  --defs LIST        definitions, comma-separated, or \`all\`, \`train\` or \`held-out\` (the
                     roles in suite.txt) [$defs]
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
  --out DIR          where the games go, DIR/NAME.pgn per definition (replaced, unless
                     --resume) [target/vs-fairy-stockfish]
  --resume           keep the games already in DIR/NAME.pgn and play only the rest of the
                     --games, with the same openings (\`kaissa match --resume\`): a long
                     match, stopped, goes on with the same command and --resume
  --kaissa-bin FILE  play this kaissa binary instead of building target/release/kaissa (a
                     copy keeps a long match safe from rebuilds) [build]
  --eval-file FILE   kaissa plays with this net file (its EvalFile option) instead of its
                     built-in net, on every definition asked for [built-in]
  --fsf-dir DIR      Fairy-Stockfish is built into DIR/fairy-stockfish, or reused if there
                     [target/fairy-stockfish]
  -h, --help         this text

Fairy-Stockfish's source and build script are read from ../shared/anchors beside the project
root: $anchors
USAGE
}

resume=
parse_args "defs kaissa_bin eval_file games tc concurrency seed random_plies hash overhead out fsf_dir resume!" "$@"

build_engines
[ -z "$kaissa_bin" ] || kaissa=$kaissa_bin

toml=$root/tuning/suite/suite.toml
ini=$root/tuning/suite/suite.ini
case $defs in
  all) mapfile -t names < <(awk '!/^#/ && NF { print $1 }' "$root/tuning/suite/suite.txt") ;;
  train | held-out) mapfile -t names < <(awk -v r="$defs" '!/^#/ && $2 == r { print $1 }' "$root/tuning/suite/suite.txt") ;;
  *) IFS=, read -ra names <<<"$defs" ;;
esac
mkdir -p "$out"
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | head -1)
# The engine played: the checkout's build, or the binary given (whose commit the checkout
# need not be).
if [ -n "$kaissa_bin" ]; then
  player="kaissa $kaissa_bin (--kaissa-bin; the checkout is at $commit)"
else
  player="kaissa $commit${dirty:+ (with uncommitted changes)}"
fi
echo "$player against $("$fsf" <<<quit | head -1)" >&2
summary=()
for name in "${names[@]}"; do
  grep -q "^$name " "$root/tuning/suite/suite.txt" || die "'$name' is not in tuning/suite/suite.txt"
  pgn=$out/$name.pgn
  [ -n "$resume" ] || rm -f "$pgn"
  echo "$name, $games games at $tc, concurrency $concurrency, seed $seed, $random_plies random plies, hash $hash, overhead $overhead ms${resume:+, resumed}" >&2
  "$kaissa" --variants "$toml" match --variant "$name" \
    --engine "cmd='$kaissa' name=kaissa option.Threads=1 option.Hash=$hash option.Move Overhead=$overhead${eval_file:+ 'option.EvalFile=$eval_file'}" \
    --engine "cmd='$fsf' name=fairy-stockfish 'option.VariantPath=$ini' option.Use NNUE=false option.Threads=1 option.Hash=$hash option.Move Overhead=$overhead" \
    --games "$games" --tc "$tc" --concurrency "$concurrency" --seed "$seed" \
    --random-plies "$random_plies" --pgn "$pgn" ${resume:+--resume}
  "$kaissa" --variants "$toml" match --check-pgn "$pgn" >&2
  # Points and losses on time per engine (Yellow is the PGN's White, Red its Black).
  summary+=("$(awk -F'"' -v name="$name" '
    /^\[White / { w = $2 } /^\[Black / { b = $2 }
    /^\[Result / { n++; if ($2 == "1-0") p[w] += 1; else if ($2 == "0-1") p[b] += 1; else if ($2 == "1/2-1/2") { p[w] += 0.5; p[b] += 0.5 } }
    /^\[Termination "Yellow loses on time"\]/ { t[w]++ }
    /^\[Termination "Red loses on time"\]/ { t[b]++ }
    END { printf "%-24s kaissa %5.1f / %d (%.1f%%); lost on time: kaissa %d, fairy-stockfish %d", name, p["kaissa"], n, n ? 100 * p["kaissa"] / n : 0, t["kaissa"], t["fairy-stockfish"] }' "$pgn")")
done
printf '%s\n' "${summary[@]}"

#!/usr/bin/env bash
# One command from nothing to a fitted evaluation for any game: builds kaissa and the Texel
# tuner (release), plays self-play games with `kaissa datagen`, and fits every weight of the
# game's evaluation with `texel`. The samples and the fit are reproducible: the same arguments
# give the same files (datagen's games depend on the seed alone, not on how many run at once).
# Run it from anywhere; see --help.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
variant=
games=1000
nodes=10000
seed=1
random_plies=8
lambda=0.5
out=$root/target/fit

usage() {
  cat <<USAGE
usage: tuning/fit.sh --variant NAME [options]

Plays self-play games of NAME with \`kaissa datagen\` (each move searched for --nodes nodes,
the quiet positions written with the search score and the game result), then fits the
game's weights to them with the Texel tuner (tuning/texel.rs), printing the error and the
held-out error each round. Writes OUT/NAME.data (the samples), OUT/NAME.log (the tuner's
rounds) and OUT/NAME.tuned (the weights as the game's source declares them, to paste there).

options (defaults in brackets):
  --variant NAME      built-in variant to tune (required), e.g. caissa, jikaida, kaissa
  --games N           self-play games [$games]
  --nodes N           search nodes per move [$nodes]
  --seed S            seed of the random openings [$seed]
  --random-plies K    random plies at the start of each game [$random_plies]
  --lambda L          the game result's share of the target, the rest the search score [$lambda]
  --out DIR           where the files go [target/fit]
  -h, --help          this text

The runs behind the weights in tuning/RESULTS.md (played by the build of commit 63efe5b,
whose weights datagen used; a later build plays other games):
  tuning/fit.sh --variant caissa --games 6000 --seed 11
  tuning/fit.sh --variant jikaida --games 1500 --seed 12
USAGE
}

while [ $# -gt 0 ]; do
  case $1 in
    --variant) variant=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --random-plies) random_plies=$2; shift 2 ;;
    --lambda) lambda=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fit.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
if [ -z "$variant" ]; then
  echo "fit.sh: give --variant NAME (see --help)" >&2
  exit 2
fi

mkdir -p "$out"
cd "$root"
cargo build --release --bin kaissa --example texel
target/release/kaissa datagen --variant "$variant" --games "$games" --nodes "$nodes" \
  --seed "$seed" --random-plies "$random_plies" --out "$out/$variant.data"
target/release/examples/texel --lambda "$lambda" "$variant=$out/$variant.data" \
  > "$out/$variant.tuned" 2> >(tee "$out/$variant.log" >&2)
cat "$out/$variant.tuned"

#!/usr/bin/env bash
# Perft of every suite definition (or those named) from its start position, by kaissa and by
# Fairy-Stockfish, depth 1 to DEPTH (default 5): prints one line per definition and depth with
# both counts and exits non-zero on any difference. With --write, writes the agreed counts to
# tests/perft/suite.epd, the test data that `cargo test` checks kaissa against.
#   usage: tuning/suite/perft.sh [--depth N] [--write] [NAME ...]
set -euo pipefail
. "$(dirname "$0")/../fairy-stockfish-common.sh"
suite=$root/tuning/suite
depth=5
write=
names=()
while [ $# -gt 0 ]; do
  case $1 in
    --depth) depth=${2:?--depth needs a value}; shift 2 ;;
    --write) write=1; shift ;;
    -h | --help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown argument '$1' (see --help)" ;;
    *) names+=("$1"); shift ;;
  esac
done
[ ${#names[@]} -gt 0 ] || mapfile -t names < <(awk '!/^#/ && NF { print $1 }' "$suite/suite.txt")
build_engines
bad=0
out=()
for name in "${names[@]}"; do
  start=$("$kaissa" --variants "$suite/suite.toml" variants --show "$name" | sed -n 's/^start_fen = "\(.*\)"$/\1/p')
  [ -n "$start" ] || die "no definition '$name' in suite.toml"
  role=$(grep -m1 "^$name " "$suite/suite.txt" | cut -d' ' -f2)
  mapfile -t fens < <(printf '%s\n' "$start"; grep -v '^#' "$suite/positions.txt" | grep .)
  for fen in "${fens[@]}"; do
    line="$fen"
    top=$depth
    [ "$fen" = "$start" ] || [ "$top" -le 4 ] || top=4
    for d in $(seq 1 "$top"); do
      k=$("$kaissa" --variants "$suite/suite.toml" perft --variant "$name" --fen "$fen" "$d" | sed -n 's/^Nodes searched: //p')
      f=$(printf 'setoption name VariantPath value %s\nsetoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\nquit\n' \
        "$suite/suite.ini" "$name" "$fen" "$d" | "$fsf" | sed -n 's/^Nodes searched: //p')
      status=equal
      [ -n "$k" ] && [ "$k" = "$f" ] || { status=DIFFERENT; bad=1; }
      printf '%-24s depth %s  kaissa %12s  fairy-stockfish %12s  %s  %s\n' "$name" "$d" "$k" "$f" "$status" "$fen"
      line="$line ;D$d $k"
    done
    out+=("# $name ($role): perft agreed with Fairy-Stockfish (tuning/suite/perft.sh)" "$line")
  done
done
if [ -n "$write" ]; then
  [ $bad = 0 ] || die "not written: the engines differ"
  printf '%s\n' "${out[@]}" > "$root/tests/perft/suite.epd"
  echo "wrote tests/perft/suite.epd" >&2
fi
exit $bad

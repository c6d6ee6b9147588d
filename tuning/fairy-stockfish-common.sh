# Shared by vs-fairy-stockfish.sh and depth-vs-fairy-stockfish.sh (sourced, not run): where
# the project and the anchors are, and the two builds.
#   root      the project root (this file's folder's parent)
#   anchors   ../shared/anchors beside the project root (where CI and sessions have them)
#   fsf_dir   where Fairy-Stockfish is built (target/fairy-stockfish unless set before)

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
anchors=$root/../shared/anchors
fsf_dir=${fsf_dir:-$root/target/fairy-stockfish}

die() {
  echo "$(basename "$0"): $*" >&2
  exit 1
}

# parse_args "NAME ..." ARGS...: each `--NAME VALUE` (dashes in NAME as underscores in the
# variable) sets the variable NAME, for the NAMEs listed; a NAME listed as `NAME!` is a flag
# without a value, `--NAME` setting it to 1; -h or --help prints `usage`.
parse_args() {
  local names=" $1 " var
  shift
  while [ $# -gt 0 ]; do
    case $1 in
      -h | --help) usage; exit 0 ;;
      --?*)
        var=${1#--}
        var=${var//-/_}
        if [[ $names == *" $var! "* ]]; then
          printf -v "$var" 1
          shift
          continue
        fi
        [[ $names == *" $var "* ]] || die "unknown argument '$1' (see --help)"
        [ $# -ge 2 ] || die "$1 needs a value (see --help)"
        printf -v "$var" '%s' "$2"
        shift 2 ;;
      *) die "unknown argument '$1' (see --help)" ;;
    esac
  done
}

# build_engines: Fairy-Stockfish into $fsf_dir (reused if already there) and kaissa release
# (not when the caller set kaissa_bin: that binary is used as it is); sets fsf, kaissa, toml
# and ini.
build_engines() {
  [ -d "$anchors" ] || die "no anchors at $anchors (expected ../shared/anchors beside the project)"
  toml=$anchors/merchants-first.toml
  ini=$anchors/merchants-first.ini
  fsf=$fsf_dir/fairy-stockfish
  if [ ! -x "$fsf" ]; then
    echo "building Fairy-Stockfish into $fsf_dir ..." >&2
    "$anchors/build-fairy-stockfish" "$fsf_dir" >&2
  fi
  if [ -n "${kaissa_bin:-}" ]; then
    # A copy given by the caller: no build (a rebuild would take the cores from a match).
    [ -x "$kaissa_bin" ] || die "cannot run $kaissa_bin"
    kaissa=$kaissa_bin
    return
  fi
  echo "building kaissa (release) ..." >&2
  (cd "$root" && cargo build --release --quiet)
  kaissa=$root/target/release/kaissa
}

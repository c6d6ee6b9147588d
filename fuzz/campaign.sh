#!/usr/bin/env bash
# A fuzzing campaign over every target: SECONDS of fuzzing each (default 1800), JOBS targets
# side by side (default 2), each target restarted after a crash until its time is used (the
# crash is written to artifacts/<target>/). Grown inputs go to target/grown/<target> (not
# committed), the log of each run to target/campaign/<target>.log, and a summary line per
# target (runs, executions, final cov/ft, crashes) to target/campaign/summary.txt.
#
#   cd fuzz && ./campaign.sh 1800 3            # thirty minutes a target, three at a time
#   ./campaign.sh 60 2 fen moves               # only the targets named
#
# Needs the nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-1800}
jobs=${2:-2}
shift $(($# > 2 ? 2 : $#))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
mkdir -p target/campaign
cargo +nightly fuzz build >/dev/null
bin=target/x86_64-unknown-linux-gnu/release

# One target: fuzz until `seconds` have passed, starting again after each crash.
one() {
    local t=$1 start now left runs=0 execs=0 crashes=0 last=""
    mkdir -p "target/grown/$t" "artifacts/$t"
    : >"target/campaign/$t.log"
    start=$(date +%s)
    while :; do
        now=$(date +%s)
        left=$((seconds - (now - start)))
        [ "$left" -gt 5 ] || break
        runs=$((runs + 1))
        # The protocol targets start search helper threads (Threads 2), which rayon ends after
        # the engine is dropped without joining them: LeakSanitizer, checking at the end of an
        # input, reports the exiting thread's 64 bytes of thread-exit bookkeeping as a leak.
        leaks=1
        case $t in uci_stream | xboard_stream) leaks=0 ;; esac
        if ! "$bin/$t" -artifact_prefix="artifacts/$t/" -max_total_time="$left" -timeout=60 \
            -detect_leaks=$leaks \
            -print_final_stats=1 "target/grown/$t" "corpus/$t" >>"target/campaign/$t.log" 2>&1; then
            crashes=$((crashes + 1))
        fi
        execs=$((execs + $(grep -o 'stat::number_of_executed_units: *[0-9]*' "target/campaign/$t.log" |
            tail -1 | grep -o '[0-9]*$' || echo 0)))
    done
    last=$(grep -E '^#[0-9]+' "target/campaign/$t.log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [^ ]+' || true)
    echo "$t runs=$runs execs=$execs time=$(($(date +%s) - start))s $last crashes=$crashes" |
        tee -a target/campaign/summary.txt
}

for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
    done
    one "$t" &
done
wait

#!/usr/bin/env bash
# Coverage-guided fuzzing of ttt-core with cargo-fuzz (libFuzzer, AddressSanitizer and debug
# assertions): the record, board-string and difficulty parsers, rule construction, play/undo
# round trips, and the search against an exhaustive oracle (fuzz/fuzz_targets/*.rs).
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 10 s, every target)
#
# `make test` runs every target for a few seconds; `make fuzz-long` for 10 minutes each. Targets
# run one after the other on one core, niced. The corpus grows in fuzz/corpus/<target> (kept
# between runs, not committed; fuzz/seeds/<target> holds the committed seeds); a finding is
# written to fuzz/artifacts/<target>/ and fails the run. Each target's executions and coverage
# are printed at the end (and its libFuzzer log is in fuzz/logs/<target>.log).
#
# There is no nightly toolchain here: cargo-fuzz passes `-Z` flags to rustc, which stable rustc
# accepts with RUSTC_BOOTSTRAP=1. Stable's standard library ships the AddressSanitizer runtime;
# if building with it fails, the targets are built without a sanitizer (`-s none`), and only when
# cargo-fuzz cannot be installed at all is fuzzing skipped, with a message saying so.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/fuzz"
SECS="${1:-10}"
shift || true
export RUSTC_BOOTSTRAP=1

if ! command -v cargo-fuzz >/dev/null 2>&1 && ! cargo fuzz --version >/dev/null 2>&1; then
    echo "== installing cargo-fuzz from crates.io"
    if ! cargo install cargo-fuzz --locked; then
        echo "SKIPPED: cargo-fuzz could not be installed (no network to crates.io?); no fuzzing run" >&2
        exit 0
    fi
fi

if [ "$#" -gt 0 ]; then
    TARGETS=("$@")
else
    mapfile -t TARGETS < <(cd "$FUZZ" && cargo fuzz list --fuzz-dir .)
fi

# -O: optimised; -a: with debug assertions (overflow checks included).
SANITIZER=address
echo "== building ${#TARGETS[@]} fuzz targets (sanitizer: $SANITIZER)"
if ! (cd "$FUZZ" && nice cargo fuzz build -O -a --fuzz-dir . -s "$SANITIZER"); then
    SANITIZER=none
    echo "== AddressSanitizer build failed: building without a sanitizer" >&2
    (cd "$FUZZ" && nice cargo fuzz build -O -a --fuzz-dir . -s none)
fi

mkdir -p "$FUZZ/logs"
summary=()
for t in "${TARGETS[@]}"; do
    mkdir -p "$FUZZ/corpus/$t"
    seeds=()
    [ -d "$FUZZ/seeds/$t" ] && seeds=("$FUZZ/seeds/$t")
    log="$FUZZ/logs/$t.log"
    echo "== fuzzing $t for ${SECS}s"
    if ! (cd "$FUZZ" && nice cargo fuzz run -O -a --fuzz-dir . -s "$SANITIZER" "$t" \
        "corpus/$t" "${seeds[@]}" -- -max_total_time="$SECS" -timeout=60 -len_control=0 -rss_limit_mb=4096 \
        -print_final_stats=1) >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        echo "FUZZING FOUND A PROBLEM in $t: see $log and fuzz/artifacts/$t/" >&2
        exit 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -n 1)
    summary+=("$(printf '%-14s %12s executions  %s' "$t" "${runs:-?}" "${cov:-?}")")
done
echo "== fuzzing done, no finding (sanitizer: $SANITIZER, ${SECS}s per target)"
printf '%s\n' "${summary[@]}"

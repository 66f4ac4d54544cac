#!/usr/bin/env bash
# Regenerates ttt-core/link/hot.ld (see scripts/hot_layout.py): profiles small Connect Four
# solves with callgrind, from Rust (examples/c4_cold) and from Python (the benchmark's worker,
# bench/connect4/ttt_worker.py, with the wheel installed in PY, default target/py-venv/bin/python,
# which `make test-python` builds), and writes the patterns of the functions they run. Run it
# after changing what a small solve calls, then rebuild; `make bench-connect4-cold` shows the
# pages a call runs on.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PY="${PY:-$ROOT/target/py-venv/bin/python}"
LIMIT="${LIMIT:-100}"
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
"$PY" -c 'import ttt' 2>/dev/null || { echo "no ttt wheel in $PY: run make test-python, or set PY" >&2; exit 1; }
DATA="$ROOT/../shared/data/connect4"
[ -d "$DATA" ] || DATA="$ROOT/testdata/connect4"
cargo build --quiet --release -p ttt-core --example c4_cold
BIN="${CARGO_TARGET_DIR:-$ROOT/target}/release/examples/c4_cold"
# callgrind takes the exact (v0) name here: with a wildcard it collected but never dumped.
COLD="$(nm "$BIN" | awk '/cold_solve$/ {print $3}')"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
profiles=()
n=0
for spec in "Test_L3_R1 strong" "Test_L3_R1 weak" "Test_L2_R1 strong" "Test_L2_R1 weak" \
    "Test_L1_R1 strong" "Test_L1_R1 weak"; do
    set -- $spec
    n=$((n + 1))
    head -n "$LIMIT" "$DATA/$1" > "$OUT/positions"
    # Rust: one dump per cold_solve call.
    valgrind --tool=callgrind --demangle=no --collect-atstart=no \
        --toggle-collect="$COLD" --dump-after="$COLD" --compress-strings=no \
        --callgrind-out-file="$OUT/rs$n" "$BIN" "$2" < "$OUT/positions" > /dev/null 2>&1
    for f in "$OUT/rs$n".*; do profiles+=("$f"); done
    # Python: the benchmark's own worker, a dump at each perf_counter_ns, so the solves are the
    # dumps that run the method; the first two warm the interpreter up.
    awk -v kind="$2" '{print kind, $1}' "$OUT/positions" > "$OUT/requests"
    valgrind --tool=callgrind --demangle=no --dump-before=time_perf_counter_ns \
        --compress-strings=no --callgrind-out-file="$OUT/py$n" \
        "$PY" "$ROOT/bench/connect4/ttt_worker.py" < "$OUT/requests" > /dev/null 2>&1
    k=0
    for f in $(grep -l '__pymethod_solve__' "$OUT/py$n".* | sort -t. -k2 -n); do
        k=$((k + 1))
        [ "$k" -le 2 ] || profiles+=("$f")
    done
done
python3 "$ROOT/scripts/hot_layout.py" patterns "$ROOT/ttt-core/link/hot.ld" "${profiles[@]}"

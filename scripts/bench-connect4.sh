#!/usr/bin/env bash
# Connect Four side by side (make bench-connect4): ttt from Rust and from Python against Pascal
# Pons' solver, on his six test sets, in one interleaved run (bench/connect4/run.py).
#
#   PONS_DIR=../shared/peers/pons-connect4 make bench-connect4
#   make bench-connect4 ARGS="--limit 50 --sets Test_L3_R1,Test_L2_R2"
#   make bench-connect4 ARGS=--weak            # only the weak (win/draw/loss) solve, Pons' -w
#   (without ARGS: the strong solve, then the weak one)
#   make bench-connect4 ARGS="--weak --by-previous"  # also: small solves split by the size
#                                              # of the solve before them (cold caches)
#   make bench-connect4 ARGS=--shared-cpu      # let the system place the workers (by default
#                                              # Pons' worker gets a CPU of its own)
#   make bench-connect4 ARGS=--let-idle        # let the workers' CPUs halt between calls (by
#                                              # default a lowest-priority spinner keeps each
#                                              # awake: bench/connect4/awake.c)
# Before the sets, bench/connect4/retention.c says whether ttt's CPUs keep their caches while
# they wait between calls (on a machine that does not, the small sets' medians measure cold code).
#
# Pons' code is AGPL: it is compiled from PONS_DIR into a temporary directory, never copied into
# the repository. Without PONS_DIR the table has ttt's own figures only. The Python worker runs
# in a fresh venv with the wheel (target/bench-c4-venv); TTT_BENCH_NO_PYTHON=1 leaves it out.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
cargo build --quiet --release -p ttt-core --example c4_worker
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BUILD="$(mktemp -d)"
trap 'rm -rf "$BUILD"' EXIT
args=(--ttt "$TARGET/release/examples/c4_worker")
# Keeps the workers' CPUs awake between calls (Linux: SCHED_IDLE; see the file).
if "${CC:-gcc}" -O2 -Wall -o "$BUILD/awake" "$ROOT/bench/connect4/awake.c"; then
    args+=(--awake "$BUILD/awake")
else
    echo "bench/connect4/awake.c did not build: the workers' CPUs may go idle between calls"
fi
# First says whether ttt's CPUs keep their caches while they wait (see the file).
if "${CC:-gcc}" -O2 -Wall -o "$BUILD/retention" "$ROOT/bench/connect4/retention.c"; then
    args+=(--retention "$BUILD/retention")
fi

if [ -z "${TTT_BENCH_NO_PYTHON:-}" ]; then
    VENV="$ROOT/target/bench-c4-venv"
    rm -rf "$VENV"
    "${PYTHON:-python3}" -m venv "$VENV"
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet "$ROOT/ttt-py"
    args+=(--python "$VENV/bin/python $ROOT/bench/connect4/ttt_worker.py")
fi

if [ -n "${PONS_DIR:-}" ]; then
    PONS_DIR="$(cd "$PONS_DIR" && pwd)"
    "${CXX:-g++}" -std=c++17 -O3 -DNDEBUG -I"$PONS_DIR" "$ROOT/bench/connect4/pons_worker.cpp" \
        "$PONS_DIR/Solver.cpp" -o "$BUILD/pons_worker"
    args+=(--pons "$BUILD/pons_worker")
else
    echo "PONS_DIR is not set: ttt's own figures only (PONS_DIR=../shared/peers/pons-connect4)"
fi

# The strong solve, then the weak one (Pons' -w), unless ARGS asks for something else.
# shellcheck disable=SC2086 # ARGS is a list of flags
if [ -z "${ARGS:-}" ]; then
    python3 "$ROOT/bench/connect4/run.py" "${args[@]}"
    echo
    python3 "$ROOT/bench/connect4/run.py" "${args[@]}" --weak
else
    python3 "$ROOT/bench/connect4/run.py" "${args[@]}" ${ARGS}
fi

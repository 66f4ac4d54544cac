#!/usr/bin/env bash
# The Python benchmark table: builds the wheel into a fresh venv with OpenSpiel, PettingZoo and
# pygame (for PettingZoo's own tic-tac-toe), then runs ttt-py/bench/bench.py. A library that
# does not install here is left out, and the table uses the issue's figure for it instead.
# After the table, ttt-py/bench/overhead.py: what a Python call adds to the same Rust call.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${TTT_BENCH_VENV:-$ROOT/target/bench-venv}"
rm -rf "$VENV"
"${PYTHON:-python3}" -m venv "$VENV"
PY="$VENV/bin/python"
"$PY" -m pip install --quiet --upgrade pip
"$PY" -m pip install --quiet "$ROOT/ttt-py[pettingzoo,ray]"
"$PY" -m pip install --quiet pygame-ce || echo "pygame did not install: PettingZoo's env left out"
"$PY" -m pip install --quiet open_spiel || echo "open_spiel did not install: OpenSpiel left out"
cd "$VENV"
if [ "${1:-}" = "--distributed" ]; then
    shift
    exec "$PY" "$ROOT/ttt-py/bench/distributed.py" "$@"
fi
"$PY" "$ROOT/ttt-py/bench/bench.py" "$@"
# What a Python call adds to the Rust call (issue 13): ttt.solve against the Rust worker.
echo
(cd "$ROOT" && cargo build --quiet --release -p ttt-core --example c4_worker)
"$PY" "$ROOT/ttt-py/bench/overhead.py" --rust "$ROOT/target/release/examples/c4_worker"

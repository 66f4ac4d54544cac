#!/usr/bin/env bash
# The cold-call model (make bench-connect4-cold): what one small Connect Four solve costs when
# it finds nothing of its own in the caches, ttt against Pascal Pons' solver, counted by a cache
# simulator (valgrind's callgrind) instead of timed, so that the figures are the same on every
# run and on a noisy machine.
#
#   PONS_DIR=../shared/peers/pons-connect4 make bench-connect4-cold
#   make bench-connect4-cold ARGS="--limit 20 --weak"
#
# Each side (ttt-core/examples/c4_cold.rs, bench/connect4/pons_cold.cpp) writes to 84 MiB (a
# byte per cache line) before each position, then solves it in one function, the only one
# counted. Per call (the mean over the positions), the table gives the instructions, the data
# reads, and the misses of the simulated caches (32 KiB L1 instruction and data caches, 8-way;
# a 32 MiB 16-way last level, the benchmark VM's L3): a last-level miss is a trip to memory.
# The 84 MiB are data, so they never leave the simulated L1 *instruction* cache: its misses say
# little. What a call's code costs it when the code is cold (as in `make bench-connect4`, where
# Pons' reset() empties the caches ttt's worker shares with him) is the last two rows: the
# distinct 64-byte lines and 4 KiB pages of code the call runs, counted from a dump of each
# call (callgrind's --dump-after), each line a trip to memory when nothing of it is cached.
# The model has no L2, no prefetcher and no overlap of misses, so it ranks costs;
# `make bench-connect4` times them.
#
# Pons' code is AGPL: it is compiled from PONS_DIR into a temporary directory, never copied
# into the repository. Without PONS_DIR the table has ttt's own figures only. Needs valgrind
# (Debian: apt-get install valgrind).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
LIMIT=20
KIND=strong
SETS="Test_L3_R1 Test_L2_R1 Test_L1_R1"
# shellcheck disable=SC2086 # ARGS is a list of flags
set -- ${ARGS:-} "$@"
while [ $# -gt 0 ]; do
    case "$1" in
        --limit) LIMIT="$2"; shift 2 ;;
        --weak) KIND=weak; shift ;;
        --sets) SETS="${2//,/ }"; shift 2 ;;
        *) echo "usage: $0 [--limit N] [--weak] [--sets A,B]" >&2; exit 2 ;;
    esac
done
case "$LIMIT" in '' | *[!0-9]*) echo "--limit wants a number of positions, not '$LIMIT'" >&2; exit 2 ;; esac
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }

cargo build --quiet --release -p ttt-core --example c4_cold
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
BUILD="$(mktemp -d)"
trap 'rm -rf "$BUILD"' EXIT
sides=("ttt:$TARGET/release/examples/c4_cold")
if [ -n "${PONS_DIR:-}" ]; then
    PONS_DIR="$(cd "$PONS_DIR" && pwd)"
    "${CXX:-g++}" -std=c++17 -O3 -DNDEBUG -I"$PONS_DIR" "$ROOT/bench/connect4/pons_cold.cpp" \
        "$PONS_DIR/Solver.cpp" -o "$BUILD/pons_cold"
    sides+=("Pons:$BUILD/pons_cold")
else
    echo "PONS_DIR is not set: ttt's own figures only (PONS_DIR=../shared/peers/pons-connect4)"
fi
DATA="$ROOT/../shared/data/connect4"
[ -d "$DATA" ] || DATA="$ROOT/testdata/connect4"

echo "Connect Four, $KIND solve, first $LIMIT positions of each set, caches emptied before each"
echo "call; per call, counted by callgrind's cache simulator"
echo
for set in $SETS; do
    [ -f "$DATA/$set" ] || { echo "$set: missing in $DATA" >&2; exit 1; }
    head -n "$LIMIT" "$DATA/$set" > "$BUILD/positions"
    for side in "${sides[@]}"; do
        name="${side%%:*}"
        valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 \
            --LL=33554432,16,64 --collect-atstart=no \
            --toggle-collect=cold_solve --toggle-collect='*::cold_solve' \
            --dump-after=cold_solve --dump-after='*::cold_solve' --dump-instr=yes \
            --compress-pos=no \
            --callgrind-out-file="$BUILD/$set.$name.out" "${side#*:}" "$KIND" \
            < "$BUILD/positions" > "$BUILD/$set.$name.count" 2> "$BUILD/$set.$name.log" \
            || { cat "$BUILD/$set.$name.log" >&2; exit 1; }
    done
done
python3 - "$BUILD" "$SETS" "${sides[@]%%:*}" <<'EOF'
import sys
from pathlib import Path

build, sets, names = Path(sys.argv[1]), sys.argv[2].split(), sys.argv[3:]
shown = [("Ir", "instructions"), ("Dr", "data reads"), ("D1mr", "L1 data read misses"),
         ("DLmr", "memory reads (data)"), ("DLmw", "memory writes (data)"),
         ("code lines", "code run: 64 B lines"), ("code pages", "code run: 4 KiB pages")]


def per_call(set_name: str, name: str) -> dict[str, float]:
    """The mean per call of each event, and of the code lines and pages each call ran, over
    the dumps callgrind wrote after each call (`OUT.1`, `OUT.2`, ...; `OUT` holds the rest
    of the run, nothing counted)."""
    calls = int((build / f"{set_name}.{name}.count").read_text())
    sums: dict[str, float] = {}
    for dump in build.glob(f"{set_name}.{name}.out*"):
        lines, pages = set(), set()
        text = dump.read_text().splitlines()
        events = next(line.split()[1:] for line in text if line.startswith("events:"))
        totals = next(line.split()[1:] for line in text if line.startswith(("totals:", "summary:")))
        for event, value in zip(events, totals):
            sums[event] = sums.get(event, 0) + int(value)
        for line in text:
            if line.startswith("0x"):  # a cost line: the address of an instruction run
                address = int(line.split()[0], 16)
                lines.add(address >> 6)
                pages.add(address >> 12)
        sums["code lines"] = sums.get("code lines", 0) + len(lines)
        sums["code pages"] = sums.get("code pages", 0) + len(pages)
    return {e: v / calls for e, v in sums.items()}


head = ["set", "per call"] + names + (["ttt / Pons"] if len(names) == 2 else [])
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for s in sets:
    figures = [per_call(s, n) for n in names]
    for event, label in shown:
        cells = [s, label] + [f"{f.get(event, 0):,.1f}" for f in figures]
        if len(figures) == 2:
            a, b = figures[0].get(event, 0), figures[1].get(event, 0)
            cells.append(f"{a / b:.1f}" if b else "-")
        print("| " + " | ".join(cells) + " |")
EOF

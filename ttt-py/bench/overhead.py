"""What a Python call adds to the Rust call: ``ttt.solve`` against the same solve from Rust.

Run by ``make bench-python`` after the table (or ``python ttt-py/bench/overhead.py --rust
target/release/examples/c4_worker`` in an environment with ``ttt`` installed). The positions
are Pascal Pons' Connect Four end-game set ``Test_L3_R1`` (``testdata/connect4/``), each a
strong solve of a few microseconds to a few hundred: the calls whose cost the Python layer
can dominate (issue 13: "a call costs the Rust call plus <= 2 us").

- Rust: ``ttt-core/examples/c4_worker.rs``, a long-running process that times
  ``best_move_with`` (no node budget, the default table) around the call alone.
- Python: this process times ``ttt.solve(game, max_nodes=2**64 - 1)`` with
  ``time.perf_counter_ns`` around the call alone, the way a user calls it.

Every position is solved ``--reps`` times by each, interleaved position by position (Rust,
then Python), so that a busy machine slows both alike; a position's time on each side is the
median of its repetitions. The table gives the mean and the median over the positions of each
side's time and of the difference, Python minus Rust: the overhead of one call.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import ttt

NO_BUDGET = 2**64 - 1
ROOT = Path(__file__).resolve().parents[2]


def position(moves: str) -> ttt.GameState:
    game = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for c in moves:
        game = game.play_column(int(c) - 1)
    return game


class RustWorker:
    """``c4_worker``: one ``strong <moves>`` request per line, ``<score> <nodes> <nanos>``
    back."""

    def __init__(self, path: str) -> None:
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def solve(self, moves: str) -> tuple[int, int]:
        """(score, nanoseconds) of one strong solve."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"strong {moves}\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().split()
        if len(reply) != 3:
            raise RuntimeError(f"c4_worker answered {reply!r} for {moves}")
        return int(reply[0]), int(reply[2])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def python_solve(game: ttt.GameState) -> tuple[int, int]:
    """(score in Pons' convention, nanoseconds) of ``ttt.solve`` from Python."""
    start = time.perf_counter_ns()
    best = ttt.solve(game, max_nodes=NO_BUDGET)
    nanos = time.perf_counter_ns() - start
    assert best is not None and best.outcome is not None and best.plies is not None
    magnitude = (44 - game.ply - best.plies) // 2
    return {"win": magnitude, "draw": 0, "loss": -magnitude}[best.outcome], nanos


def row(name: str, values: list[float]) -> str:
    p99 = statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]
    return (
        f"| {name} | {statistics.fmean(values):.2f} | {statistics.median(values):.2f} "
        f"| {p99:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rust",
        default=str(ROOT / "target" / "release" / "examples" / "c4_worker"),
        help="ttt's Rust worker (cargo build --release -p ttt-core --example c4_worker)",
    )
    parser.add_argument("--set", default=str(ROOT / "testdata" / "connect4" / "Test_L3_R1"))
    parser.add_argument("--positions", type=int, default=1000, help="the first N of the set")
    parser.add_argument("--reps", type=int, default=5, help="solves of each position per side")
    args = parser.parse_args()

    lines = Path(args.set).read_text().split("\n")
    cases = [line.split() for line in lines if line.strip()][: args.positions]
    games = [(moves, position(moves), int(score)) for moves, score in cases]
    rust = RustWorker(args.rust)
    try:
        for moves, game, _ in games[:50]:  # warm-up: caches, allocator, branch predictors
            rust.solve(moves)
            python_solve(game)
        rust_us: list[float] = []
        python_us: list[float] = []
        for moves, game, expected in games:
            r_times, p_times = [], []
            for _ in range(args.reps):
                r_score, r_nanos = rust.solve(moves)
                p_score, p_nanos = python_solve(game)
                if r_score != expected or p_score != expected:
                    sys.exit(f"{moves}: expected {expected}, Rust {r_score}, Python {p_score}")
                r_times.append(r_nanos / 1000)
                p_times.append(p_nanos / 1000)
            rust_us.append(statistics.median(r_times))
            python_us.append(statistics.median(p_times))
    finally:
        rust.close()

    overhead = [p - r for p, r in zip(python_us, rust_us, strict=True)]
    # Before issue 13, calls on boards with more than ten empty cells started a thread each.
    wide = [o for o, (_, game, _) in zip(overhead, games, strict=True) if game.board.count(None) > 10]
    cpus = os.cpu_count()
    print(
        f"ttt.solve from Python against the same solve from Rust: {len(games)} positions of "
        f"{Path(args.set).name}, {args.reps} solves each per side, all scores exact "
        f"(ttt {ttt.__version__}, {cpus} CPUs)"
    )
    print()
    print("| per call, us | mean | median | p99 |")
    print("|---|---|---|---|")
    print(row("Rust (c4_worker)", rust_us))
    print(row("Python (ttt.solve)", python_us))
    print(row("overhead (Python - Rust, per position)", overhead))
    if wide:
        print(row(f"overhead, the {len(wide)} positions with > 10 empty cells", wide))


if __name__ == "__main__":
    main()

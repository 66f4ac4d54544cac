"""What Ray costs on one machine: ``ttt.distributed`` against the single-process calls.

Run ``make bench-distributed`` (or ``python ttt-py/bench/distributed.py`` in an environment with
``ttt[ray]``). It starts a local Ray cluster with every core, then times each workload both
ways, interleaved round by round, on the wall clock (both use every core), and prints the best
of each with the ratio. Ray's start-up is timed once and shown apart. On one machine Ray can only
add overhead; the figures say how much work a task needs before a cluster pays.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

import ray

import ttt
from ttt import distributed

# A node budget no solve here reaches: both sides give the exact answer.
EXACT = 10**10


def best_seconds(runs: list[Callable[[], object]], rounds: int) -> list[float]:
    for run in runs:
        run()  # warm-up: imports, Ray workers, caches
    best = [float("inf")] * len(runs)
    for _ in range(rounds):
        for i, run in enumerate(runs):
            t0 = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    cpus = os.cpu_count() or 1
    t0 = time.perf_counter()
    ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    start_up = time.perf_counter() - t0

    five = ttt.Rules(5, 5, 4)
    six_by_five = ttt.create_game(rules=ttt.Rules(6, 5, 4, 2, True))
    workloads: list[tuple[str, Callable[[], object], Callable[[], object]]] = [
        (
            "play_games 200,000 random classic games",
            lambda: ttt.play_games(200_000, "random", seed=1),
            lambda: distributed.play_games(200_000, "random", seed=1),
        ),
        (
            "play_games 2,000 medium games, 5x5 k=4",
            lambda: ttt.play_games(2_000, "medium", rules=five, seed=1),
            lambda: distributed.play_games(2_000, "medium", rules=five, seed=1),
        ),
    ]
    # Each sub-position is solved exactly with its own table, so the split loses the pruning
    # the single search shares across the tree: the nodes grow with the depth of the split.
    def split_solve(depth: int) -> Callable[[], object]:
        return lambda: distributed.solve(six_by_five, split_depth=depth, max_nodes=EXACT)

    for depth in (1, 2, 3):
        workloads.append(
            (
                f"solve 6x5 Connect Four, split_depth={depth}",
                lambda: ttt.solve(six_by_five, max_nodes=EXACT),
                split_solve(depth),
            )
        )
    print(f"ttt {ttt.__version__}, {cpus} CPUs, local Ray cluster started in {start_up:.1f} s;")
    print(f"best of {args.rounds} interleaved rounds, wall clock")
    print()
    print("| workload | one process (s) | ttt.distributed (s) | overhead |")
    print("|---|---:|---:|---:|")
    for name, local, spread in workloads:
        one, many = best_seconds([local, spread], args.rounds)
        print(f"| {name} | {one:.3f} | {many:.3f} | {many / one:.2f}x |")
    ray.shutdown()


if __name__ == "__main__":
    main()

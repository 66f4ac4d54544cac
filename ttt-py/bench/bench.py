"""The Python benchmark table of ``ttt``: side by side with OpenSpiel and PettingZoo in one run.

Run ``make bench-python`` (or ``python ttt-py/bench/bench.py`` in an environment with ``ttt``,
``ttt[pettingzoo]``, ``pygame`` and ``open_spiel`` installed). Each figure is the best of
several timed rounds (games per second, higher is better), the contestants interleaved round by
round; the single-threaded loops are timed in process CPU time so that other programs on a
shared machine do not distort the ratios, the batch (all cores) on the wall clock. When OpenSpiel or PettingZoo's
tic-tac-toe cannot be imported, the reference figures measured for the issue are used instead
and the table says so.

Workloads, all on the classic board with uniformly random legal moves:
- Python loop: one Python call per step (``apply_move(choice(available_moves()))``), the same
  loop for OpenSpiel (``apply_action(choice(legal_actions()))``), the same ``random.Random``;
- batch: ``ttt.play_games(n, 'random')``, every game in Rust (all cores, GIL released);
- PettingZoo: the AEC loop (``agent_iter``/``last``/``step`` with the action mask) on
  ``ttt.pettingzoo.env()`` and on ``pettingzoo.classic.tictactoe_v3.env()``, and on
  ``ttt.pettingzoo.connect_four_v3()`` and ``pettingzoo.classic.connect_four_v3.env()``
  (random Connect Four games).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time
from collections.abc import Callable
from typing import Any

import ttt

# Figures measured for the issue with OpenSpiel 2.0.2 and PettingZoo on the same kind of
# machine, used only when the library itself cannot be imported here.
ISSUE_OPENSPIEL_LOOP = 148_000.0
ISSUE_PETTINGZOO_ENV = 2_400.0


Clock = Callable[[], float]


def best_rate(
    run: Callable[[int], None], games: int, rounds: int, clock: Clock = time.process_time
) -> float:
    """Games per second of ``run(games)``: the best of ``rounds`` timed rounds after a warm-up."""
    return best_rates([(run, games, clock)], rounds)[0]


def best_rates(runs: list[tuple[Callable[[int], None], int, Clock]], rounds: int) -> list[float]:
    """Best games per second of each ``run(games)`` by its clock, the runs interleaved round by
    round so that a busy machine slows all of them alike.

    Single-threaded loops are timed in CPU time of this process (``time.process_time``), so
    that other programs on a shared machine do not count against them; the multi-threaded
    batch is timed on the wall clock (``time.perf_counter``), since its CPU time is spread
    over several cores."""
    for run, games, _ in runs:
        run(max(1, games // 10))
    best = [0.0] * len(runs)
    for _ in range(rounds):
        for i, (run, games, clock) in enumerate(runs):
            t0 = clock()
            run(games)
            best[i] = max(best[i], games / max(clock() - t0, 1e-9))
    return best


def ttt_loop(games: int) -> None:
    choice = random.Random(1).choice
    create = ttt.create_game
    for _ in range(games):
        state = create()
        while not state.is_over:
            state = state.apply_move(choice(state.available_moves()))


def openspiel_loop() -> Callable[[int], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe")

    def run(games: int) -> None:
        choice = random.Random(1).choice
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))

    return run


def batch(games: int) -> None:
    result = ttt.play_games(games, "random", seed=games)
    assert result.games == games


def batch_one_thread(games: int) -> None:
    result = ttt.play_games(games, "random", seed=games, threads=1)
    assert result.games == games


def aec_loop(make_env: Callable[[], Any]) -> Callable[[int], None]:
    import numpy as np

    env = make_env()

    def run(games: int) -> None:
        choice = random.Random(1).choice
        for i in range(games):
            env.reset(seed=i)
            for agent in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    action = None
                else:
                    action = choice(np.flatnonzero(observation["action_mask"]).tolist())
                env.step(action)

    return run


def pettingzoo_tictactoe() -> Callable[[int], None] | None:
    try:
        from pettingzoo.classic import tictactoe_v3  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return None
    return aec_loop(tictactoe_v3.env)


def pettingzoo_connect_four() -> Callable[[int], None] | None:
    try:
        from pettingzoo.classic import connect_four_v3  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return None
    return aec_loop(connect_four_v3.env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every game count")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    scale: float = args.scale

    def n(games: int) -> int:
        return max(1, int(games * scale))

    rows: list[tuple[str, float, str]] = []
    spiel_run = openspiel_loop()
    if spiel_run is not None:
        ours_loop, spiel, ours_batch, ours_batch1 = best_rates(
            [
                (ttt_loop, n(20_000), time.process_time),
                (spiel_run, n(20_000), time.process_time),
                (batch, n(2_000_000), time.perf_counter),
                (batch_one_thread, n(500_000), time.process_time),
            ],
            args.rounds,
        )
        spiel_note = "OpenSpiel measured in this run"
    else:
        ours_loop, ours_batch, ours_batch1 = best_rates(
            [
                (ttt_loop, n(20_000), time.process_time),
                (batch, n(2_000_000), time.perf_counter),
                (batch_one_thread, n(500_000), time.process_time),
            ],
            args.rounds,
        )
        spiel = ISSUE_OPENSPIEL_LOOP
        spiel_note = "OpenSpiel not importable: the issue's figure"

    from ttt.pettingzoo import env as ttt_env

    pz_run = pettingzoo_tictactoe()
    if pz_run is not None:
        ours_env, pz = best_rates(
            [(aec_loop(ttt_env), n(4_000), time.process_time), (pz_run, n(1_000), time.process_time)],
            args.rounds,
        )
        pz_note = "PettingZoo tictactoe_v3 measured in this run"
    else:
        ours_env = best_rate(aec_loop(ttt_env), n(4_000), args.rounds)
        pz = ISSUE_PETTINGZOO_ENV
        pz_note = "PettingZoo tictactoe_v3 not importable: the issue's figure"

    from ttt.pettingzoo import connect_four_v3 as ttt_connect_four

    c4_rows: list[tuple[str, float, str]] = []
    pz_c4 = pettingzoo_connect_four()
    if pz_c4 is not None:
        ours_c4, theirs_c4 = best_rates(
            [
                (aec_loop(ttt_connect_four), n(1_000), time.process_time),
                (pz_c4, n(200), time.process_time),
            ],
            args.rounds,
        )
        c4_rows = [
            ("PettingZoo connect_four_v3 env (games)", theirs_c4, "measured in this run"),
            (
                "ttt.pettingzoo.connect_four_v3 (games)",
                ours_c4,
                f"{ours_c4 / theirs_c4:.2f}x PettingZoo (target 3x)",
            ),
        ]

    rows = [
        ("OpenSpiel Python loop", spiel, spiel_note),
        ("ttt Python loop", ours_loop, f"{ours_loop / spiel:.2f}x OpenSpiel (target 1.5x)"),
        (
            f"ttt.play_games batch, {os.cpu_count()} threads, wall time",
            ours_batch,
            f"{ours_batch / spiel:.1f}x OpenSpiel loop (target 50x)",
        ),
        (
            "ttt.play_games batch, 1 thread, CPU time",
            ours_batch1,
            f"{ours_batch1 / spiel:.1f}x OpenSpiel loop per core",
        ),
        ("PettingZoo tictactoe_v3 env", pz, pz_note),
        ("ttt.pettingzoo env", ours_env, f"{ours_env / pz:.2f}x PettingZoo (target 3x)"),
        *c4_rows,
    ]
    print(
        f"ttt {ttt.__version__}, Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, best of {args.rounds} interleaved rounds; loops in CPU time, "
        "the batch in wall time"
    )
    print()
    print("| workload (random classic games) | games/s | note |")
    print("|---|---:|---|")
    for name, rate, note in rows:
        print(f"| {name} | {rate:,.0f} | {note} |")


if __name__ == "__main__":
    main()

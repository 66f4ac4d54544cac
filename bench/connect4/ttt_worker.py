"""The Python side of the Connect Four side-by-side benchmark (``make bench-connect4``): ttt's
solver called from Python, one request per line as in ``ttt-core/examples/c4_worker.rs``.

As the Rust worker does, one ``ttt.Engine`` (default table size) solves every position, cold:
it is cleared before each one, outside the timed part, as Pons' worker resets its solver
(``reset()``, untimed) before each; only ``Engine.solve`` is timed (``time.perf_counter_ns``),
so that the two ttt workers time the same call, one of them through the binding. With
``--free`` each call is ``ttt.solve`` instead, a fresh table per call, as a script that solves
one position now and then calls it (about 0.3 us more than the engine's call on End-Easy,
warm: README, "Measuring"). No node budget either way."""

from __future__ import annotations

import sys
import time
from typing import Callable

import ttt

NO_BUDGET = 2**64 - 1


def position(moves: str) -> ttt.GameState:
    game = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for c in moves:
        game = game.play_column(int(c) - 1)
    return game


Solve = Callable[..., "ttt.BestMove | None"]


def solver(free: bool) -> tuple[Callable[[], None], Solve]:
    """The untimed preparation of a call (the engine's clear) and the timed call: the engine's
    bound ``solve``, or with ``free`` nothing and the free function. Both take the same
    arguments, and the worker calls them directly, so that the timed part holds no Python
    frame of the worker's own (one cost 50-70 ns warm), as Pons' worker calls his ``solve``."""
    if free:
        return (lambda: None), ttt.solve
    engine = ttt.Engine()
    return engine.clear, engine.solve


def answer(prepare: Callable[[], None], solve: Solve, line: str) -> str:
    kind, _, moves = line.partition(" ")
    if kind not in ("strong", "weak"):
        return f"error: unknown query {kind!r}"
    weak = kind == "weak"
    game = position(moves)
    prepare()
    start = time.perf_counter_ns()
    best = solve(game, max_nodes=NO_BUDGET, weak=weak)
    nanos = time.perf_counter_ns() - start
    if best is None or best.outcome is None:
        return "error: not proven"
    if weak:
        sign = {"win": 1, "draw": 0, "loss": -1}[best.outcome]
        return f"{sign} {best.nodes} {nanos}"
    if best.plies is None:
        return "error: not proven"
    magnitude = (44 - game.ply - best.plies) // 2
    score = {"win": magnitude, "draw": 0, "loss": -magnitude}[best.outcome]
    return f"{score} {best.nodes} {nanos}"


def main() -> None:
    prepare, solve = solver("--free" in sys.argv[1:])
    for line in sys.stdin:
        try:
            reply = answer(prepare, solve, line.rstrip("\n"))
        except ValueError as e:  # a bad column or move
            reply = f"error: {e}"
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

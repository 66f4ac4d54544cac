"""The Python side of the Connect Four side-by-side benchmark (``make bench-connect4``): ttt's
solver called from Python, one request per line as in ``ttt-core/examples/c4_worker.rs``.

Each call is timed around ``ttt.solve`` alone (``time.perf_counter_ns``), the way a Python user
calls it: a fresh table per call, no node budget."""

from __future__ import annotations

import sys
import time

import ttt

NO_BUDGET = 2**64 - 1


def position(moves: str) -> ttt.GameState:
    game = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for c in moves:
        game = game.play_column(int(c) - 1)
    return game


def answer(line: str) -> str:
    kind, _, moves = line.partition(" ")
    if kind == "weak":
        try:
            game = position(moves)
            start = time.perf_counter_ns()
            best = ttt.solve(game, max_nodes=NO_BUDGET, weak=True)  # type: ignore[call-arg]
            nanos = time.perf_counter_ns() - start
        except TypeError:
            return "unsupported"  # this build has no outcome-only query
        assert best is not None and best.outcome is not None
        sign = {"win": 1, "draw": 0, "loss": -1}[best.outcome]
        return f"{sign} {best.nodes} {nanos}"
    if kind != "strong":
        return f"error: unknown query {kind!r}"
    game = position(moves)
    start = time.perf_counter_ns()
    best = ttt.solve(game, max_nodes=NO_BUDGET)
    nanos = time.perf_counter_ns() - start
    if best is None or best.outcome is None or best.plies is None:
        return "error: not proven"
    magnitude = (44 - game.ply - best.plies) // 2
    score = {"win": magnitude, "draw": 0, "loss": -magnitude}[best.outcome]
    return f"{score} {best.nodes} {nanos}"


def main() -> None:
    for line in sys.stdin:
        try:
            reply = answer(line.rstrip("\n"))
        except ValueError as e:  # a bad column or move
            reply = f"error: {e}"
        sys.stdout.write(reply + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

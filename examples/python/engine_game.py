"""Hard against itself on a big board through one ``ttt.Engine``, and the same positions through
the free function, which starts from an empty table at every call.

    python examples/python/engine_game.py                         # 15x15 five in a row, 30 plies
    python examples/python/engine_game.py --width 7 --height 6 --k 4 --gravity --plies 20
    python examples/python/engine_game.py --time-limit 0.1        # a clock instead of a budget

With the default node budget (deterministic) both searches spend the same budget per move, so
the totals show what the kept table saves; with ``--time-limit`` every move takes about that
long either way. The timings are informative, not a benchmark (see ``make bench``).
"""

from __future__ import annotations

import argparse
import time

import ttt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=15)
    parser.add_argument("--height", type=int, default=15)
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--gravity", action="store_true")
    parser.add_argument("--plies", type=int, default=30, help="moves to play (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-nodes", type=int, default=None, help="node budget per move")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per move")
    args = parser.parse_args()

    rules = ttt.Rules(args.width, args.height, args.k, gravity=args.gravity)
    limits = {"max_nodes": args.max_nodes, "time_limit": args.time_limit}
    engine = ttt.Engine()
    rng = ttt.SeededRng(args.seed)
    game = ttt.create_game(rules=rules)
    positions: list[ttt.GameState] = []
    engine_seconds = 0.0
    proven_moves = 0
    while game.status == "in-progress" and game.ply < args.plies:
        positions.append(game)
        started = time.perf_counter()
        move, proven = engine.choose_move_with(game, "hard", rng, **limits)
        engine_seconds += time.perf_counter() - started
        proven_moves += proven
        game = ttt.apply_move(game, move)

    # The same positions through the free function: a fresh table at every call.
    free_seconds = 0.0
    for position in positions:
        started = time.perf_counter()
        ttt.choose_move(position, "hard", seed=args.seed, **limits)
        free_seconds += time.perf_counter() - started

    print(game)
    print(f"{len(positions)} moves on {rules}, {proven_moves} of them proven best")
    print(f"through one ttt.Engine:      {engine_seconds:.3f} s")
    print(f"through ttt.choose_move:     {free_seconds:.3f} s")
    print(f"status: {game.status}, winner: {game.winner}")
    print(f"Record: {game.to_record()}")


if __name__ == "__main__":
    main()

"""Analyze a position: every legal move with its outcome under perfect play.

Run: ``python examples/python/analyze_position.py [BOARD] [TO_MOVE]``, for instance
``python examples/python/analyze_position.py X...O...X O`` (the default). Works for any rules
through ``--width/--height/--k/--gravity``; big boards are answered within a node budget.
"""

from __future__ import annotations

import argparse

import ttt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board", nargs="?", default="X...O...X", help="marks and '.' row by row")
    parser.add_argument("to_move", nargs="?", default="O")
    parser.add_argument("--width", type=int, default=3)
    parser.add_argument("--height", type=int, default=3)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument("--gravity", action="store_true")
    parser.add_argument("--max-nodes", type=int, default=None)
    args = parser.parse_args()

    rules = ttt.Rules(args.width, args.height, args.k, 2, args.gravity)
    try:
        state = ttt.GameState.from_board(args.board, args.to_move, rules=rules)
    except ttt.InvalidStateError as error:
        raise SystemExit(f"not a reachable position ({error.reason}): {error}") from error

    print(state, end="\n\n")
    if state.is_over:
        print(f"The game is over: {state.status}, winner {state.winner}.")
        return
    print(f"{state.current_player} to move. Best move: {ttt.best_move(state, max_nodes=args.max_nodes)}")
    print()
    print("move  outcome  plies")
    for move in ttt.analyze(state, max_nodes=args.max_nodes):
        row, col = divmod(move.index, rules.width)
        outcome = move.outcome or "unproven"
        plies = "-" if move.plies is None else str(move.plies)
        print(f"{move.index:>4}  {outcome:<8} {plies:>5}   (row {row}, column {col})")


if __name__ == "__main__":
    main()

"""Play a classic game in the terminal against the computer (or watch two computers play).

Run: ``python examples/python/play_game.py [easy|medium|hard] [--watch] [--seed N]``.
You are X and move first; type a cell number 0-8 (row-major from the top-left).
"""

from __future__ import annotations

import argparse

import ttt


def show(state: ttt.GameState) -> None:
    cells = [c or str(i) for i, c in enumerate(state.board)]
    for row in range(3):
        print(" " + " | ".join(cells[row * 3 : row * 3 + 3]))
        if row < 2:
            print("---+---+---")
    print()


def ask(state: ttt.GameState) -> int:
    while True:
        text = input(f"{state.current_player} to move, cell? ")
        try:
            index = int(text)
            state.apply_move(index)  # only to check: the state is not changed
        except ValueError as error:  # a non-number, or ttt.InvalidMoveError
            print(f"  not playable: {error}")
            continue
        return index


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("difficulty", nargs="?", default="hard", choices=["easy", "medium", "hard"])
    parser.add_argument("--watch", action="store_true", help="computer against computer")
    parser.add_argument("--seed", type=int, default=None, help="seed of the computer's choices")
    args = parser.parse_args()
    rng = ttt.SeededRng(args.seed) if args.seed is not None else None

    state = ttt.create_game()
    show(state)
    while not state.is_over:
        if state.current_player == "X" and not args.watch:
            index = ask(state)
        else:
            index = ttt.choose_move(state, args.difficulty, rng)
            print(f"{state.current_player} ({args.difficulty}) plays {index}")
        state = state.apply_move(index)
        show(state)
    print("Draw." if state.winner is None else f"{state.winner} wins along {state.winning_line}.")
    print(f"Record: {state.to_record()}")


if __name__ == "__main__":
    main()

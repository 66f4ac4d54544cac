"""Mistakes the type stubs must catch: ``mypy --strict`` reports an error on every line that
ends with a must-fail comment and on no other line (``tests/test_typing.py`` checks both).
Never run."""

from __future__ import annotations

import ttt
from ttt.pettingzoo import env

state = ttt.create_game()
state.apply_move("4")  # must fail: an index is an int
state.apply_move(4)
ttt.choose_move(state, "hardest")  # must fail: not a difficulty
ttt.choose_move(state, "hard")
ttt.choose_move(state, ttt.Difficulty.HARD)
ttt.create_game("W")  # must fail: not a mark
ttt.create_game("O")
ttt.play_games(10, "expert")  # must fail: not a difficulty
ttt.play_games(10, ("random", "hard"))
ttt.GameState.from_board("XX.OO....", "x")
ttt.parse_state("XX.OO....", "XO")  # must fail: one mark
ttt.ComputerPlayer("X", "Hard")  # must fail: difficulties are lower case
ttt.HumanPlayer("Q")  # must fail: not a mark
ttt.best_move(state, time_limit="0.5")  # must fail: seconds are a number
ttt.best_move(state, time_limit=0.5)
engine = ttt.Engine(table_bytes=1 << 20)
engine.choose_move(state, "hard", time_limit=1)
engine.choose_move(state, "hard", table_bytes=1 << 20)  # must fail: the engine's own size
ttt.Engine(1 << 20)  # must fail: table_bytes is keyword-only

observation, reward, termination, truncation, info = env().last()
reward.upper()  # must fail: the reward is a float, not Any
done: bool = termination or truncation
mask = None if observation is None else observation["action_mask"]
status: int = state.status  # must fail: a status is a string literal

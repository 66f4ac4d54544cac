"""Tic-tac-toe and its whole family (m x n boards, k in a row, 2 to 4 players, Connect-Four
gravity) with a perfect-play AI, as a thin Python layer over one Rust engine (``ttt-core``).

Play a classic game::

    >>> import ttt
    >>> game = ttt.create_game()
    >>> game = ttt.apply_move(game, 4)
    >>> game.current_player, game.available_moves()
    ('O', [0, 1, 2, 3, 5, 6, 7, 8])

States are immutable values: hashable, comparable and picklable. Every rule and every search
runs in Rust; nothing of the game is re-implemented in Python.
"""

from __future__ import annotations

# The exception classes first: the native module looks them up when it raises.
from ._errors import (
    GameOverError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidStateError,
)
from ._ttt import (
    BOARD_SIZE,
    CELL_COUNT,
    MAX_PLAYERS,
    MAX_SIDE,
    MIN_PLAYERS,
    RECORD_VERSION,
    WIN_LINES,
    BestMove,
    Evaluation,
    GameState,
    MoveAnalysis,
    Rules,
    __version__,
    analyze,
    apply_move,
    available_moves,
    best_move,
    create_game,
    evaluate_board,
    from_record,
    other_player,
    parse_state,
    solve,
    undo_last_move,
)

__all__ = [
    "BOARD_SIZE",
    "CELL_COUNT",
    "MAX_PLAYERS",
    "MAX_SIDE",
    "MIN_PLAYERS",
    "RECORD_VERSION",
    "WIN_LINES",
    "BestMove",
    "Evaluation",
    "GameOverError",
    "GameState",
    "InvalidMoveError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "MoveAnalysis",
    "Rules",
    "__version__",
    "analyze",
    "apply_move",
    "available_moves",
    "best_move",
    "create_game",
    "evaluate_board",
    "from_record",
    "other_player",
    "parse_state",
    "solve",
    "undo_last_move",
]

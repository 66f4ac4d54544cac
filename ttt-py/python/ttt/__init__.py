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

The rule for any input: out of any public call come only ``ValueError`` and ``TypeError`` (and
their subclasses, the ``ttt`` errors among them), ``IndexError`` where documented
(``GameState.cell``), ``MemoryError`` (a ``play_games`` batch too big for memory),
``KeyboardInterrupt``, and the exceptions of the caller's own callbacks; never a
``PanicException``, an ``OverflowError``, an abort or a hang. Integers out of range are
``ValueError`` (never ``OverflowError``), iterables are read with a hard cap (a board at most
400 items, players at most 4), and Ctrl-C interrupts every long call at once, even while a
slow ``rng`` callable runs (it gets the ``KeyboardInterrupt`` like any Python code). See ``README.md`` (section "The rule for any input").

Every search (``best_move``, ``solve``, ``analyze``, ``choose_move``, ``choose_move_with``) takes
``max_nodes=`` (a deterministic node budget), ``proof_nodes=`` (on gravity boards, a weak proof's
nodes beyond ``max_nodes``; 0 turns it off), ``time_limit=`` (seconds, a wall-clock bound) and
``table_bytes=``; ``ttt.Engine`` runs them on a table it keeps from one call to the next.
"""

from __future__ import annotations

import enum
import importlib
from typing import TYPE_CHECKING

# The exception classes first: the native module looks them up when it raises.
from ._errors import (
    GameOverError,
    InvalidMoveError,
    InvalidRecordError,
    InvalidRulesError,
    InvalidStateError,
    MatchBusyError,
)
from ._ttt import (
    BOARD_SIZE,
    CELL_COUNT,
    MAX_PLAYERS,
    MAX_SIDE,
    MAX_THREADS,
    MIN_PLAYERS,
    RECORD_VERSION,
    WIN_LINES,
    BatchResult,
    BestMove,
    ComputerPlayer,
    Engine,
    Evaluation,
    GameState,
    HumanPlayer,
    Match,
    Move,
    MoveAnalysis,
    Rules,
    SeededRng,
    Step,
    __version__,
    analyze,
    apply_move,
    available_moves,
    best_move,
    choose_move,
    choose_move_with,
    create_game,
    evaluate_board,
    from_record,
    other_player,
    parse_state,
    play_column,
    play_games,
    solve,
    undo_last_move,
)



if TYPE_CHECKING:
    from . import distributed, pettingzoo

# The submodules with optional dependencies load on first use, so that ``import ttt`` needs
# neither PettingZoo nor Ray, and ``ttt.pettingzoo`` works without its own import line.
_LAZY_SUBMODULES = ("pettingzoo", "distributed")


def __getattr__(name: str) -> object:
    if name in _LAZY_SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Difficulty(str, enum.Enum):
    """The AI levels, for code that prefers an enum to the strings ``'easy'``, ``'medium'``,
    ``'hard'`` (each member is equal to its string, and both are accepted everywhere)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    def __str__(self) -> str:
        return self.value


__all__ = [
    "BOARD_SIZE",
    "CELL_COUNT",
    "MAX_PLAYERS",
    "MAX_SIDE",
    "MAX_THREADS",
    "MIN_PLAYERS",
    "RECORD_VERSION",
    "WIN_LINES",
    "BatchResult",
    "BestMove",
    "ComputerPlayer",
    "Difficulty",
    "Engine",
    "Evaluation",
    "GameOverError",
    "GameState",
    "HumanPlayer",
    "InvalidMoveError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "Match",
    "MatchBusyError",
    "Move",
    "MoveAnalysis",
    "Rules",
    "SeededRng",
    "Step",
    "__version__",
    "analyze",
    "apply_move",
    "available_moves",
    "best_move",
    "choose_move",
    "choose_move_with",
    "create_game",
    "evaluate_board",
    "from_record",
    "other_player",
    "parse_state",
    "play_column",
    "play_games",
    "solve",
    "undo_last_move",
]

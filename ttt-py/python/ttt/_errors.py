"""The exceptions raised by ``ttt``.

They are plain Python classes so that they carry typed fields and pickle; all of them subclass
:class:`ValueError`, so ``except ValueError`` still catches them. Each keeps the engine's message
as ``str(error)`` and its structured fields as attributes.
"""

from __future__ import annotations

__all__ = [
    "GameOverError",
    "InvalidMoveError",
    "InvalidRecordError",
    "InvalidRulesError",
    "InvalidStateError",
    "MatchBusyError",
]


class InvalidMoveError(ValueError):
    """A move was refused. The state it was tried on is unchanged.

    ``index`` is the index exactly as it was given (any object, since a non-integer index is
    refused too); ``reason`` is one of ``'game-over'``, ``'not-your-turn'``, ``'out-of-range'``,
    ``'occupied'``, ``'floating'``, the first that applies in that order.
    """

    index: object
    reason: str

    def __init__(self, index: object, reason: str, message: str | None = None) -> None:
        super().__init__(index, reason, message)
        self.index = index
        self.reason = reason
        self.message = message if message is not None else f"cannot play {index!r}: {reason}"

    def __str__(self) -> str:
        return self.message


class InvalidStateError(ValueError):
    """A board was refused as a position: it cannot arise in a real game, or is malformed.

    ``reason`` is one of ``'wrong-length'``, ``'unknown-mark'``, ``'player-not-in-game'``,
    ``'floating'``, ``'mark-counts'``, ``'multiple-winners'``, ``'winner-did-not-move-last'``,
    ``'lines-not-from-one-move'``.
    """

    reason: str

    def __init__(self, reason: str, message: str | None = None) -> None:
        super().__init__(reason, message)
        self.reason = reason
        self.message = message if message is not None else reason

    def __str__(self) -> str:
        return self.message


class InvalidRulesError(ValueError):
    """A set of rules, or a player for them, was refused.

    ``reason`` is one of ``'width'``, ``'height'``, ``'k'``, ``'players'`` (out of range) or
    ``'player-not-in-game'`` (a mark with no seat in these rules, such as ``'Y'`` in a
    two-player game).
    """

    reason: str

    def __init__(self, reason: str, message: str | None = None) -> None:
        super().__init__(reason, message)
        self.reason = reason
        self.message = message if message is not None else reason

    def __str__(self) -> str:
        return self.message


class InvalidRecordError(ValueError):
    """A game record could not be loaded; nothing was loaded.

    ``offset`` is the character offset in the record where the trouble starts (the byte offset
    for ``bytes`` input); ``reason`` is one of ``'not-utf8'``, ``'not-a-record'``, ``'version'``,
    ``'truncated'``, ``'unexpected'``, ``'number'``, ``'rules'``, ``'position'``, ``'move'``,
    ``'trailing'``.
    """

    offset: int
    reason: str

    def __init__(self, offset: int, reason: str, message: str | None = None) -> None:
        super().__init__(offset, reason, message)
        self.offset = offset
        self.reason = reason
        self.message = message if message is not None else f"bad game record at {offset}: {reason}"

    def __str__(self) -> str:
        return self.message


class GameOverError(ValueError):
    """An AI strategy was asked for a move in a finished game (a caller bug)."""

    def __init__(self, message: str = "the game is over") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class MatchBusyError(ValueError):
    """``Match.step`` or ``Match.run`` was called while the same thread was already inside
    ``step`` or ``run`` of that match: a participant's ``next_move`` stepping its own match.
    Nothing was played by the inner call; the outer one goes on. (Another thread calling
    ``step`` waits for its turn instead.)"""

    def __init__(self, message: str = "the match is already stepping on this thread") -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


for _cls in (
    InvalidMoveError,
    InvalidStateError,
    InvalidRulesError,
    InvalidRecordError,
    GameOverError,
    MatchBusyError,
):
    # Public name `ttt.X`, so that pickle finds the class where users import it from.
    _cls.__module__ = "ttt"
del _cls

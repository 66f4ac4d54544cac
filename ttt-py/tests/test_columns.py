"""Column moves for gravity rules: ``GameState.play_column`` and ``ttt.play_column``."""

from __future__ import annotations

import pytest

import ttt


def test_a_mark_drops_to_the_lowest_empty_cell() -> None:
    game = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    game = game.play_column(3)
    assert game.move_history == (38,)
    game = ttt.play_column(game, 3)
    assert game.move_history == (38, 31)
    assert game.board[31] == "O"


@pytest.mark.parametrize(
    ("rules", "moves", "col", "reason"),
    [
        (ttt.Rules.CLASSIC, [], 0, "no-gravity"),
        (ttt.Rules.CONNECT_FOUR, [], 7, "out-of-range"),
        (ttt.Rules.CONNECT_FOUR, [], -1, "out-of-range"),
        (ttt.Rules.CONNECT_FOUR, [], 2**80, "out-of-range"),
        (ttt.Rules.CONNECT_FOUR, [], "3", "out-of-range"),
        (ttt.Rules.CONNECT_FOUR, [], 3.0, "out-of-range"),
        (ttt.Rules.CONNECT_FOUR, [3] * 6, 3, "occupied"),
        (ttt.Rules(4, 4, 4, 2, True), [0, 1, 0, 1, 0, 1, 0], 2, "game-over"),
    ],
)
def test_refusals_change_nothing(rules: ttt.Rules, moves: list[int], col: object, reason: str) -> None:
    game = ttt.create_game(rules=rules)
    for m in moves:
        game = game.play_column(m)
    before = game
    with pytest.raises(ttt.InvalidMoveError) as info:
        game.play_column(col)  # type: ignore[arg-type]
    assert info.value.reason == reason
    assert info.value.index == col
    assert game == before


def test_refusals_say_the_engines_sentences() -> None:
    # The same sentences as the Rust Display and C's ttt_last_error_message, with the index as
    # the caller wrote it.
    classic = ttt.create_game().apply_move(4)
    with pytest.raises(ttt.InvalidMoveError) as info:
        classic.apply_move(4)
    assert str(info.value) == "cannot play 4: that cell is already taken"
    with pytest.raises(ttt.InvalidMoveError) as info:
        classic.apply_move("4")  # type: ignore[arg-type]
    assert str(info.value) == "cannot play '4': it is off the board"
    with pytest.raises(ttt.InvalidMoveError) as info:
        classic.play_column(1)
    assert str(info.value).startswith("cannot play column 1: these rules have no gravity")
    c4 = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    with pytest.raises(ttt.InvalidMoveError) as info:
        c4.apply_move(0)
    assert str(info.value).startswith("cannot play 0: the cell below it is empty")

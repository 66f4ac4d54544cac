"""Generalized rules (m,n,k, gravity, 3-4 players) and game records."""

from __future__ import annotations

import pytest

import ttt
from conftest import play


def test_default_rules_are_classic() -> None:
    rules = ttt.Rules()
    assert (rules.width, rules.height, rules.k, rules.players, rules.gravity) == (3, 3, 3, 2, False)
    assert rules == ttt.Rules.CLASSIC
    assert rules.cell_count == 9
    assert rules.marks == ("X", "O")
    assert repr(rules) == "Rules(width=3, height=3, k=3, players=2, gravity=False)"
    assert eval(repr(ttt.Rules.CONNECT_FOUR), {"Rules": ttt.Rules}) == ttt.Rules.CONNECT_FOUR
    assert str(ttt.Rules.CONNECT_FOUR) == "7x6 k=4 players=2 gravity"
    assert ttt.Rules(players=4).marks == ("X", "O", "Y", "Z")


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"width": 0}, "width"),
        ({"width": 21}, "width"),
        ({"width": -3}, "width"),
        ({"width": 2**80}, "width"),
        ({"height": 0}, "height"),
        ({"height": 21}, "height"),
        ({"k": 0}, "k"),
        ({"k": 4}, "k"),
        ({"players": 1}, "players"),
        ({"players": 5}, "players"),
        ({"width": 0, "players": 9}, "width"),  # checked in order: width first
    ],
)
def test_bad_rules_are_refused(kwargs: dict[str, int], reason: str) -> None:
    with pytest.raises(ttt.InvalidRulesError) as info:
        ttt.Rules(**kwargs)  # type: ignore[arg-type]
    assert info.value.reason == reason
    assert isinstance(info.value, ValueError)
    assert str(info.value)


def test_rules_argument_types() -> None:
    with pytest.raises(TypeError):
        ttt.Rules(width=3.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.Rules(width=True)
    assert ttt.Rules(20, 20, 20, 4).cell_count == 400
    assert ttt.Rules(1, 1, 1).cell_count == 1


def test_rules_geometry() -> None:
    rules = ttt.Rules(7, 6, 4, 2, True)
    assert rules.index(5, 6) == 41
    assert rules.index(6, 0) is None
    assert rules.row_col(41) == (5, 6)
    assert rules.row_col(42) is None
    assert len(rules.windows()) == 69  # the 69 lines of Connect Four


def test_gravity_only_lowest_cells() -> None:
    rules = ttt.Rules.CONNECT_FOUR
    state = ttt.create_game(rules=rules)
    assert state.available_moves() == list(range(35, 42))
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move(0)
    assert info.value.reason == "floating"
    state = state.apply_move(38)
    assert 31 in state.available_moves()
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move(38)
    assert info.value.reason == "occupied"
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move(42)
    assert info.value.reason == "out-of-range"


def test_connect_four_win() -> None:
    state = play([38, 31, 39, 32, 40, 33, 41], rules=ttt.Rules.CONNECT_FOUR)
    assert (state.status, state.winner, state.winning_line) == ("win", "X", (38, 39, 40, 41))


def test_three_players_take_turns() -> None:
    rules = ttt.Rules(5, 5, 3, 3)
    state = ttt.create_game(rules=rules)
    seen = []
    for m in (0, 5, 10, 1, 6, 11):
        seen.append(state.current_player)
        state = state.apply_move(m)
    assert seen == ["X", "O", "Y", "X", "O", "Y"]
    state = state.apply_move(2)
    assert (state.status, state.winner, state.winning_line) == ("win", "X", (0, 1, 2))
    with pytest.raises(ttt.InvalidRulesError):
        ttt.create_game("Z", rules=rules)
    assert ttt.create_game("Z", rules=ttt.Rules(players=4)).current_player == "Z"


def test_diagonal_and_anti_diagonal_on_a_big_board() -> None:
    rules = ttt.Rules(5, 5, 4)
    diag = play([0, 1, 6, 2, 12, 3, 18], rules=rules)
    assert diag.winning_line == (0, 6, 12, 18)
    anti = play([4, 0, 8, 1, 12, 2, 16], rules=rules)
    assert anti.winning_line == (4, 8, 12, 16)
    evaluation = rules.evaluate("X...." ".X..." "..X.." "...X." "OOO..")
    assert evaluation.winning_line == (0, 6, 12, 18)
    with pytest.raises(ttt.InvalidStateError):
        rules.evaluate("X")


def test_from_board_under_gravity() -> None:
    rules = ttt.Rules.CONNECT_FOUR
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.GameState.from_board("X" + "." * 41, "O", rules=rules)
    assert info.value.reason == "floating"
    state = ttt.GameState.from_board("." * 35 + "XO.....", "X", rules=rules)
    assert state.available_moves() == [28, 29, 37, 38, 39, 40, 41]


def test_records_round_trip() -> None:
    games = [
        play([]),
        play([4, 0, 8, 2]),
        play([0, 3, 1, 4, 2]),
        play([38, 31, 39], rules=ttt.Rules.CONNECT_FOUR),
        play([0, 1, 2], rules=ttt.Rules(4, 4, 3, 4), start="Y"),
        ttt.parse_state("XX.OO....", "X").apply_move(2),
    ]
    for game in games:
        text = game.to_record()
        assert text.startswith(f"ttt/{ttt.RECORD_VERSION} ")
        assert ttt.GameState.from_record(text) == game
        assert ttt.from_record(text.encode()) == game
        assert ttt.from_record(text + "\n") == game
    assert play([4, 0]).to_record() == "ttt/1 3x3 k=3 players=2 start=X moves=4,0"


@pytest.mark.parametrize(
    ("record", "reason", "offset"),
    [
        ("", "not-a-record", 0),
        ("hello", "not-a-record", 0),
        ("ttt/2 3x3 k=3 players=2 start=X moves=", "version", 4),
        ("ttt/1 3x3 k=3", "truncated", 13),
        ("ttt/1 3by3 k=3 players=2 start=X moves=", "unexpected", 6),
        ("ttt/1 3x3 k=x players=2 start=X moves=", "number", 12),
        ("ttt/1 0x3 k=3 players=2 start=X moves=", "rules", 6),
        ("ttt/1 3x3 k=3 players=2 start=OOO......:X moves=", "position", 30),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4,4", "move", 40),
        ("ttt/1 3x3 k=3 players=2 start=X moves=4 extra", "trailing", 39),
        ("ttt/1 3x3 k=3 players=2 start=Q moves=", "unexpected", 30),
        ("ttt/1 3x3 k=3 players=2 start=X moves=99999999999999999999999", "number", 38),
    ],
)
def test_bad_records_are_refused(record: str, reason: str, offset: int) -> None:
    with pytest.raises(ttt.InvalidRecordError) as info:
        ttt.GameState.from_record(record)
    assert info.value.reason == reason
    assert info.value.offset == offset
    assert isinstance(info.value, ValueError)


def test_record_offsets_count_characters() -> None:
    # A non-ASCII character before the error: the offset counts characters, as str indexing does.
    with pytest.raises(ttt.InvalidRecordError) as info:
        ttt.from_record("ttt/1 3x3 k=3 players=2 start=X moves=4 é!")
    assert info.value.reason == "trailing"
    with pytest.raises(ttt.InvalidRecordError) as info:
        ttt.from_record("ttt/é 3x3")
    assert (info.value.reason, info.value.offset) == ("version", 4)


def test_bytes_records() -> None:
    with pytest.raises(ttt.InvalidRecordError) as info:
        ttt.from_record(b"ttt/1 \xff")
    assert (info.value.reason, info.value.offset) == ("not-utf8", 6)
    with pytest.raises(TypeError):
        ttt.from_record(42)  # type: ignore[arg-type]


def test_lines_not_from_one_move() -> None:
    # X has two disjoint lines: no single last move made both.
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.GameState.from_board("XXX.OO..XXX.OO.O", "O", rules=ttt.Rules(4, 4, 3))
    assert info.value.reason == "lines-not-from-one-move"


def test_game_state_constructor_and_accessors() -> None:
    assert ttt.GameState() == ttt.create_game()
    c4 = ttt.GameState(ttt.Rules.CONNECT_FOUR, "O")
    assert (c4.current_player, c4.starting_player, c4.rules) == ("O", "O", ttt.Rules.CONNECT_FOUR)
    with pytest.raises(ttt.InvalidRulesError):
        ttt.GameState(ttt.Rules(), "Z")
    state = play([4, 0])
    assert (state.cell(4), state.cell(0), state.cell(8)) == ("X", "O", None)
    with pytest.raises(IndexError):
        state.cell(9)
    assert state.is_legal(8) and not state.is_legal(4) and not state.is_legal("8")
    assert not state.is_legal(-1) and not state.is_legal(9)
    assert state.starting_state() == ttt.create_game()


def test_planes_and_mask() -> None:
    state = play([4, 0])
    assert state.planes("X") == bytes([0, 1, 0, 0, 0, 0, 0, 0, 1, 0] + [0] * 8)
    assert state.planes("O")[0:2] == bytes([1, 0])
    assert state.move_mask() == bytes([0, 1, 1, 1, 0, 1, 1, 1, 1])
    with pytest.raises(ttt.InvalidRulesError) as info:
        state.planes("Y")
    assert info.value.reason == "player-not-in-game"
    won = play([0, 3, 1, 4, 2])
    assert won.move_mask() == bytes(9)

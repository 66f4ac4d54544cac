"""The engine requirements of the seed specification, translated to Python."""

from __future__ import annotations

import copy
import itertools
import pickle

import pytest

import ttt
from conftest import play


def snapshot(state: ttt.GameState) -> tuple[object, ...]:
    return (
        state.board,
        state.current_player,
        state.status,
        state.winner,
        state.winning_line,
        state.move_history,
        state.to_record(),
    )


def test_constants_are_the_classic_game() -> None:
    assert ttt.BOARD_SIZE == 3
    assert ttt.CELL_COUNT == 9
    assert ttt.WIN_LINES == (
        (0, 1, 2), (3, 4, 5), (6, 7, 8),
        (0, 3, 6), (1, 4, 7), (2, 5, 8),
        (0, 4, 8), (2, 4, 6),
    )  # fmt: skip


def test_win_lines_are_the_canonical_windows_of_the_classic_rules() -> None:
    assert tuple(ttt.Rules().windows()) == ttt.WIN_LINES


def test_fresh_game(classic: ttt.GameState) -> None:
    assert classic.board == (None,) * 9
    assert classic.current_player == "X"
    assert classic.status == "in-progress"
    assert classic.winner is None
    assert classic.winning_line is None
    assert classic.move_history == ()
    assert classic.rules == ttt.Rules.CLASSIC
    assert not classic.is_over


def test_create_game_with_o_first() -> None:
    state = ttt.create_game("O")
    assert state.current_player == "O"
    assert state.apply_move(0).board[0] == "O"


def test_apply_move_places_flips_and_records(classic: ttt.GameState) -> None:
    after = ttt.apply_move(classic, 4)
    assert after.board[4] == "X"
    assert after.board.count(None) == 8
    assert after.current_player == "O"
    assert after.move_history == (4,)
    after2 = after.apply_move(0)
    assert after2.board[0] == "O"
    assert after2.current_player == "X"
    assert after2.move_history == (4, 0)


def test_apply_and_undo_leave_their_argument_untouched() -> None:
    state = play([4, 0, 8])
    before = snapshot(state)
    copy_before = copy.deepcopy(state)
    new = state.apply_move(2)
    assert new is not state
    assert snapshot(state) == before
    assert state == copy_before
    undone = state.undo_last_move()
    assert undone is not state
    assert snapshot(state) == before
    with pytest.raises(ttt.InvalidMoveError):
        state.apply_move(4)
    assert snapshot(state) == before


def win_for(player: str, line: tuple[int, ...]) -> list[int]:
    """Moves of a classic game that X starts, in which ``player`` completes ``line`` last and the
    opponent never has a line."""
    others = [c for c in range(9) if c not in line]
    lines = [set(w) for w in ttt.WIN_LINES]
    need = 2 if player == "X" else 3  # the opponent's marks before the last move
    for opp in itertools.combinations(others, need):
        if not any(w <= set(opp) for w in lines):
            moves: list[int] = []
            for i in range(3):
                if player == "X":
                    moves.append(line[i])
                    if i < 2:
                        moves.append(opp[i])
                else:
                    moves.extend([opp[i], line[i]])
            return moves
    raise AssertionError("no filler found")


@pytest.mark.parametrize("player", ["X", "O"])
@pytest.mark.parametrize("line", ttt.WIN_LINES)
def test_every_win_line_is_detected(player: str, line: tuple[int, int, int]) -> None:
    state = play(win_for(player, line))
    assert state.status == "win"
    assert state.winner == player
    assert state.winning_line == line
    assert state.is_over
    assert state.current_player != player  # the turn flips even on the winning move
    evaluation = ttt.evaluate_board(state.board)
    assert (evaluation.status, evaluation.winner, evaluation.winning_line) == ("win", player, line)


def test_full_board_without_line_is_a_draw() -> None:
    state = play([0, 1, 2, 4, 3, 5, 7, 6, 8])
    assert state.board == ("X", "O", "X", "X", "O", "O", "O", "X", "X")
    assert state.status == "draw"
    assert state.winner is None
    assert state.winning_line is None
    assert state.available_moves() == []
    assert ttt.evaluate_board("XOXXOOOXX").status == "draw"


def test_evaluate_board_takes_the_first_line_in_order() -> None:
    # X holds the top row and the left column: the row comes first in WIN_LINES.
    evaluation = ttt.evaluate_board(["X", "X", "X", "X", "O", "O", "X", "O", "O"])
    assert evaluation.winning_line == (0, 1, 2)
    assert evaluation.winner == "X"
    assert ttt.evaluate_board("X.O.X.O..").status == "in-progress"
    assert repr(ttt.evaluate_board("XXX......")) == (
        "Evaluation(status='win', winner='X', winning_line=(0, 1, 2))"
    )


def test_occupied_cell_is_refused(classic: ttt.GameState) -> None:
    state = classic.apply_move(4)
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move(4)
    assert (info.value.index, info.value.reason) == (4, "occupied")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("index", [9, 100, -1, 2**70, -(2**70)])
def test_out_of_range_index_is_refused(classic: ttt.GameState, index: int) -> None:
    with pytest.raises(ttt.InvalidMoveError) as info:
        ttt.apply_move(classic, index)
    assert info.value.reason == "out-of-range"
    assert info.value.index == index


@pytest.mark.parametrize("index", [4.0, 0.5, "4", None, True, False, [4], float("nan")])
def test_non_integer_index_is_out_of_range(classic: ttt.GameState, index: object) -> None:
    with pytest.raises(ttt.InvalidMoveError) as info:
        classic.apply_move(index)  # type: ignore[arg-type]
    assert info.value.reason == "out-of-range"
    assert info.value.index is index


def test_integer_like_index_is_accepted(classic: ttt.GameState) -> None:
    class Four:
        def __index__(self) -> int:
            return 4

    assert classic.apply_move(Four()).board[4] == "X"  # type: ignore[arg-type]


def test_finished_game_is_refused_before_anything_else() -> None:
    won = play([0, 3, 1, 4, 2])
    assert won.status == "win"
    for index in (5, 0, 99, "x", 1.5):
        with pytest.raises(ttt.InvalidMoveError) as info:
            won.apply_move(index)  # type: ignore[arg-type]
        assert info.value.reason == "game-over"
    with pytest.raises(ttt.InvalidMoveError) as info:
        # Wrong player AND a non-integer: game-over comes first.
        won.apply_move_as("X", 4.5)  # type: ignore[arg-type]
    assert info.value.reason == "game-over"


def test_not_your_turn_comes_before_out_of_range() -> None:
    state = play([4])
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move_as("X", 0.5)  # type: ignore[arg-type]
    assert info.value.reason == "not-your-turn"
    with pytest.raises(ttt.InvalidMoveError) as info:
        state.apply_move_as("O", 0.5)  # type: ignore[arg-type]
    assert info.value.reason == "out-of-range"
    assert state.apply_move_as("O", 0).board[0] == "O"


def test_stale_ply_is_not_your_turn() -> None:
    state = play([4, 0])
    assert state.apply_move_at("X", 2, 8).move_history == (4, 0, 8)
    for player, ply in (("X", 1), ("X", 3), ("O", 2), ("X", -1), ("X", 2.0)):
        with pytest.raises(ttt.InvalidMoveError) as info:
            state.apply_move_at(player, ply, 8)  # type: ignore[arg-type]
        assert info.value.reason == "not-your-turn"


def test_undo_after_a_win_clears_the_winner() -> None:
    won = play([0, 3, 1, 4, 2])
    undone = ttt.undo_last_move(won)
    assert undone.status == "in-progress"
    assert undone.winner is None
    assert undone.winning_line is None
    assert undone.move_history == (0, 3, 1, 4)
    assert undone.current_player == "X"
    assert undone == play([0, 3, 1, 4])


def test_undo_on_a_fresh_game_is_a_no_op(classic: ttt.GameState) -> None:
    assert ttt.undo_last_move(classic) == classic
    assert snapshot(classic.undo_last_move()) == snapshot(classic)


def test_undo_keeps_the_starting_player() -> None:
    state = play([4, 0], start="O")
    assert state.undo_last_move().undo_last_move() == ttt.create_game("O")


def test_available_moves_is_empty_for_a_won_game_with_empty_cells() -> None:
    won = play([0, 3, 1, 4, 2])
    assert None in won.board
    assert won.available_moves() == []
    assert ttt.available_moves(won) == []


def test_available_moves_ascending(classic: ttt.GameState) -> None:
    assert ttt.available_moves(classic.apply_move(4).apply_move(0)) == [1, 2, 3, 5, 6, 7, 8]


def test_other_player() -> None:
    assert ttt.other_player("X") == "O"
    assert ttt.other_player("O") == "X"
    with pytest.raises(ValueError):
        ttt.other_player("Q")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.other_player(1)  # type: ignore[arg-type]


def test_bad_players_are_refused() -> None:
    with pytest.raises(ttt.InvalidRulesError) as info:
        ttt.create_game("Y")
    assert info.value.reason == "player-not-in-game"
    with pytest.raises(ValueError):
        ttt.create_game("XO")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.create_game(0)  # type: ignore[arg-type]


def reachable() -> set[tuple[tuple[str | None, ...], str]]:
    """Every (board, side to move) a classic game started by X reaches, by playing them all."""
    seen: set[tuple[tuple[str | None, ...], str]] = set()
    frontier = [ttt.create_game()]
    while frontier:
        state = frontier.pop()
        key = (state.board, state.current_player)
        if key in seen:
            continue
        seen.add(key)
        frontier.extend(state.apply_move(m) for m in state.available_moves())
    return seen


def test_parse_state_accepts_exactly_the_reachable_positions() -> None:
    expected = reachable()
    assert len(expected) == 5478
    accepted: set[tuple[tuple[str | None, ...], str]] = set()
    reasons: set[str] = set()
    for cells in itertools.product((None, "X", "O"), repeat=9):
        for turn in ("X", "O"):
            try:
                state = ttt.parse_state(list(cells), turn)
            except ttt.InvalidStateError as e:
                reasons.add(e.reason)
                continue
            assert state.board == cells
            assert state.current_player == turn
            accepted.add((cells, turn))
    assert accepted == expected
    assert reasons == {
        "mark-counts",
        "multiple-winners",
        "winner-did-not-move-last",
    }  # two disjoint classic lines need six marks of one player: mark-counts catches it first


def test_parse_state_peer_examples() -> None:
    state = ttt.parse_state(["X", "X", None, "O", "O", None, None, None, None], "X")
    assert state.available_moves() == [2, 5, 6, 7, 8]
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.parse_state("XX.OO....", "O")
    assert info.value.reason == "mark-counts"
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.parse_state("XXXOOO...", "X")
    assert info.value.reason == "multiple-winners"


@pytest.mark.parametrize(
    ("board", "reason"),
    [
        ("XX.OO...", "wrong-length"),
        ("XX.OO....X", "wrong-length"),
        ("XX.OQ....", "unknown-mark"),
        (["X", "X", None, "O", 1, None, None, None, None], "unknown-mark"),
        (["X", "X", None, "O", "OO", None, None, None, None], "unknown-mark"),
        ("XY.......", "player-not-in-game"),
    ],
)
def test_parse_state_malformed(board: str | list[object], reason: str) -> None:
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.parse_state(board, "X")  # type: ignore[arg-type]
    assert info.value.reason == reason
    assert str(info.value)


def test_parse_state_bad_arguments() -> None:
    with pytest.raises(TypeError):
        ttt.parse_state(42, "X")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.parse_state(b"XX.OO....", "X")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ttt.parse_state("XX.OO....", "x o")  # type: ignore[arg-type]


def test_state_from_a_board_is_its_own_start() -> None:
    state = ttt.GameState.from_board("XX.OO....", "X")
    assert state.starting_board == ("X", "X", None, "O", "O", None, None, None, None)
    assert state.move_history == ()
    after = state.apply_move(2)
    assert after.status == "win"
    assert after.winning_line == (0, 1, 2)
    assert after.undo_last_move() == state
    assert state.undo_last_move() == state
    assert after.starting_state() == state


def test_evaluate_board_malformed() -> None:
    with pytest.raises(ttt.InvalidStateError) as info:
        ttt.evaluate_board("XXX")
    assert info.value.reason == "wrong-length"


def test_states_are_values() -> None:
    a = play([4, 0])
    b = play([4, 0])
    c = play([0, 4])
    assert a == b and hash(a) == hash(b)
    assert a != c  # same marks on other cells
    assert a != play([4])
    assert (a == "ttt") is False
    assert a.__eq__("ttt") is NotImplemented
    assert len({a, b, c}) == 2
    with pytest.raises(AttributeError):
        a.board = ()  # type: ignore[misc]


def test_repr_and_str() -> None:
    state = play([4, 0])
    assert repr(state) == "GameState.from_record('ttt/1 3x3 k=3 players=2 start=X moves=4,0')"
    assert eval(repr(state), {"GameState": ttt.GameState}) == state
    assert str(state) == "O..\n.X.\n..."
    assert ttt.GameState.from_board(str(state), "X").board == state.board
    assert state.board_string() == "O...X...."


def test_pickle_and_copy_round_trip() -> None:
    for state in (play([]), play([4, 0, 8]), play([0, 3, 1, 4, 2]), ttt.parse_state("XX.OO....", "X")):
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            back = pickle.loads(pickle.dumps(state, protocol))
            assert back == state
            assert snapshot(back) == snapshot(state)
        assert copy.copy(state) == state
        assert copy.deepcopy(state) == state
    rules = ttt.Rules(7, 6, 4, 2, True)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert copy.deepcopy([rules]) == [rules]


def test_exceptions_pickle_and_keep_fields() -> None:
    errors: list[ValueError] = [
        ttt.InvalidMoveError(4.5, "out-of-range", "invalid move at 4.5: out-of-range"),
        ttt.InvalidStateError("mark-counts", "bad counts"),
        ttt.InvalidRulesError("width", "width 0 is out of range"),
        ttt.InvalidRecordError(3, "version", "bad"),
        ttt.GameOverError(),
    ]
    for error in errors:
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert back.__dict__ == error.__dict__
        assert str(back) == str(error)
        assert type(error).__module__ == "ttt"
    try:
        play([4]).apply_move(4)
    except ttt.InvalidMoveError as e:
        back = pickle.loads(pickle.dumps(e))
        assert (back.index, back.reason, str(back)) == (4, "occupied", "cannot play 4: that cell is already taken")
    else:
        raise AssertionError("the move should have been refused")

"""Hypothesis property tests over random games under random rules."""

from __future__ import annotations

import copy
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

import ttt


@st.composite
def rules(draw: st.DrawFn) -> ttt.Rules:
    width = draw(st.integers(1, 8))
    height = draw(st.integers(1, 8))
    k = draw(st.integers(1, max(width, height)))
    players = draw(st.integers(2, 4))
    return ttt.Rules(width, height, k, players, draw(st.booleans()))


@st.composite
def games(draw: st.DrawFn) -> ttt.GameState:
    """A game under random rules, played with random legal moves for a random number of plies."""
    r = draw(rules())
    start = draw(st.sampled_from(r.marks))
    state = ttt.create_game(start, rules=r)
    for _ in range(draw(st.integers(0, r.cell_count))):
        moves = state.available_moves()
        if not moves:
            break
        state = state.apply_move(draw(st.sampled_from(moves)))
    return state


@settings(max_examples=300, deadline=None)
@given(games())
def test_state_invariants(state: ttt.GameState) -> None:
    r = state.rules
    board = state.board
    assert len(board) == r.cell_count
    assert sum(c is not None for c in board) == state.ply == len(state.move_history)
    assert state.is_over == (state.status != "in-progress")
    assert (state.winner is None) == (state.status != "win")
    assert (state.winning_line is None) == (state.status != "win")
    if state.winning_line is not None:
        assert len(state.winning_line) == r.k
        assert all(board[i] == state.winner for i in state.winning_line)
        assert state.winning_line in r.windows()
    if state.status == "draw":
        assert None not in board
    moves = state.available_moves()
    assert moves == sorted(moves)
    # move_mask() comes from the engine's own available_moves(): the two must agree.
    assert [i for i, b in enumerate(state.move_mask()) if b] == moves
    assert ttt.available_moves(state) == moves
    if not state.is_over:
        w = r.width
        expected = [
            i
            for i in range(r.cell_count)
            if board[i] is None and (not r.gravity or i + w >= r.cell_count or board[i + w] is not None)
        ]
        assert moves == expected
    for i in range(r.cell_count):
        assert state.is_legal(i) == (i in moves)
    assert not state.is_legal(r.cell_count)
    if not state.is_over:
        assert moves
        assert all(board[i] is None for i in moves)
    evaluation = r.evaluate(board)
    assert evaluation.status == state.status
    assert evaluation.winner == state.winner


@settings(max_examples=300, deadline=None)
@given(games())
def test_records_pickles_and_copies_round_trip(state: ttt.GameState) -> None:
    assert ttt.from_record(state.to_record()) == state
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state) == state
    assert hash(copy.deepcopy(state)) == hash(state)


@settings(max_examples=300, deadline=None)
@given(games(), st.data())
def test_apply_then_undo_is_identity(state: ttt.GameState, data: st.DataObject) -> None:
    moves = state.available_moves()
    if not moves:
        return
    index = data.draw(st.sampled_from(moves))
    after = state.apply_move(index)
    assert after.board[index] == state.current_player
    assert after.move_history == state.move_history + (index,)
    assert after.undo_last_move() == state


@settings(max_examples=300, deadline=None)
@given(games(), st.one_of(st.integers(-5, 500), st.floats(), st.text(max_size=2), st.none()))
def test_refused_moves_change_nothing(state: ttt.GameState, index: object) -> None:
    before = (state.board, state.move_history, state.status, state.current_player)
    try:
        after = state.apply_move(index)  # type: ignore[arg-type]
    except ttt.InvalidMoveError as e:
        assert e.index is index
        if state.is_over:
            assert e.reason == "game-over"
        elif not isinstance(index, int) or not 0 <= index < state.rules.cell_count:
            assert e.reason == "out-of-range"
        else:
            assert e.reason in ("occupied", "floating")
            assert index not in state.available_moves()
    else:
        assert isinstance(index, int)
        assert index in state.available_moves()
        assert after.ply == state.ply + 1
    assert (state.board, state.move_history, state.status, state.current_player) == before


@settings(max_examples=200, deadline=None)
@given(games())
def test_positions_of_real_games_are_accepted(state: ttt.GameState) -> None:
    # Any position a real game started by X reaches is accepted as a starting position.
    if state.starting_player != "X":
        return
    rebuilt = ttt.GameState.from_board(list(state.board), state.current_player, rules=state.rules)
    assert rebuilt.board == state.board
    assert rebuilt.status == state.status
    assert rebuilt.winner == state.winner
    assert rebuilt.available_moves() == state.available_moves()

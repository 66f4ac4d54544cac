"""Every value and result type pickles and deep-copies to an equal value, and results cross a
process boundary (ProcessPoolExecutor), as multiprocessing and Ray users need."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import ttt


def _round_trips(value: object) -> list[object]:
    return [
        pickle.loads(pickle.dumps(value, protocol=p)) for p in range(2, pickle.HIGHEST_PROTOCOL + 1)
    ] + [copy.deepcopy(value), copy.copy(value)]


def test_search_results_round_trip() -> None:
    state = ttt.parse_state("X...O...X", "O")
    moves = ttt.analyze(state)
    best = ttt.solve(state)
    assert best is not None
    unproven = ttt.solve(ttt.create_game(rules=ttt.Rules(9, 9, 5)), max_nodes=10)
    assert unproven is not None and not unproven.proven
    for value in [*moves, best, unproven]:
        for copied in _round_trips(value):
            assert copied == value
            assert type(copied) is type(value)
            assert repr(copied) == repr(value)


def test_evaluation_round_trips() -> None:
    for board in ("XXXOO....", "XOXXOOOXX", "........."):
        e = ttt.evaluate_board(board)
        for copied in _round_trips(e):
            assert copied == e


def test_seeded_rng_resumes_its_stream() -> None:
    rng = ttt.SeededRng(2**64 - 1)
    for _ in range(137):
        rng()
    copies = _round_trips(rng)
    expected = [rng() for _ in range(10)]
    for c in copies:
        assert isinstance(c, ttt.SeededRng)
        assert c.seed == 2**64 - 1
        assert [c() for _ in range(10)] == expected
    # A resumed generator gives the AI the same moves as the original.
    state = ttt.create_game(rules=ttt.Rules(4, 4, 3))
    a, b = ttt.SeededRng(9), ttt.SeededRng(9)
    a()
    b()
    b2 = pickle.loads(pickle.dumps(b))
    assert ttt.choose_move(state, "easy", a) == ttt.choose_move(state, "easy", b2)


def test_batch_results_round_trip_and_concatenate() -> None:
    for record in (False, True):
        batch = ttt.play_games(150, ["easy", "medium"], seed=4, record_moves=record)
        for copied in _round_trips(batch):
            assert isinstance(copied, ttt.BatchResult)
            assert (copied.winners, copied.plies, copied.moves) == (
                batch.winners,
                batch.plies,
                batch.moves,
            )
            assert copied.wins == batch.wins and copied.draws == batch.draws
    three = ttt.play_games(70, "easy", rules=ttt.Rules(4, 4, 3, 3), seed=1)
    assert pickle.loads(pickle.dumps(three)).wins == three.wins
    # Blocks b.. of a batch are the first blocks of the batch seeded seed + b.
    whole = ttt.play_games(256, "easy", seed=10, record_moves=True)
    parts = [ttt.play_games(128, "easy", seed=10 + b, record_moves=True) for b in (0, 2)]
    joined = ttt.BatchResult.concat(parts)
    assert (joined.winners, joined.moves) == (whole.winners, whole.moves)
    with pytest.raises(ValueError):
        ttt.BatchResult.concat([])
    with pytest.raises(ValueError):
        ttt.BatchResult.concat([whole, three])
    with pytest.raises(TypeError):
        ttt.BatchResult.concat([whole, 3])  # type: ignore[list-item]


def test_forged_pickles_are_refused() -> None:
    with pytest.raises(ValueError):
        ttt.MoveAnalysis(1, "won", 3)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ttt.MoveAnalysis(1, "win", None)
    with pytest.raises(ValueError):
        ttt.BestMove(1, None, None, True, 0)
    with pytest.raises(ValueError):
        ttt.Evaluation("win", None, None)
    with pytest.raises(ValueError):
        ttt.BatchResult._from_games(["X", "O"], ["X"], [3, 4], None)
    with pytest.raises(ValueError):
        ttt.BatchResult._from_games(["X", "O"], ["Y"], [3], None)
    with pytest.raises(ValueError):
        ttt.BatchResult._from_games(["X", "X"], [None], [3], None)
    with pytest.raises(ValueError):
        ttt.BatchResult._from_games(["X", "O"], [None], [3], [[1, 2]])


def _analyze_record(record: str) -> list[ttt.MoveAnalysis]:
    return ttt.analyze(ttt.from_record(record))


def _batch(seed: int) -> ttt.BatchResult:
    return ttt.play_games(64, "easy", seed=seed)


def test_results_cross_a_process_pool() -> None:
    states = [ttt.parse_state("X...O...X", "O"), ttt.parse_state("XX.OO....", "X")]
    with ProcessPoolExecutor(max_workers=2) as pool:
        # States go in as themselves, results come back as themselves.
        analyses = list(pool.map(ttt.analyze, states))
        from_records = list(pool.map(_analyze_record, [s.to_record() for s in states]))
        batches = list(pool.map(_batch, [1, 2]))
    assert analyses == [ttt.analyze(s) for s in states] == from_records
    assert [b.winners for b in batches] == [_batch(1).winners, _batch(2).winners]


# --- the values above, Step, ComputerPlayer, the errors, and refusals of bad values -----------


def round_trips(value: object) -> list[Any]:
    """``value`` through every pickle protocol, ``copy.copy`` and ``copy.deepcopy``."""
    out = [pickle.loads(pickle.dumps(value, protocol=p)) for p in range(pickle.HIGHEST_PROTOCOL + 1)]
    return [*out, copy.copy(value), copy.deepcopy(value)]


def values() -> list[object]:
    state = ttt.parse_state("XX.OO....", "X")
    return [
        state,
        ttt.Rules(7, 6, 4, gravity=True),
        ttt.evaluate_board("XXXOO...."),
        ttt.evaluate_board("XOXXOOOXX"),
        ttt.evaluate_board("........."),
        ttt.solve(state),
        ttt.solve(ttt.create_game(rules=ttt.Rules(15, 15, 5)), max_nodes=500),
        *ttt.analyze(state),
        *ttt.analyze(ttt.create_game(rules=ttt.Rules(6, 6, 5)), max_nodes=200),
        ttt.Move("O", 3, 7),
        ttt.Step("played", ttt.Move("X", 0, 4)),
        ttt.Step("waiting", "O"),
        ttt.Step("over", "draw"),
        ttt.Difficulty.MEDIUM,
    ]


@pytest.mark.parametrize("value", values(), ids=repr)
def test_values_round_trip_equal(value: object) -> None:
    for back in round_trips(value):
        assert back == value
        assert type(back) is type(value)
        assert repr(back) == repr(value)


@pytest.mark.parametrize("value", values()[2:-1], ids=repr)
def test_results_repr_is_the_constructor_call(value: object) -> None:
    assert eval(repr(value), vars(ttt)) == value  # noqa: S307 - our own repr


def test_steps_of_a_match_round_trip() -> None:
    human = ttt.HumanPlayer("X")
    match = ttt.Match(ttt.create_game(), [human, ttt.ComputerPlayer("O", "hard", seed=1)])
    steps = [match.step()]
    human.push(4, 0)
    steps += [match.step(), match.step()]
    assert [s.kind for s in steps] == ["waiting", "played", "played"]
    for step in steps:
        for back in round_trips(step):
            assert back == step


def test_computer_players_round_trip_with_their_stream() -> None:
    player = ttt.ComputerPlayer("O", "hard", seed=9, max_nodes=1000, table_bytes=1 << 16)
    player.rng()
    for back in round_trips(player):
        assert isinstance(back, ttt.ComputerPlayer)
        assert (back.mark, back.difficulty) == ("O", "hard")
        assert (back.rng.seed, back.rng.draws) == (9, 1)
    # A shallow copy shares the generator; a deep copy or a pickle has its own.
    assert copy.copy(player).rng is player.rng
    assert copy.deepcopy(player).rng is not player.rng


def test_errors_round_trip() -> None:
    for error in (
        ttt.InvalidMoveError(4, "occupied"),
        ttt.InvalidStateError("mark-counts", "bad counts"),
        ttt.GameOverError("over"),
        ttt.MatchBusyError(),
    ):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error)
        assert str(back) == str(error)


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (lambda: ttt.MoveAnalysis(-1), ValueError),
        (lambda: ttt.MoveAnalysis(0, "won"), ValueError),  # type: ignore[arg-type]
        (lambda: ttt.MoveAnalysis(0, "win", 2**32), ValueError),
        (lambda: ttt.BestMove(0, nodes=-1), ValueError),
        (lambda: ttt.Evaluation("over"), ValueError),  # type: ignore[arg-type]
        (lambda: ttt.Evaluation("win", "W"), ValueError),  # type: ignore[arg-type]
        (lambda: ttt.Evaluation("win", "X", range(100)), ValueError),
        (lambda: ttt.Step("over", "in-progress"), ValueError),
        (lambda: ttt.Step("played", 4), TypeError),  # type: ignore[arg-type]
        (lambda: ttt.Step("jumped", "X"), ValueError),  # type: ignore[arg-type]
    ],
)
def test_rebuilding_refuses_bad_values(bad: Callable[[], object], error: type[Exception]) -> None:
    with pytest.raises(error):
        bad()

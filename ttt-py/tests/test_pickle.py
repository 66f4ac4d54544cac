"""Everything a user keeps pickles and copies (issue 12, item 2): states, rules, every result
type, ``SeededRng`` (which goes on with its stream where it was), computer players, and the
exceptions; and results cross process boundaries (``ProcessPoolExecutor``)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

import ttt


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


def test_batch_results_round_trip() -> None:
    for batch in (
        ttt.play_games(200, seed=4, record_moves=True),
        ttt.play_games(100, ("hard", "easy", "medium"), rules=ttt.Rules(4, 4, 3, players=3)),
        ttt.play_games(0),
    ):
        for back in round_trips(batch):
            assert isinstance(back, ttt.BatchResult)
            assert (back.games, back.winners, back.plies) == (batch.games, batch.winners, batch.plies)
            assert (back.wins, back.draws, back.moves) == (batch.wins, batch.draws, batch.moves)


def test_seeded_rng_resumes_its_stream() -> None:
    rng = ttt.SeededRng(77)
    for _ in range(1234):
        rng()
    rng.next_u64()

    def continued() -> list[float]:
        reference = ttt.SeededRng(77)
        for _ in range(1235):
            reference.next_u64()
        return [reference() for _ in range(50)]

    for back in round_trips(rng):
        assert isinstance(back, ttt.SeededRng)
        assert (back.seed, back.draws) == (77, 1235)
        assert [back() for _ in range(50)] == continued()
    # The copies are independent of the original, which goes on from the same point.
    assert (rng.draws, [rng() for _ in range(50)]) == (1235, continued())


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


def analyze_in_worker(record: str) -> tuple[list[ttt.MoveAnalysis], ttt.BestMove | None]:
    state = ttt.from_record(record)
    return ttt.analyze(state), ttt.solve(state)


def batch_in_worker(seed: int) -> ttt.BatchResult:
    return ttt.play_games(128, seed=seed, record_moves=True)


def test_results_cross_process_boundaries() -> None:
    records = [
        ttt.parse_state("XX.OO....", "X").to_record(),
        ttt.create_game().to_record(),
        ttt.create_game(rules=ttt.Rules(4, 4, 3)).to_record(),
    ]
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = list(pool.map(analyze_in_worker, records))
        batches = list(pool.map(batch_in_worker, [1, 2]))
    for record, (moves, best) in zip(records, remote, strict=True):
        assert (moves, best) == analyze_in_worker(record)
    for seed, batch in zip([1, 2], batches, strict=True):
        here = batch_in_worker(seed)
        assert (batch.winners, batch.moves) == (here.winners, here.moves)


def test_batch_results_concatenate_in_order() -> None:
    # Blocks b.. of a batch are the first blocks of the batch seeded seed + b, so parts played
    # apart (ttt.distributed does) join into the whole batch.
    whole = ttt.play_games(256, "easy", seed=10, record_moves=True)
    parts = [ttt.play_games(128, "easy", seed=10 + b, record_moves=True) for b in (0, 2)]
    joined = ttt.BatchResult.concat(iter(parts))
    assert (joined.winners, joined.plies, joined.moves) == (whole.winners, whole.plies, whole.moves)
    back = pickle.loads(pickle.dumps(joined))
    assert (back.winners, back.moves) == (whole.winners, whole.moves)
    three = ttt.play_games(70, "easy", rules=ttt.Rules(4, 4, 3, 3), seed=1)
    with pytest.raises(ValueError):
        ttt.BatchResult.concat([])
    with pytest.raises(ValueError):
        ttt.BatchResult.concat([whole, three])
    with pytest.raises(TypeError):
        ttt.BatchResult.concat([whole, 3])  # type: ignore[list-item]


def test_a_seeded_rng_far_into_its_stream_unpickles_at_once() -> None:
    far = ttt.SeededRng._restore(7, 10**18)  # type: ignore[attr-defined]
    assert far.draws == 10**18
    again = pickle.loads(pickle.dumps(far))
    assert [again() for _ in range(3)] == [far() for _ in range(3)]

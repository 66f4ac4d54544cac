"""Every value and result type pickles and deep-copies to an equal value, and results cross a
process boundary (ProcessPoolExecutor), as multiprocessing and Ray users need."""

from __future__ import annotations

import copy
import pickle
from concurrent.futures import ProcessPoolExecutor

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

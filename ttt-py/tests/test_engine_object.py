"""``ttt.Engine`` (a table kept between calls) and ``time_limit=`` on every search entry point
(issue 9 items 2 and 5).

No pass/fail test here depends on the machine's speed: the time limit is checked with a
generous margin only, and the table's reuse by node counts (deterministic under a node budget).
"""

from __future__ import annotations

import copy
import math
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import ttt

# Boards small enough to solve: the engine must answer exactly as the free functions.
SOLVED = [
    ttt.create_game(),
    ttt.parse_state("XX.OO....", "X"),
    ttt.parse_state("X...O...X", "O"),
    ttt.create_game(rules=ttt.Rules(4, 4, 3)),
    ttt.apply_move(ttt.create_game(rules=ttt.Rules(4, 4, 4)), 5),
    ttt.create_game(rules=ttt.Rules(5, 4, 4, gravity=True)),
    ttt.create_game(rules=ttt.Rules(4, 4, 3, players=3)),
]
BIG = ttt.apply_move(ttt.create_game(rules=ttt.Rules(15, 15, 5)), 112)
GENEROUS = 2.0  # seconds of margin on a time limit: the machine is shared, the check is loose


def test_engine_defaults_and_repr() -> None:
    e = ttt.Engine()
    assert e.table_bytes == 64 << 20
    assert repr(e) == "Engine(table_bytes=67108864)"
    assert ttt.Engine(table_bytes=0).table_bytes == 0
    assert ttt.Engine(table_bytes=None).table_bytes == 64 << 20


@pytest.mark.parametrize("state", SOLVED, ids=str)
def test_engine_answers_as_the_free_functions_on_solved_boards(state: ttt.GameState) -> None:
    engine = ttt.Engine()
    for _ in range(2):  # the second round with a warm table: still the same answers
        mine_best, their_best = engine.solve(state), ttt.solve(state)
        assert mine_best is not None and their_best is not None and mine_best.proven
        # The node count differs once the table is warm; everything else is the same.
        assert (mine_best.index, mine_best.outcome, mine_best.plies, mine_best.proven) == (
            their_best.index,
            their_best.outcome,
            their_best.plies,
            their_best.proven,
        )
        assert engine.best_move(state) == ttt.best_move(state)
        mine = [(m.index, m.outcome, m.plies) for m in engine.analyze(state)]
        theirs = [(m.index, m.outcome, m.plies) for m in ttt.analyze(state)]
        assert mine == theirs
        for difficulty in ("easy", "medium", "hard"):
            for seed in range(4):
                assert engine.choose_move(state, difficulty, seed=seed) == ttt.choose_move(
                    state, difficulty, seed=seed
                )
                assert engine.choose_move_with(
                    state, difficulty, ttt.SeededRng(seed)
                ) == ttt.choose_move_with(state, difficulty, ttt.SeededRng(seed))


def test_the_table_is_kept_between_calls_and_clear_forgets_it() -> None:
    state = ttt.create_game(rules=ttt.Rules(5, 4, 4))
    engine = ttt.Engine()
    cold = engine.solve(state)
    warm = engine.solve(state)
    assert cold is not None and warm is not None
    assert (warm.index, warm.outcome, warm.plies) == (cold.index, cold.outcome, cold.plies)
    assert warm.nodes < cold.nodes, "the second call found nothing of the first in the table"
    # The move after: the table of the call before helps, the free function starts afresh.
    after = ttt.apply_move(state, cold.index)
    assert engine.solve(after).nodes < ttt.solve(after).nodes  # type: ignore[union-attr]
    engine.clear()
    again = engine.solve(state)
    assert again == cold, "a cleared engine answers as a fresh one"
    # Every call of a free function is a fresh engine.
    assert ttt.solve(state) == cold


def test_a_game_through_one_engine_equals_the_free_functions_on_a_solved_board() -> None:
    engine = ttt.Engine()
    rng_a, rng_b = ttt.SeededRng(11), ttt.SeededRng(11)
    a = b = ttt.create_game(rules=ttt.Rules(4, 4, 3))
    while a.status == "in-progress":
        i = engine.choose_move(a, "hard", rng_a)
        assert i == ttt.choose_move(b, "hard", rng_b)
        a, b = ttt.apply_move(a, i), ttt.apply_move(b, i)
    assert a == b
    assert a.winner == "X"  # 4x4 k=3 is a first-player win under perfect play


def test_one_engine_plays_a_whole_big_board_game_and_changes_of_rules() -> None:
    engine = ttt.Engine(table_bytes=1 << 22)
    state = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for _ in range(8):
        i = engine.choose_move(state, "hard", seed=state.ply, max_nodes=5_000)
        assert i in state.available_moves()
        state = ttt.apply_move(state, i)
    assert state.ply == 8
    # The same engine on other rules (its table is cleared by itself) still answers exactly.
    for s in SOLVED:
        assert engine.best_move(s) == ttt.best_move(s)


# --- pickling and copying ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "duplicate",
    [
        lambda e: pickle.loads(pickle.dumps(e)),
        lambda e: pickle.loads(pickle.dumps(e, protocol=0)),
        copy.deepcopy,
        copy.copy,
    ],
    ids=["pickle", "pickle-0", "deepcopy", "copy"],
)
def test_an_engine_duplicates_as_an_empty_engine_with_the_same_settings(
    duplicate: Callable[[ttt.Engine], ttt.Engine],
) -> None:
    state = ttt.create_game(rules=ttt.Rules(5, 4, 4))
    warm = ttt.Engine(table_bytes=1 << 21)
    cold = warm.solve(state)
    assert cold is not None
    twin = duplicate(warm)
    assert type(twin) is ttt.Engine and twin is not warm
    assert twin.table_bytes == 1 << 21
    # Empty: it searches as much as a fresh engine (the original, warm, searches less).
    assert twin.solve(state) == cold
    assert warm.solve(state).nodes < cold.nodes  # type: ignore[union-attr]


def test_a_pickled_engine_in_a_container_and_a_pickled_player_keep_their_limits() -> None:
    engines = pickle.loads(pickle.dumps([ttt.Engine(table_bytes=0), ttt.Engine()]))
    assert [e.table_bytes for e in engines] == [0, 64 << 20]
    player = ttt.ComputerPlayer("X", "hard", seed=3, max_nodes=500, time_limit=0.25)
    again = pickle.loads(pickle.dumps(player))
    assert again.__reduce__()[1][3:] == (500, None, 0.25, None)
    player = ttt.ComputerPlayer("X", "hard", seed=3, max_nodes=500, proof_nodes=0)
    again = pickle.loads(pickle.dumps(player))
    assert again.__reduce__()[1][3:] == (500, None, None, 0)
    # A player pickled before proof_nodes existed (six arguments) still loads, with the default.
    rng = ttt.SeededRng(3)
    old = ttt.ComputerPlayer._restore("X", "hard", rng, 500, None, 0.25)  # type: ignore[attr-defined]
    assert old.__reduce__()[1][3:] == (500, None, 0.25, None)


# --- the time limit ------------------------------------------------------------------------------

ENGINE = ttt.Engine(table_bytes=1 << 22)
# Every entry point with a time limit, on a board no search finishes (the node budget is
# effectively unbounded, so only the clock stops it).
TIMED: list[tuple[str, Callable[[float], Any]]] = [
    ("best_move", lambda t: ttt.best_move(BIG, max_nodes=10**15, time_limit=t)),
    ("solve", lambda t: ttt.solve(BIG, max_nodes=10**15, time_limit=t)),
    ("analyze", lambda t: ttt.analyze(BIG, max_nodes=10**15, time_limit=t)),
    ("choose_move", lambda t: ttt.choose_move(BIG, "hard", seed=1, max_nodes=10**15, time_limit=t)),
    (
        "choose_move_with",
        lambda t: ttt.choose_move_with(BIG, "hard", seed=1, max_nodes=10**15, time_limit=t),
    ),
    ("Engine.best_move", lambda t: ENGINE.best_move(BIG, max_nodes=10**15, time_limit=t)),
    ("Engine.solve", lambda t: ENGINE.solve(BIG, max_nodes=10**15, time_limit=t)),
    ("Engine.analyze", lambda t: ENGINE.analyze(BIG, max_nodes=10**15, time_limit=t)),
    (
        "Engine.choose_move",
        lambda t: ENGINE.choose_move(BIG, "hard", seed=1, max_nodes=10**15, time_limit=t),
    ),
    (
        "Engine.choose_move_with",
        lambda t: ENGINE.choose_move_with(BIG, "hard", seed=1, max_nodes=10**15, time_limit=t),
    ),
    (
        "play_games",
        lambda t: ttt.play_games(
            1, "hard", start=BIG, max_nodes=10**15, time_limit=t / 40, threads=1
        ),
    ),
]


@pytest.mark.parametrize("call", [c for _, c in TIMED], ids=[n for n, _ in TIMED])
def test_a_time_limit_bounds_every_entry_point(call: Callable[[float], Any]) -> None:
    limit = 0.2
    started = time.monotonic()
    answer = call(limit)
    took = time.monotonic() - started
    assert answer is not None
    if isinstance(answer, ttt.BestMove):
        assert not answer.proven and answer.index in BIG.available_moves()
    assert took < limit + GENEROUS, f"{took:.2f}s for a {limit}s limit"


def test_a_computer_player_with_a_time_limit_moves_in_time() -> None:
    m = ttt.Match(
        BIG,
        [
            ttt.ComputerPlayer("O", "hard", seed=1, max_nodes=10**15, time_limit=0.1),
            ttt.HumanPlayer("X"),
        ],
    )
    started = time.monotonic()
    step = m.step()
    assert time.monotonic() - started < 0.1 + GENEROUS
    assert step is not None and m.state.ply == 2


def test_the_node_budget_still_stops_first_under_a_long_time_limit() -> None:
    # Deterministic: a budget that runs out long before the clock gives the answer of the
    # budget alone.
    assert ttt.solve(BIG, max_nodes=3_000, time_limit=3600) == ttt.solve(BIG, max_nodes=3_000)
    fresh = ttt.Engine()
    assert fresh.solve(BIG, max_nodes=3_000, time_limit=3600) == ttt.solve(BIG, max_nodes=3_000)


@pytest.mark.parametrize("good", [1, 0.5, 1e-9, Fraction(1, 10), 10**9, 1.5e18])
def test_time_limit_accepts_positive_finite_numbers(good: Any) -> None:
    state = ttt.parse_state("XX.OO....", "X")
    assert ttt.best_move(state, time_limit=good) == 2
    assert ttt.Engine().best_move(state, time_limit=good) == 2


# --- hostile values ------------------------------------------------------------------------------

BAD_TIME_LIMITS: list[tuple[Any, type[Exception]]] = [
    (math.nan, ValueError),
    (math.inf, ValueError),
    (-math.inf, ValueError),
    (-1, ValueError),
    (-1e-9, ValueError),
    (0, ValueError),
    (0.0, ValueError),
    (-0.0, ValueError),
    (1e300, ValueError),
    (10**400, ValueError),
    (-(10**400), ValueError),
    (2**64, ValueError),
    (True, TypeError),
    (False, TypeError),
    ("1", TypeError),
    ("", TypeError),
    (b"1", TypeError),
    ([1], TypeError),
    (1j, TypeError),
    (object(), TypeError),
]
ENTRY_POINTS: list[tuple[str, Callable[[Any], Any]]] = [
    ("best_move", lambda t: ttt.best_move(BIG, max_nodes=10, time_limit=t)),
    ("solve", lambda t: ttt.solve(BIG, max_nodes=10, time_limit=t)),
    ("analyze", lambda t: ttt.analyze(BIG, max_nodes=10, time_limit=t)),
    ("choose_move", lambda t: ttt.choose_move(BIG, "hard", seed=1, time_limit=t)),
    ("choose_move_with", lambda t: ttt.choose_move_with(BIG, "easy", seed=1, time_limit=t)),
    ("Engine.best_move", lambda t: ENGINE.best_move(BIG, max_nodes=10, time_limit=t)),
    ("Engine.solve", lambda t: ENGINE.solve(BIG, max_nodes=10, time_limit=t)),
    ("Engine.analyze", lambda t: ENGINE.analyze(BIG, max_nodes=10, time_limit=t)),
    ("Engine.choose_move", lambda t: ENGINE.choose_move(BIG, "hard", seed=1, time_limit=t)),
    ("Engine.choose_move_with", lambda t: ENGINE.choose_move_with(BIG, "easy", time_limit=t)),
    ("ComputerPlayer", lambda t: ttt.ComputerPlayer("X", "hard", seed=1, time_limit=t)),
    ("play_games", lambda t: ttt.play_games(1, "hard", start=BIG, max_nodes=10, time_limit=t)),
]


@pytest.mark.parametrize("entry", [c for _, c in ENTRY_POINTS], ids=[n for n, _ in ENTRY_POINTS])
@pytest.mark.parametrize(
    ("bad", "error"), BAD_TIME_LIMITS, ids=[repr(b)[:12] for b, _ in BAD_TIME_LIMITS]
)
def test_a_bad_time_limit_is_refused_clearly(
    entry: Callable[[Any], Any], bad: Any, error: type[Exception]
) -> None:
    with pytest.raises(error, match="time_limit") as info:
        entry(bad)
    assert type(info.value) is error  # not OverflowError, not a PanicException


def test_a_bad_time_limit_says_what_to_pass_instead() -> None:
    with pytest.raises(ValueError, match="None for no limit"):
        ttt.best_move(BIG, time_limit=0)
    with pytest.raises(ValueError, match="finite"):
        ttt.best_move(BIG, time_limit=math.inf)
    with pytest.raises(ValueError, match="NaN"):
        ttt.best_move(BIG, time_limit=math.nan)


@pytest.mark.parametrize(
    ("bad", "error"),
    [(-1, ValueError), (2**64, ValueError), (10**400, ValueError), (True, TypeError),
     (1.5, TypeError), ("1", TypeError)],
)
def test_a_bad_engine_size_is_refused(bad: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="table_bytes"):
        ttt.Engine(table_bytes=bad)


def test_engine_methods_take_no_table_bytes_and_no_positional_size() -> None:
    engine = ttt.Engine()
    with pytest.raises(TypeError):
        engine.solve(BIG, table_bytes=1 << 20)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ttt.Engine(1 << 20)  # type: ignore[call-arg]
    with pytest.raises(ttt.GameOverError):
        engine.choose_move(ttt.parse_state("XXXOO....", "O"), "hard", seed=1)
    assert engine.solve(ttt.parse_state("XXXOO....", "O")) is None
    assert engine.analyze(ttt.parse_state("XXXOO....", "O")) == []


# --- threads -------------------------------------------------------------------------------------


def test_one_engine_from_several_threads_is_serialised_without_deadlock() -> None:
    engine = ttt.Engine(table_bytes=1 << 22)
    errors: list[BaseException] = []
    answers: dict[str, list[object]] = {}
    small = ttt.create_game(rules=ttt.Rules(4, 4, 3))
    expected = ttt.best_move(small)

    def python_rng() -> float:  # needs the GIL from inside the search
        return 0.25

    jobs: dict[str, Callable[[], object]] = {
        "big": lambda: engine.choose_move(BIG, "hard", seed=1, max_nodes=10**15, time_limit=0.3),
        "rng": lambda: engine.choose_move(BIG, "hard", python_rng, max_nodes=20_000),
        "analyze": lambda: len(engine.analyze(BIG, max_nodes=20_000)),
        "small": lambda: engine.best_move(small),
        "clear": engine.clear,
        "c4": lambda: engine.solve(ttt.create_game(rules=ttt.Rules.CONNECT_FOUR), max_nodes=20_000),
    }

    def worker(name: str, job: Callable[[], object]) -> None:
        try:
            for _ in range(3):
                answers.setdefault(name, []).append(job())
        except BaseException as e:  # noqa: BLE001 - any exception is the failure
            errors.append(e)

    threads = [threading.Thread(target=worker, args=item) for item in jobs.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "deadlock: a thread never returned"
    assert errors == []
    assert answers["small"] == [expected] * 3
    assert all(i in BIG.available_moves() for i in answers["big"] + answers["rng"])


def test_engines_on_different_threads_search_in_parallel() -> None:
    results: list[int | None] = [None] * 4

    def worker(i: int) -> None:
        results[i] = ttt.Engine(table_bytes=1 << 20).best_move(BIG, max_nodes=5_000)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    # Fresh engines under a node budget: the same answer as the free function.
    assert results == [ttt.best_move(BIG, max_nodes=5_000)] * 4


# --- Ctrl-C --------------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("method", ["choose_move", "analyze"])
def test_ctrl_c_interrupts_an_engine_which_then_answers_again(method: str) -> None:
    script = f"""
        import signal, sys, ttt
        signal.signal(signal.SIGINT, signal.default_int_handler)  # see test_ai.py
        big = ttt.create_game(rules=ttt.Rules(20, 20, 5))
        engine = ttt.Engine()
        args = (big, "hard") if {method!r} == "choose_move" else (big,)
        print("ready", flush=True)
        try:
            engine.{method}(*args, max_nodes=10**15, time_limit=600)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            # The interrupted search lets go of the engine; the next call answers exactly.
            print(engine.best_move(ttt.parse_state("XX.OO....", "X")), flush=True)
            sys.exit(0)
        sys.exit(1)
    """
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    assert proc.stdout.readline().strip() == "interrupted"
    waited = time.monotonic() - sent
    # Not communicate(timeout=...): it reads the pipe past the lines readline() has already
    # buffered, and the answer may come in the same read as "interrupted".
    assert proc.wait(timeout=60) == 0
    out = proc.stdout.read()
    assert out.strip() == "2"
    assert waited < 1.0 + GENEROUS, f"Ctrl-C took {waited:.2f}s"


# --- proof_nodes: the weak proof's budget under gravity -----------------------------------------

# Connect Four after 8 plies (columns 4, 3, 4, 4, 3, 2, 5, 5): a small budget cannot settle it,
# and enough of the board is filled for the weak proof.
C4 = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
for _column in "43443255":
    C4 = C4.play_column(int(_column) - 1)
C4_ENGINE = ttt.Engine(table_bytes=1 << 20)
# Every entry point with a node count (best_move and choose_move report none) or a move.
PROOF_CALLS: list[tuple[str, Callable[..., Any]]] = [
    ("best_move", lambda **kw: ttt.best_move(C4, **kw)),
    ("solve", lambda **kw: ttt.solve(C4, **kw)),
    ("solve_weak", lambda **kw: ttt.solve(C4, weak=True, **kw)),
    ("analyze", lambda **kw: ttt.analyze(C4, **kw)),
    ("choose_move", lambda **kw: ttt.choose_move(C4, "hard", seed=1, **kw)),
    ("choose_move_with", lambda **kw: ttt.choose_move_with(C4, "hard", seed=1, **kw)),
    ("Engine.best_move", lambda **kw: C4_ENGINE.best_move(C4, **kw)),
    ("Engine.solve", lambda **kw: C4_ENGINE.solve(C4, **kw)),
    ("Engine.analyze", lambda **kw: C4_ENGINE.analyze(C4, **kw)),
    ("Engine.choose_move", lambda **kw: C4_ENGINE.choose_move(C4, "hard", seed=1, **kw)),
    ("Engine.choose_move_with", lambda **kw: C4_ENGINE.choose_move_with(C4, "hard", seed=1, **kw)),
    ("play_games", lambda **kw: ttt.play_games(1, "hard", start=C4, threads=1, **kw)),
    (
        "ComputerPlayer",
        lambda **kw: ttt.Match(
            C4, [ttt.ComputerPlayer("X", "hard", seed=1, **kw), ttt.HumanPlayer("O")]
        ).step(),
    ),
]


@pytest.mark.parametrize("call", [c for _, c in PROOF_CALLS], ids=[n for n, _ in PROOF_CALLS])
def test_every_entry_point_takes_proof_nodes(call: Callable[..., Any]) -> None:
    for proof_nodes in (0, 1, 5_000, None):
        answer = call(max_nodes=1_000, proof_nodes=proof_nodes)
        assert answer is not None
        if isinstance(answer, ttt.BestMove):
            answer = answer.index
        elif isinstance(answer, tuple):
            answer = answer[0]
        if isinstance(answer, int):
            assert answer in C4.available_moves()


def test_proof_nodes_0_makes_max_nodes_a_hard_bound() -> None:
    for weak in (False, True):
        for answer in (
            ttt.solve(C4, weak=weak, max_nodes=1_000, proof_nodes=0),
            ttt.Engine(table_bytes=1 << 20).solve(C4, weak=weak, max_nodes=1_000, proof_nodes=0),
        ):
            assert answer is not None and not answer.proven
            assert 0 < answer.nodes <= 1_000
            assert answer.index in C4.available_moves()
        # On, the same call goes past max_nodes: the keyword reaches the search.
        on = ttt.solve(C4, weak=weak, max_nodes=1_000, proof_nodes=20_000)
        assert on is not None and on.nodes > 1_000
    # The largest values are accepted (no overflow): here the clock ends the call.
    started = time.monotonic()
    answer = ttt.solve(C4, max_nodes=2**64 - 1, proof_nodes=2**64 - 1, time_limit=0.1)
    assert answer is not None and answer.index in C4.available_moves()
    assert time.monotonic() - started < 0.1 + GENEROUS


@pytest.mark.parametrize(
    ("bad", "error"),
    [(-1, ValueError), (2**64, ValueError), (1.5, TypeError), ("x", TypeError), (True, TypeError)],
)
def test_a_bad_proof_nodes_is_refused_like_max_nodes(bad: Any, error: type[Exception]) -> None:
    for call in (
        lambda: ttt.solve(C4, proof_nodes=bad),
        lambda: ttt.Engine().best_move(C4, proof_nodes=bad),
        lambda: ttt.play_games(1, proof_nodes=bad),
    ):
        with pytest.raises(error, match="proof_nodes"):
            call()
    with pytest.raises(error, match="max_nodes"):
        ttt.solve(C4, max_nodes=bad)


def test_the_distributed_calls_check_time_limit_on_the_driver() -> None:
    pytest.importorskip("ray")
    from ttt import distributed

    with pytest.raises(ValueError, match="time_limit"):
        distributed.solve(ttt.create_game(), time_limit=0)
    with pytest.raises(TypeError, match="time_limit"):
        distributed.play_games(10, "hard", time_limit="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("state", [BIG, ttt.create_game()], ids=["big", "small"])
def test_an_rng_that_calls_its_own_engine_gets_an_error_not_a_hang(state: ttt.GameState) -> None:
    engine = ttt.Engine(table_bytes=1 << 20)

    def rng() -> float:
        engine.best_move(state, max_nodes=100)
        return 0.5

    with pytest.raises(ValueError, match="middle of a call on this thread"):
        engine.choose_move(state, "hard", rng, max_nodes=2_000)
    # The engine is free again, and another engine may be called from the rng.
    other = ttt.Engine(table_bytes=1 << 20)

    def polite_rng() -> float:
        other.best_move(state, max_nodes=100)
        return 0.5

    assert engine.choose_move(state, "hard", polite_rng, max_nodes=2_000) in state.available_moves()

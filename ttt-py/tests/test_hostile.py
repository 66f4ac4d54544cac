"""Regression tests for hostile input (issue 10): each failed before its fix.

The general rule (only documented exceptions, never a panic, an OverflowError, an abort or a
hang) is checked over arbitrary arguments in ``test_rule.py``; these pin the cases that broke.
"""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import ttt

# --- 1. threads= is bounded ---------------------------------------------------------------------


@pytest.mark.parametrize("threads", [2**40, 2**63, 2**64, 2**200, 100_000])
def test_huge_thread_counts_are_capped(threads: int) -> None:
    # Before: a 26 TB allocation (SIGABRT), "capacity overflow" or "failed to spawn thread".
    result = ttt.play_games(2000, seed=3, threads=threads)
    assert result.winners == ttt.play_games(2000, seed=3, threads=1).winners
    assert ttt.MAX_THREADS == 256


@pytest.mark.parametrize("threads", [0, -1, -(2**70)])
def test_thread_counts_below_one_are_refused(threads: int) -> None:
    with pytest.raises(ValueError, match="threads"):
        ttt.play_games(10, threads=threads)


# --- 2. endless iterables -----------------------------------------------------------------------


def test_endless_board_is_refused() -> None:
    # Before: memory grew without bound, and Ctrl-C did not stop it.
    with pytest.raises(ttt.InvalidStateError) as err:
        ttt.GameState.from_board(itertools.repeat(None), "X")
    assert err.value.reason == "wrong-length"
    with pytest.raises(ttt.InvalidStateError):
        ttt.Rules().evaluate(itertools.repeat(None))
    with pytest.raises(ttt.InvalidStateError):
        ttt.evaluate_board(itertools.repeat("X"))
    with pytest.raises(ttt.InvalidStateError):
        ttt.parse_state(itertools.count(), "X")  # type: ignore[arg-type]


def test_board_iterables_are_read_no_further_than_needed() -> None:
    pulled = 0

    def cells() -> Iterator[None]:
        nonlocal pulled
        while True:
            pulled += 1
            yield None

    with pytest.raises(ttt.InvalidStateError):
        ttt.GameState.from_board(cells(), "X", rules=ttt.Rules(20, 20, 5))
    assert pulled == 401
    # 400 cells is a whole 20 x 20 board.
    big = ttt.Rules(20, 20, 5)
    assert ttt.GameState.from_board([None] * 400, "X", rules=big).rules == big


def test_endless_player_lists_are_refused() -> None:
    with pytest.raises(ValueError):
        ttt.play_games(8, itertools.repeat("easy"))
    with pytest.raises(ValueError):
        ttt.Match(ttt.create_game(), itertools.repeat(ttt.HumanPlayer("X")))


# --- 3. Match from another thread ---------------------------------------------------------------


def test_match_runs_on_another_thread() -> None:
    # Before: PanicException "Match is unsendable".
    match = ttt.Match(
        ttt.create_game(),
        [ttt.ComputerPlayer("X", "hard", seed=1), ttt.ComputerPlayer("O", "hard", seed=2)],
    )
    steps: list[ttt.Step] = []
    worker = threading.Thread(target=lambda: steps.append(match.run()))
    worker.start()
    worker.join()
    assert steps[0].kind == "over"
    assert match.state.status == "draw"


def test_match_steps_from_many_threads_one_at_a_time() -> None:
    inbox = ttt.HumanPlayer("X")
    match = ttt.Match(ttt.create_game(), [inbox, ttt.ComputerPlayer("O", "easy", seed=4)])
    for ply, cell in enumerate([0, 1, 2, 3]):
        inbox.push(cell, 2 * ply)
    errors: list[BaseException] = []

    def stepper() -> None:
        try:
            for _ in range(10):
                match.step()
        except ttt.InvalidMoveError:
            pass  # a pushed cell the computer took first
        except BaseException as e:  # noqa: BLE001 - any other exception is the failure
            errors.append(e)

    workers = [threading.Thread(target=stepper) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert errors == []
    state = match.state
    assert ttt.GameState.from_record(state.to_record()) == state


# --- 4. Ctrl-C during a slow rng ----------------------------------------------------------------


def run_and_interrupt(script: str, ready: str, delay: float = 1.0) -> tuple[str, float]:
    """Runs ``script`` in a fresh interpreter, sends SIGINT ``delay`` s after it prints
    ``ready``, and returns its output and how long after the signal it exited."""
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(script)],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == ready
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    sent = time.monotonic()
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0, out
    return out, time.monotonic() - sent


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("difficulty", ["hard", "easy"])
def test_ctrl_c_does_not_wait_for_a_slow_rng(difficulty: str) -> None:
    # Before: KeyboardInterrupt only once the callable returned (14 s for a 12 s callable).
    out, waited = run_and_interrupt(
        f"""
        import signal, sys, time, ttt
        signal.signal(signal.SIGINT, signal.default_int_handler)  # see test_ai.py
        big = ttt.create_game(rules=ttt.Rules(15, 15, 5))
        def slow_rng():
            time.sleep(40)
            return 0.5
        print("ready", flush=True)
        try:
            ttt.choose_move(big, {difficulty!r}, slow_rng, max_nodes=2000)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        sys.exit(1)
        """,
        "ready",
    )
    assert out.strip() == "interrupted"
    assert waited < 20, f"the interrupt took {waited:.1f}s: it waited for the rng"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_stops_a_computer_step_and_plays_nothing() -> None:
    out, _ = run_and_interrupt(
        """
        import signal, sys, ttt
        signal.signal(signal.SIGINT, signal.default_int_handler)
        big = ttt.create_game(rules=ttt.Rules(20, 20, 5))
        m = ttt.Match(big, [ttt.ComputerPlayer("X", "hard", seed=1, max_nodes=10**12),
                            ttt.HumanPlayer("O")])
        print("ready", flush=True)
        try:
            m.step()
        except KeyboardInterrupt:
            print("interrupted", m.state.ply, flush=True)
            sys.exit(0)
        sys.exit(1)
        """,
        "ready",
        delay=0.5,
    )
    assert out.strip() == "interrupted 0"


# --- 5. negative and too large integers ---------------------------------------------------------

TOO_BIG = [-1, -(2**64), 2**64, 2**200]


@pytest.mark.parametrize("n", [-1, 2**64])
def test_cell_off_the_board_is_an_index_error(n: int) -> None:
    # Before: OverflowError.
    with pytest.raises(IndexError):
        ttt.create_game().cell(n)
    with pytest.raises(TypeError):
        ttt.create_game().cell("0")  # type: ignore[arg-type]


@pytest.mark.parametrize("n", TOO_BIG)
def test_positions_off_the_board_are_none(n: int) -> None:
    rules = ttt.Rules()
    assert rules.index(n, 0) is None
    assert rules.index(0, n) is None
    assert rules.row_col(n) is None
    assert rules.centre_distance4(n) is None


@pytest.mark.parametrize("n", TOO_BIG)
def test_counts_out_of_range_are_value_errors(n: int) -> None:
    state = ttt.create_game()
    calls: list[Callable[[], object]] = [
        lambda: ttt.best_move(state, max_nodes=n),
        lambda: ttt.best_move(state, proof_nodes=n),
        lambda: ttt.solve(state, table_bytes=n),
        lambda: ttt.solve(state, weak=True, proof_nodes=n),
        lambda: ttt.analyze(state, max_nodes=n),
        lambda: ttt.choose_move(state, "hard", seed=n),
        lambda: ttt.choose_move_with(state, "easy", max_nodes=n),
        lambda: ttt.choose_move(state, "hard", proof_nodes=n),
        lambda: ttt.analyze(state, proof_nodes=n),
        lambda: ttt.Engine().solve(state, proof_nodes=n),
        lambda: ttt.Engine().choose_move_with(state, "easy", proof_nodes=n),
        lambda: ttt.play_games(n),
        lambda: ttt.play_games(1, seed=n),
        lambda: ttt.play_games(1, max_nodes=n),
        lambda: ttt.play_games(1, proof_nodes=n),
        lambda: ttt.Move("X", n, 0),
        lambda: ttt.Move("X", 0, n),
        lambda: ttt.HumanPlayer("X").push(n, 0),
        lambda: ttt.HumanPlayer("X").push(0, n),
        lambda: ttt.ComputerPlayer("X", "easy", max_nodes=n),
        lambda: ttt.ComputerPlayer("X", "easy", proof_nodes=n),
        lambda: ttt.ComputerPlayer("X", "easy", seed=n),
        lambda: ttt.ComputerPlayer("X", "easy", table_bytes=n),
        lambda: ttt.SeededRng(n),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()


@pytest.mark.parametrize("bad", [1.5, "3", None, True])
def test_counts_of_the_wrong_type_are_type_errors(bad: object) -> None:
    with pytest.raises(TypeError):
        ttt.Move("X", bad, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.SeededRng(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [1.5, "3", True, False, [1]])
def test_node_budgets_of_the_wrong_type_are_type_errors(bad: object) -> None:
    # None is the default, so it is allowed here; a bool is not an int for a budget.
    state = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for name in ("max_nodes", "proof_nodes"):
        kw: dict[str, Any] = {name: bad}
        for call in (
            lambda: ttt.solve(state, **kw),
            lambda: ttt.best_move(state, **kw),
            lambda: ttt.choose_move(state, "hard", seed=1, **kw),
            lambda: ttt.Engine().solve(state, **kw),
            lambda: ttt.ComputerPlayer("X", "hard", **kw),
            lambda: ttt.play_games(1, **kw),
        ):
            with pytest.raises(TypeError, match=name):
                call()


def test_integer_likes_are_accepted() -> None:
    class Index:
        def __index__(self) -> int:
            return 4

    assert ttt.Move("X", Index(), Index()).index == 4  # type: ignore[arg-type]
    assert ttt.create_game().cell(Index()) is None  # type: ignore[arg-type]
    assert ttt.SeededRng(Index())() == ttt.SeededRng(4)()  # type: ignore[arg-type]


def test_integers_read_the_short_way_and_the_general_way_agree() -> None:
    # An exact int is read with PyLong_AsUnsignedLong, anything else (a subclass, __index__)
    # the general way: the same values pass, the same ones are refused, with the same errors,
    # and nothing is left pending after a refusal.
    class Sub(int):
        pass

    class Index:
        def __init__(self, v: int) -> None:
            self.v = v

        def __index__(self) -> int:
            return self.v

    game = ttt.parse_state("XX.OO....", "X")
    for v in (0, 1, 2**30 - 1, 2**30, 2**31, 2**32, 2**63, 2**64 - 1):
        for arg in (v, Sub(v), Index(v)):
            best = ttt.Engine().solve(game, max_nodes=arg)  # type: ignore[arg-type]
            assert best is not None and best.index == 2, (v, type(arg))
    for v, message in ((-1, "negative"), (-(2**64), "negative"), (2**64, "too large"),
                       (2**200, "too large")):
        for arg in (v, Sub(v), Index(v)):
            with pytest.raises(ValueError, match=message):
                ttt.solve(game, max_nodes=arg)  # type: ignore[arg-type]
            assert ttt.best_move(game, max_nodes=3) == 2  # nothing left pending
    with pytest.raises(ValueError, match="too large"):
        ttt.solve(game, table_bytes=2**64)
    # Too large for a float, as an int or through __index__: "too large", not a TypeError.
    for arg in (2**2000, Sub(2**2000), Index(2**2000)):
        with pytest.raises(ValueError, match="too large"):
            ttt.solve(game, time_limit=arg)  # type: ignore[arg-type]
    for arg in (-(2**2000), Sub(-(2**2000)), Index(-(2**2000))):
        with pytest.raises(ValueError, match="greater than 0"):
            ttt.solve(game, time_limit=arg)  # type: ignore[arg-type]


# --- 6. play_games block arithmetic -------------------------------------------------------------


def test_a_batch_too_big_for_memory_is_refused_not_emptied() -> None:
    # Before: <BatchResult games=0> at once (the block arithmetic wrapped).
    with pytest.raises(MemoryError):
        ttt.play_games(2**64 - 1, threads=1)
    with pytest.raises(MemoryError):
        ttt.play_games(2**63, threads=3)


@pytest.mark.parametrize("n", [0, 1, 63, 64, 65, 1023, 1024, 1025, 5000])
def test_batch_sizes_around_block_and_chunk_edges(n: int) -> None:
    for threads in (1, 2, 7):
        result = ttt.play_games(n, seed=9, threads=threads)
        assert result.games == len(result.winners) == n


# --- 7. a participant stepping its own match ----------------------------------------------------


def test_reentrant_step_is_a_match_busy_error() -> None:
    # Before: RuntimeError "Already borrowed".
    seen: list[BaseException] = []

    class Reentrant:
        mark = "X"

        def next_move(self, state: ttt.GameState) -> int:
            try:
                match.step()
            except ttt.MatchBusyError as e:
                seen.append(e)
                assert match.state == state  # the state can still be read
            return 4

    match = ttt.Match(ttt.create_game(), [Reentrant(), ttt.HumanPlayer("O")])
    step = match.step()
    assert step.kind == "played"
    assert len(seen) == 1
    assert isinstance(seen[0], ValueError)
    assert match.state.move_history == (4,)


# --- 8. PettingZoo after every agent left -------------------------------------------------------


def test_pettingzoo_step_after_everyone_left() -> None:
    pytest.importorskip("pettingzoo")
    from ttt.pettingzoo import env

    e = env()
    e.reset()
    for _ in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        e.step(None if termination or truncation else int(observation["action_mask"].argmax()))
    assert e.agents == []
    # Before: KeyError 'player_2'.
    with pytest.raises(ValueError, match="reset"):
        e.step(None)
    e.reset()
    assert e.agents


# --- 12. SeededRng.__call__ takes no argument ---------------------------------------------------


def test_seeded_rng_call_takes_no_argument() -> None:
    rng = ttt.SeededRng(1)
    with pytest.raises(TypeError):
        rng(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        rng(x=1)  # type: ignore[call-arg]

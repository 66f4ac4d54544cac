"""Ctrl-C without a thread per call (issue 13): every long call is interrupted within a second
on the main thread, a call on another thread ends by its limits and never holds Ctrl-C up,
and no call starts a thread."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import ttt

GENEROUS = 2.0  # seconds of margin for a child process on a shared machine

# A long call of every kind, each without a budget that could end it before Ctrl-C.
LONG_CALLS = {
    "solve": "ttt.solve(big, max_nodes=10**15)",
    "best_move": "ttt.best_move(big, max_nodes=10**15)",
    "analyze": "ttt.analyze(big, max_nodes=10**15)",
    "choose_move": "ttt.choose_move(big, 'hard', seed=1, max_nodes=10**15)",
    "choose_move_with": "ttt.choose_move_with(big, 'hard', ttt.SeededRng(1), max_nodes=10**15)",
    "engine.solve": "ttt.Engine().solve(big, max_nodes=10**15)",
    "engine.analyze": "ttt.Engine().analyze(big, max_nodes=10**15)",
    "engine.choose_move": "ttt.Engine().choose_move(big, 'hard', seed=1, max_nodes=10**15)",
    "play_games": "ttt.play_games(10**7, 'random', rules=big.rules, threads=1)",
    "play_games hard": "ttt.play_games(10, 'hard', rules=big.rules, threads=2, max_nodes=10**15)",
    "connect four": "ttt.solve(ttt.create_game(rules=ttt.Rules.CONNECT_FOUR), max_nodes=10**15)",
    "match step": "ttt.Match(big, [ttt.ComputerPlayer('X', 'hard', seed=1, max_nodes=10**15), "
    "ttt.HumanPlayer('O')]).step()",
    "match run": "ttt.Match(big, [ttt.ComputerPlayer('X', 'hard', seed=1, max_nodes=10**6), "
    "ttt.ComputerPlayer('O', 'hard', seed=2, max_nodes=10**6)]).run()",
}

CHILD = """
    import os, signal, sys, threading, time, ttt
    # A process started in the background of a non-interactive shell inherits SIGINT ignored
    # (see test_ai.py): install Python's handler so that the test does not depend on that.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    big = ttt.create_game(rules=ttt.Rules(20, 20, 5))
    sent = []

    def ctrl_c(after):
        time.sleep(after)
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)  # the signal Ctrl-C sends, to the whole process
"""


def run_child(script: str) -> str:
    """Runs ``CHILD`` + ``script`` in a fresh interpreter; its output (it must exit 0)."""
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHILD) + textwrap.dedent(script)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("call", LONG_CALLS.values(), ids=LONG_CALLS.keys())
def test_ctrl_c_interrupts_a_long_call_on_the_main_thread_within_a_second(call: str) -> None:
    out = run_child(
        f"""
        threading.Thread(target=ctrl_c, args=(0.5,), daemon=True).start()
        started = time.monotonic()
        try:
            {call}
        except KeyboardInterrupt:
            print(f"interrupted {{time.monotonic() - sent[0]:.3f}}", flush=True)
            sys.exit(0)
        print(f"finished after {{time.monotonic() - started:.1f}}s: not interrupted")
        sys.exit(1)
        """
    )
    word, latency = out.split()
    assert word == "interrupted"
    # The search looks for signals every 20 ms: a second is fifty times that.
    assert float(latency) < 1.0, f"KeyboardInterrupt came {latency}s after the signal"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_interrupts_a_slow_python_rng_inside_it() -> None:
    # The rng runs on the calling thread: Ctrl-C ends its sleep like any Python code's, and
    # the KeyboardInterrupt it raises ends the call.
    out = run_child(
        """
        threading.Thread(target=ctrl_c, args=(0.5,), daemon=True).start()
        seen = []
        def slow_rng():
            try:
                time.sleep(40)
            except KeyboardInterrupt:
                seen.append("rng")
                raise
            return 0.5
        try:
            ttt.choose_move(big, "hard", slow_rng, max_nodes=2000)
        except KeyboardInterrupt:
            print(f"interrupted {seen} {time.monotonic() - sent[0]:.3f}", flush=True)
            sys.exit(0)
        sys.exit(1)
        """
    )
    word, seen, latency = out.split()
    assert (word, seen) == ("interrupted", "['rng']")
    assert float(latency) < 1.0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_calls_after_an_interrupted_one_run_to_their_end() -> None:
    # The next call on the thread uses the interrupted call's stop flag again (no allocation
    # per call): it must start unset, or these searches (past their first polls, every 4,096
    # nodes) would stop at once, unproven.
    out = run_child(
        """
        threading.Thread(target=ctrl_c, args=(0.3,), daemon=True).start()
        engine = ttt.Engine()
        try:
            engine.solve(big, max_nodes=10**15)
            sys.exit(1)
        except KeyboardInterrupt:
            pass
        four = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
        for c in "274552224131661":  # Pons' Test_L2_R2, a draw in 21,621 nodes
            four = four.play_column(int(c) - 1)
        for best in (engine.solve(four, max_nodes=10**15), ttt.solve(four, max_nodes=10**15)):
            print(best.outcome, best.proven, best.nodes > 3 * 4096, flush=True)
        """
    )
    assert out.split("\n")[:2] == ["draw True True"] * 2, out


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_any_signal_handler_runs_during_a_long_search_and_may_search_itself() -> None:
    # Not only Ctrl-C: a SIGALRM handler runs during the search every 0.1 s; it makes a
    # search of its own (which saves and restores the outer call's state), and its third run
    # raises, which ends the outer search with that exception.
    out = run_child(
        """
        small = ttt.parse_state("XX.OO....", "X")
        answers = []
        class Alarm(Exception):
            pass
        def on_alarm(signum, frame):
            answers.append(ttt.best_move(small))
            if len(answers) == 3:
                raise Alarm()
        signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, 0.1, 0.1)
        started = time.monotonic()
        try:
            ttt.analyze(big, max_nodes=10**15)
        except Alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            print(answers, f"{time.monotonic() - started:.3f}", flush=True)
            sys.exit(0)
        sys.exit(1)
        """
    )
    answers, took = out.rsplit(" ", 1)
    assert answers == "[2, 2, 2]"
    assert float(took) < 0.3 + 1.0, f"the third alarm (at 0.3 s) ended the search at {took}s"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_search_on_another_thread_ends_by_its_limit_and_does_not_hold_up_ctrl_c() -> None:
    # Python runs signal handlers on the main thread only: a search on another thread is not
    # interrupted, but it ends by its time limit, and the main thread's KeyboardInterrupt
    # comes at once while that search goes on.
    out = run_child(
        """
        answers = []
        done = threading.Event()
        def search():
            answers.append(ttt.analyze(big, max_nodes=10**15, time_limit=2.0))
            done.set()
        started = time.monotonic()
        worker = threading.Thread(target=search)
        worker.start()
        threading.Thread(target=ctrl_c, args=(0.5,), daemon=True).start()
        try:
            done.wait()
        except KeyboardInterrupt:
            print(f"interrupted {time.monotonic() - sent[0]:.3f}", flush=True)
        done.wait()
        worker.join()
        moves = answers[0]
        print(f"worker {len(moves)} {time.monotonic() - started:.3f}", flush=True)
        sys.exit(0)
        """
    )
    interrupted, worker = out.splitlines()
    word, latency = interrupted.split()
    assert word == "interrupted"
    assert float(latency) < 1.0
    word, moves, took = worker.split()
    assert (word, moves) == ("worker", "400")  # every move, unproven: it was stopped
    assert float(took) < 2.0 + GENEROUS, f"the worker's 2 s search took {took}s"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_on_one_thread_leaves_the_searches_of_others_alone() -> None:
    # Two searches at once: the main thread's is interrupted; the other thread's, with a
    # budget, answers exactly as it does alone.
    out = run_child(
        """
        c4 = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
        for col in [3, 3, 3, 3, 2, 4]:
            c4 = c4.play_column(col)
        alone = ttt.solve(c4, max_nodes=2_000_000)
        answers = []
        worker = threading.Thread(target=lambda: answers.append(ttt.solve(c4, max_nodes=2_000_000)))
        threading.Thread(target=ctrl_c, args=(0.3,), daemon=True).start()
        worker.start()
        try:
            ttt.analyze(big, max_nodes=10**15)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
        worker.join()
        print(answers == [alone], flush=True)
        sys.exit(0)
        """
    )
    assert out.split() == ["interrupted", "True"]


def test_a_seeded_rng_read_from_another_thread_during_a_search_does_not_hang() -> None:
    # The search runs on the main thread and takes the GIL back to look for signals; another
    # thread that reads the search's SeededRng holds the GIL meanwhile. The generator must
    # not stay locked for the whole search, or each would wait for the other for ever.
    out = run_child(
        """
        rng = ttt.SeededRng(5)
        done = threading.Event()
        def reader():
            while not done.is_set():
                rng.draws
        threading.Thread(target=reader, daemon=True).start()
        for _ in range(3):
            ttt.choose_move(big, "hard", rng, max_nodes=2_000_000)  # about 0.4 s each
        done.set()
        print("finished", rng.draws, flush=True)
        """
    )
    assert out.split() == ["finished", "3"]


def last_pid() -> int:
    return int(Path("/proc/sys/kernel/ns_last_pid").read_text())


def pids_used(work: object) -> int:
    """How many process and thread ids the system handed out while ``work()`` ran: at least
    one per thread this process started (other processes on the machine may add a few)."""
    assert callable(work)
    before = last_pid()
    work()
    return (last_pid() - before) % (2**22)  # pid_max wraps; 2**22 is its largest value


@pytest.mark.skipif(
    not os.path.exists("/proc/sys/kernel/ns_last_pid"), reason="Linux's last-pid counter"
)
def test_no_call_starts_a_thread() -> None:
    # A position with more than ten empty cells, where a thread per call was started before
    # (the first of Pons' End-Easy set with 13 empty cells, solved in microseconds).
    c4 = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for col in "52677675164321472411331752454":
        c4 = c4.play_column(int(col) - 1)
    assert c4.board.count(None) == 13 and not c4.is_over
    five = ttt.create_game(rules=ttt.Rules(5, 5, 4))
    engine = ttt.Engine(table_bytes=1 << 16)
    calls = 200

    def every_entry_point() -> None:
        for i in range(calls):
            ttt.solve(c4)
            ttt.best_move(c4)
            ttt.analyze(c4)
            ttt.choose_move(c4, "hard", seed=i)
            engine.solve(c4)
            engine.choose_move(five, "hard", seed=i, max_nodes=50)
            # proof_nodes=0: a node budget of 50 alone, so that whole games stay cheap.
            ttt.play_games(2, "hard", rules=c4.rules, threads=1, max_nodes=50, proof_nodes=0)

    # The method sees threads: starting some moves the counter by at least that many.
    def start_threads() -> None:
        threads = [threading.Thread(target=int) for _ in range(calls)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    assert pids_used(start_threads) >= calls
    threads_before = threading.active_count()
    tasks_before = len(os.listdir("/proc/self/task"))
    # Other processes of the machine take ids too, in bursts: the least of three runs.
    used = min(pids_used(every_entry_point) for _ in range(3))
    # 7 * 200 calls: one thread per call would use at least 1400 ids; none, a handful.
    assert used < 7 * calls // 2, f"{used} thread or process ids used by {7 * calls} calls"
    assert threading.active_count() == threads_before
    # <=: a thread of start_threads may still have been on its way out before.
    assert len(os.listdir("/proc/self/task")) <= tasks_before

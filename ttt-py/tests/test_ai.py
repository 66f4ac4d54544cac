"""The AI requirements of the seed specification, the peer library's guarantees and the shared
seeded vectors, from Python."""

from __future__ import annotations

import functools
import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator

import pytest

import ttt
from conftest import DifficultyName, play, repo_root

DIFFICULTIES: tuple[DifficultyName, ...] = ("easy", "medium", "hard")


def lcg(seed: int) -> Callable[[], float]:
    """A small deterministic generator defined here, as the seed asks (Numerical Recipes LCG)."""
    x = seed & 0xFFFFFFFF

    def draw() -> float:
        nonlocal x
        x = (1664525 * x + 1013904223) & 0xFFFFFFFF
        return x / 2**32

    return draw


def reachable_states() -> Iterator[ttt.GameState]:
    """Every reachable classic position (one state per board and side to move)."""
    seen: set[tuple[tuple[str | None, ...], str]] = set()
    frontier = [ttt.create_game()]
    while frontier:
        state = frontier.pop()
        key = (state.board, state.current_player)
        if key in seen:
            continue
        seen.add(key)
        yield state
        frontier.extend(state.apply_move(m) for m in state.available_moves())


# --- the shared vectors -------------------------------------------------------------------------


def vectors() -> list[tuple[str, ttt.Difficulty, int, int]]:
    path = repo_root() / "testdata" / "ai-vectors.tsv"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t") == ["record", "difficulty", "seed", "move"]
    rows = []
    for line in lines[1:]:
        if not line.strip():
            continue
        record, difficulty, seed, move = line.split("\t")
        rows.append((record, ttt.Difficulty(difficulty), int(seed), int(move)))
    return rows


def test_shared_vectors_reproduce_move_for_move() -> None:
    rows = vectors()
    assert len(rows) >= 200
    assert {d for _, d, _, _ in rows} == set(DIFFICULTIES)
    for record, difficulty, seed, move in rows:
        state = ttt.from_record(record)
        assert ttt.choose_move(state, difficulty, seed=seed) == move, (record, difficulty, seed)
        rng = ttt.SeededRng(seed)
        assert ttt.choose_move(state, difficulty, rng) == move
        assert rng.draws == 1  # exactly one float per call


def test_seeded_rng_stream() -> None:
    a, b = ttt.SeededRng(42), ttt.SeededRng(42)
    xs = [a() for _ in range(1000)]
    assert xs == [b() for _ in range(1000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert len(set(xs)) == 1000
    c, d = ttt.SeededRng(7), ttt.SeededRng(7)
    for _ in range(100):
        assert c() == (d.next_u64() >> 11) * 2.0**-53
    assert ttt.SeededRng(2**64 - 1)() != ttt.SeededRng(0)()
    with pytest.raises(ValueError):
        ttt.SeededRng(-1)
    with pytest.raises(ValueError):
        ttt.SeededRng(2**64)
    assert "seed=42" in repr(a)


# --- every strategy ---------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_strategies_return_legal_moves_on_random_positions(difficulty: DifficultyName) -> None:
    rng = lcg(1)
    boards = [ttt.Rules(), ttt.Rules(4, 4, 3), ttt.Rules(7, 6, 4, 2, True), ttt.Rules(5, 5, 4, 3)]
    for i in range(300 if difficulty != "hard" else 120):
        rules = boards[i % len(boards)]
        state = ttt.create_game(rules=rules)
        # Random positions, deep enough that the search stays small on the larger boards.
        depth = int(rng() * rules.cell_count)
        if difficulty == "hard" and rules.cell_count > 9:
            depth = max(depth, rules.cell_count - 9)
        for _ in range(depth):
            moves = state.available_moves()
            if not moves:
                break
            state = state.apply_move(moves[int(rng() * len(moves))])
        if state.is_over:
            continue
        move = ttt.choose_move(state, difficulty, rng)
        assert move in state.available_moves()


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_strategies_refuse_a_finished_game(difficulty: DifficultyName) -> None:
    draws = 0

    def counting() -> float:
        nonlocal draws
        draws += 1
        return 0.5

    for finished in (play([0, 3, 1, 4, 2]), play([0, 1, 2, 4, 3, 5, 7, 6, 8])):
        with pytest.raises(ttt.GameOverError) as info:
            ttt.choose_move(finished, difficulty, counting)
        assert isinstance(info.value, ValueError)
        assert str(info.value) == "the game is over"
    assert draws == 0


def test_difficulty_and_rng_arguments() -> None:
    state = ttt.create_game()
    assert ttt.choose_move(state, ttt.Difficulty.EASY, seed=3) == ttt.choose_move(state, "easy", seed=3)
    with pytest.raises(ValueError):
        ttt.choose_move(state, "impossible")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.choose_move(state, 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.choose_move(state, "easy", lambda: 0.5, seed=1)
    with pytest.raises(TypeError):
        ttt.choose_move(state, "easy", 0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ttt.choose_move(state, "easy", lambda: 1.0)
    with pytest.raises(ValueError):
        ttt.choose_move(state, "easy", lambda: -0.1)
    with pytest.raises(ValueError):
        ttt.choose_move(state, "easy", lambda: float("nan"))
    with pytest.raises(TypeError):
        ttt.choose_move(state, "easy", lambda: "0.5")  # type: ignore[arg-type, return-value]

    def broken() -> float:
        raise ZeroDivisionError("from the rng")

    with pytest.raises(ZeroDivisionError):
        ttt.choose_move(state, "hard", broken)
    # No rng and no seed: any legal move, drawn from Python's random module.
    assert ttt.choose_move(state, "easy") in range(9)
    assert ttt.choose_move(state, "easy", None) in range(9)


def test_rng_edge_guard() -> None:
    state = ttt.create_game()
    assert ttt.choose_move(state, "easy", lambda: 0.0) == 0
    assert ttt.choose_move(state, "easy", lambda: 1.0 - 2.0**-53) == 8


# --- Easy ---------------------------------------------------------------------------------------


def test_easy_is_uniform() -> None:
    state = ttt.create_game()
    counts = Counter(ttt.choose_move(state, "easy", seed=s) for s in range(10_000))
    assert set(counts) == set(range(9))
    expected = 10_000 / 9
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in range(9))
    assert chi2 < 26.12  # chi-square, 8 degrees of freedom, p = 0.001


def test_easy_does_not_block() -> None:
    # O threatens 3-4-5; Easy (X) ignores it at least sometimes.
    state = ttt.parse_state("X..OO...X", "X")
    picks = {ttt.choose_move(state, "easy", seed=s) for s in range(200)}
    assert picks == set(state.available_moves())


# --- Medium -------------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ttt.WIN_LINES)
def test_medium_takes_an_immediate_win(line: tuple[int, int, int]) -> None:
    others = [c for c in range(9) if c not in line]
    lines = [set(w) for w in ttt.WIN_LINES]
    for o1, o2 in itertools.combinations(others, 2):
        moves = [line[0], o1, line[1], o2]
        state = play(moves)
        # O must not already threaten a line that X would have to weigh (we test the win rule).
        if state.is_over or any(w <= {o1, o2} for w in lines):
            continue
        wins = {m for m in state.available_moves() if state.apply_move(m).winner == "X"}
        assert line[2] in wins
        for seed in range(20):
            assert ttt.choose_move(state, "medium", seed=seed) in wins
        break


def test_medium_blocks() -> None:
    state = ttt.parse_state("X..OO...X", "X")  # O threatens 5; X has no win (0 and 8 need 4)
    for seed in range(50):
        assert ttt.choose_move(state, "medium", seed=seed) == 5


def test_medium_prefers_winning_to_blocking() -> None:
    state = ttt.parse_state("XX.OO....", "X")  # X wins at 2, O threatens 5
    for seed in range(50):
        assert ttt.choose_move(state, "medium", seed=seed) == 2


def test_medium_misses_forks() -> None:
    # Medium is deliberately beatable: with nothing to win or block it plays at random, even
    # where a corner loses to a fork.
    state = ttt.parse_state("X...O...X", "O")
    picks = {ttt.choose_move(state, "medium", seed=s) for s in range(100)}
    assert picks & {2, 6}


# --- Hard ---------------------------------------------------------------------------------------


def hard_never_loses(hard_mark: str) -> int:
    """Plays every opponent reply sequence against Hard; returns the number of games."""
    games = 0
    stack = [ttt.create_game()]
    while stack:
        state = stack.pop()
        if state.is_over:
            assert state.winner in (None, hard_mark), state.move_history
            games += 1
        elif state.current_player == hard_mark:
            seed = hash(state.move_history) & 0xFFFF
            stack.append(state.apply_move(ttt.choose_move(state, "hard", seed=seed)))
        else:
            stack.extend(state.apply_move(m) for m in state.available_moves())
    return games


def test_hard_never_loses_as_x() -> None:
    assert hard_never_loses("X") > 20


def test_hard_never_loses_as_o() -> None:
    assert hard_never_loses("O") > 20


def test_hard_against_hard_always_draws() -> None:
    first_moves = set()
    for seed in range(100):
        rng = ttt.SeededRng(seed)
        state = ttt.create_game()
        while not state.is_over:
            state = state.apply_move(ttt.choose_move(state, "hard", rng))
        assert state.status == "draw"
        first_moves.add(state.move_history[0])
    assert len(first_moves) > 1  # Hard chooses among equally good moves


def test_hard_wins_at_once() -> None:
    state = ttt.parse_state("XX.OO....", "X")
    for seed in range(50):
        assert ttt.choose_move(state, "hard", seed=seed) == 2


def test_hard_blocks_the_fork() -> None:
    state = ttt.parse_state("X...O...X", "O")
    picks = {ttt.choose_move(state, "hard", seed=s) for s in range(100)}
    assert picks <= {1, 3, 5, 7}
    assert len(picks) > 1


def test_hard_first_move_within_the_seed_budget() -> None:
    # The one timing the seed sets: Hard's move on an empty board within 100 ms.
    state = ttt.create_game()
    elapsed = []
    for seed in range(3):
        t0 = time.perf_counter()
        ttt.choose_move(state, "hard", seed=seed)
        elapsed.append(time.perf_counter() - t0)
    assert min(elapsed) < 0.1


# --- best_move and analyze, against an oracle defined here -----------------------------------


@functools.cache
def oracle(record: str) -> int:
    """Exact negamax score for the player to move (win = cells + 1 - plies), test-only."""
    state = ttt.from_record(record)
    best = -100
    for m in state.available_moves():
        after = state.apply_move(m)
        if after.status == "win":
            score = 10 - 1
        elif after.status == "draw":
            score = 0
        else:
            inner = oracle(after.to_record())
            # One ply further from the root: a win/loss score loses 1 of magnitude.
            score = -(inner - 1 if inner > 0 else inner + 1 if inner < 0 else 0)
        best = max(best, score)
    return best


def move_score(state: ttt.GameState, m: int) -> int:
    after = state.apply_move(m)
    if after.status == "win":
        return 9
    if after.status == "draw":
        return 0
    inner = oracle(after.to_record())
    return -(inner - 1 if inner > 0 else inner + 1 if inner < 0 else 0)


def centre_distance(index: int) -> int:
    r, c = divmod(index, 3)
    return (r - 1) ** 2 + (c - 1) ** 2


def test_peer_examples() -> None:
    assert ttt.best_move(ttt.create_game()) == 4
    assert ttt.best_move(ttt.parse_state("XX.OO....", "X")) == 2
    assert ttt.best_move(ttt.parse_state("X...O...X", "O")) == 1
    assert ttt.best_move(play([0, 3, 1, 4, 2])) is None
    assert ttt.analyze(play([0, 3, 1, 4, 2])) == []
    assert ttt.solve(play([0, 3, 1, 4, 2])) is None


def test_best_move_and_analyze_agree_with_exhaustive_search_everywhere() -> None:
    positions = 0
    for state in reachable_states():
        if state.is_over:
            continue
        positions += 1
        # Relabel as a game from the position so that plies count from here.
        scores = {m: move_score(state, m) for m in state.available_moves()}
        best_score = max(scores.values())
        expected = min((m for m in scores if scores[m] == best_score), key=lambda m: (centre_distance(m), m))
        assert ttt.best_move(state) == expected, state.board
        analysis = ttt.analyze(state)
        assert sorted(a.index for a in analysis) == state.available_moves()
        assert analysis[0].index == expected
        for a in analysis:
            s = scores[a.index]
            assert a.proven
            assert a.outcome == ("win" if s > 0 else "loss" if s < 0 else "draw")
            plies_left = 9 - state.ply  # cells still empty
            if s > 0:
                assert a.plies == 10 - s
            elif s < 0:
                assert a.plies == 10 + s
            else:
                assert a.plies == plies_left
        ordered = [scores[a.index] for a in analysis]
        assert ordered == sorted(ordered, reverse=True)
    assert positions == 4520


def test_solve_reports_its_answer() -> None:
    answer = ttt.solve(ttt.parse_state("XX.OO....", "X"))
    assert answer is not None
    assert (answer.index, answer.outcome, answer.plies, answer.proven) == (2, "win", 1, True)
    opening = ttt.solve(ttt.create_game())
    assert opening is not None and opening.nodes > 0 and opening.proven
    assert repr(answer).startswith("BestMove(index=2, outcome='win', plies=1, proven=True")
    empty = ttt.analyze(ttt.create_game())
    assert repr(empty[0]) == "MoveAnalysis(index=4, outcome='draw', plies=9)"


def test_weak_solve_gives_the_outcome_without_the_plies() -> None:
    # The outcome agrees with the strong solve; plies only when known without search.
    for board, turn in [(".........", "X"), ("X...O...X", "O"), ("X.O.X....", "O"), ("XX.OO....", "X")]:
        state = ttt.parse_state(board, "X" if turn == "X" else "O")
        weak = ttt.solve(state, weak=True)
        strong = ttt.solve(state)
        assert weak is not None and strong is not None
        assert weak.proven and weak.outcome == strong.outcome
        assert weak.index in state.available_moves()
        assert weak.plies == (1 if board == "XX.OO...." else None)
    # Connect Four, a position of Pons' End-Easy set that the mover wins: fewer nodes.
    game = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
    for c in "7422341735647741166133573473242566":
        game = game.play_column(int(c) - 1)
    weak = ttt.solve(game, weak=True, max_nodes=2**64 - 1)
    strong = ttt.solve(game, max_nodes=2**64 - 1)
    assert weak is not None and strong is not None
    assert (weak.outcome, weak.plies, weak.proven) == ("win", None, True)
    assert strong.outcome == "win" and weak.nodes < strong.nodes
    # Out of budget, with the weak proof off: unproven, and it says so.
    on_engine = ttt.Engine().solve(game, weak=True, max_nodes=2**64 - 1)
    assert on_engine is not None and (on_engine.outcome, on_engine.index) == ("win", weak.index)
    starved = ttt.solve(game, weak=True, max_nodes=5, proof_nodes=0)
    assert starved is not None and not starved.proven and starved.outcome is None
    # With the default proof_nodes (at most ten times max_nodes), the weak proof beyond the
    # budget settles it.
    proven = ttt.solve(game, weak=True, max_nodes=5)
    assert proven is not None and (proven.outcome, proven.plies, proven.proven) == ("win", None, True)
    assert proven.nodes > 5
    assert ttt.solve(ttt.parse_state("XXXOO....", "O"), weak=True) is None
    with pytest.raises(TypeError):
        ttt.solve(ttt.create_game(), weak=1)  # type: ignore[arg-type]


def test_big_boards_answer_unproven_within_the_budget() -> None:
    state = ttt.create_game(rules=ttt.Rules(15, 15, 5))
    answer = ttt.solve(state, max_nodes=2_000)
    assert answer is not None
    assert not answer.proven
    assert answer.outcome is None
    assert answer.index in state.available_moves()
    assert ttt.best_move(state, max_nodes=2_000) in state.available_moves()
    analysis = ttt.analyze(state, max_nodes=2_000)
    assert sorted(a.index for a in analysis) == state.available_moves()
    assert any(not a.proven and a.outcome is None and a.plies is None for a in analysis)
    index, proven = ttt.choose_move_with(state, "hard", seed=1, max_nodes=2_000)
    assert index in state.available_moves()
    assert not proven
    # Big boards search long (GIL released): a Python rng is still called, and its errors raised.
    calls = []

    def rng() -> float:
        calls.append(threading.get_ident())
        return 0.25

    assert ttt.choose_move(state, "hard", rng, max_nodes=2_000) in state.available_moves()
    assert len(calls) == 1

    def broken() -> float:
        raise KeyError("rng")

    with pytest.raises(KeyError):
        ttt.choose_move(state, "hard", broken, max_nodes=2_000)


# Each kind of search, on a board where it runs long: a search keeps the GIL only until its
# first poll (a few thousand nodes), and must let go of it there.
SEARCHES_THAT_RUN_LONG: dict[str, Callable[[ttt.GameState], object]] = {
    "analyze": lambda s: ttt.analyze(s, max_nodes=50_000),
    "solve": lambda s: ttt.solve(s, max_nodes=400_000),
    "weak solve": lambda s: ttt.solve(s, weak=True, max_nodes=400_000, proof_nodes=0),
    "best_move": lambda s: ttt.best_move(s, max_nodes=400_000),
    "engine.solve": lambda s: ttt.Engine().solve(s, max_nodes=400_000),
    "engine.analyze": lambda s: ttt.Engine().analyze(s, max_nodes=50_000),
}


@pytest.mark.parametrize(
    "search", SEARCHES_THAT_RUN_LONG.values(), ids=SEARCHES_THAT_RUN_LONG.keys()
)
def test_searches_release_the_gil(search: Callable[[ttt.GameState], object]) -> None:
    state = ttt.create_game(rules=ttt.Rules(15, 15, 5))
    done = threading.Event()
    ticks = 0

    def search_then_say_so() -> None:
        search(state)
        done.set()

    worker = threading.Thread(target=search_then_say_so)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0)
    worker.join()
    # Had the search held the GIL, this thread could not have run while it worked.
    assert ticks > 100


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_interrupts_a_long_search() -> None:
    script = textwrap.dedent(
        """
        import signal, sys, time, ttt
        # A process started in the background of a non-interactive shell inherits SIGINT
        # ignored, and Python then installs no KeyboardInterrupt handler: install it here so
        # the test does not depend on how the test run itself was started.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        state = ttt.create_game(rules=ttt.Rules(20, 20, 5))
        print("searching", flush=True)
        t0 = time.perf_counter()
        try:
            ttt.analyze(state, max_nodes=10**12)
        except KeyboardInterrupt:
            print(f"interrupted after {time.perf_counter() - t0:.2f}s", flush=True)
            sys.exit(0)
        print("finished", flush=True)
        sys.exit(1)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "searching"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert proc.returncode == 0, out
    assert out.startswith("interrupted")


# --- the batch API ------------------------------------------------------------------------------


def replay(
    rules: ttt.Rules, players: tuple[DifficultyName, ...], seed: int, i: int
) -> ttt.GameState:
    """Game ``i`` of a batch: its block of 64 games shares one generator, seeded ``seed + i // 64``."""
    rng = ttt.SeededRng(seed + i // 64)
    marks = rules.marks
    for _ in range(i % 64 + 1):
        state = ttt.create_game(rules=rules)
        while not state.is_over:
            difficulty = players[marks.index(state.current_player)]
            state = state.apply_move(ttt.choose_move(state, difficulty, rng))
    return state


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (ttt.Rules(), ("easy", "easy")),
        (ttt.Rules(), ("medium", "hard")),
        (ttt.Rules(7, 6, 4, 2, True), ("medium", "easy")),
        (ttt.Rules(4, 4, 3, 3), ("easy", "medium", "easy")),
    ],
)
def test_batch_games_replay_from_python(
    rules: ttt.Rules, players: tuple[DifficultyName, ...]
) -> None:
    result = ttt.play_games(70, players, rules=rules, seed=1000, record_moves=True)
    assert result.games == len(result) == 70
    moves = result.moves
    assert moves is not None
    for i in (0, 1, 17, 63, 64, 69):
        state = replay(rules, players, 1000, i)
        assert moves[i] == state.move_history
        assert result.winners[i] == state.winner
        assert result.plies[i] == state.ply
    assert sum(result.wins.values()) + result.draws == 70
    assert set(result.wins) == set(rules.marks)
    assert result.total_plies == sum(result.plies)


def test_batch_is_independent_of_threads() -> None:
    one = ttt.play_games(1000, "random", seed=5, threads=1, record_moves=True)
    two = ttt.play_games(1000, "random", seed=5, threads=3, record_moves=True)
    assert one.winners == two.winners
    assert one.moves == two.moves
    assert ttt.play_games(1000, "random", seed=6).winners != one.winners
    assert ttt.play_games(10, "easy").moves is None


def test_batch_statistics_of_random_play() -> None:
    result = ttt.play_games(20_000, "random", seed=0)
    # Random classic play: X wins about 58.5%, O about 28.8%, draws about 12.7%.
    assert 0.56 < result.wins["X"] / 20_000 < 0.61
    assert 0.26 < result.wins["O"] / 20_000 < 0.31
    assert 0.11 < result.draws / 20_000 < 0.145


def test_batch_hard_against_hard_draws() -> None:
    result = ttt.play_games(100, "hard", seed=0)
    assert result.draws == 100


def test_batch_from_a_start_position() -> None:
    start = ttt.parse_state("XX.OO....", "X")
    result = ttt.play_games(50, ("hard", "easy"), start=start, record_moves=True)
    assert result.wins["X"] == 50
    assert result.moves == [(2,)] * 50
    assert ttt.play_games(3, start=play([0, 3, 1, 4, 2])).wins["X"] == 3


def test_batch_bad_arguments() -> None:
    with pytest.raises(ValueError):
        ttt.play_games(10, ("easy",))
    with pytest.raises(ValueError):
        ttt.play_games(10, "expert")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.play_games(10, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ttt.play_games(10, rules=ttt.Rules(), start=ttt.create_game())
    with pytest.raises(ValueError):
        ttt.play_games(10, threads=0)
    with pytest.raises(ValueError):
        ttt.play_games(-1)
    assert ttt.play_games(0).games == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_interrupts_a_batch() -> None:
    script = textwrap.dedent(
        """
        import signal, sys, ttt
        signal.signal(signal.SIGINT, signal.default_int_handler)  # as in the search test above
        print("playing", flush=True)
        try:
            # Ten million random games on the biggest board: minutes of work.
            ttt.play_games(10**7, "random", rules=ttt.Rules(20, 20, 5))
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        sys.exit(1)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "playing"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    assert (proc.returncode, out.strip()) == (0, "interrupted")

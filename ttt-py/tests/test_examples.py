"""The example scripts run and say what they should."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ttt
from conftest import repo_root

EXAMPLES = repo_root() / "examples" / "python"


def run(*args: str, stdin: str = "") -> str:
    done = subprocess.run(
        [sys.executable, *args], input=stdin, capture_output=True, text=True, timeout=300, check=True
    )
    return done.stdout


def test_analyze_position() -> None:
    out = run(str(EXAMPLES / "analyze_position.py"), "X...O...X", "O")
    assert "Best move: 1" in out
    assert "   2  loss" in out


def test_play_game_watch() -> None:
    out = run(str(EXAMPLES / "play_game.py"), "hard", "--watch", "--seed", "1")
    assert "Draw." in out
    assert "Record: ttt/1 3x3 k=3 players=2 start=X moves=" in out


def test_play_game_against_a_person() -> None:
    # Typed input: a bad cell, an occupied one, then legal moves until the game ends.
    moves = "\n".join(["x", "4", "4", *[str(i) for i in range(9)]]) + "\n"
    out = run(str(EXAMPLES / "play_game.py"), "easy", "--seed", "2", stdin=moves)
    assert "not playable" in out
    assert "Record:" in out


def test_train_loop_learns() -> None:
    pytest.importorskip("pettingzoo")
    sys.path.insert(0, str(EXAMPLES))
    try:
        import train_loop  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(EXAMPLES))
    # A random X wins about 58% against a random O; the learner must do clearly better.
    assert train_loop.train(episodes=2000, seed=1) > 0.7


def test_engine_game() -> None:
    out = run(str(EXAMPLES / "engine_game.py"), "--plies", "6", "--max-nodes", "2000")
    assert "6 moves on 15x15 k=5 players=2" in out
    assert "through one ttt.Engine:" in out and "through ttt.choose_move:" in out
    record = out.split("Record: ")[1].strip()
    assert ttt.GameState.from_record(record).ply == 6


def test_engine_game_with_a_time_limit_under_gravity() -> None:
    out = run(
        str(EXAMPLES / "engine_game.py"),
        *("--width", "7", "--height", "6", "--k", "4", "--gravity"),
        *("--plies", "4", "--time-limit", "0.05"),
    )
    assert "4 moves on 7x6 k=4 players=2 gravity" in out

"""Shared helpers of the Python tests. They run against the INSTALLED wheel, never the sources."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

import pytest

import ttt

# The argument types of the stubs, for tests that pass them around in variables.
PlayerName = Literal["X", "O", "Y", "Z", "x", "o", "y", "z"]
DifficultyName = Literal["easy", "medium", "hard"]


def repo_root() -> Path:
    """The repository root (the tests live in ``ttt-py/tests``); ``TTT_REPO`` overrides it."""
    env = os.environ.get("TTT_REPO")
    return Path(env) if env else Path(__file__).resolve().parents[2]


@pytest.fixture
def classic() -> ttt.GameState:
    """A fresh classic game, X to move."""
    return ttt.create_game()


def play(
    moves: list[int], *, rules: ttt.Rules | None = None, start: PlayerName = "X"
) -> ttt.GameState:
    """The state after playing ``moves`` from an empty board."""
    state = ttt.create_game(start, rules=rules)
    for m in moves:
        state = state.apply_move(m)
    return state

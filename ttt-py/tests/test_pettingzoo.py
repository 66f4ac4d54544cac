"""The PettingZoo environments: PettingZoo's own API test, the game they play, and step-for-step
agreement with PettingZoo's classic connect_four_v3 and tictactoe_v3."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.spaces import Discrete

import ttt

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from ttt.pettingzoo import TttEnv, connect_four_v3, env, tictactoe_v3  # noqa: E402


@pytest.mark.parametrize(
    "make",
    [
        lambda: env(),
        lambda: env(rules=ttt.Rules(5, 5, 4)),
        lambda: env(rules=ttt.Rules(7, 6, 4, 2, True)),
        lambda: env(rules=ttt.Rules(4, 4, 3, 3)),
        lambda: env(rules=ttt.Rules(6, 5, 3, 4, True)),
        connect_four_v3,
        tictactoe_v3,
    ],
    ids=["classic", "5x5-k4", "7x6-gravity", "4x4-3-players", "6x5-gravity-4-players", "c4v3", "tttv3"],
)
def test_api_test_passes(make: Any) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations, as it does for its own tic-tac-toe.
        warnings.simplefilter("ignore", UserWarning)
        pettingzoo_test.api_test(make(), num_cycles=200)


def test_observation_layout_and_rewards() -> None:
    e = env(illegal_action="raise")
    e.reset(seed=1)
    assert e.agents == ["player_0", "player_1"]
    assert e.agent_selection == "player_0"
    obs, reward, term, trunc, _ = e.last()
    assert obs["observation"].shape == (3, 3, 2)
    assert obs["action_mask"].tolist() == [1] * 9
    for action in (0, 3, 1, 4):
        e.step(action)
    obs = e.observe("player_0")
    assert obs["observation"][0, :, 0].tolist() == [1, 1, 0]  # X's own marks on plane 0
    assert obs["observation"][1, :, 1].tolist() == [1, 1, 0]  # O's marks on plane 1
    assert e.observe("player_1")["observation"][1, :, 0].tolist() == [1, 1, 0]
    assert e.observe("player_1")["action_mask"].tolist() == [0] * 9  # not its turn
    with pytest.raises(ttt.InvalidMoveError) as info:
        e.step(0)
    assert info.value.reason == "occupied"
    e.step(2)  # X completes the top row
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": 1.0, "player_1": -1.0}
    seen = []
    for agent in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term
        seen.append((agent, reward))
        e.step(None)
    assert sorted(seen) == [("player_0", 1.0), ("player_1", -1.0)]
    assert e.agents == []


def test_illegal_action_ends_the_game_by_default() -> None:
    e = env()
    e.reset()
    e.step(4)
    e.step(4)  # O plays on X's cell
    assert e.terminations == {"player_0": True, "player_1": True}
    assert e.truncations == {"player_0": True, "player_1": True}
    assert e.rewards == {"player_0": 0.0, "player_1": -1.0}
    rewards = {}
    for agent in e.agent_iter():
        rewards[agent] = e.last()[1]
        e.step(None)
    assert rewards == {"player_0": 0.0, "player_1": -1.0}


@pytest.mark.parametrize("bad", [-1, 9, 2**70, None, 1.0, "1", True])
def test_actions_outside_the_space_are_refused(bad: Any) -> None:
    e = env()
    e.reset()
    with pytest.raises((TypeError, ValueError)):
        e.step(bad)
    assert e.game == ttt.create_game()  # nothing changed
    assert e.agents == ["player_0", "player_1"]


def test_gravity_actions_are_columns() -> None:
    e = env(rules=ttt.Rules.CONNECT_FOUR, render_mode="ansi")
    e.reset()
    space = e.action_space("player_0")
    assert isinstance(space, Discrete) and space.n == 7
    assert e.observe(e.agent_selection)["action_mask"].tolist() == [1] * 7
    e.step(3)
    assert e.render() == "." * 7 + "\n" + ("." * 7 + "\n") * 4 + "...X..."
    for _ in range(5):
        e.step(3)
    # Column 3 is full: no longer in the mask, and playing it is illegal.
    assert e.observe(e.agent_selection)["action_mask"].tolist() == [1, 1, 1, 0, 1, 1, 1]
    mover = e.agent_selection
    e.step(3)
    assert e.rewards[mover] == -1.0
    with pytest.raises(ValueError):
        TttEnv(render_mode="rgba")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        TttEnv(illegal_action="ignore")  # type: ignore[arg-type]


def test_rgb_array_draws_the_board_and_the_winning_line() -> None:
    e = env(rules=ttt.Rules.CONNECT_FOUR, render_mode="rgb_array")
    e.reset()
    empty = e.render()
    assert isinstance(empty, np.ndarray)
    assert empty.shape == (6 * 40, 7 * 40, 3) and empty.dtype == np.uint8
    for col in (0, 0, 1, 1, 2, 2, 3):  # X wins along the bottom row
        e.step(col)
    image = e.render()
    assert isinstance(image, np.ndarray)

    def centre(row: int, col: int) -> list[int]:
        return [int(v) for v in image[row * 40 + 20, col * 40 + 20]]

    def ring(row: int, col: int) -> list[int]:
        return [int(v) for v in image[row * 40 + 20, col * 40 + 2]]

    assert centre(5, 0) == [220, 40, 40]  # X's colour
    assert centre(4, 0) == [245, 200, 30]  # O's colour
    assert centre(0, 0) == [235, 235, 235]  # empty
    assert ring(5, 3) == [255, 255, 255]  # the winning line is ringed
    assert ring(4, 0) != [255, 255, 255]
    assert not np.array_equal(image, empty)


def test_draw_gives_zero_rewards() -> None:
    e = env()
    e.reset()
    for action in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        e.step(action)
    assert all(e.terminations.values())
    assert e.rewards == {"player_0": 0.0, "player_1": 0.0}


def _snapshot(e: Any) -> tuple[object, ...]:
    """Everything an agent can see of an AEC environment at this point."""
    agent = e.agent_selection
    obs, reward, term, trunc, _ = e.last()
    return (
        agent,
        tuple(e.agents),
        obs["observation"].tolist(),
        obs["action_mask"].tolist(),
        float(reward),
        bool(term),
        bool(trunc),
        {a: float(r) for a, r in e.rewards.items()},
        dict(e.terminations),
        dict(e.truncations),
    )


def _lockstep(ours: Any, theirs: Any, seed: int, illegal_rate: float) -> int:
    """Plays both environments with the same random actions (sometimes illegal ones); asserts
    they agree after every step; returns the number of steps."""
    rng = random.Random(seed)
    ours.reset(seed=seed)
    theirs.reset(seed=seed)
    steps = 0
    for agent in theirs.agent_iter():
        assert _snapshot(ours) == _snapshot(theirs), f"seed {seed}, step {steps}"
        _, _, term, trunc, _ = theirs.last()
        if term or trunc:
            action = None
        else:
            legal = np.flatnonzero(theirs.observe(agent)["action_mask"]).tolist()
            illegal = [a for a in range(theirs.action_space(agent).n) if a not in legal]
            pool = illegal if illegal and rng.random() < illegal_rate else legal
            action = rng.choice(pool)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # PettingZoo warns on an illegal move
            theirs.step(action)
        ours.step(action)
        steps += 1
    assert ours.agents == theirs.agents == []
    return steps


@pytest.mark.parametrize(
    ("ours", "theirs_module"),
    [(connect_four_v3, "connect_four_v3"), (tictactoe_v3, "tictactoe_v3")],
)
def test_step_for_step_like_pettingzoo(ours: Any, theirs_module: str) -> None:
    classic = pytest.importorskip(f"pettingzoo.classic.{theirs_module}")
    total = 0
    for seed in range(60):
        # A third of the games see illegal actions now and then.
        total += _lockstep(ours(), classic.env(), seed, 0.05 if seed % 3 == 0 else 0.0)
    assert total > 60 * 5


def test_agents_can_be_named() -> None:
    e = TttEnv(agents=["alice", "bob"])
    e.reset()
    assert e.agent_selection == "alice"
    with pytest.raises(ValueError):
        TttEnv(agents=["alice", "alice"])
    with pytest.raises(ValueError):
        TttEnv(rules=ttt.Rules(4, 4, 3, 3), agents=["a", "b"])

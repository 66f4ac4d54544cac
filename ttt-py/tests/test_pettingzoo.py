"""The PettingZoo environment: PettingZoo's own API test, and the game it plays."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ttt

pettingzoo_test = pytest.importorskip("pettingzoo.test")
from ttt.pettingzoo import TttEnv, env  # noqa: E402


@pytest.mark.parametrize(
    "rules",
    [None, ttt.Rules(5, 5, 4), ttt.Rules(7, 6, 4, 2, True), ttt.Rules(4, 4, 3, 3)],
    ids=["classic", "5x5-k4", "7x6-gravity", "4x4-3-players"],
)
def test_api_test_passes(rules: ttt.Rules | None) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations, as it does for its own tic-tac-toe.
        warnings.simplefilter("ignore", UserWarning)
        pettingzoo_test.api_test(env(rules=rules), num_cycles=200)


def test_observation_layout_and_rewards() -> None:
    e = env()
    e.reset(seed=1)
    assert e.agents == ["player_1", "player_2"]
    assert e.agent_selection == "player_1"
    obs, reward, term, trunc, _ = e.last()
    assert obs["observation"].shape == (3, 3, 2)
    assert obs["action_mask"].tolist() == [1] * 9
    for action in (0, 3, 1, 4):
        e.step(action)
    obs = e.observe("player_1")
    assert obs["observation"][0, :, 0].tolist() == [1, 1, 0]  # X's own marks on plane 0
    assert obs["observation"][1, :, 1].tolist() == [1, 1, 0]  # O's marks on plane 1
    assert e.observe("player_2")["observation"][1, :, 0].tolist() == [1, 1, 0]
    assert e.observe("player_2")["action_mask"].tolist() == [0] * 9  # not its turn
    with pytest.raises(ttt.InvalidMoveError) as info:
        e.step(0)
    assert info.value.reason == "occupied"
    e.step(2)  # X completes the top row
    assert e.terminations == {"player_1": True, "player_2": True}
    assert e.rewards == {"player_1": 1.0, "player_2": -1.0}
    seen = []
    for agent in e.agent_iter():
        _, reward, term, _, _ = e.last()
        assert term
        seen.append((agent, reward))
        e.step(None)
    assert sorted(seen) == [("player_1", 1.0), ("player_2", -1.0)]
    assert e.agents == []


def test_gravity_masks_and_render() -> None:
    e = env(rules=ttt.Rules.CONNECT_FOUR, render_mode="ansi")
    e.reset()
    mask = e.observe(e.agent_selection)["action_mask"]
    assert np.flatnonzero(mask).tolist() == list(range(35, 42))
    e.step(38)
    assert e.render() == "." * 7 + "\n" + ("." * 7 + "\n") * 4 + "...X..."
    with pytest.raises(ttt.InvalidMoveError) as info:
        e.step(3)
    assert info.value.reason == "floating"
    with pytest.raises(ValueError):
        TttEnv(render_mode="rgb_array")


def test_draw_gives_zero_rewards() -> None:
    e = env()
    e.reset()
    for action in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        e.step(action)
    assert all(e.terminations.values())
    assert e.rewards == {"player_1": 0.0, "player_2": 0.0}

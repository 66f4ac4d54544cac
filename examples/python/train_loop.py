"""A train-style loop with the PettingZoo environment: a tabular learner against a random player.

Run: ``python examples/python/train_loop.py`` (needs ``pip install './ttt-py[pettingzoo]'``).

The learner keeps a value per (observation, action) and updates it from the final reward, a
Monte-Carlo control loop in a dozen lines: enough to show the AEC loop, action masks and rewards.
It learns to beat a random opponent far more often than chance.
"""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np

import ttt
from ttt.pettingzoo import env


def train(episodes: int = 3000, seed: int = 0, rules: ttt.Rules | None = None) -> float:
    """Trains ``player_0`` against a random ``player_1``; returns its win rate on the last 500."""
    rng = random.Random(seed)
    values: defaultdict[tuple[bytes, int], float] = defaultdict(float)
    counts: defaultdict[tuple[bytes, int], int] = defaultdict(int)
    e = env(rules=rules)
    wins: list[bool] = []
    for episode in range(episodes):
        e.reset(seed=episode)
        trajectory: list[tuple[bytes, int]] = []
        final = 0.0
        for agent in e.agent_iter():
            observation, reward, termination, truncation, _ = e.last()
            if termination or truncation:
                if agent == "player_0":
                    final = reward
                e.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"]).tolist()
            if agent == "player_0":
                key = observation["observation"].tobytes()
                if rng.random() < 0.1:
                    action = rng.choice(legal)
                else:
                    action = max(legal, key=lambda a: (values[(key, a)], rng.random()))
                trajectory.append((key, action))
            else:
                action = rng.choice(legal)
            e.step(action)
        for step in trajectory:
            counts[step] += 1
            values[step] += (final - values[step]) / counts[step]
        wins.append(final > 0)
    last = wins[-500:]
    return sum(last) / len(last)


if __name__ == "__main__":
    print(f"win rate of the learner over its last 500 games: {train():.0%}")

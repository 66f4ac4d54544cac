"""A PettingZoo AEC environment over any ``ttt`` rules (classic, m,n,k, gravity, 2-4 players).

Install with the extra: ``pip install 'ttt[pettingzoo]'``. Then::

    import ttt
    from ttt.pettingzoo import env

    e = env(rules=ttt.Rules.CONNECT_FOUR)
    e.reset(seed=0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else int(observation["action_mask"].argmax())
        e.step(action)

Agents are ``player_1`` .. ``player_N`` in turn order (``player_1`` plays ``'X'`` and moves
first). Each observation is a dict:

- ``"observation"``: ``int8`` array of shape ``(height, width, players)``, read-only; plane 0
  holds the observing agent's marks, plane ``j`` those of the agent ``j`` seats after it;
- ``"action_mask"``: ``int8`` array of ``width * height`` cells, 1 where the observing agent can
  play now (all 0 when it is not its turn or the game is over).

An action is a cell index (row-major from the top-left). At the end the winner gets +1 and every
other agent -1; a draw gives 0 to all. An illegal action raises :class:`ttt.InvalidMoveError` and
changes nothing (mask your actions). All rules are those of the Rust engine: this module only
converts.
"""

from __future__ import annotations

import operator
from typing import Any, Literal, cast, overload

try:
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
    from pettingzoo import AECEnv
except ImportError as _missing:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"ttt.pettingzoo needs the optional extra: pip install 'ttt[pettingzoo]' ({_missing})"
    ) from _missing

import ttt

__all__ = ["TttEnv", "env", "raw_env"]

ObsType = dict[str, NDArray[np.int8]]
Info = dict[str, Any]


class TttEnv(AECEnv[str, ObsType, int | None]):
    """The AEC environment; see the module documentation. Prefer :func:`env` to build one."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi"],
        "name": "ttt_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, rules: ttt.Rules | None = None, render_mode: str | None = None) -> None:
        """Raises ``ValueError`` for a render mode other than ``None``, ``'human'``, ``'ansi'``,
        ``TypeError`` when ``rules`` is not a :class:`ttt.Rules`."""
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"unknown render mode {render_mode!r}: use 'human' or 'ansi'")
        if rules is not None and not isinstance(rules, ttt.Rules):
            raise TypeError(f"rules must be a ttt.Rules or None, not {type(rules).__name__}")
        self.rules: ttt.Rules = rules if rules is not None else ttt.Rules.CLASSIC
        self.render_mode = render_mode
        r = self.rules
        self.possible_agents = [f"player_{i + 1}" for i in range(r.players)]
        self._mark_of = dict(zip(self.possible_agents, r.marks, strict=True))
        self._agent_of = dict(zip(r.marks, self.possible_agents, strict=True))
        self._shape = (r.height, r.width, r.players)
        self._no_moves = np.zeros(r.cell_count, dtype=np.int8)
        self._no_moves.flags.writeable = False
        self.action_spaces = {a: spaces.Discrete(r.cell_count) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, self._shape, dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (r.cell_count,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.game: ttt.GameState = ttt.create_game(rules=r)
        self._reset_bookkeeping()

    def _reset_bookkeeping(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of[self.game.current_player]

    def _check_agent(self, agent: str) -> None:
        """``ValueError`` for a name that is not one of ``possible_agents``."""
        if not isinstance(agent, str) or agent not in self._mark_of:
            raise ValueError(f"unknown agent {agent!r}: one of {self.possible_agents}")

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``; ``ValueError`` for an unknown agent."""
        self._check_agent(agent)
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``; ``ValueError`` for an unknown agent."""
        self._check_agent(agent)
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A fresh game. The game has no randomness, so ``seed`` only seeds the action spaces.

        ``seed`` is ``None`` or a non-negative integer (``TypeError``/``ValueError`` otherwise).
        """
        if seed is not None:
            if isinstance(seed, bool):
                raise TypeError("seed must be an int or None, not bool")
            seed = operator.index(seed)  # TypeError for a non-integer
            if seed < 0:
                raise ValueError(f"seed must not be negative, not {seed}")
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.game = ttt.create_game(rules=self.rules)
        self._reset_bookkeeping()
        if self.render_mode == "human":
            self.render()

    @overload
    def last(self, observe: Literal[True] = True) -> tuple[ObsType, float, bool, bool, Info]: ...
    @overload
    def last(self, observe: Literal[False]) -> tuple[None, float, bool, bool, Info]: ...
    @overload
    def last(self, observe: bool) -> tuple[ObsType | None, float, bool, bool, Info]: ...
    def last(self, observe: bool = True) -> tuple[ObsType | None, float, bool, bool, Info]:
        """PettingZoo's ``last()``, typed: the selected agent's observation (``None`` when
        ``observe`` is false), cumulative reward, termination, truncation and info."""
        observation, reward, termination, truncation, info = super().last(observe)
        return observation, float(reward), bool(termination), bool(truncation), info

    def observe(self, agent: str) -> ObsType:
        """What ``agent`` sees (see the module docs); ``ValueError`` for an unknown agent."""
        self._check_agent(agent)
        game = self.game
        planes = np.frombuffer(game.planes(self._mark_of[agent]), dtype=np.int8)
        if agent == self.agent_selection and not game.is_over:
            mask = np.frombuffer(game.move_mask(), dtype=np.int8)
        else:
            mask = self._no_moves
        return {"observation": planes.reshape(self._shape), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Plays ``action`` for the selected agent (``None`` for an agent that is done).

        Raises :class:`ttt.InvalidMoveError` for an illegal action, and ``ValueError`` once the
        game is over and every agent has left (call ``reset()``)."""
        if not self.agents:
            raise ValueError("the game is over and every agent has left: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # Raises InvalidMoveError, changing nothing (None is refused as 'out-of-range').
        self.game = self.game.apply_move(cast(int, action))
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        if game.is_over:
            winner = game.winner
            for a in self.agents:
                self.rewards[a] = 0.0 if winner is None else (1.0 if self._mark_of[a] == winner else -1.0)
                self.terminations[a] = True
            self._accumulate_rewards()
        self.agent_selection = self._agent_of[game.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """``'ansi'``: the board as text; ``'human'``: prints it. Nothing without a render mode."""
        if self.render_mode is None:
            return None
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text, end="\n\n")
        return None

    def close(self) -> None:
        """Nothing to release."""


def raw_env(rules: ttt.Rules | None = None, render_mode: str | None = None) -> TttEnv:
    """The environment without wrappers (it checks its own actions through the engine)."""
    return TttEnv(rules=rules, render_mode=render_mode)


def env(rules: ttt.Rules | None = None, render_mode: str | None = None) -> TttEnv:
    """The environment for ``rules`` (the classic game when ``None``).

    No PettingZoo wrapper is added: the engine already refuses illegal or out-of-range actions
    with :class:`ttt.InvalidMoveError`, and ``step`` before ``reset`` works on a fresh game.
    """
    return raw_env(rules=rules, render_mode=render_mode)

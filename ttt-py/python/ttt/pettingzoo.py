"""PettingZoo AEC environments over any ``ttt`` rules (classic, m,n,k, gravity, 2-4 players).

Install with the extra: ``pip install 'ttt[pettingzoo]'``. Then::

    import ttt

    e = ttt.pettingzoo.env(rules=ttt.Rules.CONNECT_FOUR)
    e.reset(seed=0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else int(observation["action_mask"].argmax())
        e.step(action)

The environments follow the conventions of PettingZoo's classic environments:

- **Agents** are ``player_0`` .. ``player_{N-1}`` in seat order (``player_0`` plays ``'X'`` and
  moves first), as in ``connect_four_v3``. :func:`tictactoe_v3` names them ``player_1`` and
  ``player_2``, as PettingZoo's own ``tictactoe_v3`` does.
- **Actions**: without gravity an action is a cell index (row-major from the top-left, as
  everywhere in ``ttt``); under gravity it is a column, ``0 .. width - 1``, and the mark drops
  to the lowest empty cell of that column (``Discrete(width)``, as in ``connect_four_v3``).
- **Observations** are dicts. ``"observation"``: an ``int8`` array of shape
  ``(height, width, players)``; plane 0 holds the observing agent's marks, plane ``j`` those of
  the agent ``j`` seats after it (for two players: own marks, then the opponent's, stacked as in
  ``connect_four_v3``). ``"action_mask"``: an ``int8`` array with one entry per action, 1 where
  the observing agent can play now; all 0 for an agent whose turn it is not.
- **Rewards**: at the end the winner gets +1 and every other agent -1; a draw gives 0 to all.
- **Illegal actions** (``illegal_action="terminate"``, the default): the game ends at once, the
  offender gets -1 and the others 0, and every agent is terminated and truncated, exactly as
  PettingZoo's ``TerminateIllegalWrapper`` does for its classic games. With
  ``illegal_action="raise"`` an illegal action raises :class:`ttt.InvalidMoveError` (a
  ``ValueError``) and changes nothing. An action that is not an integer in the action space
  raises ``ValueError``/``TypeError`` in both modes, as PettingZoo's ``AssertOutOfBoundsWrapper``
  refuses it (with an ``AssertionError``).
- **Rendering**: ``render_mode="ansi"`` returns the board as text, ``"rgb_array"`` returns an
  ``(H, W, 3)`` ``uint8`` image drawn with numpy (no pygame needed), ``"human"`` prints the text
  board after every step.

:func:`connect_four_v3` and :func:`tictactoe_v3` play step for step like
``pettingzoo.classic.connect_four_v3.env()`` and ``pettingzoo.classic.tictactoe_v3.env()``: the
same observations, action masks, rewards, terminations and truncations for the same actions
(tests compare them on seeded random play). One detail for those two only: after the game ends
the action mask of the selected agent still lists the free cells (or columns), as PettingZoo's
do. Tic-tac-toe actions are the same cell numbers 0-8 in both, with the same eight lines; only
the picture differs: PettingZoo draws cell ``a`` in column ``a // 3``, row ``a % 3``, where
``ttt`` draws it in row ``a // 3``, column ``a % 3`` (the mirror image in the main diagonal).

All rules are those of the Rust engine: this module only converts.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, Literal, overload

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

__all__ = ["TttEnv", "connect_four_v3", "env", "raw_env", "tictactoe_v3"]

ObsType = dict[str, NDArray[np.int8]]
Info = dict[str, Any]
_IllegalAction = Literal["terminate", "raise"]
_RenderMode = Literal["human", "ansi", "rgb_array"]

# Colours of the rgb_array picture: board, grid, one per mark (X, O, Y, Z), winning ring.
_BOARD = (0, 70, 160)
_GRID = (0, 40, 110)
_EMPTY = (235, 235, 235)
_MARK_COLOURS = ((220, 40, 40), (245, 200, 30), (40, 170, 70), (150, 60, 190))
_HIGHLIGHT = (255, 255, 255)
_CELL_PX = 40


class TttEnv(AECEnv[str, ObsType, int | None]):
    """The AEC environment; see the module documentation. Prefer :func:`env` to build one.

    Raises ``ValueError`` for an unknown ``render_mode`` or ``illegal_action``, or ``agents``
    that are not one distinct string per player; ``TypeError`` for ``rules`` that are not a
    :class:`ttt.Rules`.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "ttt_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: ttt.Rules | None = None,
        render_mode: _RenderMode | None = None,
        *,
        illegal_action: _IllegalAction = "terminate",
        agents: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(
                f"unknown render mode {render_mode!r}: use 'human', 'ansi' or 'rgb_array'"
            )
        if illegal_action not in ("terminate", "raise"):
            raise ValueError(
                f"unknown illegal_action {illegal_action!r}: use 'terminate' or 'raise'"
            )
        if rules is not None and not isinstance(rules, ttt.Rules):
            raise TypeError(f"rules must be a ttt.Rules, not {type(rules).__name__}")
        self.rules: ttt.Rules = rules if rules is not None else ttt.Rules.CLASSIC
        self.render_mode = render_mode
        self.illegal_action: _IllegalAction = illegal_action
        r = self.rules
        names = [f"player_{i}" for i in range(r.players)] if agents is None else list(agents)
        if (
            len(names) != r.players
            or len(set(names)) != len(names)
            or not all(isinstance(n, str) for n in names)
        ):
            raise ValueError(f"agents must be {r.players} distinct strings, one per seat")
        self.possible_agents = names
        self._mark_of = dict(zip(self.possible_agents, r.marks, strict=True))
        self._agent_of = dict(zip(r.marks, self.possible_agents, strict=True))
        self._shape = (r.height, r.width, r.players)
        self._n_actions = r.width if r.gravity else r.cell_count
        self._no_moves = np.zeros(self._n_actions, dtype=np.int8)
        self._no_moves.flags.writeable = False
        # PettingZoo's classic games keep showing the free cells to the selected agent after
        # the game ended; the compatible constructors below switch this on.
        self._mask_after_end = False
        self.action_spaces = {a: spaces.Discrete(self._n_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, self._shape, dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (self._n_actions,), dtype=np.int8),
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

    def _mask(self) -> NDArray[np.int8]:
        """The actions the engine accepts now (the free cells or columns, for the compatible
        environments after the end)."""
        game = self.game
        if game.is_over:
            if not self._mask_after_end:
                return self._no_moves
            cells = np.fromiter((c is None for c in game.board), dtype=np.int8)
        else:
            cells = np.frombuffer(game.move_mask(), dtype=np.int8)
        if self.rules.gravity:
            # A column is playable when one of its cells is; the engine says which cell.
            return cells.reshape(self.rules.height, self.rules.width).max(axis=0)
        return cells

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
        planes = np.frombuffer(self.game.planes(self._mark_of[agent]), dtype=np.int8)
        mask = self._mask() if agent == self.agent_selection else self._no_moves
        return {"observation": planes.reshape(self._shape), "action_mask": mask}

    def _checked_action(self, action: object) -> int:
        """The action as an int in the action space, or ``TypeError``/``ValueError``."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"an action is an int, not {type(action).__name__}")
        value = int(action)
        if not 0 <= value < self._n_actions:
            raise ValueError(f"action {value} is outside 0..{self._n_actions - 1}")
        return value

    def _play(self, action: int) -> ttt.GameState:
        if self.rules.gravity:
            return self.game.play_column(action)
        return self.game.apply_move(action)

    def step(self, action: int | None) -> None:
        """Plays ``action`` for the selected agent (``None`` for an agent that is done). An
        illegal action ends the game or raises :class:`ttt.InvalidMoveError` (see
        ``illegal_action``); an action outside the action space raises ``TypeError`` or
        ``ValueError``, and so does any step once the game is over and every agent has left
        (call ``reset()``)."""
        if not self.agents:
            raise ValueError("the game is over and every agent has left: call reset() first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            self.game = self._play(self._checked_action(action))
        except ttt.InvalidMoveError:
            if self.illegal_action == "raise":
                raise
            self._end_by_illegal_action(agent)
            return
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

    def _end_by_illegal_action(self, offender: str) -> None:
        """What PettingZoo's TerminateIllegalWrapper does: the offender -1, the others 0, every
        agent terminated and truncated, and the dead agents step first."""
        self._cumulative_rewards[offender] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[offender] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | NDArray[np.uint8] | None:
        """``'ansi'``: the board as text; ``'rgb_array'``: the board as an ``(H, W, 3)`` uint8
        image; ``'human'``: prints the text. ``None`` without a render mode."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self._picture()
        text = str(self.game)
        if self.render_mode == "ansi":
            return text
        print(text, end="\n\n")
        return None

    def _picture(self) -> NDArray[np.uint8]:
        """The board drawn with numpy: a disc per mark in its player's colour, the winning line
        ringed in white."""
        r, px = self.rules, _CELL_PX
        image = np.empty((r.height * px, r.width * px, 3), dtype=np.uint8)
        image[:] = _BOARD
        image[::px, :] = _GRID
        image[:, ::px] = _GRID
        yy, xx = np.mgrid[0:px, 0:px]
        dist2 = (yy - px / 2 + 0.5) ** 2 + (xx - px / 2 + 0.5) ** 2
        disc = dist2 <= (px * 0.4) ** 2
        ring = (dist2 <= (px * 0.48) ** 2) & ~disc
        colour = dict(zip(r.marks, _MARK_COLOURS, strict=False))
        line = set(self.game.winning_line or ())
        for index, mark in enumerate(self.game.board):
            row, col = divmod(index, r.width)
            tile = image[row * px : (row + 1) * px, col * px : (col + 1) * px]
            tile[disc] = _EMPTY if mark is None else colour[mark]
            if index in line:
                tile[ring] = _HIGHLIGHT
        return image

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    rules: ttt.Rules | None = None,
    render_mode: _RenderMode | None = None,
    *,
    illegal_action: _IllegalAction = "terminate",
) -> TttEnv:
    """The environment without wrappers (it checks its own actions through the engine)."""
    return TttEnv(rules=rules, render_mode=render_mode, illegal_action=illegal_action)


def env(
    rules: ttt.Rules | None = None,
    render_mode: _RenderMode | None = None,
    *,
    illegal_action: _IllegalAction = "terminate",
) -> TttEnv:
    """The environment for ``rules`` (the classic game when ``None``), any board, gravity and
    2 to 4 players.

    No PettingZoo wrapper is added: the environment already handles illegal actions (see
    ``illegal_action``), refuses actions outside the action space, and ``step`` before
    ``reset`` works on a fresh game.
    """
    return raw_env(rules=rules, render_mode=render_mode, illegal_action=illegal_action)


def _compatible(
    rules: ttt.Rules,
    name: str,
    agents: Sequence[str],
    render_mode: _RenderMode | None,
    illegal_action: _IllegalAction,
) -> TttEnv:
    e = TttEnv(rules=rules, render_mode=render_mode, illegal_action=illegal_action, agents=agents)
    e.metadata = {**TttEnv.metadata, "name": name}
    e._mask_after_end = True
    return e


def connect_four_v3(
    render_mode: _RenderMode | None = None, *, illegal_action: _IllegalAction = "terminate"
) -> TttEnv:
    """Connect Four (7×6, four in a row, gravity), step for step like PettingZoo's
    ``connect_four_v3``: agents ``player_0`` and ``player_1``, seven column actions,
    observation ``(6, 7, 2)``."""
    return _compatible(
        ttt.Rules.CONNECT_FOUR, "connect_four_v3", ["player_0", "player_1"], render_mode,
        illegal_action,
    )


def tictactoe_v3(
    render_mode: _RenderMode | None = None, *, illegal_action: _IllegalAction = "terminate"
) -> TttEnv:
    """Tic-tac-toe, step for step like PettingZoo's ``tictactoe_v3``: agents ``player_1`` and
    ``player_2`` (PettingZoo's names for this game), nine cell actions, observation
    ``(3, 3, 2)``; see the module documentation for the cell numbering."""
    return _compatible(
        ttt.Rules.CLASSIC, "tictactoe_v3", ["player_1", "player_2"], render_mode, illegal_action
    )

"""Scale-out on Ray: self-play batches and solves spread over the cores of a cluster.

Install with the extra: ``pip install 'ttt[ray]'``. Then::

    import ray
    import ttt

    ray.init()                        # a local cluster; ray.init(address="auto") joins a real one
    batch = ttt.distributed.play_games(1_000_000, "medium", rules=ttt.Rules(5, 5, 4), seed=7)
    answer = ttt.distributed.solve(ttt.create_game(rules=ttt.Rules(6, 5, 4, 2, True)),
                                   split_depth=3)

Both functions give exactly what their single-process twins give (:func:`ttt.play_games` and
:func:`ttt.solve`): the same games for the same seed, whatever the number of tasks, and the same
value and best move. When Ray is not initialized, they call ``ray.init()`` first, which starts a
local cluster on this machine (or joins the one named by the ``RAY_ADDRESS`` environment
variable). To use a real cluster, start it with ``ray start --head`` on one machine and
``ray start --address=HEAD:6379`` on the others, install this wheel on every machine, and call
``ray.init(address="auto")`` (or set ``RAY_ADDRESS``) before these functions.

How the work is split:

- :func:`play_games`: games come in blocks of 64 that each draw from their own generator,
  ``SeededRng(seed + b)`` for block ``b``. So blocks ``b .. b + m`` of a batch are the first
  ``m`` blocks of the batch with seed ``seed + b``, and each task plays a run of whole blocks
  with :func:`ttt.play_games` (one thread per task). The driver joins the results in order with
  :meth:`ttt.BatchResult.concat`.
- :func:`solve`: the game tree is expanded ``split_depth`` plies deep on the driver (positions
  reached by different move orders are solved once), the positions at that depth are solved
  exactly by Ray tasks with :func:`ttt.solve`, and the driver combines their values by minimax
  (negamax on the score ``cells + 1 - plies`` for a win, ``plies - cells - 1`` for a loss, 0 for
  a draw). Among the best moves at the root it picks the one nearest the centre, then the lowest
  index, as :func:`ttt.solve` does. Two players only: with three or four the search is paranoid
  (the player to move at the root against the others), and a sub-position's own value is taken
  from its own mover's side, so values of sub-positions do not combine.

The solve is exact when every sub-position is proven within ``max_nodes``; when one is not, the
answer is that of a single-process :func:`ttt.solve` with the same limits (unproven, as it says).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

try:
    import ray
except ImportError as _missing:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"ttt.distributed needs the optional extra: pip install 'ttt[ray]' ({_missing})"
    ) from _missing

import ttt

if TYPE_CHECKING:
    from ttt._ttt import _BatchPlayer

__all__ = ["play_games", "solve"]

GAMES_PER_SEED = 64
_SEED_MOD = 2**64


def _ensure_ray() -> None:
    if not ray.is_initialized():
        ray.init()


def _cluster_cpus() -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _nonnegative_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be at least 0, not {value}")
    return value


@ray.remote(num_cpus=1)
def _play_blocks(n: int, players: Any, kwargs: dict[str, Any]) -> ttt.BatchResult:
    return ttt.play_games(n, players, threads=1, **kwargs)


def play_games(
    n: int,
    players: _BatchPlayer | Iterable[_BatchPlayer] | None = None,
    *,
    rules: ttt.Rules | None = None,
    start: ttt.GameState | None = None,
    seed: int = 0,
    record_moves: bool = False,
    max_nodes: int | None = None,
    proof_nodes: int | None = None,
    table_bytes: int | None = None,
    time_limit: float | None = None,
    tasks: int | None = None,
) -> ttt.BatchResult:
    """:func:`ttt.play_games` spread over Ray tasks: the same arguments and the same games, in
    the same order, whatever ``tasks`` is.

    ``tasks``: how many Ray tasks share the batch (default: the CPUs of the cluster; never more
    than the number of 64-game blocks). Raises what :func:`ttt.play_games` raises for bad
    arguments (checked on the driver before any task starts), ``ValueError`` for ``tasks`` < 1.
    """
    n = _nonnegative_int("n", n)
    seed = _nonnegative_int("seed", seed)
    if seed >= _SEED_MOD:
        raise ValueError(f"seed must be below 2**64, not {seed}")
    if players is not None and not isinstance(players, str):
        players = list(itertools.islice(players, ttt.MAX_PLAYERS + 1))
    kwargs: dict[str, Any] = {
        "rules": rules,
        "start": start,
        "record_moves": record_moves,
        "max_nodes": max_nodes,
        "proof_nodes": proof_nodes,
        "table_bytes": table_bytes,
        "time_limit": time_limit,
    }
    # Zero games checks every argument without playing, and is the answer for n == 0.
    empty = ttt.play_games(0, players, seed=seed, threads=1, **kwargs)
    if n == 0:
        return empty
    _ensure_ray()
    if tasks is None:
        tasks = _cluster_cpus()
    tasks = _nonnegative_int("tasks", tasks)
    if tasks < 1:
        raise ValueError("tasks must be at least 1")
    blocks = -(-n // GAMES_PER_SEED)
    per_task = -(-blocks // min(tasks, blocks))
    futures = []
    for first in range(0, blocks, per_task):
        count = min(per_task * GAMES_PER_SEED, n - first * GAMES_PER_SEED)
        task_kwargs = {**kwargs, "seed": (seed + first) % _SEED_MOD}
        futures.append(_play_blocks.remote(count, players, task_kwargs))
    return ttt.BatchResult.concat(ray.get(futures))


# A won game: ``ttt.solve`` on it checks its keyword arguments and searches nothing.
_FINISHED = ttt.parse_state("XXXOO....", "O")


@dataclass(frozen=True)
class _Value:
    """A position's exact value for its player to move."""

    outcome: Literal["win", "draw", "loss"]
    plies: int

    def score(self, cells: int) -> int:
        """SPEC's score, from the position: a faster win or a slower loss is worth more."""
        if self.outcome == "win":
            return cells + 1 - self.plies
        if self.outcome == "loss":
            return self.plies - cells - 1
        return 0

    def after_move(self) -> _Value:
        """This position's value seen from the player who moved into it."""
        flipped: dict[str, Literal["win", "draw", "loss"]] = {
            "win": "loss",
            "loss": "win",
            "draw": "draw",
        }
        return _Value(flipped[self.outcome], self.plies + 1)


def _key(state: ttt.GameState) -> tuple[object, ...]:
    """Positions that play on alike: the same board with the same player to move."""
    return (state.board, state.current_player)


def _move_value(child: ttt.GameState, values: dict[tuple[object, ...], _Value]) -> _Value:
    """The value of the move that led to ``child``, for the player who made it."""
    if child.is_over:
        return _Value("win" if child.winner is not None else "draw", 1)
    return values[_key(child)].after_move()


@ray.remote(num_cpus=1)
def _solve_positions(
    states: list[ttt.GameState],
    limits: dict[str, Any],
) -> list[ttt.BestMove | None]:
    return [ttt.solve(s, **limits) for s in states]


def solve(
    state: ttt.GameState,
    *,
    split_depth: int = 2,
    max_nodes: int | None = None,
    proof_nodes: int | None = None,
    table_bytes: int | None = None,
    time_limit: float | None = None,
    tasks: int | None = None,
) -> ttt.BestMove | None:
    """:func:`ttt.solve` with the tree split ``split_depth`` plies below ``state`` into
    sub-positions solved as Ray tasks; the same value and best move. ``None`` when the game is
    over.

    ``max_nodes``, ``proof_nodes``, ``table_bytes`` and ``time_limit`` (seconds) bound each
    sub-position's solve (checked on the driver first, as :func:`ttt.solve` checks them);
    ``tasks`` is how many Ray tasks share the sub-positions (default: the CPUs of the cluster).
    ``nodes`` of the answer is the sum over the sub-positions. Raises ``ValueError`` for three or four players, a
    ``split_depth`` below 1 or above 8, or ``tasks`` < 1; ``TypeError`` for a ``state`` that is
    not a :class:`ttt.GameState`.
    """
    if not isinstance(state, ttt.GameState):
        raise TypeError(f"state must be a ttt.GameState, not {type(state).__name__}")
    # The limits are checked here, on a finished game (no search), before any task starts.
    limits: dict[str, Any] = {
        "max_nodes": max_nodes,
        "proof_nodes": proof_nodes,
        "table_bytes": table_bytes,
        "time_limit": time_limit,
    }
    ttt.solve(_FINISHED, **limits)
    split_depth = _nonnegative_int("split_depth", split_depth)
    if not 1 <= split_depth <= 8:
        raise ValueError(f"split_depth must be in 1..8, not {split_depth}")
    if state.rules.players != 2:
        raise ValueError("a distributed solve combines two-player values only")
    if state.is_over:
        return None
    # Expand: every position split_depth plies down (or where the game ends first).
    frontier: dict[tuple[object, ...], ttt.GameState] = {}
    inner: list[list[ttt.GameState]] = [[state]]
    for depth in range(split_depth):
        layer: dict[tuple[object, ...], ttt.GameState] = {}
        for s in inner[depth]:
            for move in s.available_moves():
                child = s.apply_move(move)
                if not child.is_over:
                    layer.setdefault(_key(child), child)
        if depth + 1 == split_depth:
            frontier = layer
        else:
            inner.append(list(layer.values()))
    # Solve the frontier in tasks.
    leaves = list(frontier.values())
    values: dict[tuple[object, ...], _Value] = {}
    nodes = 0
    if leaves:
        _ensure_ray()
        if tasks is None:
            tasks = _cluster_cpus()
        tasks = _nonnegative_int("tasks", tasks)
        if tasks < 1:
            raise ValueError("tasks must be at least 1")
        # Several chunks per task slot, so that a slow sub-position does not hold up the rest.
        size = max(1, -(-len(leaves) // (tasks * 4)))
        chunks = [leaves[i : i + size] for i in range(0, len(leaves), size)]
        answers = ray.get(
            [_solve_positions.remote(c, limits) for c in chunks]
        )
        for leaf, answer in zip(leaves, itertools.chain.from_iterable(answers), strict=True):
            if answer is None or not answer.proven or answer.outcome is None or answer.plies is None:
                return ttt.solve(state, **limits)
            values[_key(leaf)] = _Value(answer.outcome, answer.plies)
            nodes += answer.nodes
    # Combine, deepest layer first: a position's value is its best move's.
    cells = state.rules.cell_count
    for positions in reversed(inner[1:]):
        for s in positions:
            best = max(
                (_move_value(s.apply_move(m), values) for m in s.available_moves()),
                key=lambda v: v.score(cells),
            )
            values[_key(s)] = best
    rules = state.rules
    scored = [(m, _move_value(state.apply_move(m), values)) for m in state.available_moves()]
    index, value = min(
        scored,
        key=lambda mv: (-mv[1].score(cells), rules.centre_distance4(mv[0]), mv[0]),
    )
    return ttt.BestMove(index, value.outcome, value.plies, True, nodes)

"""ttt.distributed on a local Ray cluster: the same games and the same solves as one process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import ttt

ray = pytest.importorskip("ray")
from ttt import distributed  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def local_cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _games(batch: ttt.BatchResult) -> tuple[object, ...]:
    return (batch.winners, batch.plies, batch.moves, batch.wins, batch.draws)


@pytest.mark.parametrize("tasks", [1, 2, 3, 7, 100])
def test_play_games_matches_one_process(tasks: int) -> None:
    # 1000 games: 15 full blocks of 64 and a partial one.
    local = ttt.play_games(1000, ["easy", "medium"], seed=123, record_moves=True)
    spread = distributed.play_games(
        1000, ["easy", "medium"], seed=123, record_moves=True, tasks=tasks
    )
    assert len(spread) == 1000
    assert _games(spread) == _games(local)


def test_play_games_more_players_wrapping_seed_and_start() -> None:
    rules = ttt.Rules(4, 4, 3, 3)
    seed = 2**64 - 2  # blocks wrap round to seeds 0, 1, ...
    local = ttt.play_games(300, "easy", rules=rules, seed=seed)
    assert _games(distributed.play_games(300, "easy", rules=rules, seed=seed, tasks=4)) == _games(
        local
    )
    start = ttt.parse_state("X...O....", "X")
    local = ttt.play_games(130, "hard", start=start, seed=5)
    assert _games(distributed.play_games(130, "hard", start=start, seed=5, tasks=3)) == _games(local)
    assert len(distributed.play_games(0, "easy")) == 0


def test_play_games_checks_arguments_before_any_task() -> None:
    with pytest.raises(ValueError):
        distributed.play_games(10, "hardest")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        distributed.play_games(10, "easy", tasks=0)
    with pytest.raises(ValueError):
        distributed.play_games(-1, "easy")
    with pytest.raises(TypeError):
        distributed.play_games(1.5, "easy")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        distributed.play_games(10, ["easy", "easy", "easy"])


def _same_answer(state: ttt.GameState, split_depth: int) -> None:
    single = ttt.solve(state, max_nodes=10**9)
    spread = distributed.solve(state, split_depth=split_depth, max_nodes=10**9)
    assert single is not None and spread is not None
    assert (spread.index, spread.outcome, spread.plies, spread.proven) == (
        single.index,
        single.outcome,
        single.plies,
        True,
    ), f"{state!r} split at {split_depth}"


def test_solve_connect_four_6x5_split_at_depth_3() -> None:
    _same_answer(ttt.create_game(rules=ttt.Rules(6, 5, 4, 2, True)), 3)


@pytest.mark.parametrize("split_depth", [1, 2, 3, 4])
def test_solve_small_boards_at_every_depth(split_depth: int) -> None:
    for state in (
        ttt.create_game(),
        ttt.parse_state("X...O...X", "O"),
        ttt.parse_state("XX.OO....", "X"),  # a win in one: the split adds nothing
        ttt.parse_state("XOX.O....", "X"),  # shallower than the split in places
        ttt.create_game(rules=ttt.Rules(4, 4, 3)),  # a first-player win
        ttt.create_game(rules=ttt.Rules(5, 4, 4, 2, True)),
    ):
        _same_answer(state, split_depth)


def test_solve_refuses_what_it_cannot_combine() -> None:
    with pytest.raises(ValueError):
        distributed.solve(ttt.create_game(rules=ttt.Rules(4, 4, 3, 3)), split_depth=2)
    with pytest.raises(ValueError):
        distributed.solve(ttt.create_game(), split_depth=0)
    with pytest.raises(TypeError):
        distributed.solve("X........", split_depth=1)  # type: ignore[arg-type]
    over = ttt.parse_state("XXXOO....", "O")
    assert distributed.solve(over, split_depth=2) is None


def test_unproven_sub_positions_fall_back_to_one_process() -> None:
    state = ttt.create_game(rules=ttt.Rules(9, 9, 5))
    answer = distributed.solve(state, split_depth=1, max_nodes=50)
    single = ttt.solve(state, max_nodes=50)
    assert answer == single and answer is not None and not answer.proven

"""Hard against OpenSpiel's MCTS (issue 9's yardstick): ``make strength-mcts``.

OpenSpiel's C++ MCTS (``pyspiel.MCTSBot``, a random-rollout evaluator, ``uct_c=2``) plays
against ttt's Hard at its default settings (one ``ttt.Engine`` per game, kept from move to
move), seats alternating, each game kept in step on both sides (ttt's ``GameState`` and
OpenSpiel's state, checked to end together). Prints a Markdown table: Hard's wins, draws and
losses, its losses as first player, and the median and largest move time of each side.

Matches (``--match``, default all; ``--games`` and ``--sims`` override for a shorter run):

- ``gomoku15``: 15×15 five in a row against MCTS with 1,000 simulations, 20 games;
- ``gomoku10``: 10×10 five in a row against MCTS with 10,000 simulations, 20 games;
- ``c4``: Connect Four against MCTS with 100,000 simulations, 40 games; every position Hard
  reaches as the first player from ply 6 to ply 15 is also checked with the exact
  solver (no budget): Hard must never turn a won position into one that is not won (counted
  separately for plies 6-9, issue 14's window, and 10-15; each one is named on standard
  error);
- ``c4sets``: Hard with ``time_limit=1`` from the first 15 positions of Pons' ``Test_L1_R2``
  and ``Test_L1_R3`` (30 in all), once on each side, against MCTS with 20,000 simulations; the
  result for Hard must never be worse than the position's exact value for Hard's side.

``--first-only`` plays only the games where Hard moves first (issue 14's target: no loss
there), with the seeds they have in the full match; ``--second-only`` the games where MCTS
moves first (seeds 1001, 1003, ...), where issue 9's 95% is won or lost.

Run: ``make strength-mcts`` or ``python bench/strength/mcts.py --match c4 --games 4`` in an
environment with ``ttt`` and ``open_spiel`` installed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel

import ttt

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    first_player_losses: int = 0
    worse_than_value: int = 0
    lost_wins: int = 0  # won positions given away by Hard in plies 6-9 (issue 14's window)
    lost_wins_later: int = 0  # and in plies 10-15, where the exact check is still cheap
    hard_times: list[float] = field(default_factory=list)
    mcts_times: list[float] = field(default_factory=list)


def spiel_game(rules: ttt.Rules) -> Any:
    if rules.gravity:
        return pyspiel.load_game("connect_four")
    return pyspiel.load_game("mnk", {"m": rules.width, "n": rules.height, "k": rules.k})


def spiel_action(rules: ttt.Rules, cell: int) -> int:
    """OpenSpiel's action for ttt's cell: the cell itself (mnk numbers cells row-major from
    the top-left, as ttt does) or its column (connect_four)."""
    return cell % rules.width if rules.gravity else cell


def ttt_move(state: ttt.GameState, action: int) -> ttt.GameState:
    return state.play_column(action) if state.rules.gravity else state.apply_move(action)


def won_for_mover(state: ttt.GameState) -> bool:
    """Whether the player to move wins with perfect play (the exact solver, no budget)."""
    answer = ttt.solve(state, max_nodes=2**64 - 1)
    assert answer is not None and answer.proven
    return answer.outcome == "win"


def play(
    rules: ttt.Rules,
    sims: int,
    hard_first: bool,
    seed: int,
    tally: Tally,
    start: str = "",
    time_limit: float | None = None,
    check_c4_openings: bool = False,
) -> str | None:
    """One game; returns the winner's mark (or None for a draw) and fills the tally's times."""
    # With a time limit the clock, not the default node budget, ends Hard's search.
    max_nodes = None if time_limit is None else 2**63
    game = spiel_game(rules)
    bot = pyspiel.MCTSBot(
        game, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, sims, 1000, False, seed, False
    )
    state = ttt.create_game(rules=rules)
    spiel = game.new_initial_state()
    for c in start:
        state = ttt_move(state, int(c) - 1)
        spiel.apply_action(int(c) - 1)
    hard_mark = state.current_player if hard_first else ttt.other_player(state.current_player)
    engine = ttt.Engine()
    rng = ttt.SeededRng(seed)
    # Connect Four: the moves so far in Pons' notation, to name a won position given away.
    moves = start
    while not state.is_over:
        if state.current_player == hard_mark:
            was_won = check_c4_openings and 6 <= state.ply < 16 and won_for_mover(state)
            ply = state.ply
            t0 = time.perf_counter()
            cell = engine.choose_move(state, "hard", rng, max_nodes=max_nodes, time_limit=time_limit)
            tally.hard_times.append(time.perf_counter() - t0)
            action = spiel_action(rules, cell)
            state = state.apply_move(cell)
            if was_won and not state.is_over and not _still_won(state):
                # A won position given away.
                print(f"c4: Hard gave a win away at ply {ply}: from {moves} it played column "
                      f"{action + 1}", file=sys.stderr, flush=True)
                if ply < 10:
                    tally.lost_wins += 1
                else:
                    tally.lost_wins_later += 1
        else:
            t0 = time.perf_counter()
            action = bot.step(spiel)
            tally.mcts_times.append(time.perf_counter() - t0)
            state = ttt_move(state, action)
        spiel.apply_action(action)
        moves += str(action + 1)
        assert spiel.is_terminal() == state.is_over, "the two engines disagree on the end"
    if rules.gravity:
        # Every Connect Four game, to find later where it was decided (Pons' notation).
        result = "draw" if state.winner is None else ("win" if state.winner == hard_mark else "loss")
        print(f"game seed {seed}, Hard {'first' if hard_first else 'second'}: {result}, "
              f"moves {moves}", file=sys.stderr, flush=True)
    return state.winner


def _still_won(after: ttt.GameState) -> bool:
    """After the mover's move: whether the mover still wins (the opponent to move loses)."""
    answer = ttt.solve(after, max_nodes=2**64 - 1)
    assert answer is not None and answer.proven
    return answer.outcome == "loss"


def record(tally: Tally, winner: str | None, hard_mark: str, hard_first: bool) -> None:
    if winner is None:
        tally.draws += 1
    elif winner == hard_mark:
        tally.wins += 1
    else:
        tally.losses += 1
        tally.first_player_losses += hard_first


def match(
    rules: ttt.Rules,
    sims: int,
    games: int,
    check_c4_openings: bool = False,
    first_only: bool = False,
    second_only: bool = False,
) -> Tally:
    """``games`` games, seats alternating (game ``g`` with seed ``1000 + g``, Hard first in the
    even ones); with ``first_only``, the first ``games`` of the even ones alone, with
    ``second_only`` of the odd ones."""
    tally = Tally()
    if first_only or second_only:
        seeds = range(1 if second_only else 0, 2 * games, 2)
    else:
        seeds = range(games)
    for g in seeds:
        hard_first = g % 2 == 0
        winner = play(rules, sims, hard_first, 1000 + g, tally, check_c4_openings=check_c4_openings)
        record(tally, winner, "X" if hard_first else "O", hard_first)
    return tally


def c4_sets(sims: int, per_set: int) -> Tally:
    tally = Tally()
    data = ROOT.parent / "shared" / "data" / "connect4"
    if not data.is_dir():
        data = ROOT / "testdata" / "connect4"
    positions: list[tuple[str, int]] = []
    for name in ("Test_L1_R2", "Test_L1_R3"):
        path = data / name
        if path.exists():
            for line in path.read_text().splitlines()[:per_set]:
                moves, score = line.split()
                positions.append((moves, int(score)))
    for i, (moves, score) in enumerate(positions):
        for hard_to_move in (True, False):
            start = ttt.create_game(rules=ttt.Rules.CONNECT_FOUR)
            for c in moves:
                start = start.play_column(int(c) - 1)
            hard_mark = start.current_player if hard_to_move else ttt.other_player(start.current_player)
            value = (score > 0) - (score < 0)  # for the player to move
            hard_value = value if hard_to_move else -value
            winner = play(
                ttt.Rules.CONNECT_FOUR, sims, hard_to_move, 5000 + 2 * i + hard_to_move, tally,
                start=moves, time_limit=1.0,
            )
            result = 0 if winner is None else (1 if winner == hard_mark else -1)
            record(tally, winner, hard_mark, False)
            tally.worse_than_value += result < hard_value
            if result < hard_value:
                side = "to move" if hard_to_move else "second"
                print(f"c4sets: from {moves}, Hard {side}: value {hard_value}, result {result}",
                      file=sys.stderr, flush=True)
    return tally


def ms(times: list[float]) -> str:
    if not times:
        return "-"
    return f"{statistics.median(times) * 1000:.0f} / {max(times) * 1000:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", choices=["gomoku15", "gomoku10", "c4", "c4sets"], action="append")
    parser.add_argument("--games", type=int, help="games per match (c4sets: positions per set)")
    parser.add_argument("--sims", type=int, help="MCTS simulations per move, for every match")
    parser.add_argument(
        "--first-only",
        action="store_true",
        help="gomoku15, gomoku10 and c4: only the games where Hard moves first (the same seeds "
        "as in the full match, 1000, 1002, ...), --games of them",
    )
    parser.add_argument(
        "--second-only",
        action="store_true",
        help="the same for the games where MCTS moves first (seeds 1001, 1003, ...)",
    )
    args = parser.parse_args()
    chosen = args.match or ["gomoku15", "gomoku10", "c4", "c4sets"]
    print(f"ttt {ttt.__version__} against OpenSpiel MCTS (C++, random rollouts, uct_c=2)")
    print()
    print("| match | games | Hard wins | draws | losses | losses as first player | checks | Hard ms median / max | MCTS ms median / max |")
    print("|---|---:|---:|---:|---:|---:|---|---|---|")
    for name in chosen:
        if name == "gomoku15":
            sims, games = args.sims or 1_000, args.games or 20
            t = match(
                ttt.Rules(15, 15, 5), sims, games, first_only=args.first_only, second_only=args.second_only
            )
            checks = "target: 100% wins"
        elif name == "gomoku10":
            sims, games = args.sims or 10_000, args.games or 20
            t = match(
                ttt.Rules(10, 10, 5), sims, games, first_only=args.first_only, second_only=args.second_only
            )
            checks = "target: 100% wins"
        elif name == "c4":
            sims, games = args.sims or 100_000, args.games or 40
            t = match(
                ttt.Rules.CONNECT_FOUR,
                sims,
                games,
                check_c4_openings=True,
                first_only=args.first_only,
                second_only=args.second_only,
            )
            checks = (
                f"won positions given away in plies 6-9: {t.lost_wins} (target 0), "
                f"in plies 10-15: {t.lost_wins_later}"
            )
        else:
            sims, per_set = args.sims or 20_000, args.games or 15
            t = c4_sets(sims, per_set)
            games = t.wins + t.draws + t.losses
            checks = f"worse than the exact value: {t.worse_than_value} (target 0)"
        played = t.wins + t.draws + t.losses
        print(
            f"| {name}, MCTS {sims:,} | {played} | {t.wins} | {t.draws} | {t.losses} | "
            f"{t.first_player_losses} | {checks} | {ms(t.hard_times)} | {ms(t.mcts_times)} |",
            flush=True,
        )
    print()


if __name__ == "__main__":
    main()

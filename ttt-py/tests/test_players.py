"""Players and matches: human and computer players behind one loop that checks every move."""

from __future__ import annotations

import copy
import pickle

import pytest

import ttt
from conftest import play


def test_human_against_computer() -> None:
    human = ttt.HumanPlayer("X")
    computer = ttt.ComputerPlayer("O", "hard", seed=3)
    game = ttt.Match(ttt.create_game(), [human, computer])
    step = game.step()
    assert (step.kind, step.player) == ("waiting", "X")
    assert repr(step) == "Step('waiting', 'X')"
    human.push(4, 0)
    assert human.pending == 1
    step = game.run()
    assert (step.kind, step.player) == ("waiting", "X")
    assert game.state.ply == 2
    assert game.state.move_history[0] == 4
    # A late duplicate of the first click: stale, refused, nothing changes.
    human.push(8, 0)
    with pytest.raises(ttt.InvalidMoveError) as info:
        game.step()
    assert (info.value.index, info.value.reason) == (8, "not-your-turn")
    assert game.state.ply == 2
    # A move for the other player is refused the same way.
    human.push(8, 2, player="O")
    with pytest.raises(ttt.InvalidMoveError) as info:
        game.step()
    assert info.value.reason == "not-your-turn"
    # An illegal move is refused by the engine with its reason.
    human.push(4, 2)
    with pytest.raises(ttt.InvalidMoveError) as info:
        game.step()
    assert info.value.reason == "occupied"
    assert game.state.ply == 2


def test_computers_play_a_whole_game() -> None:
    game = ttt.Match(
        ttt.create_game(),
        [ttt.ComputerPlayer("O", "hard", seed=1), ttt.ComputerPlayer("X", "hard", seed=2)],
    )
    step = game.run()
    assert (step.kind, step.status) == ("over", "draw")
    assert game.state.status == "draw"
    assert game.step() == step


def test_computer_moves_follow_choose_move() -> None:
    rng = ttt.SeededRng(11)
    computer = ttt.ComputerPlayer("X", "medium", rng)
    assert computer.rng is rng
    assert (computer.mark, computer.difficulty) == ("X", "medium")
    game = ttt.Match(ttt.create_game(), [computer, ttt.ComputerPlayer("O", "easy", seed=5)])
    step = game.step()
    assert step.kind == "played"
    assert step.move == ttt.Move("X", 0, ttt.choose_move(ttt.create_game(), "medium", seed=11))
    assert rng.draws == 1


class Scripted:
    """A participant written in Python: plays a list of cells."""

    def __init__(self, mark: str, cells: list[object]) -> None:
        self.mark = mark
        self.cells = cells

    def next_move(self, state: ttt.GameState) -> int | ttt.Move | None:
        if not self.cells:
            return None
        cell = self.cells.pop(0)
        if isinstance(cell, ttt.Move):
            return cell
        return cell  # type: ignore[return-value]  # non-integers are tried on purpose


def test_python_participants() -> None:
    x = Scripted("X", [0, 1, 2])
    o = Scripted("O", [ttt.Move("O", 1, 3), 4])
    game = ttt.Match(ttt.create_game(), [x, o])
    step = game.run()
    assert (step.kind, step.status) == ("over", "win")
    assert game.state.winner == "X"
    assert game.state.move_history == (0, 3, 1, 4, 2)
    waiting = ttt.Match(ttt.create_game(), [Scripted("X", []), Scripted("O", [])])
    assert waiting.run().kind == "waiting"
    bad = ttt.Match(ttt.create_game(), [Scripted("X", [4.5]), Scripted("O", [])])
    with pytest.raises(ttt.InvalidMoveError) as info:
        bad.step()
    assert info.value.reason == "out-of-range"


def test_python_participant_errors_propagate() -> None:
    class Broken:
        mark = "X"

        def next_move(self, state: ttt.GameState) -> int:
            raise RuntimeError("no idea")

    game = ttt.Match(ttt.create_game(), [Broken(), ttt.HumanPlayer("O")])
    with pytest.raises(RuntimeError, match="no idea"):
        game.step()
    assert game.state.ply == 0


def test_seats_must_match_the_rules() -> None:
    with pytest.raises(ValueError):
        ttt.Match(ttt.create_game(), [ttt.HumanPlayer("X")])
    with pytest.raises(ValueError):
        ttt.Match(ttt.create_game(), [ttt.HumanPlayer("X"), ttt.HumanPlayer("X")])
    with pytest.raises(ValueError):
        ttt.Match(
            ttt.create_game(), [ttt.HumanPlayer("X"), ttt.HumanPlayer("O"), ttt.HumanPlayer("Y")]
        )
    with pytest.raises(TypeError):
        ttt.Match(ttt.create_game(), [ttt.HumanPlayer("X"), 42])  # type: ignore[list-item]
    three = ttt.Rules(4, 4, 3, 3)
    game = ttt.Match(
        ttt.create_game(rules=three),
        [ttt.ComputerPlayer(m, "easy", seed=i) for i, m in enumerate(three.marks)],
    )
    assert game.run().kind == "over"


def test_match_from_a_finished_game() -> None:
    won = play([0, 3, 1, 4, 2])
    game = ttt.Match(won, [ttt.HumanPlayer("X"), ttt.HumanPlayer("O")])
    step = game.step()
    assert (step.kind, step.status, step.move, step.player) == ("over", "win", None, None)


def test_computer_player_arguments() -> None:
    with pytest.raises(TypeError):
        ttt.ComputerPlayer("X", "hard", ttt.SeededRng(1), seed=2)
    with pytest.raises(ValueError):
        ttt.ComputerPlayer("X", "expert")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ttt.ComputerPlayer("Q", "easy")  # type: ignore[arg-type]
    assert repr(ttt.ComputerPlayer("O", ttt.Difficulty.HARD)) == "ComputerPlayer('O', 'hard')"
    assert repr(ttt.Move("X", 0, 4)) == "Move(player='X', ply=0, index=4)"
    move = ttt.Move("O", 3, 7)
    assert pickle.loads(pickle.dumps(move)) == move
    assert copy.deepcopy(move) == move

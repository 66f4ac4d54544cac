"""The rule for hostile input, checked over arbitrary arguments with hypothesis.

Out of any public call of ``ttt`` come only the documented exceptions: ``ValueError`` and
``TypeError`` (and their subclasses, the ``ttt`` errors among them), ``IndexError`` where it is
documented (``GameState.cell``), ``MemoryError`` and ``KeyboardInterrupt``; never a
``PanicException``, an ``OverflowError``, an abort or a hang. An exception raised by the
caller's own code (an rng, a participant, an ``__index__``) passes through unchanged.

Every public function, class and method is found by walking the module (``ttt.__all__``, each
class's own attributes, ``ttt.pettingzoo``), so new ones are covered without editing this file.
Each is called with arbitrary objects: integers of every size and sign, floats (nan and inf
included), strings, bytes, ``None``, endless iterators, nested containers, and the module's own
values, mixed with plausible values for each parameter name so that calls get past the first
check. Searches are kept small (``max_nodes`` and ``proof_nodes`` at most 2000, ``time_limit`` at most 0.05 s,
batches of at most 4 games) so that the whole run takes seconds; a call that does not return within a minute is a hang, and
``faulthandler`` ends the run with a traceback.

At least 10,000 examples run in total (``test_zz_total_examples`` checks it). Examples are
derandomized so that ``make test`` is reproducible; ``TTT_HYPOTHESIS_RANDOM=1`` explores anew.
"""

from __future__ import annotations

import enum
import faulthandler
import inspect
import itertools
import math
import os
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ttt

# --- what may come out ---------------------------------------------------------------------------


class Boom(Exception):
    """Raised by the hostile callables below: the caller's own exception, which may pass."""


ALLOWED: tuple[type[BaseException], ...] = (ValueError, TypeError, MemoryError, Boom)
# Where IndexError is documented.
INDEX_ERROR_OK = {"GameState.cell"}
HANG_SECONDS = 60
MAX_NODES = 2000
MAX_SECONDS = 0.05
MAX_GAMES = 4

# --- the objects arguments are drawn from --------------------------------------------------------

GOMOKU = ttt.Rules(7, 7, 5)
BIG = ttt.Rules(20, 20, 5)


def states() -> list[ttt.GameState]:
    """Positions of several kinds: fresh, mid-game, won, drawn, big, gravity, more players."""
    three = ttt.Rules(4, 4, 3, players=3)
    return [
        ttt.create_game(),
        ttt.create_game("O"),
        ttt.parse_state("XX.OO....", "X"),
        ttt.parse_state("XXXOO....", "O"),
        ttt.parse_state("XOXXOOOXX", "O"),
        ttt.create_game(rules=ttt.Rules.CONNECT_FOUR).apply_move(38),
        ttt.create_game(rules=three).apply_move(5),
        ttt.create_game(rules=GOMOKU).apply_move(24),
        ttt.create_game(rules=BIG),
        ttt.create_game(rules=ttt.Rules(1, 1, 1)),
    ]


class Participant:
    """A well-behaved participant in Python: plays the first legal move."""

    def __init__(self, mark: object) -> None:
        self.mark = mark

    def next_move(self, state: ttt.GameState) -> object:
        moves = state.available_moves()
        return moves[0] if moves else None


class BoomParticipant(Participant):
    def next_move(self, state: ttt.GameState) -> object:
        raise Boom("next_move")


class JunkParticipant(Participant):
    def next_move(self, state: ttt.GameState) -> object:
        return [1.5, "x", None]


class IndexLike:
    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class BadIndex:
    def __index__(self) -> int:
        raise Boom("__index__")


def boom() -> float:
    raise Boom("rng")


def raising_iterator() -> Iterator[object]:
    yield "X"
    raise Boom("iterator")


def matches() -> list[Any]:
    return [
        ttt.Match(ttt.create_game(), [ttt.HumanPlayer("X"), ttt.HumanPlayer("O")]),
        ttt.Match(
            ttt.create_game(),
            [
                ttt.ComputerPlayer("X", "hard", seed=1),
                ttt.ComputerPlayer("O", "medium", seed=2),
            ],
        ),
        ttt.Match(ttt.create_game(), cast(Any, [Participant("X"), BoomParticipant("O")])),
        ttt.Match(ttt.create_game(), cast(Any, [JunkParticipant("X"), Participant("O")])),
        ttt.Match(
            ttt.create_game(rules=GOMOKU),
            [
                ttt.ComputerPlayer("X", "hard", seed=3, max_nodes=MAX_NODES),
                ttt.ComputerPlayer("O", "easy", seed=4),
            ],
        ),
    ]


def domain_objects() -> list[Any]:
    """The module's own values and some hostile callables and participants."""
    human = ttt.HumanPlayer("X")
    human.push(4, 0)
    return [
        *states(),
        ttt.Rules(),
        ttt.Rules.CONNECT_FOUR,
        GOMOKU,
        ttt.Rules(3, 3, 3, players=4, gravity=True),
        ttt.SeededRng(0),
        ttt.SeededRng(2**64 - 1),
        human,
        ttt.HumanPlayer("O"),
        ttt.ComputerPlayer("O", "hard", seed=5, max_nodes=MAX_NODES),
        ttt.ComputerPlayer("X", "easy", seed=6),
        ttt.ComputerPlayer("X", "hard", seed=7, max_nodes=MAX_NODES, time_limit=0.01),
        ttt.Engine(table_bytes=1 << 20),
        ttt.Engine(table_bytes=0),
        ttt.Move("X", 0, 4),
        ttt.Difficulty.HARD,
        Participant("X"),
        Participant("O"),
        Participant(5),
        BoomParticipant("X"),
        JunkParticipant("O"),
        IndexLike(4),
        IndexLike(-1),
        IndexLike(2**70),
        BadIndex(),
        lambda: 0.5,
        lambda: 0.999999,
        lambda: 1.0,
        lambda: -0.0,
        lambda: math.nan,
        lambda: "0.5",
        lambda: 2**100,
        lambda *a: 0.25,
        boom,
        object(),
        type,
        ttt,
    ]


def endless() -> list[Any]:
    """Fresh endless or failing iterables (built per example: iterators are consumed)."""
    return [
        itertools.repeat(None),
        itertools.repeat("X"),
        itertools.count(),
        itertools.cycle(["easy", "hard"]),
        itertools.repeat(ttt.HumanPlayer("X")),
        raising_iterator(),
        iter(["X", "O"]),
        (c for c in "XX.OO...."),
    ]


INTERESTING_INTS = [
    -(2**200), -(2**64), -(2**63) - 1, -(2**63), -(2**31), -2, -1, 0, 1, 2, 3, 4, 5, 8, 9, 20,
    21, 41, 42, 63, 64, 65, 399, 400, 401, 1024, 2**16, 2**31 - 1, 2**32, 2**40, 2**53,
    2**63 - 1, 2**63, 2**64 - 1, 2**64, 2**100, 10**4000,
]
STRINGS = [
    "", " ", "X", "O", "Y", "Z", "x", "o", "W", "XO", ".", "\0", "é", "\ud800",
    "easy", "medium", "hard", "random", "Hard", "expert", "ansi", "human", "rgb_array",
    "XX.OO....", "X...O...X", "XXXOOO...", ".........", "XOXOXOXOX", "XX.OO...", "XX.OO.....",
    "ttt/1 3x3 k=3 players=2 start=X moves=4,0",
    "ttt/1 7x6 k=4 players=2 gravity start=X moves=38,31",
    "ttt/1 3x3 k=3 players=2 start=XX.OO....:X moves=2",
    "ttt/2 3x3", "ttt/1 99x99 k=3 players=2 start=X moves=",
    "player_0", "player_1", "player_2", "player_5",
]

scalars = st.one_of(
    st.integers(),
    st.sampled_from(INTERESTING_INTS),
    st.floats(),
    st.sampled_from([0.0, 0.5, -0.5, 1.0, 4.0, 1e300, math.inf, -math.inf, math.nan]),
    st.text(max_size=40),
    st.sampled_from(STRINGS),
    st.binary(max_size=40),
    st.sampled_from([b"", b"XX.OO....", b"ttt/1 3x3 k=3 players=2 start=X moves=4", b"\xff"]),
    st.none(),
    st.booleans(),
    st.complex_numbers(max_magnitude=10),
)
DOMAIN = domain_objects()
ENDLESS = len(endless())
leaves = st.one_of(
    scalars,
    st.sampled_from(DOMAIN),
    # Iterators are consumed: a fresh set per draw.
    st.integers(0, ENDLESS - 1).map(lambda i: endless()[i]),
    st.lists(st.sampled_from(["X", "O", "Y", None, "."]), min_size=0, max_size=12),
)
objects = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
        st.frozensets(st.integers(-3, 30), max_size=4),
    ),
    max_leaves=12,
)

# Plausible values by parameter name, so that calls get past the first check.
PLAUSIBLE: dict[str, Callable[[], list[Any]]] = {
    "state": states,
    "start": states,
    "rules": lambda: [ttt.Rules(), ttt.Rules.CONNECT_FOUR, GOMOKU, ttt.Rules(4, 4, 3, players=3)],
    "difficulty": lambda: ["easy", "medium", "hard", ttt.Difficulty.MEDIUM],
    "players": lambda: ["random", "easy", ("easy", "hard"), ["hard", "medium", "easy"], 2, 3],
    "index": lambda: [0, 1, 4, 8, 9, 38, -1, 2**64],
    "ply": lambda: [0, 1, 2, -1],
    "row": lambda: [0, 1, 2, 3, -1],
    "col": lambda: [0, 1, 2, 3, -1],
    "player": lambda: ["X", "O", "Y", "Z"],
    "mark": lambda: ["X", "O", "Y"],
    "starting_player": lambda: ["X", "O", "Y"],
    "turn": lambda: ["X", "O"],
    "to_move": lambda: ["X", "O"],
    "perspective": lambda: ["X", "O", "Y"],
    "board": lambda: ["XX.OO....", list("XX.OO....".replace(".", " ")), [None] * 9, "X" * 9],
    "record": lambda: [s for s in STRINGS if s.startswith("ttt/")],
    "n": lambda: [0, 1, 3, 64, -1, 2**64 - 1, 2**64],
    "seed": lambda: [0, 1, 2**64 - 1, -1, 2**64, None],
    "threads": lambda: [1, 2, 2**40, 0, -1],
    "rng": lambda: [ttt.SeededRng(3), lambda: 0.5, boom, None],
    "participants": lambda: [
        [ttt.HumanPlayer("X"), ttt.HumanPlayer("O")],
        [ttt.ComputerPlayer("X", "easy", seed=1), Participant("O")],
        [ttt.HumanPlayer("X")],
    ],
    "width": lambda: [1, 3, 7, 20, 21, 0],
    "height": lambda: [1, 3, 6, 20, 21, 0],
    "k": lambda: [1, 3, 4, 5, 21],
    "gravity": lambda: [True, False],
    "max_nodes": lambda: [0, 1, 100, MAX_NODES],
    "proof_nodes": lambda: [0, 1, 100, MAX_NODES, -1],
    "table_bytes": lambda: [0, 1, 4096, 2**20, 2**62],
    "time_limit": lambda: [None, 0.001, 0.01, 1, 0, -1.0, math.nan, math.inf, True, "0.1"],
    "record_moves": lambda: [True, False],
    "agent": lambda: ["player_1", "player_2", "player_0"],
    "action": lambda: [0, 4, None, 9, -1],
    "render_mode": lambda: [None, "ansi", "human"],
}


def plausible_or_any(name: str) -> st.SearchStrategy[Any]:
    pool = PLAUSIBLE.get(name)
    if pool is None:
        return objects
    n = len(pool())
    return st.one_of(st.integers(0, n - 1).map(lambda i: pool()[i]), objects)


# --- what is called ----------------------------------------------------------------------------

# Python dunders worth calling when a class defines them itself.
DUNDERS = {
    "__call__", "__copy__", "__deepcopy__", "__eq__", "__ne__", "__lt__", "__hash__",
    "__len__", "__reduce__", "__repr__", "__str__", "__bool__", "__iter__", "__getitem__",
}


def instances(cls: type) -> list[Any]:
    """Valid instances of ``cls`` to call methods on (the test fails for a class it cannot
    make, so that a new class gets covered)."""
    if cls not in INSTANCES:
        INSTANCES[cls] = make_instances(cls)
    return INSTANCES[cls]


INSTANCES: dict[type, list[Any]] = {}


def make_instances(cls: type) -> list[Any]:
    found = [o for o in [*domain_objects(), *matches(), *extra_instances()] if type(o) is cls]
    if not found:
        try:
            found = [cls()]
        except Exception as e:  # noqa: BLE001 - reported below
            pytest.fail(f"no instance of {cls.__name__} to test: add one ({e!r})")
    return found


def extra_instances() -> list[Any]:
    state = ttt.create_game()
    out: list[Any] = [
        ttt.evaluate_board("XXXOO...."),
        ttt.solve(state),
        ttt.analyze(state)[0],
        ttt.play_games(70, seed=1, record_moves=True),
        ttt.Match(state, [ttt.HumanPlayer("X"), ttt.HumanPlayer("O")]).step(),
        ttt.InvalidMoveError(4, "occupied"),
        ttt.InvalidStateError("mark-counts"),
        ttt.InvalidRulesError("width"),
        ttt.InvalidRecordError(3, "number"),
        ttt.GameOverError(),
        ttt.MatchBusyError(),
    ]
    try:
        from ttt import pettingzoo

        for rules in (None, ttt.Rules.CONNECT_FOUR, ttt.Rules(4, 4, 3, players=3)):
            e = pettingzoo.env(rules=rules, render_mode="ansi")
            e.reset()
            out.append(e)
    except ImportError:
        pass
    return out


Target = tuple[str, Callable[[], Any], str]  # (name, how to get the callable, attribute kind)


def constant(obj: Any) -> Callable[[], Any]:
    return lambda: obj


def bound(cls: type, attr: str, i: int) -> Callable[[], Any]:
    return lambda: (instances(cls)[i], attr)


def targets() -> list[Target]:
    """Every public callable: functions, constructors, methods, properties."""
    found: list[Target] = []
    modules: list[Any] = [ttt]
    try:
        from ttt import pettingzoo

        modules.append(pettingzoo)
    except ImportError:
        pass
    for module in modules:
        prefix = "" if module is ttt else module.__name__.removeprefix("ttt.") + "."
        for name in sorted(getattr(module, "__all__", [])):
            obj = getattr(module, name)
            if isinstance(obj, type):
                # An enum's own call is the standard library's (its functional API takes
                # other arguments): look a value up, nothing more.
                kind = "lookup" if issubclass(obj, enum.Enum) else "call"
                found.append((prefix + name, constant(obj), kind))
                for attr in sorted(vars(obj)):
                    if attr.startswith("_") and attr not in DUNDERS:
                        continue
                    kind = "get" if isinstance(vars(obj)[attr], property) else "method"
                    if type(vars(obj)[attr]).__name__ == "getset_descriptor":
                        kind = "get"
                    for i in range(len(instances(obj))):
                        found.append(
                            (
                                f"{prefix}{name}.{attr}#{i}",
                                bound(obj, attr, i),
                                kind,
                            )
                        )
            elif callable(obj):
                found.append((prefix + name, constant(obj), "call"))
    return found


TARGETS = targets()
# A property takes no argument: a few examples do. The rest share 11,000 examples.
GETTER_EXAMPLES = 3
EXAMPLES = max(40, math.ceil(11_000 / sum(1 for t in TARGETS if t[2] != "get")))
ran: dict[str, int] = {}


def signature_of(fn: Any) -> inspect.Signature | None:
    try:
        return inspect.signature(fn)
    except (TypeError, ValueError):
        return None


@st.composite
def arguments(draw: st.DrawFn, fn: Any) -> tuple[list[Any], dict[str, Any]]:
    """Positional and keyword arguments for ``fn``: usually as many as it takes (plausible or
    arbitrary), sometimes one too many or too few, or an unknown keyword."""
    sig = signature_of(fn)
    if sig is None:
        return [draw(objects) for _ in range(draw(st.integers(0, 3)))], {}
    params = [p for p in sig.parameters.values() if p.name != "self"]
    positional = [
        p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL)
    ]
    keyword = [p for p in params if p.kind == p.KEYWORD_ONLY]
    names = [p.name for p in positional]
    count = draw(st.integers(0, len(positional) + 1))
    args = [draw(plausible_or_any(names[i] if i < len(names) else "")) for i in range(count)]
    kwargs = {}
    for p in keyword + positional[count:]:
        if p.kind != p.VAR_POSITIONAL and draw(st.booleans()):
            kwargs[p.name] = draw(plausible_or_any(p.name))
    if draw(st.integers(0, 19)) == 0:
        kwargs[draw(st.sampled_from(["bogus", "max_nodes", "time_limit", "seed", "rules"]))] = draw(objects)
    return args, kwargs


def small_enough(name: str, fn: Any, args: list[Any], kwargs: dict[str, Any]) -> None:
    """Keeps searches and batches small: a valid ``max_nodes`` (and ``proof_nodes``, the weak
    proof's nodes beyond it under gravity) is capped and always given, a valid batch size too
    (invalid values are left alone: their refusal is under test)."""
    sig = signature_of(fn)
    params = sig.parameters if sig is not None else {}
    for budget in ("max_nodes", "proof_nodes"):
        if budget in params:
            m = kwargs.get(budget)
            if m is None or (isinstance(m, int) and not isinstance(m, bool) and m > MAX_NODES):
                kwargs[budget] = MAX_NODES
    if "time_limit" in params:
        t = kwargs.get("time_limit")
        if isinstance(t, (int, float)) and not isinstance(t, bool) and t > MAX_SECONDS:
            kwargs["time_limit"] = MAX_SECONDS
    if "n" in params and name.endswith("play_games"):
        n = args[0] if args else kwargs.get("n")
        if isinstance(n, int) and not isinstance(n, bool) and MAX_GAMES < n < 2**40:
            if args:
                args[0] = MAX_GAMES
            else:
                kwargs["n"] = MAX_GAMES


def check(name: str, call: Callable[[], Any]) -> None:
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)
    try:
        result = call()
        repr(result)
    except ALLOWED:
        pass
    except IndexError:
        if name.split("#")[0] not in INDEX_ERROR_OK:
            raise
    finally:
        faulthandler.cancel_dump_traceback_later()


@pytest.mark.parametrize("target", TARGETS, ids=[t[0] for t in TARGETS])
def test_only_documented_exceptions(target: Target) -> None:
    name, get, kind = target
    # One instance per target: the examples call its methods one after the other.
    got = get()
    instance, attr = got if kind in ("get", "method") else (None, "")

    @settings(
        max_examples=GETTER_EXAMPLES if kind == "get" else EXAMPLES,
        deadline=None,
        database=None,
        derandomize=os.environ.get("TTT_HYPOTHESIS_RANDOM") != "1",
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        ran[name] = ran.get(name, 0) + 1
        if kind == "get":
            check(name, lambda: getattr(instance, attr))
            return
        fn = getattr(instance, attr) if kind == "method" else got
        if kind == "lookup":
            value = data.draw(plausible_or_any("difficulty"))
            check(name, lambda: fn(value))
            return
        args, kwargs = data.draw(arguments(fn))
        small_enough(name, fn, args, kwargs)
        check(name, lambda: fn(*args, **kwargs))

    run()


def test_every_public_name_is_a_target() -> None:
    names = {t[0].split("#")[0] for t in TARGETS}
    for name in ttt.__all__:
        if callable(getattr(ttt, name)):
            assert name in names
    assert "GameState.cell" in names
    assert "Match.step" in names
    assert "Engine.choose_move" in names
    assert len(TARGETS) > 100


def test_zz_total_examples() -> None:
    if len(ran) < len(TARGETS):
        pytest.skip("only part of the file ran")
    total = sum(ran.values())
    print(f"{total} examples over {len(TARGETS)} targets")
    assert total >= 10_000

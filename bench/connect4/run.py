"""Connect Four side by side: ttt (from Rust and from Python) against Pascal Pons' solver on his
six test sets, in one interleaved run.

Each solver runs as one long-lived worker process (the protocol is in
``ttt-core/examples/c4_worker.rs``); position ``i`` of a set is sent to each worker in turn
before position ``i + 1``, so that a busy machine slows every solver alike. Every worker times
its solve alone, with a cold table per position. The table gives, per set, the mean and median
time of each solver and ttt's time divided by Pons' (below 1.0 is faster than Pons), with the
number of positions whose exact score differs from the set's (must be 0). With two CPUs or
more, Pons' worker runs on a CPU of its own (see ``placement``).

Usually run through ``make bench-connect4`` (see the README); directly:

    python3 bench/connect4/run.py --ttt target/release/examples/c4_worker \\
        [--python "VENV/bin/python bench/connect4/ttt_worker.py"] [--pons BUILD/pons_worker] \\
        [--data DIR] [--limit N] [--weak] [--shared-cpu] [--awake BUILD/awake [--let-idle]] \\
        [--retention BUILD/retention] [--by-previous]

Without ``--pons`` it prints ttt's own figures. With ``--awake`` every CPU a worker runs on is
kept from going idle between calls (see ``keep_awake``).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

# Pons' sets, easiest first, with the default number of positions of each (the issue's
# acceptance needs at least the first 200 of Begin-Medium and the first 20 of Begin-Hard).
SETS = [
    ("Test_L3_R1", "End-Easy", 1000),
    ("Test_L2_R1", "Middle-Easy", 1000),
    ("Test_L2_R2", "Middle-Medium", 1000),
    ("Test_L1_R1", "Begin-Easy", 1000),
    ("Test_L1_R2", "Begin-Medium", 200),
    ("Test_L1_R3", "Begin-Hard", 20),
]


def pin(cpu: int) -> Callable[[], None]:
    """What a child process runs before it starts (``preexec_fn``) to run on ``cpu`` alone."""
    return lambda: os.sched_setaffinity(0, {cpu})


class Worker:
    """One solver process, spoken to a line at a time."""

    def __init__(self, name: str, command: list[str], cpu: int | None = None) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            preexec_fn=None if cpu is None else pin(cpu),
        )

    def ask(self, kind: str, moves: str) -> tuple[int, int, int] | None:
        """(score, nodes, nanoseconds), or None when the worker has no such query."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(f"{kind} {moves}\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().strip()
        if reply == "unsupported":
            return None
        if not reply or reply.startswith("error"):
            raise RuntimeError(f"{self.name} on {kind} {moves!r}: {reply or 'no answer'}")
        score, nodes, nanos = (int(x) for x in reply.split())
        return score, nodes, nanos

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


@dataclass
class Column:
    nanos: list[int] = field(default_factory=list)
    nodes: list[int] = field(default_factory=list)
    mismatches: int = 0
    supported: bool = True

    def mean(self) -> float:
        return statistics.fmean(self.nanos) if self.nanos else float("nan")

    def median(self) -> float:
        return statistics.median(self.nanos) if self.nanos else float("nan")


def placement(ttt_workers: int) -> tuple[list[int | None], int | None]:
    """The CPUs of ttt's ``ttt_workers`` workers and of Pons' worker (``None``: any, as with
    fewer than two CPUs).

    Pons' ``reset()`` before each position (untimed) writes his whole table, 84 MB, which
    flushes the private caches (L1, L2) of the CPU it runs on. A worker whose timed solve
    follows on that CPU starts from memory instead: on the 2-core benchmark VM, ttt's median
    End-Easy solve took 7.2-9.1 us on Pons' CPU (six runs) against 2.5-3.7 us on the other
    (five of six runs; 7.1 us in one), while Pons' took 2.8-3.7 us either way (README,
    "Measuring"). So Pons gets the last CPU to himself. ttt's workers get one each of the
    others while there are enough, else they share them in turn (on two CPUs, both share the
    first: they pay for each other's work, not for his; ``passes`` then interleaves each of
    them with Pons alone).
    """
    anywhere: tuple[list[int | None], int | None] = ([None] * ttt_workers, None)
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return anywhere
    if len(cpus) < 2:
        return anywhere
    ours = cpus[:-1]
    return [ours[i % len(ours)] for i in range(ttt_workers)], cpus[-1]


def driver_cpu(pons_cpu: int | None) -> None:
    """Moves this process, the driver, onto Pons' CPU, when he has one of his own.

    Between two calls of a ttt worker the driver reads replies, checks scores and writes the
    next requests; where the system ran it on ttt's CPU, that work evicted the worker's code
    and data from its caches. On Pons' CPU it disturbs nothing that is timed: his worker
    writes his whole table (``reset()``, untimed) after the driver's turn and before each
    solve. End-Easy, first 400 positions, two runs each way on the 2-core VM: the Python
    worker's median was 8.3-8.4 us with the driver placed by the system, 5.3-5.5 us with it
    on Pons' CPU (Pons' 2.1-2.5 either way; README, "Measuring").
    """
    if pons_cpu is not None:
        os.sched_setaffinity(0, {pons_cpu})


def passes(ttt_cpus: list[int | None], together: bool) -> list[list[int]]:
    """The ttt workers (by index) of each interleaved pass over the sets: all in one pass when
    each has a CPU of its own (or ``together``, or the system places them), else one pass
    each, with Pons.

    Two ttt workers on one CPU evict each other's caches between their calls: on the 2-core
    VM the Rust worker's End-Easy median was 4.2 us beside the Python worker's interpreter and
    2.7 us without it, both kept awake, with Pons' 3.6 and 3.3 (README, "Measuring"). Each
    pass still sends position i to each of its workers in turn, Pons included.
    """
    placed = [c for c in ttt_cpus if c is not None]
    if together or len(placed) < len(ttt_cpus) or len(set(placed)) == len(placed):
        return [list(range(len(ttt_cpus)))]
    return [[i] for i in range(len(ttt_cpus))]


def keep_awake(awake: str, cpus: list[int | None]) -> list[subprocess.Popen[bytes]]:
    """One ``awake`` spinner (``bench/connect4/awake.c``: a busy loop at the lowest priority,
    ``SCHED_IDLE``) on each CPU of ``cpus``, or on every CPU this process may use when the
    system places the workers.

    On the benchmark VM an idle CPU halts into the host, and a worker that waited on it comes
    back with cold caches: ttt's workers wait through Pons' ``reset()`` (milliseconds), Pons'
    waits through ttt's solve (microseconds), so without this the small sets' medians measure
    the waits more than the solvers (README, "Measuring"). A spinner runs only while no worker
    wants its CPU.
    """
    wanted = {c for c in cpus if c is not None} or set(os.sched_getaffinity(0))
    spinners = [subprocess.Popen([awake], preexec_fn=pin(cpu)) for cpu in sorted(wanted)]
    time.sleep(0.1)  # a spinner that cannot lower its priority exits at once: say so
    failed = [s.returncode for s in spinners if s.poll() is not None]
    if failed:
        for spinner in spinners:
            spinner.kill()
        raise RuntimeError(f"{awake} exited with {failed[0]}")
    return spinners


def is_number(text: str) -> bool:
    """Whether ``text`` reads as a finite number (a line of the ``retention`` probe's)."""
    try:
        return abs(float(text)) < float("inf")
    except ValueError:
        return False


def retention(probe: str, cpus: list[int | None], when: str) -> None:
    """Prints, ``when`` (before or after the sets), for each of ttt's CPUs, how long it keeps a
    small working set in its caches while it waits (``bench/connect4/retention.c``: the time of
    a load from 64 KiB walked just before, after a spin of 0, 1, 2 and 5 ms), and what that
    means for the figures.

    An idle machine keeps the first figure at every gap. The benchmark VM does not: on
    2026-12-07 a load took 3.8-4.0 ns at once and 81-117 ns after 5 ms of spinning, the CPU
    touching no memory (README, "Measuring"). There a ttt call, milliseconds after its last,
    brings its code back from memory whatever ran in between, and the medians of the sets
    solved in microseconds measure that more than the search."""
    placed = sorted({c for c in cpus if c is not None})
    for cpu in placed if placed else [None]:
        pinned = pin(cpu) if cpu is not None else None
        done = subprocess.run([probe], preexec_fn=pinned, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{probe} exited with {done.returncode}: {done.stderr.strip()}")
        gaps = [line.split() for line in done.stdout.splitlines()]
        if len(gaps) < 2 or any(len(g) != 2 or not all(map(is_number, g)) for g in gaps):
            raise RuntimeError(f"{probe} printed {done.stdout!r}, not lines of GAP_MS NS_PER_LOAD")
        where = "" if cpu is None else f", CPU {cpu}"
        after = ", ".join(f"{ns} after {ms} ms" for ms, ns in gaps[1:])
        print(f"Caches over a wait, {when}{where} (ns a load from 64 KiB): ", end="")
        print(f"{gaps[0][1]} at once, {after}")
        if float(gaps[-1][1]) > 3 * float(gaps[0][1]):
            print(
                "  Not an idle machine: a waiting CPU loses its caches, so the medians of "
                "solves of a few microseconds measure the code a call brings back from memory"
            )


# The split of ``--by-previous``: a small solve, and a big one before it.
SMALL_NODES = 30
BIG_NODES = 400


def by_previous(names: list[str], sets: list[tuple[str, list[Column]]]) -> None:
    """Per set and worker, the median time of the solves of at most ``SMALL_NODES`` nodes,
    those that follow a solve of at most ``BIG_NODES`` nodes on the same worker apart from
    those that follow a bigger one.

    A small solve is mostly the cost of bringing its code and data back into the caches. A big
    search fills the CPU's private caches with its table, so the small solve after it starts
    from the shared cache or memory, where one after another small solve finds them at hand
    (README, "Measuring"). Pons' worker clears his whole table before each position (untimed),
    so every one of his solves starts that way.
    """
    head = ["set", "worker", "small after small: n", "median", "small after big: n", "median"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for title, columns in sets:
        for name, col in zip(names, columns, strict=True):
            after: tuple[list[int], list[int]] = ([], [])
            for i in range(1, len(col.nodes)):
                if col.nodes[i] <= SMALL_NODES:
                    after[col.nodes[i - 1] > BIG_NODES].append(col.nanos[i])
            cells = [title, name]
            for times in after:
                cells += [str(len(times)), micros(statistics.median(times)) if times else "-"]
            print("| " + " | ".join(cells) + " |")
    print()


def micros(ns: float) -> str:
    return f"{ns / 1000:,.1f}"


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b and a == a and b == b else "-"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ttt", required=True, help="ttt's Rust worker (c4_worker)")
    parser.add_argument(
        "--python",
        help="command of ttt's Python worker (any command speaking the worker protocol fits, "
        "e.g. an older c4_worker, to compare two builds in one interleaved run)",
    )
    parser.add_argument("--pons", help="Pons' worker (built from PONS_DIR)")
    parser.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "../shared/data/connect4"))
    parser.add_argument("--limit", type=int, help="at most this many positions per set")
    parser.add_argument("--sets", help="comma-separated set names (default: all six)")
    parser.add_argument("--weak", action="store_true", help="the weak (win/draw/loss) solve")
    parser.add_argument(
        "--shared-cpu",
        action="store_true",
        help="let the system place the workers (by default, with two CPUs or more, Pons' worker "
        "gets a CPU of its own and ttt's workers the others; see placement())",
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="one interleaved pass with every worker even when ttt's workers share a CPU (by "
        "default they then get a pass each, with Pons; see passes())",
    )
    parser.add_argument(
        "--awake",
        help="the spinner built from bench/connect4/awake.c: keeps every worker's CPU awake "
        "between calls (see keep_awake())",
    )
    parser.add_argument(
        "--retention",
        help="the probe built from bench/connect4/retention.c: first says whether ttt's CPUs "
        "keep their caches while they wait (see retention())",
    )
    parser.add_argument(
        "--by-previous",
        action="store_true",
        help="after each table, the median time of each worker's small solves (at most "
        f"{SMALL_NODES} nodes) split by the size of its solve just before (see by_previous())",
    )
    parser.add_argument(
        "--let-idle",
        action="store_true",
        help="do not start the --awake spinners (the workers' CPUs may halt between calls)",
    )
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # rows as they come
    kind = "weak" if args.weak else "strong"
    data = Path(args.data)
    if not data.is_dir():
        data = Path(__file__).resolve().parents[2] / "testdata" / "connect4"

    ours = [("ttt (Rust)", [args.ttt])]
    if args.python:
        ours.append(("ttt (Python)", shlex.split(args.python)))
    anywhere: tuple[list[int | None], int | None] = ([None] * len(ours), None)
    ttt_cpus, pons_cpu = anywhere if args.shared_cpu else placement(len(ours))
    workers = [Worker(n, c, cpu) for (n, c), cpu in zip(ours, ttt_cpus, strict=True)]
    if args.pons:
        workers.append(Worker("Pons", [args.pons], pons_cpu))
    cpus = ttt_cpus + ([pons_cpu] if args.pons else [])
    driver_cpu(pons_cpu if args.pons else None)
    wanted = set(args.sets.split(",")) if args.sets else None

    print(
        f"Connect Four, {kind} solve, {', '.join(w.name for w in workers)}: one worker each, "
        "positions interleaved, cold table per position, times in microseconds"
    )
    if cpus[0] is None:
        print("Workers placed by the system (they may share a CPU)")
    else:
        placed = ", ".join(f"{w.name} {cpu}" for w, cpu in zip(workers, cpus, strict=True))
        print(f"CPUs: {placed}" + (f", this driver {pons_cpu}" if args.pons else ""))
    spinners = []
    if args.awake and not args.let_idle:
        spinners = keep_awake(args.awake, cpus)
        print(f"Kept awake between calls: {len(spinners)} CPU(s), a SCHED_IDLE spinner on each")
    else:
        print("The workers' CPUs may go idle between calls (see keep_awake())")
    rounds = passes(ttt_cpus, args.together or args.shared_cpu)
    pons = workers[len(ours) :]  # empty without --pons
    try:  # the spinners and workers end with this process, whatever fails
        if args.retention:
            retention(args.retention, ttt_cpus, "before the sets")
        print()
        failed = 0
        for i, ttt_workers in enumerate(rounds):
            if len(rounds) > 1:
                names = " and ".join([ours[t][0] for t in ttt_workers] + [w.name for w in pons])
                print(f"{'' if i == 0 else chr(10)}Pass {i + 1} of {len(rounds)}: {names}")
                print()
            failed |= table(args, kind, data, wanted, [workers[t] for t in ttt_workers] + pons)
        if args.retention:
            # The machine's state moves during a run: a second look brackets the tables.
            print()
            retention(args.retention, ttt_cpus, "after the sets")
        return failed
    finally:
        for w in workers:
            w.close()
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def table(
    args: argparse.Namespace, kind: str, data: Path, wanted: set[str] | None, workers: list[Worker]
) -> int:
    """Runs the sets, printing a row each; 1 when a score differs from the set's, else 0."""
    names = [w.name for w in workers]
    head = ["set", "n"]
    for n in names:
        head += [f"{n} mean", f"{n} median"]
    if args.pons:
        for n in names[:-1]:
            head += [f"{n} / Pons mean", f"{n} / Pons median"]
    head += ["score mismatches"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    started = time.perf_counter()
    total_mismatches = 0
    done: list[tuple[str, list[Column]]] = []
    for file, title, default_count in SETS:
        if wanted is not None and file not in wanted:
            continue
        path = data / file
        if not path.exists():
            print(f"| {file} {title} | missing in {data} |")
            continue
        count = args.limit if args.limit is not None else default_count
        lines = path.read_text().splitlines()[:count]
        columns = [Column() for _ in workers]
        for line in lines:
            moves, expected = line.split(" ")
            want = int(expected)
            if kind == "weak":
                want = (want > 0) - (want < 0)
            for worker, col in zip(workers, columns, strict=True):
                if not col.supported:
                    continue
                got = worker.ask(kind, moves)
                if got is None:
                    col.supported = False
                    continue
                score, nodes, nanos = got
                if kind == "weak":
                    # Pons' weak solver answers a win at once with its full score.
                    score = (score > 0) - (score < 0)
                col.nanos.append(nanos)
                col.nodes.append(nodes)
                col.mismatches += score != want
        row = [f"{file} {title}", str(len(lines))]
        for col in columns:
            row += [micros(col.mean()), micros(col.median())] if col.supported else ["n/a", "n/a"]
        if args.pons:
            pons = columns[-1]
            for col in columns[:-1]:
                if col.supported:
                    row += [ratio(col.mean(), pons.mean()), ratio(col.median(), pons.median())]
                else:
                    row += ["n/a", "n/a"]
        mismatches = sum(c.mismatches for c in columns)
        total_mismatches += mismatches
        row.append(str(mismatches))
        print("| " + " | ".join(row) + " |", flush=True)
        done.append((f"{file} {title}", columns))
    print()
    print(f"{time.perf_counter() - started:.0f} s in all; {total_mismatches} score mismatches")
    if args.by_previous:
        print()
        by_previous(names, done)
    return 1 if total_mismatches else 0


if __name__ == "__main__":
    sys.exit(main())

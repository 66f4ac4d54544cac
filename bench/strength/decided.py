#!/usr/bin/env python3
"""Where each Connect Four game of `strength old` or `mcts.py` was decided, by the exact solver.

Reads the output of `target/release/examples/strength old DRIVER GAMES Connect` (one line per
game, with its cells in the order played), or the standard error of `mcts.py --match c4` (one
line per game, with its columns; "new" is then Hard and "old" MCTS), and, for every position
from ply FIRST (default 2)
to ply 29, asks ttt's Connect Four worker (`target/release/examples/c4_worker`, no budget, a
cleared engine per position) for its outcome: win, draw or loss. Prints, per game, the value
for the new Hard at ply FIRST and every move that changed it, with who played it:

    game seat result columns start VALUE | ply P new|old BEFORE->AFTER; ...

(+1 a win for the new Hard, 0 a draw, -1 a loss; `ply 3 new +1->-1` means the new Hard's
move at ply 3 turned its won position into a lost one). Positions near the empty board take
seconds each: 20 games take about half an hour on one core.

Usage: decided.py LOG [FIRST]   (cargo build --release -p ttt-core --examples first)
"""

import re
import subprocess
import sys
from pathlib import Path

WORKER = Path(__file__).resolve().parents[2] / "target/release/examples/c4_worker"
GAME = re.compile(r"game (\d+) .*seat (\d): (\w), moves \[(.*)\]")
MCTS_GAME = re.compile(r"game seed (\d+), Hard (first|second): (\w+), moves (\d*)$")
LAST_PLY = 30


def main() -> None:
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    log, first = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 2
    worker = subprocess.Popen(
        [str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )

    def outcome(columns: str) -> int:
        """+1, 0 or -1 for the player to move after `columns` (1-based digits)."""
        worker.stdin.write(f"weak {columns}\n")
        worker.stdin.flush()
        answer = worker.stdout.readline().split()
        if not answer or not answer[0].lstrip("-").isdigit():
            sys.exit(f"c4_worker answered {answer!r} for {columns!r}")
        score = int(answer[0])
        return (score > 0) - (score < 0)

    for line in open(log):
        m = GAME.match(line)
        if m:
            game, seat, result = int(m[1]), int(m[2]), m[3]
            columns = "".join(str(int(c) % 7 + 1) for c in m[4].split(","))
        elif m := MCTS_GAME.match(line.strip()):
            game, seat, result = int(m[1]), int(m[2] == "second"), m[3][0].upper()
            columns = m[4]
        else:
            continue
        events, before, start = [], None, None
        for ply in range(first, min(len(columns), LAST_PLY)):
            value = outcome(columns[:ply])
            mine = value if ply % 2 == seat else -value
            if before is not None and mine != before:
                who = "new" if (ply - 1) % 2 == seat else "old"
                events.append(f"ply {ply - 1} {who} {before:+d}->{mine:+d}")
            if before is None:
                start = mine
            before = mine
        print(game, seat, result, columns, f"start {start:+d}" if start is not None else "start ?", "|", "; ".join(events), flush=True)
    worker.stdin.close()
    worker.wait()


if __name__ == "__main__":
    main()

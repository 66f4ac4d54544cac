#!/usr/bin/env python3
"""Writes ttt-core/link/hot.ld from callgrind profiles of small Connect Four solves.

A cold call pays for every 4 KiB page of code it runs, not only for every cache line (see the
README, "Measuring"). The linker puts the functions of a small solve wherever their object
files and codegen units fall: about 20 pages for 170 lines. The linker script this writes gathers
them into one output section, `.text.ttt_hot`, in the order of how many profiled calls run them.

It matches input sections (`-ffunction-sections`: one `.text.<symbol>` per function) by
pattern, not by name: v0 symbol names (`.cargo/config.toml`) say which generic instance a
function is (`Solver<u64>`, `negamax_in::<true>`), and the parts that change from build to build
(the crate hashes, back-references, ThinLTO's `.llvm.N` suffix) become `*`. A pattern that matches
nothing costs nothing, so a stale script only loses pages, never breaks a build.

Used by `make hot-layout` (scripts/hot-layout.sh), which profiles and calls:

    hot_layout.py patterns OUT.ld CALLGRIND-DUMP...

and the tests (scripts/test-c.sh, scripts/test-python.sh) call `hot_layout.py check LIBRARY`,
which fails unless the library's `.text.ttt_hot` holds the search's own node function.
"""

import collections
import re
import sys

# Only our crates and PyO3: the functions of std and libc that a call runs are not ours to place.
OURS = re.compile(r"8ttt_core|4__ttt|4pyo3")  # v0 writes `_ttt` as `4__ttt`


def pattern(symbol: str) -> str:
    """The glob for `.text.<symbol>` that survives a rebuild."""
    s = re.sub(r"\.llvm\.\d+$", "", symbol)
    s = re.sub(r"Cs[0-9A-Za-z]+_", "*", s)  # crate disambiguators
    s = re.sub(r"B[0-9A-Za-z]*_", "*", s)  # back-references: offsets into the name
    s = re.sub(r"Ms[0-9A-Za-z]*_", "M*", s)  # impl disambiguators
    return ".text." + re.sub(r"\*+", "*", s + "*")


def functions(path: str, dumps: collections.Counter) -> None:
    """Counts, once per dump, the v0-named functions of ours that a callgrind dump ran."""
    seen = set()
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.startswith("fn="):
            name = re.sub(r"'\d+$", "", line[3:].strip())
            if name.startswith("_R") and OURS.search(name):
                seen.add(name)
    dumps.update(pattern(n) for n in seen)


def write_patterns(out: str, profiles: list[str]) -> None:
    counts: collections.Counter = collections.Counter()
    for path in profiles:
        functions(path, counts)
    if not counts:
        sys.exit("no v0-named function of ours in the profiles: is .cargo/config.toml in effect?")
    # Most-run first; the name breaks ties so that the same profile writes the same file.
    ordered = sorted(counts, key=lambda p: (-counts[p], p))
    with open(out, "w", encoding="utf-8") as f:
        f.write(
            "/* Written by scripts/hot_layout.py (make hot-layout): the functions a small Connect\n"
            "   Four solve runs, from Rust and from Python, side by side in one output section so\n"
            "   that a cold call touches as few pages of code as possible. INSERT keeps the\n"
            "   linker's own script for everything else (GNU ld and lld). */\n"
            "SECTIONS\n{\n  .text.ttt_hot :\n  {\n"
        )
        for p in ordered:
            f.write(f"    *({p})\n")
        f.write("  }\n}\nINSERT BEFORE .text;\n")
    print(f"{out}: {len(ordered)} patterns")


# The Connect Four copy of the node function of `Solver<u64>`: if the layout misses it, it misses.
KEY = re.compile(r"6SolveryE10negamax_inKb1_")


def check(library: str) -> None:
    """Fails unless `library` was linked with the layout: its hot section holds KEY."""
    import os
    import subprocess

    if not os.path.isfile(library):
        sys.exit(f"{library}: no such file")
    sections = subprocess.run(["readelf", "-SW", library], check=True, capture_output=True, text=True)
    hot = re.search(r"\.text\.ttt_hot\s+PROGBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", sections.stdout)
    if not hot:
        sys.exit(f"{library}: no .text.ttt_hot section: linked without ttt-core/link/hot.ld")
    start, size = int(hot.group(1), 16), int(hot.group(2), 16)
    symbols = subprocess.run(["nm", library], check=True, capture_output=True, text=True).stdout.split("\n")
    inside = [int(f[0], 16) for f in (line.split() for line in symbols) if len(f) == 3 and KEY.search(f[2])]
    if not inside or not all(start <= a < start + size for a in inside):
        sys.exit(f"{library}: the Connect Four node function is not in .text.ttt_hot: run make hot-layout")
    print(f"{library}: .text.ttt_hot, {size} bytes, holds the Connect Four node function")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "patterns":
        write_patterns(sys.argv[2], sys.argv[3:])
    elif len(sys.argv) == 3 and sys.argv[1] == "check":
        check(sys.argv[2])
    else:
        sys.exit(__doc__)

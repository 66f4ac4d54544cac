"""Checks a screenshot of examples/sdl/ttt_sdl against the layout and board it printed.

    check_sdl_screenshot.py SHOT.png LAYOUT.txt [--expect-win] [--compress-to OUT.png]

LAYOUT.txt is what `ttt_sdl --smoke SHOT.png` printed: game, width, height, cell, bar, board
(one character per cell, row-major from the top-left, cell 0 first), line (the winning cells).
Every cell is checked at its centre (and, for the winning line, on its ring), the board colour
between cells, and the top bar. The palette is the one ttt_sdl.c draws with. Standard library
only (zlib): reads 8-bit RGB PNGs with unfiltered rows, as ttt_sdl writes them.
--compress-to writes a smaller copy of the PNG (the committed README screenshot).
"""

import struct
import sys
import zlib

BOARD = {"connect4": (30, 70, 200), "gomoku": (214, 172, 104)}
HOLE = (16, 18, 28)
HIGHLIGHT = (40, 230, 90)
MARKS = {"connect4": [(220, 40, 40), (245, 205, 40)], "gomoku": [(15, 15, 15), (245, 245, 245)]}
DRAW_GREY = (128, 128, 128)


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, width, height = 8, b"", 0, 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        crc = struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0]
        assert zlib.crc32(kind + body) == crc, f"bad CRC in {kind!r}"
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert (depth, ctype) == (8, 2), "8-bit RGB expected"
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    assert len(raw) == stride * height
    rows = []
    for y in range(height):
        assert raw[y * stride] == 0, "unfiltered rows expected"
        rows.append(raw[y * stride + 1 : (y + 1) * stride])
    return width, height, rows


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 9))
                + chunk(b"IEND", b""))


def main(argv):
    shot, layout_path = argv[1], argv[2]
    expect_win = "--expect-win" in argv
    layout = {}
    for line in open(layout_path, encoding="utf-8"):
        key, _, value = line.rstrip("\n").partition(" ")
        layout[key] = value
    game = layout["game"]
    w, h, cell, bar = (int(layout[k]) for k in ("width", "height", "cell", "bar"))
    board = layout["board"]
    line = [int(c) for c in layout["line"].split()]
    width, height, rows = read_png(shot)
    assert (width, height) == (w * cell, bar + h * cell), (width, height)
    assert len(board) == w * h
    px = lambda x, y: tuple(rows[y][3 * x : 3 * x + 3])
    problems = []

    def expect(x, y, colour, what):
        if px(x, y) != colour:
            problems.append(f"{what} at ({x}, {y}): {px(x, y)}, expected {colour}")

    marks = MARKS[game]
    winner = None
    for i, c in enumerate(board):
        cx, cy = (i % w) * cell + cell // 2, bar + (i // w) * cell + cell // 2
        # Between the cells (a corner of the cell square) is always the board.
        expect((i % w) * cell + 1, bar + (i // w) * cell + 1, BOARD[game], f"board near cell {i}")
        if c == ".":
            if game == "connect4":
                expect(cx, cy, HOLE, f"empty hole {i}")
            else:
                expect(cx + cell // 4, cy + cell // 4, BOARD[game], f"empty point {i}")
            continue
        colour = marks["XO".index(c)]
        if i in line:
            winner = colour
            expect(cx, cy, HIGHLIGHT, f"centre of winning cell {i}")
            expect(cx + int(cell * 0.41), cy, HIGHLIGHT, f"ring of winning cell {i}")
            expect(cx + int(cell * 0.25), cy, colour, f"mark of winning cell {i}")
        else:
            expect(cx, cy, colour, f"mark {c} in cell {i}")
    if line:
        expect(5, 5, winner, "top bar (winner)")
    elif "." not in board:
        expect(5, 5, DRAW_GREY, "top bar (draw)")
    if expect_win and not line:
        problems.append("no winning line: the game was expected to be won")
    highlighted = sum(1 for r in rows for x in range(width) if tuple(r[3 * x : 3 * x + 3]) == HIGHLIGHT)
    if line and highlighted < len(line) * (cell // 4) ** 2:
        problems.append(f"only {highlighted} highlighted pixels")
    if "--compress-to" in argv:
        write_png(argv[argv.index("--compress-to") + 1], width, height, rows)
    for p in problems:
        print(p)
    print(f"{shot}: {w}x{h} {game}, {sum(c != '.' for c in board)} marks, winning line {line}, "
          f"{highlighted} highlighted pixels: {'FAIL' if problems else 'ok'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""Plays libttt through Python's cffi in ABI mode: no compiler, no build step.

    python3 play_cffi.py path/to/libttt.so path/to/ttt_ffi.h

ttt_ffi.h is fed to cffi as it is (it has no preprocessor lines). The script plays classic
games in which a seeded Easy player meets Hard, checks that Hard never loses, then drops a few
Connect Four moves by column. Cells are numbered row-major from the top-left, from 0:
index = row * width + col. Exits non-zero on any failure.
"""

import sys

import cffi


def main(lib_path: str, header_path: str) -> int:
    ffi = cffi.FFI()
    with open(header_path, encoding="utf-8") as f:
        ffi.cdef(f.read())
    lib = ffi.dlopen(lib_path)

    def check(status: int) -> None:
        if status != lib.TTT_STATUS_OK:
            buf = ffi.new("char[256]")
            lib.ttt_last_error_message(buf, 256)
            raise RuntimeError(f"{ffi.string(lib.ttt_status_name(status)).decode()}: "
                               f"{ffi.string(buf).decode()}")

    assert lib.ttt_version_number() == lib.TTT_VERSION_NUMBER, "header and library differ"
    print("libttt", ffi.string(lib.ttt_version()).decode(), "through cffi")

    rules = lib.ttt_rules_classic()
    hard_losses = 0
    for seed in range(1, 7):
        # Easy (seeded) plays X on even seeds, O on odd ones; Hard plays the other seat.
        hard = lib.TTT_PLAYER_O if seed % 2 == 0 else lib.TTT_PLAYER_X
        game_p = ffi.new("ttt_game **")
        rng_p = ffi.new("ttt_rng **")
        check(lib.ttt_game_new(ffi.addressof(rules), lib.TTT_PLAYER_X, game_p))
        check(lib.ttt_rng_new(seed, rng_p))
        game, rng = game_p[0], rng_p[0]
        state = ffi.new("ttt_game_state *")
        player = ffi.new("ttt_player *")
        index = ffi.new("size_t *")
        while True:
            check(lib.ttt_game_status(game, state))
            if state[0] != lib.TTT_GAME_STATE_IN_PROGRESS:
                break
            check(lib.ttt_game_current_player(game, player))
            level = lib.TTT_DIFFICULTY_HARD if player[0] == hard else lib.TTT_DIFFICULTY_EASY
            check(lib.ttt_game_choose_move(game, level, rng, index))
            check(lib.ttt_game_play(game, index[0]))
        # An occupied cell is refused, and the refusal changes nothing.
        assert lib.ttt_game_play(game, 4) == lib.TTT_STATUS_GAME_OVER
        check(lib.ttt_game_winner(game, player))
        need = ffi.new("size_t *")
        assert lib.ttt_game_to_record(game, ffi.NULL, 0, need) == lib.TTT_STATUS_BUFFER_TOO_SMALL
        record = ffi.new("char[]", need[0])
        check(lib.ttt_game_to_record(game, record, need[0], need))
        winner = "draw" if player[0] == lib.TTT_PLAYER_NONE else "XO"[player[0]] + " wins"
        print(f"seed {seed}: Hard plays {'XO'[hard]}: {winner}: {ffi.string(record).decode()}")
        if player[0] not in (lib.TTT_PLAYER_NONE, hard):
            hard_losses += 1
        lib.ttt_rng_free(rng)
        lib.ttt_game_free(game)

    # Connect Four by columns: column 3 twice lands on cells 38 (bottom row 5) and 31.
    c4 = lib.ttt_rules_connect_four()
    assert c4.gravity == 1
    game_p = ffi.new("ttt_game **")
    check(lib.ttt_game_new(ffi.addressof(c4), lib.TTT_PLAYER_X, game_p))
    cell = ffi.new("size_t *")
    landed = []
    for col in (3, 3, 2):
        check(lib.ttt_game_play_column(game_p[0], col, cell))
        landed.append(cell[0])
    assert landed == [38, 31, 37], landed
    assert lib.ttt_game_play_column(game_p[0], 7, cell) == lib.TTT_STATUS_OUT_OF_RANGE
    lib.ttt_game_free(game_p[0])
    # A gravity byte other than 0 or 1 is refused.
    c4.gravity = 2
    assert lib.ttt_rules_check(ffi.addressof(c4)) == lib.TTT_STATUS_INVALID_RULES

    if hard_losses:
        print(f"Hard lost {hard_losses} games", file=sys.stderr)
        return 1
    print("cffi: Hard never lost; column moves landed on", landed)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

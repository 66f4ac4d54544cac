#!/usr/bin/env bash
# The C ABI tests, from a fresh clone: builds libttt (make lib), then
#  - compiles include/ttt.h alone as C99 and C++17 and ttt.hpp alone as C++17, warnings as errors;
#  - checks that ignoring a status is a compile error (TTT_NODISCARD / [[nodiscard]]);
#  - compiles the C and C++ tests and examples with -Wall -Wextra -Wpedantic -Werror, runs them
#    plain, under valgrind (no errors, no leaks) and built with -fsanitize=address,undefined;
#    among them test_hostile.c, which gives every export NULL in each pointer argument,
#    integers outside every enum and short buffers between guard bytes (and a check that no
#    export is missing from it);
#  - links a test statically against libttt.a with the pkg-config file's flags;
#  - compares a C-driven trace of pseudo-random games with the Rust engine's;
#  - checks that `nm -D libttt.so` exports only ttt_ symbols;
#  - installs into a temporary prefix and builds against it with pkg-config (ttt shared,
#    ttt-static static, also with cc -static) and with CMake (find_package(ttt CONFIG), the
#    targets ttt::ttt and ttt::ttt_static, C and C++), runs every binary, then uninstalls;
#  - does the same against the build tree (build/c), whose .pc and CMake files work in place;
#  - checks that a status can be discarded on purpose (TTT_DISCARD) under -Werror with GCC and
#    Clang, in C99 and C++17;
#  - feeds include/ttt_ffi.h to Python's cffi (ABI mode) and LuaJIT's ffi.cdef, each playing
#    games against Hard;
#  - runs the SDL game (examples/sdl) headless, playing by synthetic mouse events, and checks
#    its screenshots pixel by pixel (board drawn, winning line highlighted);
#  - plays the terminal game through pipes, bad input included.
# Ends with "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
B=$ROOT/build/c
CC=${CC:-gcc}
CXX=${CXX:-g++}
WARN=(-Wall -Wextra -Wpedantic -Werror)

need=()
command -v "$CC" >/dev/null || need+=(gcc)
command -v "$CXX" >/dev/null || need+=(g++)
command -v valgrind >/dev/null || need+=(valgrind)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v nm >/dev/null || need+=(binutils)
command -v clang >/dev/null || need+=(clang)
command -v cmake >/dev/null || need+=(cmake)
command -v luajit >/dev/null || need+=(luajit)
/usr/bin/python3 -c 'import cffi' 2>/dev/null || need+=(python3-cffi)
pkg-config --exists sdl2 2>/dev/null || need+=(libsdl2-dev)
if ((${#need[@]})); then
    echo "test-c: installing ${need[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok    $1"; }
fail() { failed=$((failed + 1)); echo "FAIL  $1"; }
# run NAME CMD...: one check, its output kept in $B/log/NAME.log
run() {
    local name=$1
    shift
    if "$@" >"$B/log/$name.log" 2>&1; then pass "$name"; else
        fail "$name"
        tail -n 30 "$B/log/$name.log" | sed 's/^/      /'
    fi
}

make --no-print-directory lib >/dev/null
rm -rf "$B/log"
mkdir -p "$B/log" "$B/t"
LIB=$B/lib
RPATH=(-Wl,-rpath,"$LIB")
VALGRIND=(valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# --- the header alone -------------------------------------------------------------------------
run header-c99 "$CC" -std=c99 "${WARN[@]}" -fsyntax-only -x c include/ttt.h
run header-c11 "$CC" -std=c11 "${WARN[@]}" -fsyntax-only -x c include/ttt.h
run header-cxx17 "$CXX" -std=c++17 "${WARN[@]}" -fsyntax-only -x c++ include/ttt.h
run hpp-cxx17 "$CXX" -std=c++17 "${WARN[@]}" -fsyntax-only -x c++ -Iinclude include/ttt.hpp
run hpp-cxx20 "$CXX" -std=c++20 "${WARN[@]}" -fsyntax-only -x c++ -Iinclude include/ttt.hpp
run hpp-clang-cxx17 clang++ -std=c++17 "${WARN[@]}" -fsyntax-only -x c++ -Iinclude include/ttt.hpp
run hpp-clang-cxx20 clang++ -std=c++20 "${WARN[@]}" -fsyntax-only -x c++ -Iinclude include/ttt.hpp
printf '#include "ttt.h"\nint main(void) { return ttt_version_number() == TTT_VERSION_NUMBER ? 0 : 1; }\n' \
    >"$B/t/tiny.c"
cp "$B/t/tiny.c" "$B/t/tiny.cpp"
run tiny-c99 bash -c "'$CC' -std=c99 ${WARN[*]} -Iinclude '$B/t/tiny.c' -L'$LIB' -lttt ${RPATH[*]} -o '$B/t/tiny' && '$B/t/tiny'"
run tiny-cxx17 bash -c "'$CXX' -std=c++17 ${WARN[*]} -Iinclude '$B/t/tiny.cpp' -L'$LIB' -lttt ${RPATH[*]} -o '$B/t/tinyxx' && '$B/t/tinyxx'"

# --- results that must not be ignored ---------------------------------------------------------
printf '#include "ttt.h"\nvoid f(ttt_game *g) { ttt_game_play(g, 0); }\n' >"$B/t/ignored.c"
printf '#include "ttt.hpp"\nvoid f(ttt::Game &g) { g.try_play(0); }\n' >"$B/t/ignored.cpp"
run nodiscard-c bash -c "! '$CC' -std=c99 ${WARN[*]} -Iinclude -c '$B/t/ignored.c' -o /dev/null"
run nodiscard-cxx bash -c "! '$CXX' -std=c++17 ${WARN[*]} -Iinclude -c '$B/t/ignored.cpp' -o /dev/null"
# ... and how to discard one on purpose: TTT_DISCARD everywhere, (void) in C++17, or
# TTT_NO_NODISCARD. Each must compile with -Werror under GCC and Clang.
printf '#include "ttt.h"\nvoid f(ttt_game *g) { TTT_DISCARD(ttt_game_play(g, 0)); }\n' >"$B/t/discard.c"
cp "$B/t/discard.c" "$B/t/discard.cpp"
printf '#include "ttt.hpp"\nvoid f(ttt::Game &g) { (void)g.try_play(0); (void)ttt_game_play(g.get(), 1); }\n' \
    >"$B/t/discard-void.cpp"
printf '#define TTT_NO_NODISCARD\n#include "ttt.h"\nvoid f(ttt_game *g) { ttt_game_play(g, 0); }\n' \
    >"$B/t/discard-off.c"
for cc in gcc clang; do
    cxx=g++
    [[ $cc == clang ]] && cxx=clang++
    run "discard-$cc-c99" "$cc" -std=c99 "${WARN[@]}" -Iinclude -c "$B/t/discard.c" -o /dev/null
    run "discard-$cc-cxx17" "$cxx" -std=c++17 "${WARN[@]}" -Iinclude -c "$B/t/discard.cpp" -o /dev/null
    run "discard-void-$cc-cxx17" "$cxx" -std=c++17 "${WARN[@]}" -Iinclude -c "$B/t/discard-void.cpp" \
        -o /dev/null
    run "discard-off-$cc-c99" "$cc" -std=c99 "${WARN[@]}" -Iinclude -c "$B/t/discard-off.c" -o /dev/null
    run "nodiscard-$cc-c99" bash -c "! '$cc' -std=c99 ${WARN[*]} -Iinclude -c '$B/t/ignored.c' -o /dev/null"
done

# --- the test programs ------------------------------------------------------------------------
c_tests=(test_ttt test_hostile test_search test_ai test_threads trace)
for t in "${c_tests[@]}"; do
    run "build-$t" "$CC" -std=c99 "${WARN[@]}" -g -pthread -Iinclude "ttt-ffi/tests/c/$t.c" \
        -L"$LIB" -lttt "${RPATH[@]}" -o "$B/t/$t"
    run "build-$t-asan" "$CC" -std=c99 "${WARN[@]}" -g -pthread -fsanitize=address,undefined \
        -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Iinclude "ttt-ffi/tests/c/$t.c" \
        -L"$LIB" -lttt "${RPATH[@]}" -o "$B/t/$t-asan"
done
cxx_progs=("ttt-ffi/tests/cpp/test_ttt.cpp:test_ttt_cpp")
for f in examples/cpp/*.cpp; do [[ -f $f ]] && cxx_progs+=("$f:$(basename "$f" .cpp)"); done
for p in "${cxx_progs[@]}"; do
    src=${p%%:*}
    t=${p##*:}
    c_tests+=("$t")
    run "build-$t" "$CXX" -std=c++17 "${WARN[@]}" -g -Iinclude "$src" -L"$LIB" -lttt \
        "${RPATH[@]}" -o "$B/t/$t"
    run "build-$t-asan" "$CXX" -std=c++17 "${WARN[@]}" -g -fsanitize=address,undefined \
        -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Iinclude "$src" -L"$LIB" -lttt \
        "${RPATH[@]}" -o "$B/t/$t-asan"
    # The same sources as C++20 must compile and pass as well.
    run "build-$t-cxx20" "$CXX" -std=c++20 "${WARN[@]}" -g -Iinclude "$src" -L"$LIB" -lttt \
        "${RPATH[@]}" -o "$B/t/$t-cxx20"
    run "run-$t-cxx20" "$B/t/$t-cxx20"
done
run build-ttt_play "$CC" -std=c99 "${WARN[@]}" -g -Iinclude examples/c/ttt_play.c -L"$LIB" -lttt \
    "${RPATH[@]}" -o "$B/t/ttt_play"
run build-ttt_play-asan "$CC" -std=c99 "${WARN[@]}" -g -fsanitize=address,undefined \
    -fno-omit-frame-pointer -fno-sanitize-recover=undefined -Iinclude examples/c/ttt_play.c \
    -L"$LIB" -lttt "${RPATH[@]}" -o "$B/t/ttt_play-asan"

for t in "${c_tests[@]}"; do
    [[ $t == trace ]] && continue
    run "run-$t" "$B/t/$t"
    run "valgrind-$t" "${VALGRIND[@]}" "$B/t/$t"
    run "asan-$t" "$B/t/$t-asan"
done

# --- a game driven from C matches the Rust engine ---------------------------------------------
cargo run -q --release -p ttt-ffi --example trace >"$B/t/trace-rust.txt"
"$B/t/trace" >"$B/t/trace-c.txt"
run trace-matches-rust bash -c "[[ \$(wc -l <'$B/t/trace-rust.txt') -gt 1000 ]] && \
    diff -u '$B/t/trace-rust.txt' '$B/t/trace-c.txt'"
run valgrind-trace "${VALGRIND[@]}" "$B/t/trace"
run asan-trace bash -c "'$B/t/trace-asan' | cmp - '$B/t/trace-c.txt'"

# --- exported symbols -------------------------------------------------------------------------
nm -D --defined-only "$LIB/libttt.so" | awk '{print $NF}' >"$B/t/symbols.txt"
run symbols-only-ttt bash -c "[[ -s '$B/t/symbols.txt' ]] && ! grep -v '^ttt_' '$B/t/symbols.txt'"
# test_hostile.c calls every export with NULLs, bad enums and short buffers: none may be
# missing from it.
run hostile-covers-every-export bash -c "for s in \$(cat '$B/t/symbols.txt'); do \
    grep -q \"\\b\$s(\" ttt-ffi/tests/c/test_hostile.c || { echo \"missing: \$s\"; exit 1; }; done"
# The soname carries the ABI version, major.minor of the workspace version (libttt.so.0.3).
TTT_SOVERSION=$(sed -n 's/^version = "\([0-9]*\.[0-9]*\)\..*"/\1/p' Cargo.toml | head -n 1)
run soname bash -c "[[ -n '$TTT_SOVERSION' ]] && \
    readelf -d '$LIB/libttt.so' | grep -qF 'Library soname: [libttt.so.$TTT_SOVERSION]' && \
    [[ -L '$LIB/libttt.so.$TTT_SOVERSION' ]]"
# The code layout of small Connect Four solves (ttt-core/link/hot.ld) made it into the library.
run hot-layout python3 scripts/hot_layout.py check "$LIB/libttt.so"

# --- pkg-config and CMake, against the build tree and an installed prefix ---------------------
# consumers NAME LIBDIR: builds and runs programs the way users do, with the .pc and CMake files
# found under LIBDIR (build/c/lib or PREFIX/lib).
consumers() {
    local name=$1 libdir=$2 out=$B/t/$1
    mkdir -p "$out"
    local pc="PKG_CONFIG_PATH='$libdir/pkgconfig'"
    run "$name-pkg-config-version" bash -c "$pc && export PKG_CONFIG_PATH && \
        [[ \$(pkg-config --modversion ttt) == \$(sed -n 's/^version = \"\\(.*\\)\"/\\1/p' Cargo.toml | head -n1) ]] && \
        [[ \$(pkg-config --modversion ttt-static) == \$(pkg-config --modversion ttt) ]]"
    # Shared: the binary finds libttt.so through its rpath, as the README says.
    run "$name-pkg-config-shared" bash -c "$pc && export PKG_CONFIG_PATH && \
        '$CC' -std=c99 ${WARN[*]} '$B/t/tiny.c' \$(pkg-config --cflags --libs ttt) \
        -Wl,-rpath,'$libdir' -o '$out/tiny-shared' && '$out/tiny-shared' && \
        ldd '$out/tiny-shared' | grep -q '$libdir/libttt.so'"
    # Static, with plain cc: ttt-static names libttt.a by path; no libttt.so in ldd.
    run "$name-pkg-config-static" bash -c "$pc && export PKG_CONFIG_PATH && \
        '$CC' -std=c99 ${WARN[*]} ttt-ffi/tests/c/test_ttt.c -Ittt-ffi/tests/c \
        \$(pkg-config --cflags --static --libs ttt-static) -o '$out/test_ttt-static' && \
        '$out/test_ttt-static' >/dev/null && ! ldd '$out/test_ttt-static' | grep -q libttt"
    # Fully static (cc -static): no shared library at all.
    run "$name-pkg-config-cc-static" bash -c "$pc && export PKG_CONFIG_PATH && \
        '$CC' -static -std=c99 ${WARN[*]} '$B/t/tiny.c' \$(pkg-config --cflags --libs ttt-static) \
        -o '$out/tiny-static' && '$out/tiny-static' && ! ldd '$out/tiny-static' 2>&1 | grep -q '=>'"
    # CMake: find_package(ttt 0.3 CONFIG REQUIRED), shared and static, C and C++.
    rm -rf "$out/cmake"
    run "$name-cmake-configure" cmake -S ttt-ffi/tests/consumer -B "$out/cmake" \
        -DCMAKE_PREFIX_PATH="$(dirname "$libdir")" -DCMAKE_BUILD_TYPE=Release
    run "$name-cmake-build" cmake --build "$out/cmake"
    local app
    for app in app_c app_c_static app_cxx app_cxx_static; do
        run "$name-cmake-run-$app" "$out/cmake/$app"
    done
    run "$name-cmake-static-has-no-libttt-so" bash -c "! ldd '$out/cmake/app_c_static' | grep -q libttt && \
        ! ldd '$out/cmake/app_cxx_static' | grep -q libttt && ldd '$out/cmake/app_c' | grep -q libttt.so"
    # Before 1.0 a minor version is an ABI: asking for 0.2, 0.4 (or 1.0) must not find 0.3.
    run "$name-cmake-refuses-other-minor" bash -c "! cmake -S ttt-ffi/tests/consumer -B '$out/cmake-0.2' \
        -DCMAKE_PREFIX_PATH='$(dirname "$libdir")' -DTTT_WANT=0.2 && \
        ! cmake -S ttt-ffi/tests/consumer -B '$out/cmake-0.4' \
        -DCMAKE_PREFIX_PATH='$(dirname "$libdir")' -DTTT_WANT=0.4 && \
        ! cmake -S ttt-ffi/tests/consumer -B '$out/cmake-1.0' \
        -DCMAKE_PREFIX_PATH='$(dirname "$libdir")' -DTTT_WANT=1.0"
}
consumers build-tree "$LIB"
PREFIX_DIR=$B/prefix
rm -rf "$PREFIX_DIR"
run install make --no-print-directory install PREFIX="$PREFIX_DIR"
run installed-headers bash -c "cmp include/ttt.h '$PREFIX_DIR/include/ttt.h' && \
    cmp include/ttt_ffi.h '$PREFIX_DIR/include/ttt_ffi.h' && cmp include/ttt.hpp '$PREFIX_DIR/include/ttt.hpp'"
consumers installed "$PREFIX_DIR/lib"
run uninstall bash -c "make --no-print-directory uninstall PREFIX='$PREFIX_DIR' && \
    [[ -z \$(find '$PREFIX_DIR' -type f -o -type l) ]]"

# --- FFI parsers: ttt_ffi.h as it is, in cffi (ABI mode) and LuaJIT --------------------------
run ffi-header-c99 "$CC" -std=c99 "${WARN[@]}" -fsyntax-only -include stdint.h -include stddef.h \
    -include stdbool.h -x c include/ttt_ffi.h
run ffi-cffi bash -c "/usr/bin/python3 examples/ffi/play_cffi.py '$LIB/libttt.so' include/ttt_ffi.h \
    >'$B/t/ffi-cffi.out' && grep -q 'Hard never lost' '$B/t/ffi-cffi.out'"
run ffi-luajit bash -c "luajit examples/ffi/play_luajit.lua '$LIB/libttt.so' include/ttt_ffi.h \
    >'$B/t/ffi-luajit.out' && grep -q 'Hard never lost' '$B/t/ffi-luajit.out'"
# The same seeds give the same games through both FFIs.
run ffi-same-games bash -c "diff <(grep '^seed' '$B/t/ffi-cffi.out') <(grep '^seed' '$B/t/ffi-luajit.out') && \
    [[ \$(grep -c '^seed' '$B/t/ffi-cffi.out') -eq 6 ]]"

# --- the SDL game, headless: synthetic clicks, a screenshot, its pixels checked --------------
# The Makefile built it (SDL2 is installed above). A Connect Four position where X has two
# stones in the bottom row: the clicking user finds the move that forces a win against Hard.
SDL_BIN=$B/bin/ttt_sdl
run sdl-built test -x "$SDL_BIN"
run sdl-build-warnings "$CC" -std=c99 "${WARN[@]}" -Iinclude $(pkg-config --cflags sdl2) \
    examples/sdl/ttt_sdl.c -L"$LIB" -lttt $(pkg-config --libs sdl2) "${RPATH[@]}" -o "$B/t/ttt_sdl"
run sdl-connect-four-smoke bash -c "SDL_VIDEODRIVER=offscreen timeout 120 '$SDL_BIN' \
    --smoke '$B/t/sdl-c4.png' --record 'ttt/1 7x6 k=4 players=2 gravity start=X moves=38,31,37,30' \
    >'$B/t/sdl-c4.txt' && grep -q '^clicks [1-9]' '$B/t/sdl-c4.txt' && \
    /usr/bin/python3 scripts/check_sdl_screenshot.py '$B/t/sdl-c4.png' '$B/t/sdl-c4.txt' --expect-win"
run sdl-gomoku-smoke bash -c "SDL_VIDEODRIVER=offscreen timeout 120 '$SDL_BIN' --game gomoku \
    --nodes 20000 --smoke-moves 3 --smoke '$B/t/sdl-go.png' >'$B/t/sdl-go.txt' && \
    grep -q '^clicks 3' '$B/t/sdl-go.txt' && \
    /usr/bin/python3 scripts/check_sdl_screenshot.py '$B/t/sdl-go.png' '$B/t/sdl-go.txt'"
# Under a time limit per move (and a budget it would never finish): three moves, the clock ends
# each search.
run sdl-gomoku-time-limit bash -c "SDL_VIDEODRIVER=offscreen timeout 60 '$SDL_BIN' --game gomoku \
    --time 200 --nodes 1000000000 --smoke-moves 3 --smoke '$B/t/sdl-time.png' >'$B/t/sdl-time.txt' && \
    grep -q '^clicks 3' '$B/t/sdl-time.txt' && \
    /usr/bin/python3 scripts/check_sdl_screenshot.py '$B/t/sdl-time.png' '$B/t/sdl-time.txt'"
# Five in a row from an open three: the user makes an open four, Hard can block one end only.
run sdl-gomoku-win bash -c "SDL_VIDEODRIVER=offscreen timeout 120 '$SDL_BIN' --game gomoku \
    --nodes 200000 --smoke '$B/t/sdl-gw.png' \
    --record 'ttt/1 15x15 k=5 players=2 start=X moves=112,82,111,96,110,140' >'$B/t/sdl-gw.txt' && \
    /usr/bin/python3 scripts/check_sdl_screenshot.py '$B/t/sdl-gw.png' '$B/t/sdl-gw.txt' --expect-win"
# The computer thinks on a worker thread with a stop flag: a new game (N) in the middle of a
# search that would otherwise run for minutes (a billion nodes on 15 x 15) stops it at once.
run sdl-stop-flag bash -c "SDL_VIDEODRIVER=offscreen timeout 60 '$SDL_BIN' --game gomoku \
    --nodes 1000000000 --smoke-moves 1 --smoke-interrupt --smoke '$B/t/sdl-stop.png' \
    | grep -q 'interrupted a search'"
# The checker fails on a screenshot that does not show the board it claims.
run sdl-checker-catches-a-wrong-board bash -c "sed 's/^board \(.\)/board X/; s/^board X\(.*\)/board O\1/' \
    '$B/t/sdl-c4.txt' >'$B/t/sdl-c4-wrong.txt' && \
    ! /usr/bin/python3 scripts/check_sdl_screenshot.py '$B/t/sdl-c4.png' '$B/t/sdl-c4-wrong.txt'"

# --- the terminal game through a pipe ---------------------------------------------------------
# play NAME EXPECT_REGEX... -- ARGS... <<< input: runs the game plain, under valgrind and with
# the sanitizers; every regex must match the output of each run, which must exit 0.
play_check() {
    local name=$1 input=$2
    shift 2
    local -a expect=()
    while [[ $1 != -- ]]; do expect+=("$1"); shift; done
    shift
    local variant out
    for variant in plain valgrind asan; do
        out=$B/log/play-$name-$variant.out
        case $variant in
            plain) printf '%b' "$input" | "$B/t/ttt_play" "$@" >"$out" 2>&1 ;;
            valgrind) printf '%b' "$input" | "${VALGRIND[@]}" "$B/t/ttt_play" "$@" >"$out" 2>&1 ;;
            asan) printf '%b' "$input" | "$B/t/ttt_play-asan" "$@" >"$out" 2>&1 ;;
        esac
        local rc=$? ok=1 re
        [[ $rc -eq 0 ]] || ok=0
        for re in "${expect[@]}"; do grep -Eq -- "$re" "$out" || { ok=0; echo "missing: $re" >>"$out"; }; done
        if ((ok)); then pass "play-$name-$variant"; else
            fail "play-$name-$variant (exit $rc)"
            tail -n 20 "$out" | sed 's/^/      /'
        fi
    done
}
set +e
# Classic against Hard: bad input of every kind, then every cell in turn until the game ends.
cells=$(printf '%s\\n' 1 2 3 4 5 6 7 8 9)
long=$(printf 'x%.0s' $(seq 1 400))
play_check classic-hard "banana\n\n$long\n0\n10\nz9\nb2\nb2\nhint\nundo\n$cells$cells" \
    'I did not understand "banana"' 'Please enter a move' 'I did not understand "<too long>"' \
    '0 is not on the board' '10 is not on the board' \
    'z9 is not on the board' 'b2 is already taken' 'Hint: ' 'Taken back' \
    'Computer \(O\) plays' '^(Draw\.|O wins \(computer\))' 'Record: ttt/1 3x3 k=3 players=2 start=X moves=' \
    -- --seed 7
# The computer starts; end of input in the middle of the game ends it cleanly.
play_check eof "5\n" 'Computer \(X\) plays' 'End of input: game abandoned' \
    -- --first computer --human O --difficulty easy --seed 3
play_check quit "quit\n" 'Bye\.' -- --difficulty medium
# Blanks around a move and upper case are fine; no Rust syntax or machine tokens in replies.
play_check spaces-and-case "  B2  \n\tc3\nQUIT\n" 'You \(X\) play b2\.' 'You \(X\) play c3\.|c3 is already taken' \
    'Bye\.' -- --difficulty easy --seed 2
play_check gravity-prompt "quit\n" 'Enter a column \(a letter a to g, or a number 1 to 7' -- --size 7x6 --k 4 --gravity
# make play shows the game, not cargo's or the compiler's command lines.
run make-play-is-quiet bash -c "echo quit | make --no-print-directory play >'$B/t/make-play.out' 2>&1 && \
    head -n1 '$B/t/make-play.out' | grep -q '^ttt ' && ! grep -qE 'cargo|cc |gcc' '$B/t/make-play.out'"
# A NUL byte inside a line spoils that line only: the next line is still read and played.
play_check nul-byte '5\0junk\n1\nquit\n' 'I did not understand "<NUL byte>"' 'You \(X\) play a1' \
    'Bye\.' -- --seed 1 --difficulty easy
# Connect Four by columns, with a full column and a bad column.
cols=$(printf '%s\\n' d d d d d d d a b c e f g a b c e f g a b c e f g a b c e f g a b c e f g a b c e f g)
play_check connect-four "h\n8\n$cols" 'Column d is full\.' \
    'There is no column h' 'There is no column 8' '(wins|Draw)' 'Record: ttt/1 7x6 k=4 players=2 gravity' \
    -- --size 7x6 --k 4 --gravity --difficulty easy --seed 11
# Three players on 4x4, you play Y.
all16=$(printf '%s\\n' $(seq 1 16))
play_check three-players "$all16$all16" 'Computer \(X\) plays' 'Computer \(O\) plays' \
    'Record: ttt/1 4x4 k=3 players=3 start=X' -- --size 4x4 --k 3 --players 3 --human Y \
    --first computer --difficulty medium --seed 5
# Five in a row under a time limit per move, through the game's one engine.
play_check time-limit "h8\nquit\n" 'You \(X\) play h8\.' 'Computer \(O\) plays' 'Bye\.' \
    -- --size 15x15 --k 5 --time 100 --nodes 100000000 --seed 4
# Bad flags are refused with a message and exit status 2.
for flags in "--size 0x3" "--k 9" "--players 5" "--difficulty impossible" "--human Y" "--bogus" \
    "--seed -1" "--size" "--nodes 0" "--time -1" "--time 5s"; do
    # shellcheck disable=SC2086
    "$B/t/ttt_play" $flags </dev/null >"$B/log/flags.out" 2>&1
    rc=$?
    if [[ $rc -eq 2 ]] && grep -q 'ttt_play: ' "$B/log/flags.out"; then pass "flags $flags"; else
        fail "flags $flags (exit $rc)"
        sed 's/^/      /' "$B/log/flags.out"
    fi
done
run play-messages-are-sentences bash -c "! grep -hE '\.\.=|out-of-range|: occupied|: floating' $B/log/play-*-plain.out"
set -e

echo
echo "test-c: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

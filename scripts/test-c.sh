#!/usr/bin/env bash
# The C ABI tests, from a fresh clone: builds libttt (make lib), then
#  - compiles include/ttt.h alone as C99 and C++17 and ttt.hpp alone as C++17, warnings as errors;
#  - checks that ignoring a status is a compile error (TTT_NODISCARD / [[nodiscard]]);
#  - compiles the C and C++ tests and examples with -Wall -Wextra -Wpedantic -Werror, runs them
#    plain, under valgrind (no errors, no leaks) and built with -fsanitize=address,undefined;
#  - links a test statically against libttt.a with the pkg-config file's flags;
#  - compares a C-driven trace of pseudo-random games with the Rust engine's;
#  - checks that `nm -D libttt.so` exports only ttt_ symbols;
#  - installs into a temporary prefix and builds an example against it with pkg-config;
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

# --- the test programs ------------------------------------------------------------------------
c_tests=(test_ttt test_search test_ai test_threads trace)
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

# Static linking with the flags of the pkg-config file.
export PKG_CONFIG_PATH=$LIB/pkgconfig
run static-link bash -c "'$CC' -std=c99 ${WARN[*]} \$(pkg-config --cflags ttt) -Iinclude \
    ttt-ffi/tests/c/test_ttt.c $LIB/libttt.a \$(pkg-config --static --libs-only-l ttt | sed 's/-lttt//') \
    -o '$B/t/test_ttt_static' && '$B/t/test_ttt_static' && ! ldd '$B/t/test_ttt_static' | grep -q libttt"

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
run soname bash -c "readelf -d '$LIB/libttt.so' | grep -q 'SONAME.*libttt.so.[0-9]*.[0-9]*'"

# --- install and pkg-config -------------------------------------------------------------------
PREFIX_DIR=$B/prefix
rm -rf "$PREFIX_DIR"
run install make --no-print-directory install PREFIX="$PREFIX_DIR"
run pkg-config-build bash -c "PKG_CONFIG_PATH='$PREFIX_DIR/lib/pkgconfig' && export PKG_CONFIG_PATH && \
    [[ \$(pkg-config --modversion ttt) == \$(sed -n 's/^version = \"\\(.*\\)\"/\\1/p' Cargo.toml | head -n1) ]] && \
    '$CC' -std=c99 ${WARN[*]} '$B/t/tiny.c' \$(pkg-config --cflags --libs ttt) \
    -Wl,-rpath,'$PREFIX_DIR/lib' -o '$B/t/tiny-installed' && '$B/t/tiny-installed' && \
    ldd '$B/t/tiny-installed' | grep -q '$PREFIX_DIR/lib/libttt.so'"

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
    'cannot play 0 there: out-of-range' 'cannot play 10 there: out-of-range' \
    'cannot play z9 there: out-of-range' 'cannot play b2 there: occupied' 'Hint: ' 'Taken back' \
    'Computer \(O\) plays' '^(Draw\.|O wins \(computer\))' 'Record: ttt/1 3x3 k=3 players=2 start=X moves=' \
    -- --seed 7
# The computer starts; end of input in the middle of the game ends it cleanly.
play_check eof "5\n" 'Computer \(X\) plays' 'End of input: game abandoned' \
    -- --first computer --human O --difficulty easy --seed 3
play_check quit "quit\n" 'Bye\.' -- --difficulty medium
# A NUL byte inside a line spoils that line only: the next line is still read and played.
play_check nul-byte '5\0junk\n1\nquit\n' 'I did not understand "<NUL byte>"' 'You \(X\) play a1' \
    'Bye\.' -- --seed 1 --difficulty easy
# Connect Four by columns, with a full column and a bad column.
cols=$(printf '%s\\n' d d d d d d d a b c e f g a b c e f g a b c e f g a b c e f g a b c e f g a b c e f g)
play_check connect-four "h\n$cols" 'That column is full|cannot play d there' \
    'cannot play h there: out-of-range' '(wins|Draw)' 'Record: ttt/1 7x6 k=4 players=2 gravity' \
    -- --size 7x6 --k 4 --gravity --difficulty easy --seed 11
# Three players on 4x4, you play Y.
all16=$(printf '%s\\n' $(seq 1 16))
play_check three-players "$all16$all16" 'Computer \(X\) plays' 'Computer \(O\) plays' \
    'Record: ttt/1 4x4 k=3 players=3 start=X' -- --size 4x4 --k 3 --players 3 --human Y \
    --first computer --difficulty medium --seed 5
# Bad flags are refused with a message and exit status 2.
for flags in "--size 0x3" "--k 9" "--players 5" "--difficulty impossible" "--human Y" "--bogus" \
    "--seed -1" "--size" "--nodes 0"; do
    # shellcheck disable=SC2086
    "$B/t/ttt_play" $flags </dev/null >"$B/log/flags.out" 2>&1
    rc=$?
    if [[ $rc -eq 2 ]] && grep -q 'ttt_play: ' "$B/log/flags.out"; then pass "flags $flags"; else
        fail "flags $flags (exit $rc)"
        sed 's/^/      /' "$B/log/flags.out"
    fi
done
set -e

echo
echo "test-c: $passed passed, $failed failed"
[[ $failed -eq 0 ]]

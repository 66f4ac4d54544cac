# The two commands of the README:
#   make play   build the library and play the terminal game (classic board, against Hard)
#   make test   install what the tests need and run every test
# and `make install PREFIX=...` for the C library.

.PHONY: test test-rust test-c test-python bench-python bench-distributed bench-connect4 bench-connect4-cold hot-layout coverage lib play play-sdl install uninstall header

test: test-rust test-c test-python

# Formatting, lints, docs and the Rust tests of the whole workspace.
test-rust:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
	cargo test --workspace

# The Python wheel: fresh venv, build and install with maturin, pytest, mypy --strict, stubtest.
test-python:
	scripts/test-python.sh

# The Python benchmark table (ours against OpenSpiel and PettingZoo when they install).
bench-python:
	scripts/bench-python.sh

# What Ray costs on one machine: ttt.distributed against the single-process calls.
bench-distributed:
	scripts/bench-python.sh --distributed

# Connect Four side by side with Pascal Pons' solver (PONS_DIR=... ; see scripts/bench-connect4.sh).
bench-connect4:
	scripts/bench-connect4.sh

# What a small Connect Four solve costs with cold caches, ttt against Pons, counted by
# valgrind's cache simulator (PONS_DIR=... ; see scripts/bench-connect4-cold.sh).
bench-connect4-cold:
	scripts/bench-connect4-cold.sh

# Rewrites ttt-core/link/hot.ld, the code layout of small Connect Four solves, from callgrind
# profiles (valgrind; PY=... a Python with the wheel, default the venv of make test-python).
hot-layout:
	scripts/hot-layout.sh

# Line coverage of ttt-core's sources with cargo-tarpaulin (ptrace engine: no llvm-tools
# needed). Unoptimised, because optimised code attributes lines poorly; its own target dir.
coverage:
	command -v cargo-tarpaulin >/dev/null || cargo install cargo-tarpaulin --locked
	CARGO_PROFILE_TEST_OPT_LEVEL=0 cargo tarpaulin -p ttt-core --engine ptrace --skip-clean \
		--target-dir target/coverage --timeout 600 --include-files 'ttt-core/src/*' --out Stdout

# ---------------------------------------------------------------------------------------------
# The C library (ttt-ffi).
#   make lib        build/c/{lib/libttt.so*,lib/libttt.a,include/*.h*,lib/pkgconfig/ttt*.pc,
#                   lib/cmake/ttt/*.cmake}: a tree laid out like an installed prefix, so its
#                   pkg-config and CMake files work in place
#   make play       the terminal game (ARGS="--difficulty easy ..." passes flags)
#   make install    PREFIX=... (default /usr/local; DESTDIR for staging): libraries, headers,
#                   pkg-config files (ttt, ttt-static), the CMake package, ttt_play
#   make uninstall  removes exactly what make install put there (same PREFIX)
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(PREFIX)/bin
DESTDIR ?=
CC ?= cc
TTT_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
TTT_SOVERSION := $(shell echo $(TTT_VERSION) | cut -d. -f1,2)
# The system libraries the staticlib needs, from `rustc --print native-static-libs` (Linux,
# glibc), less -lgcc_s and -lc, which the compiler driver adds itself (and -lgcc_s, having no
# static form, would break `cc -static`).
TTT_NATIVE_STATIC_LIBS := -lutil -lrt -lpthread -lm -ldl
C_BUILD := build/c
RELEASE_DIR := $(or $(CARGO_TARGET_DIR),target)/release
C_WARNINGS := -Wall -Wextra -Wpedantic -Werror
TTT_HEADERS := include/ttt.h include/ttt.hpp include/ttt_ffi.h
# $(call ttt_configure,IN,OUT,PREFIX,LIBDIR,INCLUDEDIR): fills in a .pc.in or .cmake.in file.
ttt_configure = sed -e 's|@PREFIX@|$(3)|g' -e 's|@LIBDIR@|$(4)|g' -e 's|@INCLUDEDIR@|$(5)|g' \
	-e 's|@VERSION@|$(TTT_VERSION)|g' -e 's|@SOVERSION@|$(TTT_SOVERSION)|g' \
	-e 's|@NATIVE_STATIC_LIBS@|$(TTT_NATIVE_STATIC_LIBS)|g' $(1) > $(2)
# $(call ttt_layout,DIR,PREFIX,LIBDIR,INCLUDEDIR): DIR/pkgconfig/ttt{,-static}.pc and
# DIR/cmake/ttt/ttt{Config,ConfigVersion}.cmake, for a library in LIBDIR (absolute paths).
define ttt_layout
	@mkdir -p $(1)/pkgconfig $(1)/cmake/ttt
	@$(call ttt_configure,ttt-ffi/ttt.pc.in,$(1)/pkgconfig/ttt.pc,$(2),$(3),$(4))
	@$(call ttt_configure,ttt-ffi/ttt-static.pc.in,$(1)/pkgconfig/ttt-static.pc,$(2),$(3),$(4))
	@$(call ttt_configure,cmake/tttConfig.cmake.in,$(1)/cmake/ttt/tttConfig.cmake,$(2),$(3),$(4))
	@$(call ttt_configure,cmake/tttConfigVersion.cmake.in,$(1)/cmake/ttt/tttConfigVersion.cmake,$(2),$(3),$(4))
endef

# Quiet on purpose: `make play` shows the game, not cargo's command line (errors still show).
lib:
	@test -f $(RELEASE_DIR)/libttt.so || echo "Building libttt (about a minute the first time)..."
	@cargo build -q -p ttt-ffi --release
	@mkdir -p $(C_BUILD)/lib $(C_BUILD)/include $(C_BUILD)/bin
	@cp $(RELEASE_DIR)/libttt.so $(C_BUILD)/lib/libttt.so.$(TTT_VERSION)
	@ln -sf libttt.so.$(TTT_VERSION) $(C_BUILD)/lib/libttt.so.$(TTT_SOVERSION)
	@ln -sf libttt.so.$(TTT_SOVERSION) $(C_BUILD)/lib/libttt.so
	@cp $(RELEASE_DIR)/libttt.a $(C_BUILD)/lib/libttt.a
	@cp $(TTT_HEADERS) $(C_BUILD)/include/
	$(call ttt_layout,$(C_BUILD)/lib,$(abspath $(C_BUILD)),$(abspath $(C_BUILD))/lib,$(abspath $(C_BUILD))/include)
	@$(CC) -std=c99 -O2 $(C_WARNINGS) -Iinclude examples/c/ttt_play.c -L$(C_BUILD)/lib -lttt \
	    -Wl,-rpath,'$$ORIGIN/../lib' -o $(C_BUILD)/bin/ttt_play
	@if pkg-config --exists sdl2 2>/dev/null; then \
	    $(CC) -std=c99 -O2 $(C_WARNINGS) -Iinclude $$(pkg-config --cflags sdl2) examples/sdl/ttt_sdl.c \
	        -L$(C_BUILD)/lib -lttt $$(pkg-config --libs sdl2) -Wl,-rpath,'$$ORIGIN/../lib' \
	        -o $(C_BUILD)/bin/ttt_sdl; fi

# The windowed game (examples/sdl, SDL2): Connect Four against Hard; ARGS="--game gomoku"
# for five in a row. `make lib` builds it whenever SDL2's development files are installed.
play-sdl: lib
	@test -x $(C_BUILD)/bin/ttt_sdl || { echo "SDL2 is missing: apt-get install libsdl2-dev"; exit 1; }
	@$(C_BUILD)/bin/ttt_sdl $(ARGS)

play: lib
	@$(C_BUILD)/bin/ttt_play $(ARGS)

install: lib
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(BINDIR)
	install -m 644 $(TTT_HEADERS) $(DESTDIR)$(INCLUDEDIR)/
	install -m 755 $(RELEASE_DIR)/libttt.so $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_VERSION)
	ln -sf libttt.so.$(TTT_VERSION) $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_SOVERSION)
	ln -sf libttt.so.$(TTT_SOVERSION) $(DESTDIR)$(LIBDIR)/libttt.so
	install -m 644 $(RELEASE_DIR)/libttt.a $(DESTDIR)$(LIBDIR)/libttt.a
	$(call ttt_layout,$(DESTDIR)$(LIBDIR),$(PREFIX),$(LIBDIR),$(INCLUDEDIR))
	$(CC) -std=c99 -O2 $(C_WARNINGS) -Iinclude examples/c/ttt_play.c -L$(C_BUILD)/lib -lttt \
	    -Wl,-rpath,'$(LIBDIR)' -o $(DESTDIR)$(BINDIR)/ttt_play

uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(TTT_HEADERS)))
	rm -f $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_VERSION) $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_SOVERSION)
	rm -f $(DESTDIR)$(LIBDIR)/libttt.so $(DESTDIR)$(LIBDIR)/libttt.a
	rm -f $(DESTDIR)$(LIBDIR)/pkgconfig/ttt.pc $(DESTDIR)$(LIBDIR)/pkgconfig/ttt-static.pc
	rm -f $(DESTDIR)$(LIBDIR)/cmake/ttt/tttConfig.cmake $(DESTDIR)$(LIBDIR)/cmake/ttt/tttConfigVersion.cmake
	rm -f $(DESTDIR)$(BINDIR)/ttt_play
	-rmdir $(DESTDIR)$(LIBDIR)/cmake/ttt 2>/dev/null

# The C and C++ tests: see scripts/test-c.sh.
test-c:
	bash scripts/test-c.sh

# Rewrites include/ttt.h from ttt-ffi with the pinned cbindgen.
header:
	TTT_UPDATE_HEADER=1 cargo test -p ttt-ffi --test header

# Fuzzing of ttt-core with cargo-fuzz (installed when missing): every target for a few seconds
# in `make test`, ten minutes each in `make fuzz-long`; see scripts/fuzz.sh.
.PHONY: fuzz fuzz-long
test: fuzz
fuzz:
	bash scripts/fuzz.sh 5
fuzz-long:
	bash scripts/fuzz.sh 600

# The strength benchmark (bench/strength/README.md): Hard's matches and move times.
.PHONY: strength
GAMES ?= 20
strength:
	cargo run --release -p ttt-core --example strength -- $(GAMES)

# Hard against the old Hard of commit 5febaf0 (2M nodes a move; hours): the old commit is built in
# its own worktree (OLD_DIR) with the driver bench/strength/old_hard.rs as one of its examples;
# OLD_BOARD=Connect (a part of a board name) plays one board only.
.PHONY: strength-old
OLD_DIR ?= $(CURDIR)/target/old-hard
OLD_GAMES ?= 20
OLD_BOARD ?=
strength-old:
	test -d $(OLD_DIR) || git worktree add --detach $(OLD_DIR) 5febaf0
	cp bench/strength/old_hard.rs $(OLD_DIR)/ttt-core/examples/old_hard.rs
	cd $(OLD_DIR) && cargo build --release -p ttt-core --example old_hard
	cargo build --release -p ttt-core --example strength
	./target/release/examples/strength old $(OLD_DIR)/target/release/examples/old_hard $(OLD_GAMES) "$(OLD_BOARD)"

# Hard against OpenSpiel's MCTS, issue 9's yardstick (bench/strength/mcts.py; more than an hour).
.PHONY: strength-mcts
strength-mcts:
	scripts/strength-mcts.sh

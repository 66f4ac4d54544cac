# The two commands of the README:
#   make play   build the library and play the terminal game (classic board, against Hard)
#   make test   install what the tests need and run every test
# and `make install PREFIX=...` for the C library.

.PHONY: test test-rust test-c test-python bench-python bench-distributed coverage lib play install header

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

# Line coverage of ttt-core's sources with cargo-tarpaulin (ptrace engine: no llvm-tools
# needed). Unoptimised, because optimised code attributes lines poorly; its own target dir.
coverage:
	command -v cargo-tarpaulin >/dev/null || cargo install cargo-tarpaulin --locked
	CARGO_PROFILE_TEST_OPT_LEVEL=0 cargo tarpaulin -p ttt-core --engine ptrace --skip-clean \
		--target-dir target/coverage --timeout 600 --include-files 'ttt-core/src/*' --out Stdout

# ---------------------------------------------------------------------------------------------
# The C library (ttt-ffi): `make lib` builds build/c/lib/{libttt.so*,libttt.a,pkgconfig/ttt.pc},
# `make play` starts the terminal game (ARGS="--difficulty easy ..." passes flags),
# `make install PREFIX=...` installs the libraries, headers and pkg-config file.
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
DESTDIR ?=
CC ?= cc
TTT_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
TTT_SOVERSION := $(shell echo $(TTT_VERSION) | cut -d. -f1,2)
# From `rustc --print native-static-libs` for the staticlib (Linux, glibc).
TTT_NATIVE_STATIC_LIBS := -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc
C_BUILD := build/c
RELEASE_DIR := $(or $(CARGO_TARGET_DIR),target)/release
C_WARNINGS := -Wall -Wextra -Wpedantic -Werror

lib:
	cargo build -p ttt-ffi --release
	@mkdir -p $(C_BUILD)/lib/pkgconfig
	@cp $(RELEASE_DIR)/libttt.so $(C_BUILD)/lib/libttt.so.$(TTT_VERSION)
	@ln -sf libttt.so.$(TTT_VERSION) $(C_BUILD)/lib/libttt.so.$(TTT_SOVERSION)
	@ln -sf libttt.so.$(TTT_SOVERSION) $(C_BUILD)/lib/libttt.so
	@cp $(RELEASE_DIR)/libttt.a $(C_BUILD)/lib/libttt.a
	@sed -e 's|@PREFIX@|$(abspath $(C_BUILD))|' -e 's|@LIBDIR@|$${prefix}/lib|' \
	    -e 's|@VERSION@|$(TTT_VERSION)|' -e 's|@NATIVE_STATIC_LIBS@|$(TTT_NATIVE_STATIC_LIBS)|' \
	    ttt-ffi/ttt.pc.in > $(C_BUILD)/lib/pkgconfig/ttt.pc
	@mkdir -p $(C_BUILD)/bin
	@$(CC) -std=c99 -O2 $(C_WARNINGS) -Iinclude examples/c/ttt_play.c -L$(C_BUILD)/lib -lttt \
	    -Wl,-rpath,'$$ORIGIN/../lib' -o $(C_BUILD)/bin/ttt_play

play: lib
	@$(C_BUILD)/bin/ttt_play $(ARGS)

install: lib
	install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/ttt.h include/ttt.hpp $(DESTDIR)$(PREFIX)/include/
	install -m 755 $(RELEASE_DIR)/libttt.so $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_VERSION)
	ln -sf libttt.so.$(TTT_VERSION) $(DESTDIR)$(LIBDIR)/libttt.so.$(TTT_SOVERSION)
	ln -sf libttt.so.$(TTT_SOVERSION) $(DESTDIR)$(LIBDIR)/libttt.so
	install -m 644 $(RELEASE_DIR)/libttt.a $(DESTDIR)$(LIBDIR)/libttt.a
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@VERSION@|$(TTT_VERSION)|' -e 's|@NATIVE_STATIC_LIBS@|$(TTT_NATIVE_STATIC_LIBS)|' \
	    ttt-ffi/ttt.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/ttt.pc
	$(CC) -std=c99 -O2 $(C_WARNINGS) -Iinclude examples/c/ttt_play.c -L$(C_BUILD)/lib -lttt \
	    -Wl,-rpath,'$(LIBDIR)' -o $(DESTDIR)$(PREFIX)/bin/ttt_play

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

# The two commands of the README:
#   make play   build the library and play the terminal game (classic board, against Hard)
#   make test   install what the tests need and run every test
# and `make install PREFIX=...` for the C library.

.PHONY: test test-rust test-python bench-python coverage

test: test-rust test-python

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

# Line coverage of ttt-core's sources with cargo-tarpaulin (ptrace engine: no llvm-tools
# needed). Unoptimised, because optimised code attributes lines poorly; its own target dir.
coverage:
	command -v cargo-tarpaulin >/dev/null || cargo install cargo-tarpaulin --locked
	CARGO_PROFILE_TEST_OPT_LEVEL=0 cargo tarpaulin -p ttt-core --engine ptrace --skip-clean \
		--target-dir target/coverage --exclude-files 'ttt-core/tests/*' --out Stdout

#!/usr/bin/env bash
# The Python tests, against the INSTALLED wheel in a fresh virtual environment:
#   1. create the venv (target/py-venv, rebuilt every run) and install the test tools from PyPI;
#   2. build the abi3 wheel with maturin and install it (`pip install ./ttt-py[pettingzoo,ray]`);
#   3. pytest (exit code 5, "no tests ran", is a failure), mypy --strict on the examples and
#      tests, and mypy.stubtest on the module.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${TTT_PY_VENV:-$ROOT/target/py-venv}"
PYTHON="${PYTHON:-python3}"

echo "== fresh venv in $VENV"
rm -rf "$VENV"
"$PYTHON" -m venv "$VENV"
PY="$VENV/bin/python"
"$PY" -m pip install --quiet --upgrade pip
# pygame-ce: PettingZoo's own connect_four_v3 and tictactoe_v3 import it, and the tests play
# ours step for step against them.
"$PY" -m pip install --quiet "maturin>=1.9,<2" pytest hypothesis mypy typing_extensions pygame-ce

echo "== build and install the wheel"
"$PY" -m pip install --quiet "$ROOT/ttt-py[pettingzoo,ray]"

# Run from outside the source tree, so that `import ttt` can only find the installed wheel.
cd "$VENV"
"$PY" -c 'import ttt, sys; assert "site-packages" in ttt.__file__, ttt.__file__; print("ttt", ttt.__version__, "from", ttt.__file__)'

echo "== code layout (ttt-core/link/hot.ld) in the extension"
python3 "$ROOT/scripts/hot_layout.py" check "$("$PY" -c 'import ttt._ttt as m; print(m.__file__)')"

echo "== pytest"
set +e
TTT_REPO="$ROOT" "$PY" -m pytest "$ROOT/ttt-py/tests" -p no:cacheprovider -q -rs
rc=$?
set -e
if [ "$rc" -eq 5 ]; then
    echo "pytest ran no test: that is a failure" >&2
    exit 1
elif [ "$rc" -ne 0 ]; then
    exit "$rc"
fi

echo "== mypy --strict (examples, tests, bench)"
"$PY" -m mypy --config-file "$ROOT/ttt-py/pyproject.toml" "$ROOT/examples/python" "$ROOT/ttt-py/bench"
(cd "$ROOT/ttt-py/tests" && "$PY" -m mypy --config-file "$ROOT/ttt-py/pyproject.toml" .)

echo "== stubtest"
"$PY" -m mypy.stubtest ttt --mypy-config-file "$ROOT/ttt-py/pyproject.toml" \
    --allowlist "$ROOT/ttt-py/stubtest-allowlist.txt"
echo "Python tests passed"

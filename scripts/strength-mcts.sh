#!/usr/bin/env bash
# Hard against OpenSpiel's MCTS (make strength-mcts): builds the wheel into a fresh venv with
# open_spiel from PyPI, then runs bench/strength/mcts.py (ARGS passes its flags, for example
# ARGS="--match c4 --games 10"). The full run takes more than an hour on 2 cores: MCTS with
# 10,000 random-rollout simulations spends seconds a move on 10×10.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/target/strength-venv"
rm -rf "$VENV"
"${PYTHON:-python3}" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --upgrade pip
"$VENV/bin/python" -m pip install --quiet "$ROOT/ttt-py" open_spiel
cd "$VENV"
# shellcheck disable=SC2086 # ARGS is a list of flags
"$VENV/bin/python" "$ROOT/bench/strength/mcts.py" ${ARGS:-}

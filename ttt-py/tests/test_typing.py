"""The type stubs are precise (issue 12, item 4): ``mypy --strict`` rejects the mistakes in
``typecheck/must_fail.py`` (each line marked ``# must fail``) and accepts its other lines."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from conftest import repo_root


def test_the_stubs_reject_the_marked_mistakes_and_only_them() -> None:
    pytest.importorskip("mypy")
    pytest.importorskip("pettingzoo")
    path = repo_root() / "ttt-py" / "typecheck" / "must_fail.py"
    config = repo_root() / "ttt-py" / "pyproject.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    expected = {i for i, line in enumerate(lines, start=1) if re.search(r"\S.*# must fail", line)}
    assert len(expected) >= 8
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(config), "--no-incremental", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    found = {int(m.group(1)) for m in re.finditer(r"must_fail\.py:(\d+): error:", run.stdout)}
    assert found == expected, run.stdout

"""Every Python block of the READMEs runs, as the README's Rust blocks run as doctests.

A block that needs an optional extra (PettingZoo, Ray) is skipped when the extra is missing;
`make test` installs both, so there every block runs."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from conftest import repo_root

READMES = [repo_root() / "README.md", repo_root() / "ttt-py" / "README.md"]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def _blocks() -> list[tuple[str, str]]:
    found = []
    for path in READMES:
        for i, m in enumerate(BLOCK.finditer(path.read_text(encoding="utf-8"))):
            found.append((f"{path.relative_to(repo_root())}#{i + 1}", m.group(1)))
    return found


def test_the_readmes_have_python_blocks() -> None:
    assert len(_blocks()) >= 3


@pytest.mark.parametrize(("name", "code"), _blocks(), ids=[n for n, _ in _blocks()])
def test_readme_block_runs(name: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if "ttt.pettingzoo" in code:
        pytest.importorskip("pettingzoo")
    uses_ray = "ttt.distributed" in code or "import ray" in code
    if uses_ray:
        pytest.importorskip("ray")
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, name, "exec"), {"__name__": "__readme__"})  # noqa: S102
    finally:
        if uses_ray:
            import ray

            ray.shutdown()
    # Lines of the form `print(x)  # value` say what they print: check them in order.
    expected = re.findall(r"^print\(.*\)\s+# (.+)$", code, re.M)
    printed = out.getvalue().splitlines()
    for want in expected:
        assert want.strip() in printed, f"{name}: expected {want!r} among {printed}"

"""The README's Python examples run as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_example_runs(index: int, tmp_path: Path) -> None:
    """Each block in a process of its own, as a reader runs it (a block that registers an
    edition leaves no trace in the tests' process)."""
    done = subprocess.run([sys.executable, "-c", BLOCKS[index]], capture_output=True,
                          text=True, timeout=600, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout


def test_readme_opens_with_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text()
    commands = re.search(r"```sh\n(.*?)```", text, re.S)
    assert commands is not None
    lines = commands.group(1).strip().splitlines()
    assert len(lines) == 2
    assert lines[1].endswith("python -m pytest")

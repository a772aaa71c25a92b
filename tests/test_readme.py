"""The README's Python examples run as written."""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT

BLOCKS = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), re.S)


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_python_example_runs(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(BLOCKS[index], f"README.md block {index + 1}", "exec"), {})
    assert capsys.readouterr().out


def test_readme_opens_with_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text()
    commands = re.search(r"```sh\n(.*?)```", text, re.S)
    assert commands is not None
    lines = commands.group(1).strip().splitlines()
    assert len(lines) == 2
    assert lines[1].endswith("python -m pytest")

"""The README and the documentation's Python examples: the README opens with the two
commands and fits its budget, and every ``python`` block of README.md and docs/ runs as
written."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from .docs_text import README, ROOT, Block, all_blocks

BLOCKS = all_blocks("python")
README_LINES = 300
"""The README's budget: a screen or two that leads into the documentation site."""


@pytest.mark.slow  # a process each, most of them importing the compiled engine
@pytest.mark.parametrize("block", BLOCKS, ids=[block.name for block in BLOCKS])
def test_readme_python_example_runs(block: Block, tmp_path: Path) -> None:
    """Each block of README.md and docs/ in a process of its own, as a reader runs it (a
    block that registers an edition leaves no trace in the tests' process). The name is
    kept from when only the README's blocks ran: tests/durations.txt knows it."""
    done = subprocess.run([sys.executable, "-c", block.text], capture_output=True,
                          text=True, timeout=600, cwd=tmp_path, check=False,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(
                              filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    assert done.returncode == 0, f"{block.name}:\n{done.stderr[-2000:]}"
    assert done.stdout


def test_the_readme_and_the_docs_have_python_examples() -> None:
    pages = {block.page for block in BLOCKS}
    assert README in pages and len(pages) >= 5


def test_readme_opens_with_the_two_commands() -> None:
    text = README.read_text()
    commands = re.search(r"```sh\n(.*?)```", text, re.S)
    assert commands is not None
    lines = commands.group(1).strip().splitlines()
    assert len(lines) == 2
    assert lines[1].endswith("python -m pytest")


def test_the_readme_fits_its_budget_of_300_lines() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES, f"README.md has {len(lines)} lines"


def test_the_readme_shows_a_picture_and_links_into_the_site() -> None:
    text = README.read_text(encoding="utf-8")
    assert "![" in text and "examples/output/black.png" in text
    for target in re.findall(r"\]\((docs/[^)#]+)", text):
        assert (ROOT / target).is_file(), target
    assert "mkdocs serve" in text

"""Every ``kok`` command of the documentation runs as written: each line of a ``sh`` block
on README.md or a page under docs/ that starts with ``kok`` runs in a fresh folder holding
a copy of ``examples/`` and ``my-board.yaml`` (the travel board), and exits 0 or the code
its comment names. A block that cannot run there says why in a ``<!-- not run: ... -->``
line above it."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from .docs_text import ROOT, Block, all_blocks, commands

pytestmark = pytest.mark.slow  # each command starts kok, and some play games

RUN = [block for block in all_blocks("sh") if block.not_run is None and commands(block)]
STDIN = "hint\npass\n" * 4 + "quit\n"
"""What a command reads: a person at ``kok play`` asks a hint and passes, then quits."""


def _folder(tmp_path: Path) -> dict[str, str]:
    """The folder a block runs in, and an environment whose ``kok`` is this checkout's."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples",
                    ignore=shutil.ignore_patterns("output", "*.py", "__pycache__"))
    shutil.copy(ROOT / "examples" / "travel.yaml", tmp_path / "my-board.yaml")
    bin_folder = tmp_path / ".bin"
    bin_folder.mkdir()
    shim = bin_folder / "kok"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m kok_layouts "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IEXEC)
    env = dict(os.environ)
    env["PATH"] = f"{bin_folder}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["XDG_STATE_HOME"] = str(tmp_path / ".state")
    return env


def test_the_pages_have_commands_to_run() -> None:
    assert len(RUN) >= 8
    assert all(block.not_run for block in all_blocks("sh")
               if any("kok table" in c.line or "kok design" in c.line for c in commands(block)))


@pytest.mark.parametrize("block", RUN, ids=[block.name for block in RUN])
def test_a_documented_command_runs_as_written(block: Block, tmp_path: Path) -> None:
    env = _folder(tmp_path)
    for command in commands(block):
        done = subprocess.run(["bash", "-c", command.line], cwd=tmp_path, env=env,
                              input=STDIN, capture_output=True, text=True, timeout=600,
                              check=False)
        assert done.returncode == command.code, (
            f"{block.name}: `{command.line}` exited {done.returncode}, not {command.code}:\n"
            f"{done.stderr[-2000:]}")

"""Shared test helpers: running the ``kok`` command in-process and as a real process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from kok_layouts.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def kok(capsys: pytest.CaptureFixture[str]) -> object:
    """Call ``kok ARGS...`` in-process; returns exit code and captured output."""

    def run(*args: str) -> Run:
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse usage errors
            code = int(exit_.code or 0)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def kok_process(*args: str, stdin: str | None = None) -> Run:
    """Run ``python -m kok_layouts ARGS...`` as a separate process."""
    done = subprocess.run([sys.executable, "-m", "kok_layouts", *args], capture_output=True,
                          text=True, input=stdin, timeout=120, cwd=ROOT, check=False)
    return Run(done.returncode, done.stdout, done.stderr)


def script(lines: list[str]) -> Callable[[str], str]:
    """A reader for ``kok play`` that answers prompts with ``lines``, then ends the input."""
    feed: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    return read

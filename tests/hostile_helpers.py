"""Shared checks of the hostile-input suites (tests/test_hostile_*.py).

Every refused input must end the same way: the expected exit code, exactly one line on
standard error that starts with ``kok`` and names the input, no traceback, and no file
changed in the folder the command worked in.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np

from kok_layouts.cli.main import main
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.bots import GreedyBot, play_game
from kok_layouts.rules.record import new_game, record_json

from .conftest import ROOT, Run

Snapshot = dict[str, tuple[str, str]]


def run_kok(*args: str) -> Run:
    """``kok ARGS...`` in this process, with its own captured output (usable inside
    hypothesis tests, where pytest's capture fixtures are not)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse usage errors
            code = exit_.code if isinstance(exit_.code, int) else 2
    return Run(code, out.getvalue(), err.getvalue())


def run_process(*args: str | bytes, stdin: bytes | None = None, cwd: Path = ROOT,
                env: dict[str, str] | None = None, timeout: float = 60) -> Run:
    """``python -m kok_layouts ARGS...`` as a real process (bytes arguments allowed)."""
    done = subprocess.run([sys.executable, "-m", "kok_layouts", *args], capture_output=True,
                          input=stdin, timeout=timeout, cwd=cwd, check=False,
                          env={**os.environ, **(env or {})})
    return Run(done.returncode, done.stdout.decode("utf-8", "replace"),
               done.stderr.decode("utf-8", "replace"))


def snapshot(folder: Path) -> Snapshot:
    """Every entry under ``folder`` (hidden ones too) with its kind and content hash."""
    entries: Snapshot = {}
    for top, folders, files in os.walk(folder, followlinks=False):
        for name in folders + files:
            path = Path(top) / name
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                entries[str(path)] = ("link", str(path.readlink()))
            elif stat.S_ISREG(mode):
                entries[str(path)] = ("file", hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                entries[str(path)] = (stat.filemode(mode)[0], "")
    return entries


def assert_refused(run: Run, naming: str, before: Snapshot, folder: Path,
                   code: int = 2) -> None:
    """The run failed with ``code``, one ``kok`` line naming ``naming``, nothing changed."""
    assert run.code == code, (run.code, run.err)
    lines = run.err.strip().splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("kok"), lines[0]
    assert naming in lines[0], (naming, lines[0])
    assert "Traceback" not in run.err
    assert snapshot(folder) == before


def finished_record(layout: str, seed: int, players: tuple[str, ...] = ("Ann", "Bob"),
                    ) -> dict[str, Any]:
    """The record of a whole greedy-bot game on ``layout``, as JSON data."""
    sheet = load_layout(layout)
    game = new_game(sheet, list(players))
    play_game(game, [GreedyBot() for _ in players], np.random.default_rng(seed))
    data: dict[str, Any] = json.loads(json.dumps(record_json(game, layout, seed)))
    return data

"""Issue 34, third round: ``kok play --save`` keeps its record when a signal stops the
game (Ctrl-C, SIGTERM, SIGHUP), written whole, with the rolls finished so far; the exit
code says how it stopped."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kok_layouts.rules import load_and_replay

from .conftest import ROOT, ended, interruptible

LINES = {signal.SIGTERM: "kok: terminated (SIGTERM)", signal.SIGHUP: "kok: hung up (SIGHUP)",
         signal.SIGINT: "kok: interrupted"}


def wait_for(path: Path, text: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in path.read_text():
            return
        time.sleep(0.05)
    raise AssertionError(f"no {text!r} in {path.read_text()[-400:]}")


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("twice", [False, True])
def test_a_stopped_game_writes_its_record_of_the_finished_rolls(
        tmp_path: Path, stop: signal.Signals, twice: bool) -> None:
    out = tmp_path / "out.txt"
    with out.open("w") as sink:
        process = interruptible(
            [sys.executable, "-m", "kok_layouts", "play", "--layout", "black", "--players",
             "1", "--bots", "greedy", "--seed", "5", "--save", "g.json"],
            cwd=tmp_path, stdin=subprocess.PIPE, stdout=sink, stderr=subprocess.PIPE,
            text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
        assert process.stdin is not None
        for _ in range(3):
            process.stdin.write("pass\n")
        process.stdin.flush()
        wait_for(out, "Roll 4")
        process.send_signal(stop)
        if twice:
            time.sleep(0.05)
            process.send_signal(stop)
        _, err = ended(process)
    assert process.returncode == 128 + stop, err
    assert err.strip().splitlines()[-1] == LINES[stop] and "Traceback" not in err
    assert "wrote the game record g.json" in out.read_text()
    game = load_and_replay(tmp_path / "g.json")
    assert game.rolls_done == 3 and game.players == ("you", "greedy")
    assert not list(tmp_path.glob(".*.part"))

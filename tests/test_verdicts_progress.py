"""The progress bar: on a terminal's stderr, not in a pipe, never with --quiet."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

from .conftest import ROOT


def _run_on_terminal(*args: str) -> tuple[int, str]:
    """Run kok with stderr on a pseudo-terminal; returns the exit code and what it showed."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "kok_layouts", *args], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        shown += chunk
    os.close(leader)
    return process.wait(timeout=120), shown.decode("utf-8", "replace")


def test_a_progress_bar_with_rate_and_eta_on_a_terminal(tmp_path: Path) -> None:
    # 100 games take a second or two: the bar's rate and time left are there all along.
    code, shown = _run_on_terminal("simulate", "kids", "--games", "100", "--jobs", "1", "-o",
                                   str(tmp_path / "out.jsonl"))
    assert code == 0
    assert "games: 100%" in shown and "100/100" in shown
    assert "game/s" in shown and "<" in shown  # the rate and the time left


def test_no_progress_bar_in_a_pipe_or_with_quiet(tmp_path: Path) -> None:
    # As many games as the terminal's bar above: a bar, had it been drawn, would show.
    piped = subprocess.run([sys.executable, "-m", "kok_layouts", "simulate", "kids", "--games",
                            "100", "-o", str(tmp_path / "a.jsonl")], cwd=ROOT,
                           capture_output=True, text=True, timeout=120, check=True)
    # A pipe gets no bar: at most a plain line every 10 s of long work.
    assert "\r" not in piped.stderr and "\x1b" not in piped.stderr
    assert all(line.startswith("kok simulate: games: ") for line in piped.stderr.splitlines())
    assert piped.stdout.startswith(f"{tmp_path / 'a.jsonl'}: 100 games in ")
    assert "mean score" in piped.stdout and "win rates seat 1" in piped.stdout
    code, shown = _run_on_terminal("simulate", "kids", "--games", "100", "--quiet", "-o",
                                   str(tmp_path / "b.jsonl"))
    assert code == 0 and shown == ""


def test_check_shows_bars_for_the_search_and_the_games_on_a_terminal() -> None:
    code, shown = _run_on_terminal("check", "kids", "--games", "100", "--jobs", "1")
    assert code == 0
    assert "games: 100%" in shown


def test_long_work_in_a_pipe_says_it_is_working_every_ten_seconds(
        monkeypatch: object, capsys: object) -> None:
    import pytest

    from kok_layouts.cli import analysis

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    clock = [1000.0]
    monkeypatch.setattr("time.monotonic", lambda: clock[0])
    bars = analysis._Bars(False, True, "kok check")
    update = bars("games", "game")
    assert update is not None
    for done, at in ((100, 1005.0), (400, 1011.0), (500, 1015.0), (900, 1022.0),
                     (2000, 1030.0)):
        clock[0] = at
        update(done, 2000)
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert err.splitlines() == ["kok check: games: 400 of 2,000 games (20%), 11 s",
                                "kok check: games: 900 of 2,000 games (45%), 22 s"]
    assert analysis._Bars(False, False)("games", "game") is None  # --quiet: nothing

"""Ctrl-C during a run with worker processes: every process ends at once, nothing is left."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, ended, interruptible
from .timing import Stopwatch


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        text = (task / "children").read_text() if (task / "children").exists() else ""
        for child in text.split():
            found.add(int(child))
            found |= _children(int(child))
    return found


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc to find the workers")
@pytest.mark.parametrize("gaps", [(), (0.1,), (0.35,)], ids=["once", "twice", "twice-late"])
@pytest.mark.parametrize("command", ["simulate", "check"])
def test_ctrl_c_ends_every_process_with_exit_130_and_no_file(
        tmp_path: Path, gaps: tuple[float, ...], command: str) -> None:
    """Ctrl-C once, or twice (the second press while the first still stops the workers, or
    late, while the program says goodbye and ends): one line, exit 130, nothing left."""
    out = tmp_path / ("games.jsonl" if command == "simulate" else "report.pdf")
    args = (["simulate", "black", "--games", "200000", "-o", str(out)]
            if command == "simulate" else
            ["check", "black", "--games", "200000", "--report", str(out)])
    # A session of its own, so the signal goes to the whole group as a terminal's Ctrl-C does.
    process = interruptible([sys.executable, "-m", "kok_layouts", *args, "--jobs", "2"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        workers = _children(process.pid)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(1.0)  # let them get into the games
        with Stopwatch() as watch:
            os.killpg(process.pid, signal.SIGINT)
            for gap in gaps:
                time.sleep(gap)
                if process.poll() is None:
                    os.killpg(process.pid, signal.SIGINT)
            _, err = ended(process)
        # At once: the run would take hours. An idle machine takes tenths of a second; the
        # bound is a few seconds of an idle machine, stretched as much as the machine is
        # loaded (tests/timing.py).
        watch.check(5.0, waits=sum(gaps), what="the run's end after Ctrl-C")
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130
    assert err.strip().splitlines() == ["kok: interrupted"], err  # the whole of it, if not
    assert not any(_alive(pid) for pid in workers)
    assert list(tmp_path.iterdir()) == []


def test_kok_called_in_process_leaves_the_signal_handlers_as_it_found_them(
        tmp_path: Path) -> None:
    """A stop in-process (tests, scripts calling ``main``) ignores the signals while the
    run cleans up, then puts back the caller's handlers: the processes the caller starts
    later must not inherit an ignored Ctrl-C."""
    import threading

    from kok_layouts.cli.main import main

    before = {n: signal.getsignal(n) for n in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGTERM))
    timer.start()
    try:
        code = main(["simulate", "black", "--games", "100000", "--jobs", "1",
                     "-o", str(tmp_path / "games.jsonl")])
    finally:
        timer.cancel()
    assert code == 143
    assert {n: signal.getsignal(n) for n in before} == before
    assert list(tmp_path.iterdir()) == []

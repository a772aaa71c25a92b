"""SIGTERM and SIGHUP end a run the way Ctrl-C does (issue 20, class 5).

Each signal goes to the whole process group, as a closed terminal or ``kill`` of the
group sends it: every worker process ends within 2 s, no ``.part`` file or partial output
is left, and kok exits 143 (SIGTERM), 129 (SIGHUP) or 130 (SIGINT) with one line.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT, ended, interruptible
from .test_interrupt import _alive, _children
from .timing import Stopwatch

pytestmark = pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")

LINES = {signal.SIGTERM: "kok: terminated (SIGTERM)", signal.SIGHUP: "kok: hung up (SIGHUP)",
         signal.SIGINT: "kok: interrupted"}


def _start(args: list[str]) -> subprocess.Popen[str]:
    # A session of its own, so that the signal reaches the whole group.
    return interruptible([sys.executable, "-m", "kok_layouts", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)


def _stop_and_check(process: subprocess.Popen[str], number: signal.Signals,
                    workers: set[int]) -> None:
    try:
        os.killpg(process.pid, number)
        with Stopwatch() as watch:
            _, err = ended(process)
        watch.check(2.0, what="the run's end after the signal")
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + number, (process.returncode, err)
    assert err.strip().splitlines() == [LINES[number]]
    assert "Traceback" not in err and "Exception ignored" not in err
    assert not any(_alive(pid) for pid in workers | _children(process.pid))


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("command", ["simulate", "check"])
def test_sigterm_and_sighup_end_every_worker_and_leave_no_file(
        tmp_path: Path, command: str, number: signal.Signals) -> None:
    out = tmp_path / ("games.jsonl" if command == "simulate" else "report.pdf")
    args = (["simulate", "black", "--games", "200000", "-o", str(out)]
            if command == "simulate" else
            ["check", "black", "--games", "200000", "--report", str(out)])
    process = _start([*args, "--jobs", "2"])
    deadline = time.monotonic() + 60
    while len(_children(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    workers = _children(process.pid)
    assert len(workers) >= 2, "the workers never started"
    time.sleep(0.5)  # into the games
    _stop_and_check(process, number, workers)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_during_generate_count_leaves_the_folder_as_it_was(
        tmp_path: Path, number: signal.Signals) -> None:
    folder = tmp_path / "boards"
    folder.mkdir()
    (folder / "mine.yaml").write_text("my own board\n")
    process = _start(["generate", "classic", "--count", "1000", "-o", str(folder)])
    time.sleep(3.0)  # past the start-up, into the boards
    assert process.poll() is None, process.communicate()
    _stop_and_check(process, number, set())
    assert sorted(p.name for p in folder.iterdir()) == ["mine.yaml"]
    assert (folder / "mine.yaml").read_text() == "my own board\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["boards"]

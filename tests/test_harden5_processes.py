"""Every process a command starts ends with it (issue 34, class 3).

The worker pool ends its workers when the block using it fails and when a signal comes
while it shuts down at the end (the work left queued is cancelled, not waited for). From the
outside: SIGTERM or SIGHUP at any moment of ``kok check --jobs 2`` and a refused
``--scheduler`` leave no process of the command's session behind, and a balance run (``kok
improve``) ends without the resource tracker's "leaked semaphore objects", whichever way
the workers are started.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from kok_layouts.analysis import workers
from kok_layouts.analysis.workers import worker_pool

from .conftest import ROOT, ended, interruptible
from .timing import deadline

pytestmark = pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc")


def _alive(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return "\nState:\tZ" not in status


def _session(sid: int) -> set[int]:
    """The live processes of session ``sid`` (the command and all it started)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getsid(int(entry.name)) == sid and _alive(int(entry.name)):
                    found.add(int(entry.name))
            except OSError:
                continue
    return found


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _pids(pool: ProcessPoolExecutor) -> list[int]:
    return [p.pid for p in workers._processes_of(pool) if p.pid is not None]


def test_a_stop_while_the_pool_shuts_down_at_its_end_ends_every_worker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    with pytest.raises(KeyboardInterrupt), worker_pool(2) as pool:
        futures = [pool.submit(_sleep, 30) for _ in range(4)]
        time.sleep(0.5)
        seen = _pids(pool)
        real = pool.shutdown

        def interrupted(wait: bool = True, *, cancel_futures: bool = False) -> None:
            if wait:  # the end of the block: Ctrl-C arrives while the workers are joined
                raise KeyboardInterrupt
            real(wait=wait, cancel_futures=cancel_futures)

        monkeypatch.setattr(pool, "shutdown", interrupted)
    assert len(seen) == 2
    end = deadline(3)  # 3 s of an idle machine (tests/timing.py)
    while any(_alive(pid) for pid in seen) and time.monotonic() < end:
        time.sleep(0.05)
    assert not any(_alive(pid) for pid in seen)
    assert all(f.cancelled() or f.done() for f in futures)


def _start(args: list[str]) -> subprocess.Popen[str]:
    return interruptible([sys.executable, "-m", "kok_layouts", *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)


@pytest.mark.parametrize("delay", [0.4, 1.2, 3.0])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_stop_at_any_moment_of_check_leaves_no_process(
        tmp_path: Path, number: signal.Signals, delay: float) -> None:
    process = _start(["check", "black", "--games", "200000", "--jobs", "2", "--quiet",
                      "--report", str(tmp_path / "report.pdf")])
    try:
        time.sleep(delay)
        started: set[int] = set()
        for _ in range(5):  # every process of the session seen before the stop
            started |= _session(process.pid)
            time.sleep(0.02)
        process.send_signal(number)  # the main process only: it must end the others
        ended(process)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + number
    left = [pid for pid in started | _session(process.pid) if _alive(pid)]
    assert not left, f"still running after kok ended: {left}"
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def silent_port() -> Iterator[str]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    threading.Thread(target=accept, daemon=True).start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()
    for connection in held:
        connection.close()


def test_a_refused_scheduler_leaves_no_process(tmp_path: Path, silent_port: str) -> None:
    pytest.importorskip("distributed")
    process = _start(["check", "black", "--games", "20", "--jobs", "2", "--scheduler",
                      silent_port])
    seen: set[int] = set()
    while process.poll() is None:
        seen |= _session(process.pid)
        time.sleep(0.05)
    _, err = process.communicate()
    assert process.returncode == 2 and "--scheduler" in err
    assert not [pid for pid in seen | _session(process.pid) if _alive(pid)]


WRAPPER = """\
import multiprocessing, sys
if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv.pop(1))
    from kok_layouts.cli.main import main
    raise SystemExit(main())
"""


@pytest.mark.parametrize("method", ["fork", "forkserver"])
def test_a_balance_run_ends_without_leaked_semaphores(tmp_path: Path, method: str) -> None:
    wrapper = tmp_path / "kok_with_start_method.py"
    wrapper.write_text(WRAPPER)
    done: Any = subprocess.run(
        [sys.executable, str(wrapper), method, "improve", "examples/lopsided.yaml", "-o",
         str(tmp_path / "fixed.yaml"), "--time-limit", "4", "--quiet"], cwd=ROOT,
        capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode in (0, 1), done.stderr
    assert "leaked" not in done.stderr and "resource_tracker" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr

"""Worker processes never outlive the process that started them: a main process killed
outright (SIGKILL; a script of the user's that handles no signals and gets SIGTERM) leaves
no worker behind, although the workers themselves ignore SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_interrupt import _alive
from .timing import deadline, slowness

SCRIPT = """
import os, sys, time
from kok_layouts.analysis.workers import worker_pool
with worker_pool(2) as pool:
    futures = [pool.submit(time.sleep, 600) for _ in range(2)]
    time.sleep(0.5)
    print(" ".join(str(p) for p in pool._processes), flush=True)
    time.sleep(600)
"""


@pytest.mark.skipif(not Path("/proc").exists(), reason="reads /proc to tell ended workers")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_their_main_process_is_killed(how: signal.Signals) -> None:
    main = subprocess.Popen([sys.executable, "-c", SCRIPT], cwd=ROOT, stdout=subprocess.PIPE,
                            text=True)
    workers: list[int] = []
    try:
        assert main.stdout is not None
        workers = [int(p) for p in main.stdout.readline().split()]
        assert len(workers) == 2 and all(_alive(p) for p in workers)
        main.send_signal(how)
        main.wait(10 * slowness())
        end = deadline(10)  # 10 s of an idle machine (tests/timing.py)
        while any(_alive(p) for p in workers) and time.monotonic() < end:
            time.sleep(0.1)
        assert not any(_alive(p) for p in workers), "a worker outlived its main process"
    finally:
        main.kill()
        main.wait()
        for pid in workers:  # a failing run leaves nothing behind either
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)

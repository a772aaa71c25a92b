"""Worker processes that Ctrl-C can stop: the pool behind ``--jobs``.

The workers ignore SIGINT, so a Ctrl-C reaches only the main process, which then
cancels what is queued and ends the workers at once instead of waiting for them (a
``ProcessPoolExecutor`` left to itself waits for every running task, or hangs when a
worker dies of the interrupt).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

from kok_layouts import limits


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least one and at most
    :data:`kok_layouts.limits.WORKERS` allows."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(max(1, cores), limits.WORKERS.high)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued work and end the worker processes now."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C waits for this
    try:
        # The executor keeps its processes in a private dict; there is no public way to end
        # them before Python 3.14's terminate_workers().
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(1.0)
            if process.is_alive():
                process.kill()
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes (:data:`kok_layouts.limits.WORKERS`); ended at once if
    the block is left by an exception."""
    limits.WORKERS.check(jobs, "jobs")
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()

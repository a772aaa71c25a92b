"""Worker processes that Ctrl-C, SIGTERM and SIGHUP can stop: the pool behind ``--jobs``.

The workers ignore SIGINT, SIGTERM and SIGHUP, so a signal to the whole process group (a
terminal's Ctrl-C, a closed terminal, ``kill`` of the group) reaches only the main process,
which then cancels what is queued and kills the workers at once instead of waiting for them
(a ``ProcessPoolExecutor`` left to itself waits for every running task, or breaks with a
traceback when a worker dies of the signal first).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from kok_layouts import limits


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least one and at most
    :data:`kok_layouts.limits.WORKERS` allows."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(max(1, cores), limits.WORKERS.high)


STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
"""The signals that end a run the way Ctrl-C does (exit 130, 143 and 129 on the command
line)."""


def ignore_stop_signals() -> dict[int, Any]:
    """Ignore :data:`STOP_SIGNALS` (while stopping, a second signal must not break the
    cleanup); returns the handlers to put back. Does nothing outside the main thread."""
    previous: dict[int, Any] = {}
    for number in STOP_SIGNALS:
        try:
            previous[number] = signal.signal(number, signal.SIG_IGN)
        except ValueError:  # not the main thread: signals are not ours to handle
            break
    return previous


def restore_signals(previous: dict[int, Any]) -> None:
    """Put back the handlers :func:`ignore_stop_signals` returned."""
    for number, handler in previous.items():
        signal.signal(number, handler)


def _ignore_interrupts() -> None:
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued work and end the worker processes now."""
    previous = ignore_stop_signals()  # a second Ctrl-C waits for this
    try:
        # The executor keeps its processes in a private dict; there is no public way to end
        # them before Python 3.14's terminate_workers(). The workers ignore SIGTERM, so
        # they are killed.
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(1.0)
    finally:
        restore_signals(previous)


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

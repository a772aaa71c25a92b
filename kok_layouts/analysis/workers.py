"""Worker processes that Ctrl-C, SIGTERM and SIGHUP can stop: the pool behind ``--jobs``.

The workers ignore SIGINT, SIGTERM and SIGHUP, so a signal to the whole process group (a
terminal's Ctrl-C, a closed terminal, ``kill`` of the group) reaches only the main process,
which then cancels what is queued and kills the workers at once instead of waiting for them
(a ``ProcessPoolExecutor`` left to itself waits for every running task, or breaks with a
traceback when a worker dies of the signal first).
"""

from __future__ import annotations

import asyncio
import multiprocessing.process
import os
import re
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager, suppress

from kok_layouts import limits
from kok_layouts.errors import ClusterError, KokTypeError, shown
from kok_layouts.stop_signals import ignore_stop_signals, restore_signals


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity), at least one and at most
    :data:`kok_layouts.limits.WORKERS` allows."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(max(1, cores), limits.WORKERS.high)


ORPHAN_CHECK_SECONDS = 0.5
"""How often a worker looks whether the process that started it is still there."""


def _ignore_interrupts() -> None:
    """A worker's start: it ignores :data:`STOP_SIGNALS` (its main process stops it) and
    ends itself when that main process is gone. A main process killed outright (SIGKILL,
    or a SIGTERM to a script that handles no signals) would otherwise leave workers that
    ignore SIGTERM waiting for work for ever."""
    ignore_stop_signals()
    parent = os.getppid()

    def watch() -> None:
        while True:
            time.sleep(ORPHAN_CHECK_SECONDS)
            if os.getppid() != parent:
                os.kill(os.getpid(), signal.SIGKILL)  # nobody is left to tell

    threading.Thread(target=watch, name="kok-orphan-watch", daemon=True).start()


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the queued work and end the worker processes now."""
    previous = ignore_stop_signals()  # a second Ctrl-C waits for this
    try:
        # The executor keeps its processes in a private dict; there is no public way to end
        # them before Python 3.14's terminate_workers(). The workers ignore SIGTERM, so
        # they are killed.
        # The executor's own thread must first drop the queued work the shutdown cancels:
        # if it found the killed workers while cancelled work was still listed, it would
        # fail on it (InvalidStateError in Python 3.11's terminate_broken), print a
        # traceback and leave its queue's writer blocked, and the interpreter would wait
        # for that writer without a limit when the program ends. So: shut down, wait (a
        # moment) until that thread has seen it, kill, and wait for that thread too.
        processes = _processes_of(pool)
        results = getattr(pool, "_result_queue", None)  # the shutdown forgets it
        manager = getattr(pool, "_executor_manager_thread", None)
        if not isinstance(manager, threading.Thread):
            manager = None
        started = time.monotonic()
        seen_by = started + 0.5  # the shutdown is seen at once; a busy thread is not awaited
        deadline = started + 2.0  # killed ones end at once; a stuck one is not awaited
        pool.shutdown(wait=False, cancel_futures=True)
        while (manager is not None and manager.is_alive()
               and getattr(pool, "_cancel_pending_futures", False)
               and time.monotonic() < seen_by):
            time.sleep(0.001)
        for process in processes:
            process.kill()
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
        if manager is not None and manager.is_alive():
            # A worker killed halfway through sending a result leaves part of a message
            # in the result pipe, and the executor's thread waits for the rest for ever
            # (and the interpreter for that thread when the program ends). Every worker
            # is gone, so closing this process's own end of that pipe's writing side
            # ends the wait: the thread reads the end of the pipe, finds the pool broken
            # and ends.
            _close_writer(results)
            manager.join(max(0.1, deadline - time.monotonic()))
    finally:
        restore_signals(previous)


def _close_writer(results: object) -> None:
    """Close the writing end of an executor's result queue (a private attribute), if it
    has one."""
    writer = getattr(results, "_writer", None)
    close = getattr(writer, "close", None)
    if callable(close):
        with suppress(OSError):
            close()


def _processes_of(pool: ProcessPoolExecutor) -> list[multiprocessing.process.BaseProcess]:
    """The worker processes ``pool`` lists (a private dict; a copy)."""
    found = getattr(pool, "_processes", None) or {}
    return list(found.values()) if isinstance(found, dict) else []


@contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """``jobs`` worker processes (:data:`kok_layouts.limits.WORKERS`); ended at once if
    the block is left by an exception, and also if a signal comes while the pool shuts
    down at its end (work the block left queued is cancelled, not waited for)."""
    limits.WORKERS.check(jobs, "jobs")
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
    try:
        yield pool
    except BaseException:
        stop_pool(pool)
        raise
    try:
        pool.shutdown(wait=True, cancel_futures=True)
    except BaseException:  # Ctrl-C, SIGTERM or SIGHUP while the workers are joined
        stop_pool(pool)
        raise


_ADDRESS = re.compile(r"(?:(tcp|tls|ws|wss)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):([0-9]{1,5})")


def _checked_address(address: object) -> str:
    """``address`` as Dask reads it (``tcp://HOST:PORT``), refused at once when it is not
    one: a port is :data:`kok_layouts.limits.PORT`."""
    if not isinstance(address, str):
        raise KokTypeError(f"a scheduler's address is text like tcp://host:8786, not "
                           f"{type(address).__name__}")
    match = _ADDRESS.fullmatch(address.strip())
    if match is None:
        raise ClusterError(f"{shown(address, 60)}: not a scheduler address; write it as "
                           "tcp://HOST:PORT (such as tcp://127.0.0.1:8786)")
    if int(match[3]) not in limits.PORT:
        raise ClusterError(f"{shown(address, 60)}: {limits.PORT.what} is {limits.PORT}")
    return f"{match[1] or 'tcp'}://{match[2]}:{match[3]}"


async def _handshake(address: str, seconds: float) -> None:
    from distributed.comm.core import connect

    comm = await asyncio.wait_for(connect(address, timeout=seconds),  # type: ignore[no-untyped-call]
                                  seconds)
    await comm.close()


def _reach(address: str) -> None:
    """Connect to ``address`` and exchange Dask's handshake, within
    :data:`limits.SCHEDULER_CONNECT_SECONDS <kok_layouts.limits.SCHEDULER_CONNECT_SECONDS>`
    (Dask itself waits forever for a handshake from a port that accepts and says nothing)."""
    seconds = limits.SCHEDULER_CONNECT_SECONDS
    try:
        asyncio.run(_handshake(address, seconds))
    except TimeoutError:
        raise ClusterError(f"{shown(address, 60)}: no Dask scheduler answered within "
                           f"{seconds:g} s (the connect timeout)") from None
    except Exception as err:  # anything else that answers is not Dask
        reason = shown(str(err) or type(err).__name__, 80)
        if isinstance(err, OSError) and "Timed out" in str(err):
            raise ClusterError(f"{shown(address, 60)}: no Dask scheduler answered within "
                               f"{seconds:g} s (the connect timeout)") from None
        raise ClusterError(f"{shown(address, 60)}: not a Dask scheduler, or it refused the "
                           f"connection ({reason})") from None


def check_executor(executor: object) -> None:
    """:class:`KokTypeError` unless ``executor`` is ``None`` or a
    ``concurrent.futures.Executor`` (a process pool, a Dask client's executor)."""
    if executor is not None and not isinstance(executor, Executor):
        raise KokTypeError(f"executor is a concurrent.futures.Executor (or None), not "
                           f"{type(executor).__name__}")


@contextmanager
def cluster_executor(address: str) -> Iterator[Executor]:
    """The executor of the Dask scheduler at ``address``, for games on a cluster.

    Nothing waits forever: the scheduler must answer within
    :data:`limits.SCHEDULER_CONNECT_SECONDS <kok_layouts.limits.SCHEDULER_CONNECT_SECONDS>`
    and have a worker within :data:`limits.SCHEDULER_WORKERS_SECONDS
    <kok_layouts.limits.SCHEDULER_WORKERS_SECONDS>`; otherwise :class:`ClusterError`
    says which, with the time waited. Needs the ``dask`` extra (``distributed``).
    """
    checked = _checked_address(address)
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError("games on a Dask cluster need Dask: pip install "
                           "'kok-layouts[dask]'") from None
    _reach(checked)
    seconds = limits.SCHEDULER_CONNECT_SECONDS
    try:
        client = Client(checked, timeout=f"{seconds:g}s",  # type: ignore[no-untyped-call]
                        set_as_default=False)
    except Exception as err:  # it answered the handshake, then failed
        raise ClusterError(f"{shown(address, 60)}: cannot connect within {seconds:g} s: "
                           f"{shown(str(err) or type(err).__name__, 80)}") from None
    try:
        wait = limits.SCHEDULER_WORKERS_SECONDS
        try:
            client.wait_for_workers(1, timeout=wait)
        except TimeoutError:
            raise ClusterError(f"{shown(address, 60)}: the Dask scheduler has no workers; "
                               f"none joined within {wait:g} s (the no-workers timeout)"
                               ) from None
        yield client.get_executor()  # type: ignore[no-untyped-call]
    finally:
        previous = ignore_stop_signals()  # closing takes a moment; a signal waits for it
        try:
            client.close(timeout=seconds)  # type: ignore[no-untyped-call]
        except Exception:  # the run's own error is the one to show
            pass
        finally:
            restore_signals(previous)

"""The signals that stop a run the way Ctrl-C does, and ignoring them while it stops.

One place for the command line (:mod:`kok_layouts.cli.main`) and the worker pools
(:mod:`kok_layouts.analysis.workers`): once a stop has begun, a second signal must not
break the cleanup; and holding them back while compiled code runs. Imports only the
standard library's small modules, so the command line's start stays quick.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

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


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold :data:`STOP_SIGNALS` back while the block runs, then let them through.

    For calls into compiled code (the rules engine's kernels): such a call may call back
    into Python on its way out (numba builds the arrays it returns there), and a handler
    that raised there (Ctrl-C's ``KeyboardInterrupt``, the command line's stop) would break
    the compiled frame (a ``SystemError``, or worse). While the block runs, a stop signal
    is only noted; when it ends, the handlers are put back and each noted signal's handler
    is called, so the run stops at once after the call, the way it would have. Only the main
    thread handles signals in Python: elsewhere the block runs as it is.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous: dict[int, Any] = {}

    def note(number: int, frame: object) -> None:
        noted.append(number)

    try:
        for number in STOP_SIGNALS:
            handler = signal.getsignal(number)
            if callable(handler):  # ignored or default ones stay as they are
                previous[number] = signal.signal(number, note)
        yield
    finally:
        restore_signals(previous)
        for held in dict.fromkeys(noted):
            # Called here, not raised again: a handler Python ran later could run inside a
            # callback (a finaliser), where what it raises is dropped.
            handler = previous[held]
            if callable(handler):
                handler(held, None)

"""The signals that stop a run the way Ctrl-C does, and ignoring them while it stops.

One place for the command line (:mod:`kok_layouts.cli.main`) and the worker pools
(:mod:`kok_layouts.analysis.workers`): once a stop has begun, a second signal must not
break the cleanup. Imports nothing but :mod:`signal`, so the command line's start stays
quick.
"""

from __future__ import annotations

import signal
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

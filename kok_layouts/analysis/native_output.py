"""Keep native libraries off stdout: stdout carries only what a command means to print.

The MIP solver (HiGHS inside scipy) prints some diagnostics from C++ straight to file
descriptor 1, whatever its options say, which would break ``kok check --json``. Redirecting
``sys.stdout`` cannot catch that, so :func:`stdout_to_stderr` points descriptor 1 at
stderr around the native call and flushes the C library's buffers before pointing it back.
It nests and is safe with threads (a thread-pool executor), and it runs inside worker
processes too, because it wraps the call itself rather than the command.
"""

from __future__ import annotations

import ctypes
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress

_lock = threading.Lock()
_depth = 0
_saved: int | None = None


def _flush_c_stdio() -> None:
    """Flush every C ``FILE`` buffer, so nothing printed natively lands after the restore."""
    with suppress(OSError, AttributeError):  # no C library to ask: nothing buffered there
        ctypes.CDLL(None).fflush(None)


def _point_stdout_at_stderr() -> int | None:
    """A copy of descriptor 1, which now points at stderr; ``None`` if either is closed."""
    try:
        saved = os.dup(1)
    except OSError:
        return None
    try:
        os.dup2(2, 1)
    except OSError:
        os.close(saved)
        return None
    return saved


@contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """While the block runs, anything written to descriptor 1 goes to descriptor 2."""
    global _depth, _saved
    with _lock:
        if _depth == 0:
            with suppress(OSError, ValueError):  # closed or broken stdout: the CLI says so
                sys.stdout.flush()
            _saved = _point_stdout_at_stderr()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _saved is not None:
                _flush_c_stdio()
                os.dup2(_saved, 1)
                os.close(_saved)
                _saved = None

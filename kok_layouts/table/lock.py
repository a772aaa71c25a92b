"""One running table per state file: ``kok table`` holds a lock on ``STATE.lock`` beside
the state file while it serves, so that a second ``kok table --resume STATE`` is refused
in one line naming the running one instead of serving beside it, both writing the file.

The lock is the operating system's (``flock``): a table that crashed or was killed holds
nothing, and its leftover lock file is taken over. The file's one line says which process
serves the game and where.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from kok_layouts.errors import BadArgumentError, shown

LINE_BYTES = 300


class StateLock:
    """The lock of one state file, taken with :meth:`take` and given back with
    :meth:`release` (which removes the lock file)."""

    def __init__(self, state: Path) -> None:
        self.state = Path(state)
        self.path = self.state.with_name(self.state.name + ".lock")
        self.descriptor: int | None = None

    def take(self) -> None:
        """Take the lock, or :class:`BadArgumentError` naming the table that holds it."""
        while self.descriptor is None:
            descriptor = self._open()
            if not _lock(descriptor):
                held = _first_line(descriptor)
                os.close(descriptor)
                raise BadArgumentError(f"{shown(str(self.state))} is in use by another kok "
                                       f"table ({held or 'starting'}); stop that one first "
                                       "(Ctrl-C) or resume another file")
            try:   # the file may have been removed by the holder as we waited: try again
                same = os.fstat(descriptor).st_ino == self.path.stat().st_ino
            except OSError:
                same = False
            if same:
                self.descriptor = descriptor
            else:
                os.close(descriptor)
        self.say(f"kok table, process {os.getpid()}, starting")

    def _open(self) -> int:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            return os.open(self.path, flags, 0o600)
        except OSError as err:
            raise BadArgumentError(f"{shown(str(self.path))}: cannot write the lock of the "
                                   f"state file: {err.strerror}") from None

    def say(self, line: str) -> None:
        """Put ``line`` (who holds the lock, and where it serves) in the lock file."""
        if self.descriptor is None:
            return
        data = line.encode("utf-8")[:LINE_BYTES] + b"\n"
        with contextlib.suppress(OSError):
            os.ftruncate(self.descriptor, 0)
            os.pwrite(self.descriptor, data, 0)

    def release(self) -> None:
        """Remove the lock file and give the lock back."""
        if self.descriptor is None:
            return
        with contextlib.suppress(OSError):
            self.path.unlink()
        os.close(self.descriptor)
        self.descriptor = None


def _lock(descriptor: int) -> bool:
    """Take an exclusive lock on the open file without waiting; whether it was free."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _first_line(descriptor: int) -> str:
    with contextlib.suppress(OSError):
        text = os.pread(descriptor, LINE_BYTES, 0).decode("utf-8", "replace")
        return shown(text.splitlines()[0], 200) if text.strip() else ""
    return ""

"""Reading input files (layouts, game records) without ever blocking or reading forever.

Only regular files are read: a FIFO would block until someone writes to it, and a device
such as ``/dev/zero`` never ends, so both are refused with one line before any byte is read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from kok_layouts.errors import UnreadableFileError

_KINDS = (
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a pipe (FIFO), not a regular file; save it to a file first"),
    (stat.S_ISCHR, "is a character device, not a regular file"),
    (stat.S_ISBLK, "is a block device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)


def special_kind(mode: int) -> str | None:
    """Why a file of ``mode`` is not a regular file, or None if it is one."""
    for test, why in _KINDS:
        if test(mode):
            return why
    return None if stat.S_ISREG(mode) else "is not a regular file"


def bad_name(name: str) -> str:
    """Why the system refuses ``name`` as a file name (it raised ValueError)."""
    if "\0" in name:
        return "the name holds a NUL character"
    return "the name holds a character that is not text (a lone surrogate)"


def os_reason(err: OSError) -> str:
    """An OSError as the few words a user needs (``Permission denied``)."""
    return err.strerror or type(err).__name__


def read_input(path: str | Path, limit: int) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (so a caller sees when a
    file is too large); :class:`UnreadableFileError` for anything else."""
    name = str(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as err:
        raise UnreadableFileError(name, os_reason(err)) from None
    except ValueError:  # a NUL character, or a surrogate that no file name can hold
        raise UnreadableFileError(name, bad_name(name)) from None
    try:
        kind = special_kind(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise UnreadableFileError(name, kind)
        os.set_blocking(descriptor, True)
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError as err:
        raise UnreadableFileError(name, os_reason(err)) from None
    finally:
        os.close(descriptor)

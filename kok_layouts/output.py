"""Writing output files atomically: a complete new file or the old one untouched."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from kok_layouts.errors import OutputError


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _reason(err: OSError) -> str:
    return err.strerror or type(err).__name__


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder and a rename.

    On any error nothing is left behind and an existing file keeps its old content.
    """
    if path.is_dir():
        raise OutputError(f"{path}: is a folder; give a file name")
    try:
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part",
                                        dir=path.parent)
    except OSError as err:
        raise OutputError(f"{path}: cannot write: {_reason(err)}") from None
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        temporary.chmod(0o666 & ~_umask())
        temporary.replace(path)
    except OSError as err:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise OutputError(f"{path}: cannot write: {_reason(err)}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise

"""Writing output files: the one place where kok writes a file.

A regular file (new or existing) is written atomically: a complete new file or the old one
untouched, never a partial file. Something that is not a regular file is never replaced:
a character device (``/dev/null``) or a pipe with a reader is written into directly, and a
folder, a block device, a socket or a pipe nobody reads is refused with one line. A
symbolic link is followed, so the link stays and its target gets the new content.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import stat
import sys
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TextIO

from kok_layouts import limits
from kok_layouts.errors import OutputError, shown
from kok_layouts.input_file import bad_name, os_reason, special_kind

_DIRECT = (stat.S_ISCHR, stat.S_ISFIFO)


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def _fail(path: Path | str, reason: str) -> OutputError:
    return OutputError(f"{shown(str(path))}: cannot write: {reason}")


def names_a_folder(name: str | os.PathLike[str]) -> bool:
    """Whether the name as given ends as only a folder's name can: in a slash (``NEWDIR/``)
    or in ``.`` or ``..`` (``NEWDIR/.``). ``Path`` drops a trailing slash and a last
    ``.``, so this is asked of the text the user typed, before it becomes a ``Path``."""
    text = os.fspath(name)
    if not isinstance(text, str):
        return False
    separators = (os.sep, os.altsep or os.sep)
    last = text.rstrip(os.sep + (os.altsep or "")).rsplit(os.sep, 1)[-1]
    return text.endswith(separators) or last in (".", "..")


def refuse_folder_name(name: str | os.PathLike[str]) -> None:
    """:class:`OutputError` for an output name that ends as a folder's name
    (:func:`names_a_folder`): ``-o NEWDIR/`` must never write a file named NEWDIR."""
    if not names_a_folder(name):
        return
    text = os.fspath(name)
    try:
        folder = Path(text).is_dir()
    except ValueError:  # a NUL in the name: the write names that
        return
    raise _fail(text, f"the name ends in {folder_ending(text)!r}, so it names a folder, "
                + ("and that is a folder; give the name of a file" if folder else
                   "and there is no such folder; give the name of a file"))


def folder_ending(name: str) -> str:
    """How ``name`` ends as a folder's name: ``/``, ``.`` or ``..``."""
    return name[-1] if name.endswith((os.sep, os.altsep or os.sep)) else name.rsplit(os.sep, 1)[-1]


def is_standard_output(path: Path | str | None) -> bool:
    """Whether ``path`` is the file this process's standard output goes to (``-o
    /dev/stdout``, or ``-o out.pdf > out.pdf``): a command then writes its words to standard
    error, never into the file. Asked before the write (a regular file is replaced)."""
    if path is None:
        return False
    try:
        return os.path.samestat(Path(path).stat(), os.fstat(sys.stdout.fileno()))
    except (OSError, ValueError, AttributeError):  # no such file, no descriptor, a bad name
        return False


def words_for(*paths: Path | str | None) -> TextIO:
    """Where a command's words go beside its outputs ``paths``: standard output, or
    standard error when one of them is standard output."""
    return sys.stderr if any(is_standard_output(path) for path in paths) else sys.stdout


def _destination(path: Path) -> tuple[Path, os.stat_result | None]:
    """The file a write to ``path`` lands in (symlinks followed) and its status, if any."""
    try:
        target = Path(os.path.realpath(path))
        status = Path(path).stat()  # through the name: /dev/stdout into a pipe too
    except FileNotFoundError:
        if not target.parent.is_dir():
            raise _fail(path, "No such file or directory") from None
        return target, None
    except OSError as err:  # a symlink loop, a name too long, no permission
        raise _fail(path, os_reason(err)) from None
    except ValueError:  # a NUL or a lone surrogate in the name
        raise _fail(path, bad_name(str(path))) from None
    kind = special_kind(status.st_mode)
    if kind is not None and not any(test(status.st_mode) for test in _DIRECT):
        raise _fail(path, f"it {kind}; give the name of a file")
    if not stat.S_ISREG(status.st_mode):
        # A device or a pipe is opened by the name given: /dev/stdout into a pipe leads to
        # /proc/self/fd/1, whose link names no file ("pipe:[...]").
        return Path(path), status
    if not target.exists():  # an open file that was deleted ("/tmp/x (deleted)")
        raise _fail(path, "it leads to a file that was deleted; give the name of a file")
    return target, status


def _not_read_only(path: Path, target: Path, status: os.stat_result | None) -> None:
    """A file whose mode forbids writing it is not replaced (the rename would only need
    the folder's permission): its owner protected it."""
    if status is not None and stat.S_ISREG(status.st_mode) and not os.access(target, os.W_OK):
        raise _fail(path, "the file is read-only; make it writable or give another name")


def check_destination(path: Path) -> None:
    """Raise :class:`OutputError` now if ``path`` cannot be written, before any long work."""
    refuse_folder_name(path)
    target, status = _destination(Path(path))
    _not_read_only(path, target, status)
    folder = target.parent
    if status is None or stat.S_ISREG(status.st_mode):
        if not os.access(folder, os.W_OK | os.X_OK):
            raise _fail(path, f"the folder {shown(str(folder))} is not writable")
        if len(target.name.encode("utf-8", "surrogateescape")) > 255:
            raise _fail(path, "File name too long")


def _write_directly(path: Path, target: Path, data: bytes) -> None:
    """Write into a device or a pipe; never block on a pipe nobody reads, nor on one whose
    reader stops taking for :data:`limits.PIPE_WRITE_SECONDS
    <kok_layouts.limits.PIPE_WRITE_SECONDS>`."""
    flags = os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(target, flags)
    except OSError as err:
        if err.errno == errno.ENXIO:
            raise _fail(path, "it is a pipe that no process reads") from None
        raise _fail(path, os_reason(err)) from None
    try:
        view = memoryview(data)
        waited_since = time.monotonic()
        while view:
            try:
                view = view[os.write(descriptor, view):]
                waited_since = time.monotonic()
                continue
            except BlockingIOError:
                pass
            left = limits.PIPE_WRITE_SECONDS - (time.monotonic() - waited_since)
            if left <= 0:
                raise _fail(path, f"its reader took nothing for {limits.PIPE_WRITE_SECONDS:g} "
                                  "s; the output was cut short")
            select.select([], [descriptor], [], min(left, 0.5))
    except OSError as err:
        raise _fail(path, os_reason(err)) from None
    finally:
        os.close(descriptor)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path``: atomically to a regular file, directly into a device.

    On any error nothing is left behind, an existing file keeps its old content and a
    special file is never replaced (see the module docstring).
    """
    refuse_folder_name(path)
    path = Path(path)
    target, status = _destination(path)
    if status is not None and not stat.S_ISREG(status.st_mode):
        _write_directly(path, target, data)
        return
    _not_read_only(path, target, status)
    mode = stat.S_IMODE(status.st_mode) if status is not None else new_file_mode()
    temporary = stage(target, data, mode, named=path)
    with _removed_on_error(temporary, path):
        temporary.replace(target)


@contextlib.contextmanager
def _removed_on_error(temporary: Path, path: Path) -> Iterator[None]:
    """Remove ``temporary`` if the block fails; an :class:`OSError` becomes one line about
    ``path``."""
    try:
        yield
    except BaseException as err:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(err, OSError):
            raise _fail(path, os_reason(err)) from None
        raise


def new_file_mode() -> int:
    """The permissions a new file gets: read and write for all, less the umask."""
    return 0o666 & ~_umask()


def stage(target: Path, data: bytes, mode: int, *, named: Path | None = None) -> Path:
    """``data`` in a new temporary file beside ``target`` with permissions ``mode``, flushed
    to disk, for the caller to rename (or link) into place and to remove in any case. An
    error is :class:`OutputError` naming ``named`` (the name the user gave; ``target`` by
    default), and leaves no temporary file."""
    path = named or target
    try:
        # A short prefix: the temporary name must fit wherever the target's name fits.
        handle, name = tempfile.mkstemp(prefix=f".{target.name[:40]}.", suffix=".part",
                                        dir=target.parent)
    except OSError as err:
        raise _fail(path, os_reason(err)) from None
    temporary = Path(name)
    with _removed_on_error(temporary, path):
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        temporary.chmod(mode)
    return temporary


def _several(paths: Sequence[Path]) -> dict[Path, tuple[Path, os.stat_result | None]]:
    """The files that the outputs ``paths`` of one command land in, with their status:
    each a regular file or a new name, no two the same (:class:`OutputError` if not)."""
    targets: dict[Path, tuple[Path, os.stat_result | None]] = {}
    for path in paths:
        refuse_folder_name(path)
        target, status = _destination(Path(path))
        if status is not None and not stat.S_ISREG(status.st_mode):
            raise _fail(path, "give a regular file or a new name: this command writes its "
                        "outputs all together or not at all")
        if target in targets:
            raise _fail(path, "two outputs of this command have that one name")
        _not_read_only(path, target, status)
        targets[target] = (Path(path), status)
    return targets


def check_all_or_nothing(paths: Sequence[Path]) -> None:
    """Raise :class:`OutputError` now, before any long work, if the outputs ``paths`` could
    not be written together by :func:`write_all_or_nothing`."""
    for path in _several(paths).values():
        check_destination(path[0])


def write_all_or_nothing(files: Mapping[Path, bytes]) -> None:
    """Write every file of ``files`` or none: the outputs of one command (``kok generate
    --count 5 -o DIR --render boards.pdf``).

    Every name is checked first (a regular file or a new name, no two the same); each file
    is then written to a temporary file beside it, and only when all are complete are they
    renamed into place, the files they replace kept until the last rename succeeded. On any
    error or signal every file is as it was before and no temporary file is left.
    """
    targets: dict[Path, tuple[Path, bytes, int]] = {}
    for target, (path, status) in _several(list(files)).items():
        mode = stat.S_IMODE(status.st_mode) if status is not None else new_file_mode()
        targets[target] = (path, files[path], mode)
    staged: dict[Path, Path] = {}
    kept: dict[Path, Path | None] = {}  # each target renamed so far: its old file, if any
    try:
        for target, (path, data, mode) in targets.items():
            staged[target] = stage(target, data, mode, named=path)
        for target, temporary in staged.items():
            old: Path | None = None
            if target.exists():
                old = temporary.with_suffix(".old")
                try:
                    os.link(target, old)
                except OSError as err:
                    raise _fail(targets[target][0], os_reason(err)) from None
            kept[target] = old
            try:
                temporary.replace(target)
            except OSError as err:
                raise _fail(targets[target][0], os_reason(err)) from None
    except BaseException:
        for target, old in kept.items():  # put back what was there
            with contextlib.suppress(OSError):
                if old is None:
                    if not staged[target].exists():  # renamed into place: take it away
                        target.unlink()
                elif old.samefile(target):  # not replaced (rename() would keep both)
                    old.unlink()
                else:
                    os.replace(old, target)  # noqa: PTH105 - Path.replace is the one that failed
        for temporary in staged.values():
            with contextlib.suppress(OSError):
                temporary.unlink()
        raise
    for old in kept.values():
        if old is not None:
            with contextlib.suppress(OSError):
                old.unlink()

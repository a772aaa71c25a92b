"""The designer's web server: the standard library's ``ThreadingHTTPServer`` with the
guards a local notebook server has.

- It listens on loopback unless told otherwise.
- Every request carries a random token: the URL printed at start has it as ``?token=``;
  the first page load turns it into a same-site cookie, and the page sends it as the
  ``X-Kok-Token`` header on every API call.
- The ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body, so another site's form or script cannot
  drive it.
- Bodies are at most :data:`~kok_layouts.web.MAX_BODY` bytes (``limits.HTTP_BODY_BYTES``);
  each client gets the rate budget of :class:`~kok_layouts.web.RateLimit` (these guards,
  the answers and the one-line errors are :mod:`kok_layouts.web`'s, shared with ``kok
  table``).
- The server writes only the file it was opened with, or a new file in the working
  directory named after the board; the page never sends a path. A name in the working
  directory that is taken (by a file, a folder or a symbolic link, dangling or not) is
  never written unless the save asks to overwrite it, and then only a regular file inside
  the folder.
- Every save names the version it is based on: the SHA-256 of the file as the page last
  saw it (``"base"``, ``null`` for a file that does not exist yet). A save whose base is
  not the file's content now is refused with HTTP 409 and the file is untouched. Saves in
  one folder are one at a time, also between ``kok design`` processes (:func:`saves_in`),
  so of saves against one version exactly one is written.
- Every request gets an answer: a malformed one (a bad or repeated header, a request line
  naming another host, JSON nested too deep or with numbers of too many digits) gets a 4xx
  with one line of JSON ``{"error": "..."}`` and one line in the server's log, never a
  traceback; the next request is served.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import hmac
import http.cookies
import inspect
import json
import mimetypes
import os
import re
import secrets
import stat
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from kok_layouts import limits
from kok_layouts.analysis.check import check, text_report
from kok_layouts.design.document import (
    DesignError,
    Document,
    builtin_document,
    check_document,
    copy_document,
    edit,
    new_document,
    read_document,
    resize,
    to_yaml,
    validate,
)
from kok_layouts.design.parts import parts_of
from kok_layouts.editions import EDITIONS, edition_of, get_edition
from kok_layouts.errors import GenerateError, KokError, OutputError, shown
from kok_layouts.generator.board import generate
from kok_layouts.input_file import os_reason
from kok_layouts.model.checks import PROFILES, Profile
from kok_layouts.model.loader import list_layouts
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.writer import layout_mapping
from kok_layouts.output import new_file_mode, stage, write_atomically
from kok_layouts.render.document import PrintOptions, render_pdf, render_png, render_report
from kok_layouts.web import MAX_BODY as MAX_BODY
from kok_layouts.web import GuardedHandler, GuardedServer, RequestError, security_headers
from kok_layouts.web import RateLimit as RateLimit

PREVIEW_DPI = 60
CHART_DPI = 110
"""The check report's charts as the page shows them: full size, readable."""
TOKEN_COOKIE = "kok_design_token"
_SAFE_NAME = re.compile(r"[^a-z0-9_-]+")
_SHA256 = re.compile(r"[0-9a-f]{64}")


@dataclass
class CheckJob:
    """One ``kok check`` running in a thread; the page polls its progress."""

    id: str
    phase: str = "starting"
    done: int = 0
    total: int = 0
    report: dict[str, Any] | None = None
    text: str | None = None
    chart: bytes | None = None
    error: str | None = None
    finished: bool = False

    def state(self) -> dict[str, Any]:
        return {"id": self.id, "phase": self.phase, "done": self.done, "total": self.total,
                "finished": self.finished, "error": self.error, "report": self.report,
                "text": self.text, "chart": self.chart is not None}

    def chart_as(self, kind: str) -> tuple[str, bytes]:
        """The report's charts as a PNG (made with the check), a PDF or an SVG (drawn
        when asked)."""
        if self.chart is None or self.report is None:
            raise RequestError(HTTPStatus.NOT_FOUND, "the check has no chart")
        if kind == "png":
            return "image/png", self.chart
        if kind == "pdf":
            return "application/pdf", render_report(self.report)
        from kok_layouts.design.svg import scene_svg
        from kok_layouts.render.report import report_strip

        return "image/svg+xml", scene_svg(report_strip(self.report)).encode("utf-8")


@dataclass
class GenerateJob:
    """One balanced ``kok generate`` search running in a thread; the page polls it."""

    id: str
    done: float = 0.0
    line: str = "starting"
    doc: Document | None = None
    error: str | None = None
    finished: bool = False

    def state(self) -> dict[str, Any]:
        return {"id": self.id, "done": self.done, "line": self.line,
                "finished": self.finished, "error": self.error, "ready": self.doc is not None}


def generated_document(edition: str, width: int, height: int, seed: int,
                       balanced: bool = False, seconds: float = 110.0,
                       progress: Callable[[float, str], None] | None = None) -> Document:
    """A new board from the generator (``kok generate``): the official profile at the
    edition's printed size, profile basic at any other size; with ``balanced``, improved
    by the generator's search for at most ``seconds``."""
    chosen = get_edition(edition)
    size = None if (width, height) == chosen.official_size else (width, height)
    try:
        board = generate(chosen.name, seed=seed, size=size, balanced=balanced,
                         time_limit=seconds, progress=progress)
    except GenerateError as err:
        raise DesignError(str(err)) from None
    return layout_mapping(board.sheet)


def _run_generate(job: GenerateJob, edition: str, width: int, height: int, seed: int,
                  seconds: float) -> None:
    def progress(done: float, line: str) -> None:
        job.done, job.line = done, line

    with _reported(job, "the search"):
        job.doc = generated_document(edition, width, height, seed, True, seconds, progress)
        job.done, job.line = 1.0, "done"


@contextlib.contextmanager
def _reported(job: CheckJob | GenerateJob, what: str) -> Iterator[None]:
    """A job's work in a thread: any error ends it as one line for the page (``what
    failed: ...``, never a stack trace), and the job is finished in any case."""
    try:
        yield
    except KokError as err:
        job.error = str(err).splitlines()[0]
    except Exception as err:  # one line in the page, never a stack trace
        job.error = f"{what} failed: {type(err).__name__}: {err}".splitlines()[0]
    finally:
        job.finished = True


def page_parts() -> dict[str, Any]:
    """What the page needs to know before it draws any board: every edition's parts (its
    palette, tools, fields and their limits) and the limits of the start and check forms."""
    return {"editions": [parts_of(edition).as_dict(edition) for edition in EDITIONS.values()],
            "limits": {**limits.as_dict(),
                       "balance_seconds": limits.DESIGN_BALANCE_SECONDS.as_dict(),
                       "check_default_games": limits.DESIGN_CHECK_DEFAULT_GAMES}}


# Sessions remembered per folder: a restarted kok design answers the page that is open ------

_TOKEN = re.compile(r"[A-Za-z0-9_-]{32,128}")
SESSION_FILE_BYTES = 4096


def state_folder() -> Path:
    """Where ``kok design`` remembers its sessions: ``$XDG_STATE_HOME/kok_layouts/design``
    (``~/.local/state/kok_layouts/design`` without it)."""
    base = os.environ.get("XDG_STATE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "state"
    return root / "kok_layouts" / "design"


@dataclass(frozen=True)
class Session:
    """The port and token the last ``kok design`` in a folder served: the next one in
    that folder takes both, so a page left open reconnects to it (same address, same
    origin, same drafts in the browser, same cookie) without losing its work."""

    port: int
    token: str

    @staticmethod
    def file(folder: Path) -> Path:
        key = content_hash(str(folder.resolve()).encode("utf-8", "surrogateescape"))[:32]
        return state_folder() / f"{key}.json"

    @classmethod
    def recall(cls, folder: Path) -> Session | None:
        """The session remembered for ``folder``; ``None`` if there is none or its file
        is not one this program wrote (too big, not JSON, not a regular file, bad values)."""
        path = cls.file(folder)
        try:
            found = _read_version(path, str(path))
        except RequestError:
            return None
        if found is None or len(found[0]) > SESSION_FILE_BYTES:
            return None
        try:
            data = json.loads(found[0].decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            return None
        if not isinstance(data, dict):
            return None
        port, token = data.get("port"), data.get("token")
        if (type(port) is not int or port not in limits.PORT or port == 0
                or not isinstance(token, str) or not _TOKEN.fullmatch(token)
                or data.get("folder") != str(folder.resolve())):
            return None
        return cls(port, token)

    def keep(self, folder: Path) -> str | None:
        """Remember this session for ``folder`` (readable by this user only); a line
        saying why not when the state folder cannot be written, else ``None``."""
        path = self.file(folder)
        data = json.dumps({"folder": str(folder.resolve()), "port": self.port,
                           "token": self.token}).encode("utf-8")
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            handle, name = tempfile.mkstemp(prefix=".session.", suffix=".part",
                                            dir=path.parent)
            try:
                with os.fdopen(handle, "wb") as out:  # mkstemp's file is 0600
                    out.write(data)
                Path(name).replace(path)
            except BaseException:
                with contextlib.suppress(OSError):
                    Path(name).unlink()
                raise
        except (OSError, UnicodeError) as err:
            reason = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
            return (f"cannot remember this session in {shown(str(path.parent), 80)}: "
                    f"{shown(reason, 60)}; a page left open will not reconnect to the next "
                    "kok design")
        return None


# Files: what a save may write, and the version it is based on ---------------------------


def content_hash(data: bytes) -> str:
    """The version of a file's content that a save names as its base: its SHA-256."""
    return hashlib.sha256(data).hexdigest()


_NEW_FILE_MODE = new_file_mode()
"""Read once: the umask can only be read by setting it, which races with other threads."""


def _conflict(display: str, message: str, base: str | None,
              current: str | None) -> RequestError:
    return RequestError(HTTPStatus.CONFLICT, f"{shown(display)}: {message}; nothing was "
                        "written", {"conflict": {"file": display, "base": base,
                                                 "current": current}})


def _read_version(path: Path, display: str) -> tuple[bytes, str] | None:
    """The bytes of the regular file at ``path`` (symbolic links followed) and their hash,
    or ``None`` when no file has the name; refuses a folder, a pipe, a device and a
    symbolic link that leads nowhere, without ever waiting on a pipe."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.lexists(path):
            raise RequestError(HTTPStatus.CONFLICT, f"{shown(display)}: is a symbolic link "
                               "to nothing; nothing was written") from None
        return None
    except OSError as err:
        raise RequestError(HTTPStatus.CONFLICT, f"{shown(display)}: cannot read: "
                           f"{err.strerror or err}; nothing was written") from None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise RequestError(HTTPStatus.CONFLICT, f"{shown(display)}: is not a regular "
                               "file; nothing was written")
        chunks = []
        while chunk := os.read(descriptor, 1 << 20):
            chunks.append(chunk)
    except OSError as err:
        raise RequestError(HTTPStatus.CONFLICT, f"{shown(display)}: cannot read: "
                           f"{err.strerror or err}; nothing was written") from None
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    return data, content_hash(data)


@contextlib.contextmanager
def saves_in(folder: Path) -> Iterator[None]:
    """One save at a time in ``folder``, also between ``kok design`` processes (and
    designers in one process): an exclusive lock on the folder itself, held from reading
    the version a save replaces to writing it, so two saves against one version can never
    both be written. Without locks (another system) the designer's own lock serves."""
    if sys.platform == "win32":
        yield
        return
    import fcntl

    try:
        descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                             | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise OutputError(f"{shown(str(folder))}: cannot open the folder to save in it: "
                          f"{os_reason(err)}") from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)   # gives the lock back


def write_new_file(path: Path, data: bytes) -> bool:
    """Write ``data`` as a new file at ``path`` and never over anything: complete or not at
    all. Returns ``False`` (and writes nothing) if the name is taken, even by a symbolic
    link that leads nowhere, also when it was taken a moment ago by another program."""
    temporary = stage(path, data, _NEW_FILE_MODE)
    try:
        try:
            os.link(temporary, path, follow_symlinks=False)  # fails if the name is taken
        except FileExistsError:
            return False
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV,
                                 errno.EMLINK):
                raise
            return _write_exclusively(path, data)  # a file system without hard links
        return True
    except OSError as err:
        raise OutputError(f"{shown(str(path))}: cannot write: {os_reason(err)}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()


def _write_exclusively(path: Path, data: bytes) -> bool:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        descriptor = os.open(path, flags, _NEW_FILE_MODE)
    except FileExistsError:
        return False
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()
        raise
    return True


def _is_bool(body: Mapping[str, Any], key: str) -> bool:
    value = body.get(key, False)
    if type(value) is not bool:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {key} is true or false")
    return value


def save_base(body: Mapping[str, Any]) -> str | None:
    """The version a save is based on: the SHA-256 (64 hex digits) of the file as the page
    last saw it, or ``None`` for a file that did not exist. Required: a save that does not
    say what it is based on could overwrite what it never saw."""
    if "base" not in body:
        raise RequestError(HTTPStatus.PRECONDITION_REQUIRED, "refused: a save names the "
                           "version it is based on (base: the SHA-256 of the file as the "
                           "page read it, or null for a new file)")
    base = body["base"]
    if base is not None and not (isinstance(base, str) and _SHA256.fullmatch(base)):
        raise RequestError(HTTPStatus.BAD_REQUEST, "refused: base is the SHA-256 of the "
                           "file (64 hex digits) or null")
    result: str | None = base
    return result


@dataclass
class Designer:
    """What the server knows: the board's file, its document, and the running check."""

    folder: Path
    """The working directory: new files are written here and only here."""
    path: Path | None = None
    """The file saves go to: the opened one, a new one named on the command line, or the
    new file this session wrote."""
    display: str | None = None
    """That file as the user named it, as ``kok validate`` would print it."""
    base: str | None = None
    """The SHA-256 of ``path``'s content as this session last read or wrote it; ``None``
    while the file does not exist."""
    original: str | None = None
    """The text of the opened file, so a save keeps its comments."""
    doc: Document | None = None
    saved: bool = False
    """Whether ``doc`` is what the opened file holds."""
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    lock: threading.Lock = field(default_factory=threading.Lock)
    job: CheckJob | None = None
    search: GenerateJob | None = None

    @classmethod
    def open(cls, target: str | None, folder: Path) -> Designer:
        """A designer for ``target``: an existing layout file, a new file's path, a built-in
        name, or nothing (the page asks how to start)."""
        designer = cls(folder=folder.resolve())
        if target is None:
            return designer
        try:
            designer._open(target)
        except DesignError as err:
            raise DesignError(f"{shown(target)}: {err}") from None
        return designer

    def _open(self, target: str) -> None:
        path = Path(target)
        if path.is_file():
            try:
                version = _read_version(path, target)
            except RequestError as err:  # replaced by a pipe or a folder a moment ago
                raise DesignError(str(err).removeprefix(f"{shown(target)}: ")) from None
            if version is None:
                raise DesignError("cannot read: No such file or directory")
            data, self.base = version
            self.doc, self.original = read_document(data, shown(target))
            self.path, self.display = path.resolve(), target
            self.saved = True
        elif target.endswith((".yaml", ".yml")):
            if os.path.lexists(path):
                raise DesignError("is not a regular file (a folder, a device, or a link "
                                  "to nothing); name a layout file or a new one")
            if not path.parent.resolve().is_dir():
                raise DesignError("no such folder to write the new board in")
            self.path, self.display = path.parent.resolve() / path.name, target
        else:
            # The built-in's text is kept only for its comments: saves go to a new file.
            self.doc, self.original = builtin_document(target)

    # Where a save goes ---------------------------------------------------------------

    def _stem(self, doc: Mapping[str, Any]) -> str:
        name = doc.get("name", "")
        stem = _SAFE_NAME.sub("-", str(name).lower() if isinstance(name, str) else "")
        return stem.strip("-")[:limits.LAYOUT_NAME_LENGTH].strip("-") or "board"

    def download_stem(self, body: Mapping[str, Any]) -> str:
        """The name a download is saved under: the board's name made safe for a file
        name, bounded like a layout's name (never a path)."""
        doc = body.get("doc")
        return self._stem(doc if isinstance(doc, Mapping) else {})

    def target(self, doc: Mapping[str, Any], overwrite: bool = False,
               as_new: bool = False) -> tuple[Path, str]:
        """The file a save writes: the session's file, or a new one in the working
        directory named after the board (``my-board.yaml``, ``my-board-2.yaml`` if that
        name is taken by anything, a dangling symbolic link too). With ``overwrite``, a
        board without a file takes its own name (``my-board.yaml``) even if it is taken.
        With ``as_new`` (a conflict's "keep mine"), always a name nothing has yet, after
        the session's file (``travel-2.yaml``) or else the board."""
        if self.path is not None and not as_new:
            return self.path, self.display or self.path.name
        stem = self._stem(doc)
        candidate = f"{stem}.yaml"
        if as_new and self.path is not None:
            stem = self._stem({"name": self.path.stem})
            candidate = f"{stem}-2.yaml"
        if overwrite and not as_new:
            return self.folder / candidate, candidate
        for number in range(2, limits.SAVE_NAME_TRIES + 2):
            if not os.path.lexists(self.folder / candidate):
                return self.folder / candidate, candidate
            candidate = f"{stem}-{number}.yaml"
        raise DesignError(f"{limits.SAVE_NAME_TRIES:,} files are named after the board "
                          f"{stem!r} already; give the board another name")

    def _refresh(self) -> None:
        """Read the session's file again if it changed on disk since this session read or
        wrote it, so a reloaded page shows what the file holds now."""
        if self.path is None:
            return
        display = self.display or self.path.name
        try:
            version = _read_version(self.path, display)
        except RequestError:
            return  # not a regular file now: a save says so
        if version is None:
            self.base, self.saved = None, False
            return
        data, current = version
        if current == self.base:
            return
        try:
            self.doc, self.original = read_document(data, shown(display))
        except KokError:
            return  # not a board now: the page keeps what it had, and a save is refused
        self.base, self.saved = current, True

    def draft_key(self) -> str:
        """The name the page keeps its unsaved draft under in the browser: one per file
        (and one for the new board of this folder), never the path itself."""
        where = str(self.path) if self.path is not None else f"{self.folder}/(new board)"
        return content_hash(where.encode("utf-8", "surrogateescape"))[:32]

    def state(self) -> dict[str, Any]:
        with self.lock:
            self._refresh()
            _, display = self.target(self.doc or {})
            doc, base, saved, opened = self.doc, self.base, self.saved, self.path is not None
            draft_key = self.draft_key()
        return {"doc": doc, "file": display, "opened": opened, "base": base,
                "draft_key": draft_key,
                "saved": saved, **page_parts(), "profiles": list(PROFILES),
                "builtins": [{"name": i.name, "edition": i.edition, "title": i.title}
                             for i in list_layouts()],
                "can_generate": True}

    def version(self, body: Mapping[str, Any]) -> dict[str, Any]:
        """Whether the session's file still holds the version the page is based on
        (``base``): the page asks on focus, so a file edited on disk (by a text editor
        or another tab) is noticed and offered for reload before any save."""
        base = save_base(body)
        with self.lock:
            if self.path is None:
                return {"file": self.target(self.doc or {})[1], "current": None,
                        "changed": False}
            display = self.display or self.path.name
            try:
                found = _read_version(self.path, display)
            except RequestError as err:
                return {"file": display, "current": None, "changed": True,
                        "problem": str(err)}
        current = None if found is None else found[1]
        return {"file": display, "current": current, "changed": current != base}

    # The API --------------------------------------------------------------------------

    def api(self, route: str, body: dict[str, Any]) -> tuple[str, bytes]:
        """Answer one POST: ``(content type, body)``; raises :class:`KokError` and
        :class:`RequestError` for the page to show."""
        if route == "state":
            return _json(self.state())
        if route == "start":
            return self._start(body)
        if route == "version":
            return _json(self.version(body))
        if route == "generate":
            return self._generate(body)
        if route not in _DOCUMENT_ROUTES:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no such action {shown(route, 60)!r}")
        doc = check_document(body.get("doc"))
        if route == "resize":
            return _json({"doc": resize(doc, _int(body, "width"), _int(body, "height"))})
        if route == "edit":
            return _json({"doc": edit(doc, _text(body, "op"), _int(body, "at"))})
        if route == "save":
            return self._save(doc, body)
        _, display = self.target(doc)
        text = to_yaml(doc, self.original)
        if route == "validate":
            result = validate(text, display, _profile(body))
            return _json({"file": display, "problems": list(result.lines),
                          "places": [list(place) for place in result.places],
                          "valid": result.valid, "yaml": text})
        if route == "yaml":
            return "application/x-yaml; charset=utf-8", text.encode("utf-8")
        sheet = validate(text, display).sheet
        if sheet is None:
            raise DesignError("the board has problems that stop it from being drawn; "
                              "fix those listed first")
        if route == "preview":
            return "image/png", render_png(sheet, PREVIEW_DPI)
        if route == "pdf":
            return "application/pdf", render_pdf([sheet], PrintOptions())
        return self._check(sheet, body)

    def _start(self, body: dict[str, Any]) -> tuple[str, bytes]:
        how = body.get("from")
        original: str | None = None
        if how == "size":
            doc = new_document(str(body.get("edition")), _int(body, "width"),
                               _int(body, "height"))
        elif how == "builtin":
            doc, original = builtin_document(_text(body, "name"))
        elif how == "generate":
            doc = generated_document(str(body.get("edition")), _int(body, "width"),
                                     _int(body, "height"), _int(body, "seed"))
        elif how == "search":  # the board a finished balanced search found
            search = self.search_state(_text(body, "id"))
            if search.doc is None:
                raise DesignError(search.error or "the search has not finished yet")
            doc = copy_document(search.doc)
        else:
            raise DesignError("start from a size, a built-in or a generated board")
        with self.lock:
            self.doc, self.saved = doc, False
            if self.path is not None and os.path.lexists(self.path):
                # A new board never saves over the file that was open: it gets a new name.
                self.path = self.display = self.base = None
            if self.path is None:
                self.original = original
        return _json(self.state())

    def _save(self, doc: Document, body: Mapping[str, Any]) -> tuple[str, bytes]:
        base = save_base(body)
        overwrite = _is_bool(body, "overwrite")
        as_new = _is_bool(body, "as_new")
        if as_new and (overwrite or base is not None):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: a save as a new file "
                               "has base null and never overwrites")
        expected = None if as_new else body.get("file")
        with self.lock:
            path, display = self.target(doc, overwrite, as_new)
            with saves_in(path.parent):
                return self._save_to(path, display, doc, base, overwrite, expected)

    def _save_to(self, path: Path, display: str, doc: Document, base: str | None,
                 overwrite: bool, expected: Any) -> tuple[str, bytes]:
        """The save of :meth:`_save` under its locks: refused with 409 unless the file
        holds the version ``base`` it replaces (and is the file the page meant)."""
        if expected is not None and expected != display:
            version = _read_version(path, display)
            raise RequestError(HTTPStatus.CONFLICT, f"this board now saves to "
                               f"{shown(display)}, not {shown(str(expected), 60)} "
                               "(another tab started or saved a board); nothing was "
                               "written", {"conflict": {
                                   "file": display, "base": base,
                                   "current": None if version is None else version[1]}})
        # A file this session read or wrote; any other taken name needs overwrite.
        known = path == self.path and self.base is not None
        version = _read_version(path, display)
        current = None if version is None else version[1]
        if current != base:
            if current is None:
                raise _conflict(display, "the file is gone since this page read it",
                                base, None)
            said = "this page read it" if base else "this page started the board"
            raise _conflict(display, f"the file changed since {said} (saved by "
                            "another tab or program)", base, current)
        text = to_yaml(doc, self.original)
        data = text.encode("utf-8")
        if current is None:
            if not write_new_file(path, data):
                raise _conflict(display, "another program created the file a moment "
                                "ago", base, None)
        else:
            if not known:
                self._may_take(path, display, overwrite)
            write_atomically(path, data)
        self.path, self.display, self.base = path, display, content_hash(data)
        self.original, self.doc, self.saved = text, doc, True
        draft_key = self.draft_key()
        return _json({"file": display, "bytes": len(data), "base": self.base,
                      "draft_key": draft_key})

    def _may_take(self, path: Path, display: str, overwrite: bool) -> None:
        """Refuse to write over a taken name in the working directory unless the save
        says so, and then only a regular file that stays inside the folder."""
        if not overwrite:
            raise _conflict(display, "a file has this name already; say overwrite to "
                            "replace it", None, None)
        final = Path(os.path.realpath(path))
        if final.parent != self.folder:
            raise RequestError(HTTPStatus.FORBIDDEN, f"refused: {shown(display)} leads "
                               "outside the working directory; nothing was written")

    def _check(self, sheet: Sheet, body: dict[str, Any]) -> tuple[str, bytes]:
        games = _int(body, "games")
        players = _int(body, "players")
        if games not in limits.DESIGN_CHECK_GAMES:
            raise DesignError(f"games is {games}; use {limits.DESIGN_CHECK_GAMES} here "
                              "(kok check on the command line runs more)")
        most = edition_of(sheet).players.high
        if not 1 <= players <= most:
            raise DesignError(f"players is {players}; use 1 (solo) to {most}")
        with self.lock:
            if self.job is not None and not self.job.finished:
                raise DesignError("a check is already running; wait for it to finish")
            job = self.job = CheckJob(secrets.token_hex(8))
        thread = threading.Thread(target=_run_check, args=(job, sheet, games, players),
                                  name=f"kok-check-{job.id}", daemon=True)
        thread.start()
        return _json(job.state())

    def _generate(self, body: dict[str, Any]) -> tuple[str, bytes]:
        """Start a balanced search (``kok generate --balanced``) in a thread."""
        edition = str(body.get("edition"))
        if edition not in EDITIONS:
            raise DesignError(f"unknown edition {shown(edition, 40)!r}; use "
                              f"{', '.join(EDITIONS)}")
        width, height, seed = _int(body, "width"), _int(body, "height"), _int(body, "seed")
        seconds = _int(body, "seconds")
        if seconds not in limits.DESIGN_BALANCE_SECONDS:
            raise DesignError(f"seconds is {seconds}; use {limits.DESIGN_BALANCE_SECONDS}")
        if seed not in limits.SEED:
            raise DesignError(f"seed is {seed}; use {limits.SEED}")
        new_document(edition, width, height)  # the size is refused here, before the search
        with self.lock:
            if self.search is not None and not self.search.finished:
                raise DesignError("a search is already running; wait for it to finish")
            job = self.search = GenerateJob(secrets.token_hex(8))
        thread = threading.Thread(target=_run_generate,
                                  args=(job, edition, width, height, seed, float(seconds)),
                                  name=f"kok-generate-{job.id}", daemon=True)
        thread.start()
        return _json(job.state())

    def search_state(self, job_id: str) -> GenerateJob:
        job = self.search
        if job is None or not hmac.compare_digest(job.id.encode(), job_id.encode()):
            raise RequestError(HTTPStatus.NOT_FOUND, "no such search; start one")
        return job

    def check_state(self, job_id: str) -> CheckJob:
        job = self.job
        if job is None or not hmac.compare_digest(job.id.encode(), job_id.encode()):
            raise RequestError(HTTPStatus.NOT_FOUND, "no such check; start one")
        return job


_DOCUMENT_ROUTES = ("resize", "edit", "save", "validate", "yaml", "preview", "pdf", "check")
"""The actions that take a board (``doc``) and do something with it."""


def _run_check(job: CheckJob, sheet: Sheet, games: int, players: int) -> None:
    def reporter(phase: str) -> Callable[[int, int], None]:
        def progress(done: int, total: int) -> None:
            job.phase, job.done, job.total = phase, done, total
        return progress

    # Newer versions of check report the exact search and the reference games too.
    accepted = inspect.signature(check).parameters
    phases = (("search_progress", "exact search"), ("reference_progress", "reference games"))
    extra: dict[str, Any] = {name: reporter(phase) for name, phase in phases
                             if name in accepted}
    with _reported(job, "the check"):
        report = check(sheet, games, players, seed=1, progress=reporter("games"), **extra)
        data = report.as_dict()
        job.text = text_report(report)
        if report.summary is not None:
            job.chart = render_report(data, png=True, dpi=CHART_DPI)
        job.report = json.loads(json.dumps(data, default=str))


def _json(value: Any) -> tuple[str, bytes]:
    return "application/json", json.dumps(value, default=str).encode("utf-8")


def _int(body: Mapping[str, Any], key: str) -> int:
    """A whole number the page sent: a JSON number, or the text of a field in ASCII
    digits (:func:`kok_layouts.limits.parse_whole`)."""
    value = body.get(key)
    if type(value) is int:
        return value
    if not isinstance(value, str):
        raise DesignError(f"{key} must be a whole number")
    try:
        return limits.parse_whole(value, key)
    except KokError as err:
        raise DesignError(f"{key} must be a whole number: {err}") from None


def _text(body: Mapping[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str):
        raise DesignError(f"{key} must be text")
    return value


def _profile(body: Mapping[str, Any]) -> Profile:
    profile = body.get("profile", "basic")
    if not isinstance(profile, str) or profile not in PROFILES:
        raise DesignError(f"unknown profile '{shown(str(profile), 40)}'; use "
                          f"{', '.join(PROFILES)}")
    result: Profile = profile
    return result


class DesignServer(GuardedServer):
    """The HTTP server of one designer session."""

    name = "kok design"

    def __init__(self, designer: Designer, host: str = "127.0.0.1", port: int = 0) -> None:
        self.designer = designer
        super().__init__(host, port, _Handler)
        # Cookies do not keep ports apart: each server has its own cookie name.
        self.cookie_name = f"{TOKEN_COOKIE}_{self.port}"

    @property
    def url(self) -> str:
        """The address to open, with the token."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/?token={self.designer.token}"


class _Handler(GuardedHandler):
    server: DesignServer
    server_version = "kok-design"
    headers_sent = security_headers("'self' blob: data:")
    token_refusal = "refused: this needs the access token; open the URL kok design printed"
    methods_refusal = "the designer answers GET, HEAD and POST only"

    def _authorised(self, query: Mapping[str, list[str]]) -> str | None:
        """The designer's token, in the address or the token header (one of them), or in
        the page's cookie; ``None`` if the request has none of them right."""
        offered = self._offered_tokens(query)
        cookie = http.cookies.SimpleCookie()
        with contextlib.suppress(http.cookies.CookieError):
            cookie.load(self.headers.get("Cookie", ""))
        name = self.server.cookie_name
        if name in cookie:
            offered.append(cookie[name].value)
        token = self.server.designer.token
        expected = token.encode()
        accepted = any(o and hmac.compare_digest(o.encode("utf-8", "replace"), expected)
                       for o in offered)
        return token if accepted else None

    def _get(self, query: dict[str, list[str]]) -> None:
        route = self._route()
        designer = self.server.designer
        if route == "/" and "token" in query:
            # Swap the token in the address for a cookie, and drop it from the address bar.
            cookie = (f"{self.server.cookie_name}={designer.token}; Path=/; HttpOnly; "
                      "SameSite=Strict")
            self._send(HTTPStatus.SEE_OTHER, "text/plain", b"",
                       {"Location": "/", "Set-Cookie": cookie})
            return
        if route == "/":
            route = "/index.html"
        if route.startswith("/api/generate/"):
            search = designer.search_state(route.removeprefix("/api/generate/"))
            self._send(HTTPStatus.OK, "application/json",
                       json.dumps(search.state()).encode("utf-8"))
            return
        if route.startswith("/api/check/"):
            name = route.removeprefix("/api/check/")
            job_id, _, kind = name.partition(".")
            job = designer.check_state(job_id)
            if kind in _CHART_KINDS:
                content_type, data = job.chart_as(kind)
                self._send(HTTPStatus.OK, content_type, data, {
                    "Content-Disposition": f'attachment; filename="check-{job.id}.{kind}"'}
                    if "download" in urlsplit(self.path).query.split("&") else None)
            elif kind:
                raise RequestError(HTTPStatus.NOT_FOUND, f"no chart as {shown(kind, 20)}")
            else:
                self._send(HTTPStatus.OK, "application/json",
                           json.dumps(job.state()).encode("utf-8"))
            return
        name = route.lstrip("/")
        static = resources.files("kok_layouts.design") / "static"
        if not re.fullmatch(r"[a-z][a-z0-9-]*\.(html|js|css)", name) or \
                not (static / name).is_file():
            raise RequestError(HTTPStatus.NOT_FOUND, f"no page {shown(route, 60)}")
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        charset = "; charset=utf-8"
        self._send(HTTPStatus.OK, kind + charset, (static / name).read_bytes())

    def _post(self, query: dict[str, list[str]]) -> None:
        body = self._body()
        route = self._route()
        if not route.startswith("/api/"):
            raise RequestError(HTTPStatus.NOT_FOUND, f"no action {shown(route, 60)}")
        action = route.removeprefix("/api/")
        content_type, data = self.server.designer.api(action, body)
        extra: dict[str, str] = {}
        if action in _DOWNLOADS:
            name = f"{self.server.designer.download_stem(body)}.{_DOWNLOADS[action]}"
            extra["Content-Disposition"] = f'attachment; filename="{name}"'
        self._send(HTTPStatus.OK, content_type, data, extra)


_DOWNLOADS = {"yaml": "yaml", "pdf": "pdf"}
_CHART_KINDS = ("png", "pdf", "svg")
"""The forms a check's charts are served in."""
"""The actions whose answer the page saves as a file, and the file's extension."""


def serve(designer: Designer, host: str = "127.0.0.1", port: int = 0) -> DesignServer:
    """A server for ``designer`` bound to ``host``:``port`` (0: any free port), not yet
    serving; call ``serve_forever()`` (or run it in a thread, as the tests do)."""
    return DesignServer(designer, host, port)

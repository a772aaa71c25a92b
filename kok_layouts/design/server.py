"""The designer's web server: the standard library's ``ThreadingHTTPServer`` with the
guards a local notebook server has.

- It listens on loopback unless told otherwise.
- Every request carries a random token: the URL printed at start has it as ``?token=``;
  the first page load turns it into a same-site cookie, and the page sends it as the
  ``X-Kok-Token`` header on every API call.
- The ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body, so another site's form or script cannot
  drive it.
- Bodies are at most :data:`MAX_BODY` bytes (``limits.HTTP_BODY_BYTES``); each client gets at most
  :data:`RATE_BURST` requests at once and :data:`RATE_PER_SECOND` a second after that.
- The server writes only the file it was opened with, or a new file in the working
  directory named after the board; the page never sends a path.
- Every error reaches the page as one line of JSON ``{"error": "..."}``.
"""

from __future__ import annotations

import contextlib
import hmac
import http.cookies
import inspect
import json
import mimetypes
import re
import secrets
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from kok_layouts import limits
from kok_layouts.analysis.check import check, text_report
from kok_layouts.design.document import (
    DesignError,
    Document,
    builtin_document,
    check_document,
    new_document,
    read_document,
    resize,
    to_yaml,
    validate,
)
from kok_layouts.editions import EDITIONS, edition_of, get_edition
from kok_layouts.errors import GenerateError, KokError, LayoutError
from kok_layouts.generator.board import generate
from kok_layouts.model.checks import PROFILES, Profile
from kok_layouts.model.loader import list_layouts
from kok_layouts.model.sheet import Sheet
from kok_layouts.model.writer import layout_mapping
from kok_layouts.output import write_atomically
from kok_layouts.render.document import PrintOptions, render_pdf, render_png, render_report

MAX_BODY = limits.HTTP_BODY_BYTES
DRAIN_LIMIT = 4 * MAX_BODY
RATE_BURST = 60
RATE_PER_SECOND = 20.0
PREVIEW_DPI = 60
TOKEN_COOKIE = "kok_design_token"
TOKEN_HEADER = "X-Kok-Token"
_SAFE_NAME = re.compile(r"[^a-z0-9_-]+")


class RequestError(Exception):
    """A request the server refuses, with the HTTP status and the one line the page shows."""

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status


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


def generated_document(edition: str, width: int, height: int, seed: int) -> Document:
    """A new board from the generator (``kok generate``): the official profile at the
    edition's printed size, profile basic at any other size."""
    chosen = get_edition(edition)
    size = None if (width, height) == chosen.official_size else (width, height)
    try:
        board = generate(chosen.name, seed=seed, size=size)
    except GenerateError as err:
        raise DesignError(str(err)) from None
    return layout_mapping(board.sheet)


def page_parts() -> dict[str, Any]:
    """What the page needs to know before it draws any board: every edition's parts (its
    palette, tools, fields and their limits) and the limits of the start and check forms."""
    return {"editions": [edition.designer.as_dict(edition) for edition in EDITIONS.values()],
            "limits": limits.as_dict()}


@dataclass
class Designer:
    """What the server knows: the board's file, its document, and the running check."""

    folder: Path
    """The working directory: new files are written here and only here."""
    path: Path | None = None
    """The opened file, once there is one; saves go to it."""
    display: str | None = None
    """The opened file as the user named it, as ``kok validate`` would print it."""
    original: str | None = None
    """The text of the opened file, so a save keeps its comments."""
    doc: Document | None = None
    saved: bool = False
    """Whether ``doc`` is what the opened file holds."""
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    lock: threading.Lock = field(default_factory=threading.Lock)
    job: CheckJob | None = None

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
            raise DesignError(f"{target}: {err}") from None
        return designer

    def _open(self, target: str) -> None:
        path = Path(target)
        if path.is_file():
            try:
                data = path.read_bytes()
            except OSError as err:
                raise DesignError(f"cannot read: {err.strerror}") from None
            self.doc, self.original = read_document(data, target)
            self.path, self.display = path.resolve(), target
            self.saved = True
        elif target.endswith((".yaml", ".yml")):
            if not path.parent.resolve().is_dir():
                raise DesignError("no such folder to write the new board in")
            self.path, self.display = path.resolve(), target
        else:
            # The built-in's text is kept only for its comments: saves go to a new file.
            self.doc, self.original = builtin_document(target)

    # Where a save goes ---------------------------------------------------------------

    def target(self, doc: Mapping[str, Any]) -> tuple[Path, str]:
        """The file a save writes: the opened one, or a new one in the working directory
        named after the board (``my-board.yaml``, ``my-board-2.yaml`` if that exists)."""
        if self.path is not None:
            return self.path, self.display or self.path.name
        stem = _SAFE_NAME.sub("-", str(doc.get("name", "")).lower()).strip("-") or "board"
        candidate = f"{stem}.yaml"
        number = 1
        while (self.folder / candidate).exists():
            number += 1
            candidate = f"{stem}-{number}.yaml"
        return self.folder / candidate, candidate

    def state(self) -> dict[str, Any]:
        _, display = self.target(self.doc or {})
        return {"doc": self.doc, "file": display, "opened": self.path is not None,
                "saved": self.saved, **page_parts(), "profiles": list(PROFILES),
                "builtins": [{"name": i.name, "edition": i.edition, "title": i.title}
                             for i in list_layouts()],
                "can_generate": True}

    # The API --------------------------------------------------------------------------

    def api(self, route: str, body: dict[str, Any]) -> tuple[str, bytes]:
        """Answer one POST: ``(content type, body)``; raises :class:`KokError` and
        :class:`RequestError` for the page to show."""
        if route == "state":
            return _json(self.state())
        if route == "start":
            return self._start(body)
        doc = check_document(body.get("doc"))
        if route == "resize":
            return _json({"doc": resize(doc, _int(body, "width"), _int(body, "height"))})
        _, display = self.target(doc)
        text = to_yaml(doc, self.original)
        if route == "validate":
            result = validate(text, display, _profile(body))
            return _json({"file": display, "problems": list(result.lines),
                          "valid": result.valid})
        if route == "yaml":
            return "application/x-yaml; charset=utf-8", text.encode("utf-8")
        if route == "save":
            return self._save(doc, text)
        sheet = validate(text, display).sheet
        if sheet is None:
            raise DesignError("the board has problems that stop it from being drawn; "
                              "fix those listed first")
        if route == "preview":
            return "image/png", render_png(sheet, PREVIEW_DPI)
        if route == "pdf":
            return "application/pdf", render_pdf([sheet], PrintOptions())
        if route == "check":
            return self._check(sheet, body)
        raise RequestError(HTTPStatus.NOT_FOUND, f"no such action {route!r}")

    def _start(self, body: dict[str, Any]) -> tuple[str, bytes]:
        how = body.get("from")
        original: str | None = None
        if how == "size":
            doc = new_document(str(body.get("edition")), _int(body, "width"),
                               _int(body, "height"))
        elif how == "builtin":
            doc, original = builtin_document(str(body.get("name")))
        elif how == "generate":
            doc = generated_document(str(body.get("edition")), _int(body, "width"),
                                     _int(body, "height"), _int(body, "seed"))
        else:
            raise DesignError("start from a size, a built-in or a generated board")
        with self.lock:
            self.doc, self.saved = doc, False
            if self.path is None or not self.path.exists():
                self.original = original if how == "builtin" else None
        return _json(self.state())

    def _save(self, doc: Document, text: str) -> tuple[str, bytes]:
        with self.lock:
            path, display = self.target(doc)
            write_atomically(path, text.encode("utf-8"))
            if self.path is None:
                self.path, self.display = path, display
            self.original, self.doc, self.saved = text, doc, True
        return _json({"file": display, "bytes": len(text.encode("utf-8"))})

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

    def check_state(self, job_id: str) -> CheckJob:
        job = self.job
        if job is None or not hmac.compare_digest(job.id, job_id):
            raise RequestError(HTTPStatus.NOT_FOUND, "no such check; start one")
        return job


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
    try:
        report = check(sheet, games, players, seed=1, progress=reporter("games"), **extra)
        data = report.as_dict()
        job.text = text_report(report)
        if report.summary is not None:
            job.chart = render_report(data, png=True, dpi=80)
        job.report = json.loads(json.dumps(data, default=str))
    except KokError as err:
        job.error = str(err).splitlines()[0]
    except Exception as err:  # one line in the page, never a stack trace
        job.error = f"the check failed: {type(err).__name__}: {err}".splitlines()[0]
    finally:
        job.finished = True


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


def _profile(body: Mapping[str, Any]) -> Profile:
    profile = body.get("profile", "basic")
    if profile not in PROFILES:
        raise DesignError(f"unknown profile {profile!r}; use {', '.join(PROFILES)}")
    result: Profile = profile
    return result


class RateLimit:
    """A token bucket per client address: bursts of :data:`RATE_BURST`, then
    :data:`RATE_PER_SECOND` a second."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND) -> None:
        self.burst, self.per_second = burst, per_second
        self.buckets: dict[str, tuple[float, float]] = {}
        self.lock = threading.Lock()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            tokens, last = self.buckets.get(client, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.per_second)
            if tokens < 1.0:
                self.buckets[client] = (tokens, now)
                return False
            self.buckets[client] = (tokens - 1.0, now)
            return True


_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob: data:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _own_names() -> set[str]:
    """This computer's host names and addresses, as another computer's browser names it."""
    names = {socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = str(info[4][0])
            names.add(f"[{address}]" if ":" in address else address)
    return names


class DesignServer(ThreadingHTTPServer):
    """The HTTP server of one designer session."""

    daemon_threads = True

    def __init__(self, designer: Designer, host: str = "127.0.0.1", port: int = 0) -> None:
        self.designer = designer
        self.rate = RateLimit()
        super().__init__((host, port), _Handler)
        bound = self.server_address
        self.host, self.port = host, int(bound[1])
        names = {host, f"[{host}]", "127.0.0.1", "localhost", "[::1]"}
        if host in ("0.0.0.0", "::", ""):  # every address: this computer's names too
            names |= _own_names()
        self.allowed_hosts = {f"{name}:{self.port}" for name in names}
        # Cookies do not keep ports apart: each server has its own cookie name.
        self.cookie_name = f"{TOKEN_COOKIE}_{self.port}"

    @property
    def url(self) -> str:
        """The address to open, with the token."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}/?token={self.designer.token}"


class _Handler(BaseHTTPRequestHandler):
    server: DesignServer
    body_read = False
    server_version = "kok-design"
    timeout = 60  # seconds a connection may sit idle or trickle a request
    sys_version = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the URL and errors, not every request."""

    # Guards -------------------------------------------------------------------------------

    def _token_ok(self, query: dict[str, list[str]]) -> bool:
        token = self.server.designer.token
        offered = [*query.get("token", []), self.headers.get(TOKEN_HEADER, "")]
        cookie = http.cookies.SimpleCookie()
        with contextlib.suppress(http.cookies.CookieError):
            cookie.load(self.headers.get("Cookie", ""))
        name = self.server.cookie_name
        if name in cookie:
            offered.append(cookie[name].value)
        return any(o and hmac.compare_digest(o.encode(), token.encode()) for o in offered)

    def _guard(self, method: str) -> dict[str, list[str]]:
        if not self.server.rate.allow(self.client_address[0]):
            raise RequestError(HTTPStatus.TOO_MANY_REQUESTS,
                               "too many requests; wait a moment and try again")
        if self.headers.get("Host", "") not in self.server.allowed_hosts:
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: the Host header does not "
                               "name this server")
        query = parse_qs(urlsplit(self.path).query)
        if not self._token_ok(query):
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: this needs the access token; "
                               "open the URL kok design printed")
        if method == "POST":
            origin = self.headers.get("Origin")
            if origin is None or urlsplit(origin).netloc not in self.server.allowed_hosts:
                raise RequestError(HTTPStatus.FORBIDDEN,
                                   "refused: a request from another origin")
            if self.headers.get_content_type() != "application/json":
                raise RequestError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                                   "refused: send JSON")
        return query

    def _body(self) -> dict[str, Any]:
        length_text = self.headers.get("Content-Length")
        if length_text is None or not length_text.isdigit():
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "refused: the request has no length")
        length = int(length_text)
        if length > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"refused: the request is over {MAX_BODY // 1024} KiB")
        raw = self.rfile.read(length)
        self.body_read = True
        try:
            value = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not JSON") from None
        if not isinstance(value, dict):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not a JSON object")
        return value

    # Answers -------------------------------------------------------------------------------

    def _send(self, status: HTTPStatus, content_type: str, data: bytes,
              extra: Mapping[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**_SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _drain(self) -> None:
        """Read and drop a refused request's body (if it is not huge), so the client gets
        the answer instead of a reset connection while it is still sending."""
        length = self.headers.get("Content-Length", "")
        left = int(length) if length.isdigit() else 0
        if self.body_read or left > DRAIN_LIMIT:
            return
        with contextlib.suppress(OSError):
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)

    def _error(self, status: HTTPStatus, message: str) -> None:
        line = " ".join(message.split()) or "error"
        # A refused request's body may be unread: never read the next request from it.
        self.close_connection = True
        self._drain()
        self._send(status, "application/json", json.dumps({"error": line}).encode("utf-8"))

    def _handle(self, method: str) -> None:
        self.body_read = method != "POST"
        try:
            query = self._guard(method)
            if method == "POST":
                self._post(self._body())
            else:
                self._get(query)
        except RequestError as err:
            self._error(err.status, str(err))
        except LayoutError as err:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(err.problems[0]))
        except KokError as err:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(err).splitlines()[0])
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True
        except Exception as err:  # one line in the page; the details only on the terminal
            traceback.print_exc(file=sys.stderr)
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR,
                        f"internal error: {type(err).__name__}: {err}")

    def do_GET(self) -> None:
        self._handle("GET")

    def do_HEAD(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_OPTIONS(self) -> None:
        """No cross-origin preflight is ever granted."""
        self._error(HTTPStatus.FORBIDDEN, "refused: a request from another origin")

    def _get(self, query: dict[str, list[str]]) -> None:
        route = urlsplit(self.path).path
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
        if route.startswith("/api/check/"):
            job = designer.check_state(route.removeprefix("/api/check/").removesuffix(".png"))
            if route.endswith(".png"):
                if job.chart is None:
                    raise RequestError(HTTPStatus.NOT_FOUND, "the check has no chart")
                self._send(HTTPStatus.OK, "image/png", job.chart)
            else:
                self._send(HTTPStatus.OK, "application/json",
                           json.dumps(job.state()).encode("utf-8"))
            return
        name = route.lstrip("/")
        static = resources.files("kok_layouts.design") / "static"
        if not re.fullmatch(r"[a-z][a-z0-9-]*\.(html|js|css)", name) or \
                not (static / name).is_file():
            raise RequestError(HTTPStatus.NOT_FOUND, f"no page {route}")
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        charset = "; charset=utf-8"
        self._send(HTTPStatus.OK, kind + charset, (static / name).read_bytes())

    def _post(self, body: dict[str, Any]) -> None:
        route = urlsplit(self.path).path
        if not route.startswith("/api/"):
            raise RequestError(HTTPStatus.NOT_FOUND, f"no action {route}")
        content_type, data = self.server.designer.api(route.removeprefix("/api/"), body)
        self._send(HTTPStatus.OK, content_type, data)


def serve(designer: Designer, host: str = "127.0.0.1", port: int = 0) -> DesignServer:
    """A server for ``designer`` bound to ``host``:``port`` (0: any free port), not yet
    serving; call ``serve_forever()`` (or run it in a thread, as the tests do)."""
    return DesignServer(designer, host, port)

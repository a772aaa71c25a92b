"""``kok table``'s web server: one game, a page per seat, the host's page with the links.

The guards are the designer's (:mod:`kok_layouts.design.server`: its :class:`RateLimit`,
:class:`RequestError` and body limit are used as they are), with one token per seat:

- It listens on loopback unless told otherwise.
- Every seat has its own random token, in its link (``/?token=...``); the page sends it as
  the ``X-Kok-Token`` header with every call, and the server acts only for the seat the
  token belongs to (a request never names a seat). The host's token shows the links and
  acts for no seat. A token of another game, or none, is refused.
- The ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body of at most ``MAX_BODY`` bytes.
- Each client address gets at most ``RATE_BURST`` requests at once and
  ``RATE_PER_SECOND`` a second after that.
- Every error reaches the page as one line of JSON ``{"error": "..."}``.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sys
import traceback
from collections.abc import Mapping
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, urlsplit

from kok_layouts import limits
from kok_layouts.design.server import MAX_BODY, TOKEN_HEADER, RateLimit, RequestError
from kok_layouts.errors import KokError
from kok_layouts.table.qr import qr_svg
from kok_layouts.table.session import HOST, TableSession

SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
"""The page loads nothing from elsewhere, is framed by nobody and leaks no link."""

STATIC = re.compile(r"[a-z][a-z0-9-]*\.(js|css)")
KINDS = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This computer's address on its network, as a phone there would reach it: the
    address the system would send from (a UDP socket is connected, nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))
        return str(probe.getsockname()[0])
    return None


class TableServer(ThreadingHTTPServer):
    """The HTTP server of one table."""

    daemon_threads = True

    def __init__(self, session: TableSession, host: str = "127.0.0.1", port: int = 0,
                 rate: RateLimit | None = None) -> None:
        self.session = session
        self.rate = rate or RateLimit()
        super().__init__((host, port), TableHandler)
        self.host, self.port = host, int(self.server_address[1])
        names = {host, f"[{host}]", "127.0.0.1", "localhost", "[::1]"}
        self.public = host
        if host in EVERY_ADDRESS:
            found = lan_address()
            names |= {socket.gethostname(), socket.getfqdn()}
            if found:
                names.add(found)
            self.public = found or "127.0.0.1"
        self.allowed_hosts = {f"{name}:{self.port}" for name in names}

    def link(self, token: str) -> str:
        """The address of a page, with its token."""
        host = f"[{self.public}]" if ":" in self.public else self.public
        return f"http://{host}:{self.port}/?token={token}"

    @property
    def url(self) -> str:
        """The host's page."""
        return self.link(self.session.host_token)

    def seat_links(self) -> list[dict[str, Any]]:
        """Every seat's link and its QR code (an SVG), for the host's page and terminal."""
        return [{"name": seat.name, "bot": seat.bot, "link": self.link(seat.token),
                 "qr": None if seat.bot else qr_svg(self.link(seat.token))}
                for seat in self.session.seats]


class TableHandler(BaseHTTPRequestHandler):
    server: TableServer
    server_version = "kok-table"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = 60
    body_read = False
    wbufsize = -1
    """Buffered: the headers and the body leave in one packet, so a client's delayed
    acknowledgement never holds an answer back (40 ms per request on loopback otherwise)."""

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows the links and errors, not every request."""

    # -- guards ----------------------------------------------------------------------
    def _seat(self, query: Mapping[str, list[str]]) -> int:
        offered = [*query.get("token", []), self.headers.get(TOKEN_HEADER, "")]
        for token in offered:
            if token:
                seat = self.server.session.seat_of_token(token)
                if seat is not None:
                    return seat
        raise RequestError(HTTPStatus.FORBIDDEN, "refused: this link's token is not one of "
                           "this game's; open your seat's link again")

    def _guard(self, method: str) -> dict[str, list[str]]:
        if not self.server.rate.allow(self.client_address[0]):
            raise RequestError(HTTPStatus.TOO_MANY_REQUESTS,
                               "too many requests; wait a moment and try again")
        if self.headers.get("Host", "") not in self.server.allowed_hosts:
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: the Host header does not "
                               "name this server")
        if method == "POST":
            origin = self.headers.get("Origin")
            if origin is None or urlsplit(origin).netloc not in self.server.allowed_hosts:
                raise RequestError(HTTPStatus.FORBIDDEN, "refused: a request from another "
                                   "origin")
            if self.headers.get_content_type() != "application/json":
                raise RequestError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "refused: send JSON")
        return parse_qs(urlsplit(self.path).query)

    def _body(self) -> dict[str, Any]:
        length = self.headers.get("Content-Length", "")
        if not length.isdigit():
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "refused: the request has no length")
        if int(length) > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"refused: the request is over {MAX_BODY // 1024} KiB")
        raw = self.rfile.read(int(length))
        self.body_read = True
        try:
            value = json.loads(raw.decode("utf-8")) if raw else {}
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not JSON") from None
        if not isinstance(value, dict):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not a JSON object")
        return value

    # -- answers ---------------------------------------------------------------------
    def _send(self, status: HTTPStatus, kind: str, data: bytes,
              extra: Mapping[str, str] | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**SECURITY_HEADERS, **(extra or {})}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _json(self, value: Any) -> None:
        self._send(HTTPStatus.OK, "application/json", json.dumps(value).encode("utf-8"))

    def _error(self, status: HTTPStatus, message: str) -> None:
        self.close_connection = True
        if not self.body_read:
            length = self.headers.get("Content-Length", "")
            if length.isdigit() and int(length) <= 4 * MAX_BODY:
                with contextlib.suppress(OSError):
                    self.rfile.read(int(length))
        line = " ".join(message.split()) or "error"
        self._send(status, "application/json", json.dumps({"error": line}).encode("utf-8"))

    def _handle(self, method: str) -> None:
        self.body_read = method != "POST"
        try:
            query = self._guard(method)
            if method == "POST":
                self._post(self._seat(query), self._body())
            else:
                self._get(query)
        except RequestError as err:
            self._error(err.status, str(err))
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
        static = resources.files("kok_layouts.table") / "static"
        if route == "/":
            self._seat(query)
            self._send(HTTPStatus.OK, "text/html; charset=utf-8",
                       (static / "index.html").read_bytes())
            return
        name = route.lstrip("/")
        if STATIC.fullmatch(name) and (static / name).is_file():
            self._send(HTTPStatus.OK, KINDS[name.rsplit(".", 1)[1]], (static / name).read_bytes())
            return
        seat = self._seat(query)
        session = self.server.session
        if route == "/api/state":
            since = _number(query, "since")
            known = query.get("version", [""])[0]
            if known.isdigit():
                session.wait(int(known), limits.TABLE_WAIT_SECONDS, seat)
            view = session.view(seat, since)
            if "sheet" in query:
                view["sheet"] = session.sheet_json()
            if seat == HOST:
                view["links"] = self.server.seat_links()
            self._json(view)
            return
        if route == "/api/sheets.pdf":
            from kok_layouts.table.printing import sheets_pdf

            lang = query.get("lang", ["en"])[0]
            self._send(HTTPStatus.OK, "application/pdf", sheets_pdf(session.game, lang),
                       {"Content-Disposition": 'attachment; filename="kok-table-sheets.pdf"'})
            return
        raise RequestError(HTTPStatus.NOT_FOUND, f"no page {route}")

    def _post(self, seat: int, body: dict[str, Any]) -> None:
        route = urlsplit(self.path).path
        session = self.server.session
        action = body.get("action")
        if route != "/api/act" or not isinstance(action, str):
            raise RequestError(HTTPStatus.NOT_FOUND, "no such action")
        if "seat" in body:
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: a request acts for the seat "
                               "of its token and names no seat")
        end = body.get("end") is True
        if action == "choose":
            session.choose(seat, _text(body, "key", optional=True),
                           cells=_texts(body, "cells"), special=_text(body, "special",
                                                                       optional=True),
                           bombs=_texts(body, "bombs"), end=end)
        elif action == "pass":
            session.pass_turn(seat, end=end)
        elif action == "end":
            session.end_turn(seat)
        elif action == "undo":
            session.undo(seat)
        elif action == "throw":
            numbers = body.get("numbers", [])
            if not isinstance(numbers, list) or len(numbers) > limits.TABLE_SEAT_WORDS:
                raise RequestError(HTTPStatus.BAD_REQUEST, "numbers is a list of faces")
            session.throw(seat, _texts(body, "colours"),
                          [n if type(n) is int else str(n) for n in numbers],
                          _text(body, "special", optional=True))
        elif action in ("replace", "skip"):
            if seat != HOST:
                raise RequestError(HTTPStatus.FORBIDDEN, "only the host's page does that")
            target = body.get("target")
            if type(target) is not int or not 0 <= target < len(session.seats):
                raise RequestError(HTTPStatus.BAD_REQUEST, "target is a seat number")
            if action == "skip":
                session.skip(target)
            else:
                session.replace_by_bot(target, _text(body, "bot", optional=True) or "greedy")
        else:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no action {action[:40]!r}")
        self._json({"version": session.version})


def _number(query: Mapping[str, list[str]], key: str) -> int:
    text = query.get(key, ["0"])[0]
    return int(text) if text.isdigit() and len(text) < 10 else 0


def _text(body: Mapping[str, Any], key: str, *, optional: bool = False) -> str | None:
    value = body.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > 200:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"{key} is a short text")
    return value


def _texts(body: Mapping[str, Any], key: str) -> list[str]:
    value = body.get(key, [])
    if not isinstance(value, list) or len(value) > limits.TABLE_SEAT_WORDS \
            or not all(isinstance(v, str) and len(v) <= 40 for v in value):
        raise RequestError(HTTPStatus.BAD_REQUEST, f"{key} is a list of short texts")
    return value


def serve(session: TableSession, host: str = "127.0.0.1", port: int = 0,
          rate: RateLimit | None = None) -> TableServer:
    """A server for ``session`` bound to ``host``:``port`` (0: any free port), not yet
    serving; call ``serve_forever()`` (or run it in a thread, as the tests do)."""
    return TableServer(session, host, port, rate)

"""The guards of kok's local web servers (``kok design`` and ``kok table``), written once.

Both are the standard library's ``ThreadingHTTPServer`` with a handler built on
:class:`GuardedHandler`, which gives every request the same treatment:

- a header that counts once (``Host``, ``Origin``, ``Content-Length``, ...) sent twice, a
  request line naming another host or an HTTP version other than 1.x is refused;
- a request carries at most one token (in the address or the token header, not both);
- each token gets at most :data:`RATE_BURST` requests at once and :data:`RATE_PER_SECOND`
  a second after that, so people who share a browser or an address each have their own
  budget; requests without a valid token share one budget per client address (a program
  that guesses never uses up a token holder's);
- the ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body of at most :data:`MAX_BODY` bytes, read
  bounded (nesting, digits) before it is built (:func:`parse_body`);
- every answer carries the security headers (the page loads nothing from elsewhere, is
  framed by nobody and leaks no link), every refusal is one line of JSON
  ``{"error": "..."}``, an unexpected failure too (:func:`failure`), never a traceback;
  the next request is served.

A server says what its handler accepts as a token and what it answers
(:meth:`GuardedHandler._authorised`, :meth:`~GuardedHandler._get`,
:meth:`~GuardedHandler._post`).
"""

from __future__ import annotations

import contextlib
import json
import math
import re
import socket
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import accumulate
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from kok_layouts import limits
from kok_layouts.errors import KokError, LayoutError, shown

MAX_BODY = limits.HTTP_BODY_BYTES
DRAIN_LIMIT = 4 * MAX_BODY
"""A refused request's body up to this size is read and dropped, so the client sees the
answer; a larger one is left and the connection closed."""
RATE_BURST = 60
RATE_PER_SECOND = 20.0
TOKEN_HEADER = "X-Kok-Token"
EVERY_ADDRESS = ("0.0.0.0", "::", "")
LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""The names of this computer alone: a server listening on one is out of other computers' reach."""
"""Host names that make a server listen on every address of this computer."""


class RequestError(Exception):
    """A request the server refuses, with the HTTP status, the one line the page shows and
    any facts the page needs besides (a conflict's file and versions)."""

    def __init__(self, status: HTTPStatus, message: str,
                 details: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.details = dict(details or {})


class RateLimit:
    """A token bucket per client (a seat's token, or the address of a client without
    one): bursts of :data:`RATE_BURST`, then :data:`RATE_PER_SECOND` a second."""

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


def security_headers(images: str) -> dict[str, str]:
    """The headers of every answer: the page loads nothing from elsewhere (images only
    from ``images`` besides itself), is framed by nobody and leaks no link."""
    return {
        "Content-Security-Policy": f"default-src 'self'; img-src {images}; style-src 'self'; "
                                   "script-src 'self'; connect-src 'self'; "
                                   "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "Cache-Control": "no-store",
    }


def own_names() -> set[str]:
    """This computer's host names and addresses, as another computer's browser names it."""
    names = {socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = str(info[4][0])
            names.add(f"[{address}]" if ":" in address else address)
    return names


def log_line(line: str) -> None:
    """A server's log: one line on standard error."""
    if sys.stderr is not None:
        print(line, file=sys.stderr, flush=True)


def failure(error: BaseException | None) -> str:
    """An unexpected error as one line: its type, its message and where it was raised."""
    if error is None:
        return "internal error"
    trace = error.__traceback__
    while trace is not None and trace.tb_next is not None:
        trace = trace.tb_next
    where = (f" at {Path(trace.tb_frame.f_code.co_filename).name}:{trace.tb_lineno}"
             if trace is not None else "")
    return f"internal error: {type(error).__name__}{where}: {shown(str(error), 160)}"


# Reading a request's JSON body: bounded before it is built ---------------------------------

_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


def json_depth(raw: bytes) -> int:
    """How deeply the JSON text ``raw`` nests (strings skipped), counted without parsing."""
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    steps = (1 if byte in b"[{" else -1 for byte in brackets)
    return max(accumulate(steps, initial=0))


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > limits.HTTP_JSON_DIGITS:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: a number of "
                           f"{len(text.lstrip('-')):,} digits; numbers here have at most "
                           f"{limits.HTTP_JSON_DIGITS}")
    return int(text)


def _real_number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 2 * limits.HTTP_JSON_DIGITS:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: the number "
                           f"{shown(text, 40)} is out of range")
    return value


def _no_constant(text: str) -> None:
    raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {text} is not a JSON number")


def parse_body(raw: bytes) -> dict[str, Any]:
    """A request's body as a JSON object, or :class:`RequestError` (400) for anything else:
    not UTF-8, not JSON, nested deeper than ``limits.HTTP_JSON_DEPTH``, a number of more
    than ``limits.HTTP_JSON_DIGITS`` digits, ``NaN`` or infinities, or text that is not
    Unicode (a lone surrogate)."""
    if not raw:
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not UTF-8") from None
    depth = json_depth(raw)
    if depth > limits.HTTP_JSON_DEPTH:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: the body nests {depth:,} "
                           f"levels deep; at most {limits.HTTP_JSON_DEPTH}")
    try:
        value = json.loads(text, parse_int=_whole_number, parse_float=_real_number,
                           parse_constant=_no_constant)
    except (json.JSONDecodeError, RecursionError):
        raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not JSON") from None
    if not isinstance(value, dict):
        raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is not a JSON object")
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body has text that is not "
                           "Unicode (a lone surrogate)") from None
    result: dict[str, Any] = value
    return result


# Values in requests: one strict rule --------------------------------------------------------

_QUERY_WHOLE = re.compile(r"[0-9]{1,9}")
"""A whole number in an address: ASCII digits only (``²`` and ``٣`` are digits to Python,
not to a request), at most nine of them."""


def query_value(query: Mapping[str, list[str]], key: str) -> str | None:
    """The one value of ``key`` in a request's address, ``None`` without it; a key given
    twice is refused (it would be open which one counts)."""
    values = query.get(key)
    if values is None:
        return None
    if len(values) != 1:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is given "
                           f"{len(values)} times; give it once")
    return values[0]


def query_whole(query: Mapping[str, list[str]], key: str, default: int) -> int:
    """A whole number from 0 in a request's address (``default`` without it): ASCII
    digits, nothing else."""
    text = query_value(query, key)
    if text is None:
        return default
    if not _QUERY_WHOLE.fullmatch(text):
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is a whole "
                           f"number in digits 0-9 (at most 9), not {shown(text, 20)!r}")
    return int(text)


def body_flag(body: Mapping[str, Any], key: str) -> bool:
    """A yes or no in a request's body: JSON ``true`` or ``false`` (``false`` without
    it); ``"yes"``, ``1`` or ``null`` is refused, never read as one or the other."""
    value = body.get(key, False)
    if type(value) is not bool:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is true or "
                           "false")
    return value


def body_whole(body: Mapping[str, Any], key: str, low: int = 0,
               high: int = 10**9) -> int:
    """A whole number from ``low`` to ``high`` in a request's body: a JSON integer (not
    ``true``, ``2.0`` or ``"2"``); required."""
    value = body.get(key)
    if type(value) is not int or not low <= value <= high:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is a whole "
                           f"number from {low} to {high}")
    return value


def body_text(body: Mapping[str, Any], key: str, *, longest: int = 200,
              optional: bool = False) -> str | None:
    """A text in a request's body of 1 to ``longest`` characters (``None`` if optional
    and absent); an empty text is refused, never read as absent."""
    if optional and key not in body:
        return None
    value = body.get(key)
    if not isinstance(value, str) or not 0 < len(value) <= longest:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is a text of "
                           f"1 to {longest} characters")
    return value


def body_name(body: Mapping[str, Any], key: str, names: Sequence[str],
              default: str | None = None) -> str:
    """One of ``names`` in a request's body (``default`` without it, if there is one);
    anything else is refused with the names there are."""
    if key not in body and default is not None:
        return default
    value = body.get(key)
    if not isinstance(value, str) or value not in names:
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is one of "
                           f"{', '.join(names)}")
    return value


def body_texts(body: Mapping[str, Any], key: str, *, most: int,
               longest: int = 40) -> list[str]:
    """A list of at most ``most`` texts of 1 to ``longest`` characters in a request's
    body (empty without it)."""
    value = body.get(key, [])
    if not isinstance(value, list) or len(value) > most or not all(
            isinstance(v, str) and 0 < len(v) <= longest for v in value):
        raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {shown(key, 20)} is a list of "
                           f"at most {most} texts of 1 to {longest} characters")
    return list(value)


# The server and its handler -----------------------------------------------------------------


class GuardedServer(ThreadingHTTPServer):
    """A ``ThreadingHTTPServer`` that knows the names it answers to, its clients' rate
    budget and its open connections, and logs one line per failure."""

    daemon_threads = True
    name = "kok"
    """How the server's log lines begin."""
    log_refusals = True
    """Whether every refused request gets a line in the log (an internal error always does)."""

    def __init__(self, host: str, port: int, handler: type[GuardedHandler],
                 rate: RateLimit | None = None, names: set[str] | None = None) -> None:
        self.rate = rate or RateLimit()
        self.log: Callable[[str], None] = log_line
        """Where the server writes its log lines (tests collect them)."""
        self.connections: set[Any] = set()
        self.connections_lock = threading.Lock()
        super().__init__((host, port), handler)
        self.host, self.port = host, int(self.server_address[1])
        known = {host, f"[{host}]", "127.0.0.1", "localhost", "[::1]", *(names or ())}
        if host in EVERY_ADDRESS:  # every address: this computer's names too
            known |= own_names()
        self.allowed_hosts = {f"{name}:{self.port}" for name in known}

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.connections_lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        """Stop listening and end every open connection too (a page's keep-alive one),
        so a stopped server answers nothing, as when its process ends."""
        super().server_close()
        with self.connections_lock:
            still_open = list(self.connections)
        for connection in still_open:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A failure outside any request's own handling: one line, never a traceback. A
        client that went away (a closed tab, a phone out of reach, or this server ending
        its connections as it stops) is no failure of the server's and gets no line: it
        was logged as an internal error, after the server had stopped too."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            self.log(f"{self.name}: {failure(error)}")


_SINGLE_HEADERS = ("Host", "Origin", "Content-Length", "Content-Type", TOKEN_HEADER, "Cookie")
"""Headers a request may send once only: two of them would leave it open which one counts."""


class GuardedHandler(BaseHTTPRequestHandler):
    """A request handler with the guards of the module docstring; a server's handler says
    which tokens it accepts (:meth:`_authorised`) and answers in :meth:`_get` and
    :meth:`_post`."""

    server: GuardedServer
    body_read = False
    timeout = 60  # seconds a connection may sit idle or trickle a request
    sys_version = ""
    protocol_version = "HTTP/1.1"
    headers_sent: Mapping[str, str] = security_headers("'self' data:")
    """The headers of every answer (:func:`security_headers`)."""
    token_required = True
    """Whether every request needs a valid token (else the routes ask for one)."""
    token_refusal = "refused: this needs the access token"
    methods_refusal = "the server answers GET, HEAD and POST only"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows refused requests (:meth:`_log`), not every request."""

    def _log(self, status: int, line: str) -> None:
        if not self.server.log_refusals and status < 500:
            return
        method = shown(str(getattr(self, "command", "") or "-"), 12)
        target = shown(str(getattr(self, "path", "") or "-"), 80)
        self.server.log(f"{self.server.name}: {status} {method} {target}: {line}")

    # Guards -------------------------------------------------------------------------------

    def _authorised(self, query: Mapping[str, list[str]]) -> str | None:
        """The token this server accepts that the request carries, or ``None``."""
        raise NotImplementedError

    def _offered_tokens(self, query: Mapping[str, list[str]]) -> list[str]:
        """The token a request offers, in the address or in the token header (a list of
        one, or none); a request that offers two is refused, so that it is never open
        which of them it acts with."""
        offered = [*query.get("token", []), *self.headers.get_all(TOKEN_HEADER, [])]
        if len(offered) > 1:
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: a request carries one "
                               "token, in the address or in the X-Kok-Token header")
        return offered

    def _route(self) -> str:
        """The path of the request target, which must name this server: ``/path?query``,
        or ``http://this-host:port/path`` (absolute form, RFC 9112); never another host."""
        target = self.path
        if not target.isascii() or not target.isprintable():
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the address has characters "
                               "that are not printable ASCII")
        if target.startswith("/"):
            return urlsplit(target).path
        parts = urlsplit(target)
        if parts.scheme != "http" or parts.netloc not in self.server.allowed_hosts:
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the request line names "
                               "another host")
        return parts.path or "/"

    def _guard(self, method: str) -> dict[str, list[str]]:
        for name in _SINGLE_HEADERS:
            if len(self.headers.get_all(name, [])) > 1:
                raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {name} is sent twice")
        self._route()
        query = parse_qs(urlsplit(self.path).query, keep_blank_values=True)  # "n=" is no number
        authorised = self._authorised(query)
        # Each token has its own budget (three seats in one browser are three players);
        # requests without a valid token share one per address, so a page or a program
        # that guesses can never use up a token holder's.
        client = (f"token {authorised}" if authorised is not None
                  else f"anyone {self.client_address[0]}")
        if not self.server.rate.allow(client):
            raise RequestError(HTTPStatus.TOO_MANY_REQUESTS,
                               "too many requests; wait a moment and try again")
        if self.headers.get("Host", "") not in self.server.allowed_hosts:
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: the Host header does not "
                               "name this server")
        if authorised is None and self.token_required:
            raise RequestError(HTTPStatus.FORBIDDEN, self.token_refusal)
        if method == "POST":
            origin = self.headers.get("Origin")
            if origin is None or urlsplit(origin).netloc not in self.server.allowed_hosts:
                raise RequestError(HTTPStatus.FORBIDDEN,
                                   "refused: a request from another origin")
            if self.headers.get_content_type() != "application/json":
                raise RequestError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
                                   "refused: send JSON")
        return query

    def _length(self) -> int | None:
        """The body's length as the request states it: ASCII digits only (``²`` is a
        digit to Python, not to HTTP), ``None`` without the header."""
        text = self.headers.get("Content-Length")
        if text is None:
            return None
        text = text.strip()
        if not re.fullmatch(r"[0-9]{1,15}", text):
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: Content-Length is not a "
                               "number of bytes in digits 0-9")
        return int(text)

    def _body(self) -> dict[str, Any]:
        """The request's JSON object (:func:`parse_body`), at most :data:`MAX_BODY` bytes."""
        if self.headers.get("Transfer-Encoding") is not None:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "refused: send the body with a "
                               "Content-Length, not in chunks")
        length = self._length()
        if length is None:
            raise RequestError(HTTPStatus.LENGTH_REQUIRED, "refused: the request has no length")
        if length > MAX_BODY:
            raise RequestError(HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
                               f"refused: the request is over {MAX_BODY // 1024} KiB")
        raw = self.rfile.read(length)
        self.body_read = True
        if len(raw) < length:
            raise RequestError(HTTPStatus.BAD_REQUEST, "refused: the body is shorter than "
                               "its Content-Length")
        return parse_body(raw)

    # Answers -------------------------------------------------------------------------------

    def _send(self, status: HTTPStatus, content_type: str, data: bytes,
              extra: Mapping[str, str] | None = None) -> None:
        if self.request_version not in ("HTTP/1.0", "HTTP/1.1"):
            self.request_version = "HTTP/1.0"  # an answer always starts with a status line
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in {**self.headers_sent, **(extra or {})}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _json(self, value: Any) -> None:
        self._send(HTTPStatus.OK, "application/json", json.dumps(value).encode("utf-8"))

    def _drain(self) -> None:
        """Read and drop a refused request's body (if it is not huge), so the client gets
        the answer instead of a reset connection while it is still sending."""
        headers = getattr(self, "headers", None)
        length = headers.get("Content-Length", "") if headers is not None else ""
        left = int(length) if re.fullmatch(r"[0-9]{1,15}", length.strip()) else 0
        if self.body_read or left > DRAIN_LIMIT:
            return
        with contextlib.suppress(OSError):
            while left > 0:
                chunk = self.rfile.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)

    def _error(self, status: HTTPStatus, message: str,
               details: Mapping[str, Any] | None = None) -> None:
        line = shown(" ".join(message.split()) or "error", limits.HTTP_LINE_LENGTH)
        self._log(int(status), line)
        # A refused request's body may be unread: never read the next request from it.
        self.close_connection = True
        self._drain()
        body = json.dumps({"error": line, **(details or {})})
        self._send(status, "application/json", body.encode("utf-8"))

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """The standard library's refusals (a bad request line, a line or header too
        long, an unknown method) as one line of JSON like every other answer, always a
        4xx: an unknown method is 405, an HTTP version other than 1.x is 400."""
        status = {501: HTTPStatus.METHOD_NOT_ALLOWED, 505: HTTPStatus.BAD_REQUEST}.get(
            code, HTTPStatus(code))
        if status == HTTPStatus.METHOD_NOT_ALLOWED:
            message = self.methods_refusal
        self.body_read = True  # nothing of a malformed request is read as a body
        try:
            self._error(status, f"refused: {message or status.phrase}")
        except OSError:
            self.close_connection = True

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        if self.request_version == "HTTP/0.9":
            self.send_error(HTTPStatus.BAD_REQUEST, "HTTP/0.9 requests are not answered")
            return False
        return True

    def _handle(self, method: str) -> None:
        self.body_read = method != "POST"
        if method != "POST" and ("Content-Length" in self.headers
                                 or "Transfer-Encoding" in self.headers):
            self.close_connection = True  # a body nobody reads is never the next request
        try:
            query = self._guard(method)
            if method == "POST":
                self._post(query)
            else:
                self._get(query)
        except RequestError as err:
            self._error(err.status, str(err), err.details)
        except LayoutError as err:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(err.problems[0]))
        except KokError as err:
            self._error(HTTPStatus.UNPROCESSABLE_ENTITY, str(err).splitlines()[0])
        except ConnectionError:  # the client went away: nobody to answer
            self.close_connection = True
        except Exception as err:  # one line in the page and in the log, never a traceback
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, failure(err))

    def _get(self, query: dict[str, list[str]]) -> None:
        """Answer a GET (and a HEAD: the same without the body)."""
        raise RequestError(HTTPStatus.NOT_FOUND, f"no page {shown(self._route(), 60)}")

    def _post(self, query: dict[str, list[str]]) -> None:
        """Answer a POST; its body is :meth:`_body`."""
        raise RequestError(HTTPStatus.NOT_FOUND, f"no action {shown(self._route(), 60)}")

    def do_GET(self) -> None:
        self._handle("GET")

    def do_HEAD(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_OPTIONS(self) -> None:
        """No cross-origin preflight is ever granted."""
        self._error(HTTPStatus.FORBIDDEN, "refused: a request from another origin")

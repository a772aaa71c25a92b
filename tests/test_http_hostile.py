"""kok design's server against a hostile client: every request gets an answer (a 4xx with
one line of JSON and one line in the server's log, never a traceback), the next request is
served, and nothing is written but the opened file or a new file in the working folder,
and that only by a save based on the file's current version (issue 20, classes 1, 2, 3,
and the designer's parts of 7 and 9).

Each site is a working folder with the opened ``travel.yaml`` beside a folder ``outside``
that the server must never touch; every refusal is checked against a snapshot of both."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import limits
from kok_layouts.design.server import Designer, DesignServer, content_hash, serve
from kok_layouts.resources import layouts_dir
from kok_layouts.web import RateLimit, json_depth
from tests.conftest import ROOT
from tests.hostile_helpers import snapshot
from tests.server_helpers import send_raw, serving

# The sites -------------------------------------------------------------------------------


@dataclass
class Site:
    """A running server, its working folder, the folder beside it and the server's log."""

    server: DesignServer
    root: Path
    folder: Path
    outside: Path
    logs: list[str] = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def token(self) -> str:
        return self.server.designer.token

    @property
    def travel(self) -> Path:
        return self.folder / "travel.yaml"

    def host(self) -> str:
        return f"127.0.0.1:{self.port}"


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict[str, Any]:
        assert self.body.count(b"\n") == 0, self.body
        data = json.loads(self.body)
        assert isinstance(data, dict), data
        return data

    def error(self) -> str:
        """The one line of the answer's JSON ``error``."""
        line = self.json()["error"]
        assert isinstance(line, str) and line and "\n" not in line, line
        assert "Traceback" not in line and "internal error" not in line, line
        assert len(line) <= limits.HTTP_LINE_LENGTH
        return line


@contextmanager
def site_at(root: Path, target: str | None = "travel.yaml") -> Iterator[Site]:
    """A designer server for ``target`` (a name in the working folder, or nothing: the
    start page) in ``root/work``, serving in a thread, its log collected."""
    folder, outside = root / "work", root / "outside"
    folder.mkdir()
    outside.mkdir()
    shutil.copy(ROOT / "examples" / "travel.yaml", folder / "travel.yaml")
    (outside / "evil.yaml").write_text("kept: true\n")
    designer = Designer.open(None if target is None else str(folder / target), folder)
    server = serve(designer)
    site = Site(server, root, folder, outside)
    server.log = site.logs.append
    with serving(server):
        yield site


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    with site_at(tmp_path) as running:
        yield running


@pytest.fixture
def start_page(tmp_path: Path) -> Iterator[Site]:
    with site_at(tmp_path, None) as running:
        yield running


# Talking to it ------------------------------------------------------------------------------


def parse_answer(data: bytes) -> Answer:
    while data.startswith((b"HTTP/1.1 1", b"HTTP/1.0 1")):  # an interim 100 Continue
        data = data.partition(b"\r\n\r\n")[2]
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].startswith(("HTTP/1.0 ", "HTTP/1.1 ")), data[:200]
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", len(body)))
    return Answer(status, headers, body[:length])


def raw(site: Site, data: bytes) -> bytes:
    """Send ``data`` on a fresh connection, close our side, and read all that comes back."""
    return send_raw(site.port, data)


def headers_of(site: Site, **extra: str) -> dict[str, str]:
    return {"Host": site.host(), "X-Kok-Token": site.token,
            "Origin": f"http://{site.host()}", "Content-Type": "application/json", **extra}


def raw_request(site: Site, method: str, target: str | bytes, headers: dict[str, str],
                body: bytes = b"", *, length: bool = True) -> Answer:
    head = [f"{k}: {v}".encode() for k, v in headers.items()]
    if length and method == "POST" and "Content-Length" not in headers:
        head.append(f"Content-Length: {len(body)}".encode())
    line = target if isinstance(target, bytes) else target.encode("utf-8")
    data = b"%s %s HTTP/1.1\r\n" % (method.encode(), line) + b"".join(
        h + b"\r\n" for h in head) + b"\r\n" + body
    return parse_answer(raw(site, data))


def post(site: Site, route: str, body: Any, **extra: str) -> Answer:
    data = body if isinstance(body, bytes) else json.dumps(body).encode("utf-8")
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    try:
        connection.request("POST", f"/api/{route}", body=data,
                           headers=headers_of(site, **extra))
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()},
                      response.read())
    finally:
        connection.close()


def state(site: Site) -> dict[str, Any]:
    answer = post(site, "state", {})
    assert answer.status == 200, answer
    info: dict[str, Any] = json.loads(answer.body)
    return info


def still_serving(site: Site) -> None:
    """The next request is served: the page's state comes back."""
    assert state(site)["doc"] is not None or state(site)["file"]


def assert_refused(site: Site, answer: Answer, status: int, before: Any,
                   saying: str = "") -> str:
    """``status``, one line of JSON (naming ``saying``), one line in the log, nothing
    changed in the folders, and the server answers the next request."""
    assert answer.status == status, (answer.status, answer.body[:300])
    line = answer.error()
    assert saying in line, line
    assert len(site.logs) == 1, site.logs
    assert site.logs[0].startswith(f"kok design: {status} "), site.logs
    assert site.logs[0].isprintable(), site.logs
    assert snapshot(site.root) == before
    still_serving(site)
    return line


def sha(path: Path) -> str:
    return content_hash(path.read_bytes())


# Class 3: malformed requests on the socket ------------------------------------------------

TOKEN = "{token}"
HOST = "{host}"


def _fill(text: str, site: Site) -> bytes:
    return text.replace(TOKEN, site.token).replace(HOST, site.host()).encode("utf-8")


_POST_HEAD = ("POST /api/state HTTP/1.1\r\nHost: {host}\r\nX-Kok-Token: {token}\r\n"
              "Origin: http://{host}\r\nContent-Type: application/json\r\n")
_GET_HEAD = "GET /designer.css HTTP/1.1\r\nHost: {host}\r\nX-Kok-Token: {token}\r\n"

MALFORMED: list[tuple[str, str, int, str]] = [
    ("Content-Length in a superscript digit (latin-1)", "LATIN1", 400, "Content-Length"),
    ("Content-Length in a superscript digit (UTF-8)",
     _POST_HEAD + "Content-Length: ²\r\n\r\n{}", 400, "Content-Length"),
    ("Content-Length in Arabic-Indic digits",
     _POST_HEAD + "Content-Length: ٢\r\n\r\n{}", 400, "Content-Length"),
    ("a negative Content-Length", _POST_HEAD + "Content-Length: -1\r\n\r\n{}", 400,
     "Content-Length"),
    ("a Content-Length in exponent form", _POST_HEAD + "Content-Length: 2e0\r\n\r\n{}",
     400, "Content-Length"),
    ("a Content-Length of twenty digits",
     _POST_HEAD + "Content-Length: 99999999999999999999\r\n\r\n{}", 400, "Content-Length"),
    ("two Content-Length headers",
     _POST_HEAD + "Content-Length: 2\r\nContent-Length: 5\r\n\r\n{}", 400, "twice"),
    ("two Host headers", _GET_HEAD + "Host: evil.example\r\n\r\n", 400, "Host is sent twice"),
    ("the same Host twice", _GET_HEAD + "Host: {host}\r\n\r\n", 400, "Host is sent twice"),
    ("two Origin headers",
     _POST_HEAD + "Origin: http://evil.example\r\nContent-Length: 2\r\n\r\n{}", 400,
     "Origin is sent twice"),
    ("two tokens", _GET_HEAD + "X-Kok-Token: other\r\n\r\n", 400, "twice"),
    ("two Content-Type headers",
     _POST_HEAD + "Content-Type: text/plain\r\nContent-Length: 2\r\n\r\n{}", 400, "twice"),
    ("an absolute URI naming another host",
     "GET http://evil.example/designer.css HTTP/1.1\r\nHost: {host}\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 400, "another host"),
    ("an absolute URI naming another port",
     "GET http://127.0.0.1:1/designer.css HTTP/1.1\r\nHost: {host}\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 400, "another host"),
    ("an absolute https URI", "GET https://{host}/designer.css HTTP/1.1\r\nHost: {host}\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 400, "another host"),
    ("a save through an absolute URI naming another host",
     "POST http://evil.example/api/save HTTP/1.1\r\nHost: {host}\r\nX-Kok-Token: {token}\r\n"
     "Origin: http://{host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
     400, "another host"),
    ("an authority-form target", "GET {host} HTTP/1.1\r\nHost: {host}\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 400, "another host"),
    ("a non-UTF-8 path", "RAWPATH", 400, "not printable ASCII"),
    ("a UTF-8 path", "GET /d\u00e9signer.css HTTP/1.1\r\nHost: {host}\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 400, "not printable ASCII"),
    ("a right-to-left override in the path",
     "GET /\u202egnp.exe HTTP/1.1\r\nHost: {host}\r\nX-Kok-Token: {token}\r\n\r\n", 400,
     "not printable ASCII"),
    ("a path of 10,000 characters",
     "GET /" + "a" * 10_000 + " HTTP/1.1\r\nHost: {host}\r\nX-Kok-Token: {token}\r\n\r\n",
     404, "no page"),
    ("an action of 10,000 characters",
     _POST_HEAD.replace("/api/state", "/api/" + "x" * 10_000) + "Content-Length: 2\r\n\r\n{}",
     404, "no such action"),
    ("a request line of 70,000 characters", "GET /" + "a" * 70_000 + " HTTP/1.1\r\n\r\n",
     414, "Too Long"),
    ("a header line of 70,000 characters",
     "GET / HTTP/1.1\r\nHost: {host}\r\nX-Long: " + "a" * 70_000 + "\r\n\r\n", 431, "long"),
    ("two hundred headers",
     "GET / HTTP/1.1\r\n" + "".join(f"X-{i}: 1\r\n" for i in range(200)) + "\r\n", 431,
     "headers"),
    ("an HTTP/0.9 request", "GET /\r\n\r\n", 400, "HTTP/0.9"),
    ("HTTP version 9.9", "GET / HTTP/9.9\r\nHost: {host}\r\n\r\n", 400, "version"),
    ("a request line of one word", "HELLO\r\n\r\n", 400, "refused"),
    ("a request line of four words", "GET / HTTP/1.1 extra\r\n\r\n", 400, "refused"),
    ("a lowercase method", "get / HTTP/1.1\r\nHost: {host}\r\n\r\n", 405, "GET, HEAD and POST"),
    ("PUT", "PUT /api/save HTTP/1.1\r\nHost: {host}\r\nContent-Length: 0\r\n\r\n", 405,
     "GET, HEAD and POST"),
    ("DELETE", "DELETE /travel.yaml HTTP/1.1\r\nHost: {host}\r\n\r\n", 405, "POST only"),
    ("a made-up method", "BREW /pot HTTP/1.1\r\nHost: {host}\r\n\r\n", 405, "POST only"),
    ("a chunked body", _POST_HEAD + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
     411, "Content-Length"),
    ("a POST without a length", _POST_HEAD + "\r\n{}", 411, "no length"),
    ("a body shorter than its length", _POST_HEAD + "Content-Length: 900\r\n\r\n{}", 400,
     "shorter"),
    ("a body over the limit",
     _POST_HEAD + f"Content-Length: {limits.HTTP_BODY_BYTES + 1}\r\n\r\n" + "{}", 413,
     "KiB"),
    ("a Host that is not this server", "GET /designer.css HTTP/1.1\r\nHost: evil.example\r\n"
     "X-Kok-Token: {token}\r\n\r\n", 403, "Host"),
    ("a Host header that is not text", "BADHOST", 403, "Host"),
    ("no token", "GET /designer.css HTTP/1.1\r\nHost: {host}\r\n\r\n", 403, "token"),
    ("a token in a non-UTF-8 cookie", "BADCOOKIE", 403, "token"),
    ("an OPTIONS preflight", "OPTIONS * HTTP/1.1\r\nHost: {host}\r\n"
     "Origin: http://evil.example\r\n\r\n", 403, "another origin"),
]


def _special(name: str, site: Site) -> bytes:
    host, token = site.host().encode(), site.token.encode()
    if name == "LATIN1":
        return (_POST_HEAD.replace(HOST, site.host()).replace(TOKEN, site.token)
                + "Content-Length: \u00b2\r\n\r\n{}").encode("latin-1")
    if name == "RAWPATH":
        return b"GET /\xff\xfe.css HTTP/1.1\r\nHost: %s\r\nX-Kok-Token: %s\r\n\r\n" % (
            host, token)
    if name == "BADHOST":
        return b"GET / HTTP/1.1\r\nHost: \xff\xfe\xe2\x80\xae\r\nX-Kok-Token: %s\r\n\r\n" % (
            token)
    assert name == "BADCOOKIE"
    return b"GET / HTTP/1.1\r\nHost: %s\r\nCookie: kok_design_token_%d=\xff\xfe\r\n\r\n" % (
        host, site.port)


_SPECIAL = ("LATIN1", "RAWPATH", "BADHOST", "BADCOOKIE")


@pytest.mark.parametrize(("what", "request_text", "status", "saying"), MALFORMED,
                         ids=[case[0] for case in MALFORMED])
def test_a_malformed_request_gets_a_4xx_and_one_line(site: Site, what: str,
                                                    request_text: str, status: int,
                                                    saying: str) -> None:
    before = snapshot(site.root)
    if request_text in _SPECIAL:
        data = _special(request_text, site)
    else:
        data = request_text.replace(TOKEN, site.token).replace(HOST, site.host()) \
            .encode("utf-8")
    answer = parse_answer(raw(site, data))
    assert_refused(site, answer, status, before, saying)
    assert answer.headers.get("content-type") == "application/json"
    assert answer.headers.get("connection") == "close"


def test_an_absolute_uri_naming_this_server_is_served(site: Site) -> None:
    answer = raw_request(site, "GET", f"http://{site.host()}/designer.css",
                         {"Host": site.host(), "X-Kok-Token": site.token})
    assert answer.status == 200 and b"box-sizing" in answer.body
    assert site.logs == []


# Class 3: hostile JSON bodies ---------------------------------------------------------------


def _doc(site: Site) -> dict[str, Any]:
    doc: dict[str, Any] = state(site)["doc"]
    return doc


def _nested(depth: int) -> bytes:
    return b'{"doc": ' + b"[" * depth + b"]" * depth + b"}"


BODIES: list[tuple[str, str, Any, int, str]] = [
    ("JSON nested 500 deep", "validate", _nested(500), 400, "501 levels"),
    ("JSON nested 100,000 deep", "validate", _nested(100_000), 400, "levels deep"),
    ("objects nested 300 deep", "resize", b'{"doc": ' + b'{"a": ' * 300 + b"1" + b"}" * 301,
     400, "levels deep"),
    ("a width of 5,000 digits", "resize", b'{"doc": {}, "width": ' + b"9" * 5000 + b"}", 400,
     "5,000 digits"),
    ("a negative height of 5,000 digits", "start",
     b'{"from": "size", "edition": "classic", "width": 9, "height": -' + b"9" * 5000 + b"}",
     400, "5,000 digits"),
    ("a seed of 4,301 digits", "start",
     b'{"from": "generate", "edition": "classic", "width": 9, "height": 5, "seed": '
     + b"1" * 4301 + b"}", 400, "4,301 digits"),
    ("a number of 5,000 digits inside the board", "validate",
     b'{"doc": {"edition": "classic", "format": ' + b"1" * 5000 + b"}}", 400, "digits"),
    ("an exponent beyond floating point", "check", b'{"games": 1e999}', 400, "out of range"),
    ("a fraction of 5,000 digits", "check", b'{"games": 0.' + b"5" * 5000 + b"}", 400,
     "out of range"),
    ("NaN", "resize", b'{"doc": {}, "width": NaN}', 400, "NaN"),
    ("Infinity", "resize", b'{"doc": {}, "width": Infinity}', 400, "Infinity"),
    ("-Infinity", "check", b'{"games": -Infinity}', 400, "Infinity"),
    ("a lone surrogate", "validate", b'{"doc": {"title": "\\ud800"}}', 400, "surrogate"),
    ("a lone surrogate in a key", "yaml", b'{"doc": {"\\udfff": 1}}', 400, "surrogate"),
    ("a body that is not UTF-8", "validate", b'{"doc": "\xff\xfe"}', 400, "UTF-8"),
    ("a body that is UTF-16", "validate", '{"doc": {}}'.encode("utf-16"), 400, "UTF-8"),
    ("a body that is a list", "validate", b"[1, 2]", 400, "JSON object"),
    ("a body that is a string", "state", b'"state"', 400, "JSON object"),
    ("a body cut short", "validate", b'{"doc": {"grid": [', 400, "not JSON"),
    ("a body of NUL bytes", "validate", b"\x00" * 64, 400, "not JSON"),
    ("a save of no board", "save", {"base": None}, 422, "mapping of keys"),
    ("a board of the wrong type", "validate", {"doc": [1, 2, 3]}, 422, "mapping of keys"),
    ("a board of an unknown edition", "validate", {"doc": {"edition": "chess"}}, 422,
     "edition"),
    ("a path as a built-in", "start", {"from": "builtin", "name": "/etc/passwd"}, 422,
     "unknown layout '/etc/passwd'"),
    ("a file beside the server as a built-in", "start",
     {"from": "builtin", "name": "travel.yaml"}, 422, "unknown layout 'travel.yaml'"),
    ("the built-ins' folder by a relative path", "start",
     {"from": "builtin", "name": "../layouts/black.yaml"}, 422, "unknown layout"),
    ("a built-in name that is a folder", "start", {"from": "builtin", "name": "."}, 422,
     "unknown layout '.'"),
    ("a built-in name of 10,000 characters", "start",
     {"from": "builtin", "name": "b" * 10_000}, 422, "unknown layout 'bbb"),
    ("a built-in name that is a number", "start", {"from": "builtin", "name": 7}, 422,
     "text"),
    ("a built-in name with a right-to-left override", "start",
     {"from": "builtin", "name": "black\u202e"}, 422, "\\u202e"),
    ("a profile of 10,000 characters", "validate", {"doc": "DOC", "profile": "p" * 10_000},
     422, "unknown profile"),
    ("a profile that is a list", "validate", {"doc": "DOC", "profile": ["official"]}, 422,
     "unknown profile"),
    ("a width of 10,000 characters", "resize", {"doc": "DOC", "width": "9" * 10_000,
                                                "height": 5}, 422, "far too large"),
    ("a width in Arabic-Indic digits", "resize", {"doc": "DOC", "width": "١٢", "height": 5},
     422, "digits 0-9"),
    ("a save without a base", "save", {"doc": "DOC"}, 428, "base"),
    ("a save whose base is not a hash", "save", {"doc": "DOC", "base": "latest"}, 400,
     "64 hex digits"),
    ("a save whose base is a number", "save", {"doc": "DOC", "base": 5}, 400, "64 hex"),
    ("a save whose base is in capitals", "save", {"doc": "DOC", "base": "A" * 64}, 400,
     "64 hex"),
    ("a save that says overwrite as text", "save",
     {"doc": "DOC", "base": "BASE", "overwrite": "yes"}, 400, "true or false"),
    ("a check of 10**30 games", "check", {"doc": "DOC", "games": 10**30, "players": 2}, 422,
     "games is"),
    ("a check of true players", "check", {"doc": "DOC", "games": 10, "players": True}, 422,
     "whole number"),
    ("a PDF of a board that cannot be drawn", "pdf",
     {"doc": {"edition": "classic", "grid": ["gz"], "colours": {"g": {}}}}, 422,
     "stop it from being drawn"),
]


@pytest.mark.parametrize(("what", "route", "body", "status", "saying"), BODIES,
                         ids=[case[0] for case in BODIES])
def test_a_hostile_body_gets_a_4xx_and_one_line(site: Site, what: str, route: str,
                                                body: Any, status: int, saying: str) -> None:
    if isinstance(body, dict):
        body = {key: _doc(site) if value == "DOC" else sha(site.travel)
                if value == "BASE" else value for key, value in body.items()}
    before = snapshot(site.root)
    answer = post(site, route, body)
    line = assert_refused(site, answer, status, before, saying)
    assert str(layouts_dir()) not in line and str(ROOT) not in line
    assert str(site.root) not in line


def test_brackets_inside_strings_are_not_nesting(site: Site) -> None:
    doc = _doc(site)
    doc["description"] = "[" * 2000 + "{" * 2000
    answer = post(site, "validate", {"doc": doc})
    assert answer.status == 200 and site.logs == []
    assert json_depth(json.dumps({"doc": doc}).encode()) == json_depth(
        json.dumps({"doc": {**doc, "description": ""}}).encode()) < 5


def test_numbers_of_many_digits_within_the_limit_are_read(site: Site) -> None:
    width = "1" + "0" * (limits.HTTP_JSON_DIGITS - 1)
    answer = post(site, "resize", f'{{"doc": {json.dumps(_doc(site))}, "width": {width}, '
                  '"height": 5}'.encode())
    assert answer.status == 422 and "columns wide" in answer.error()


def test_an_unexpected_failure_is_one_line_in_the_page_and_the_log(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug (here: a renderer that breaks) still gets one line, never a traceback."""
    import kok_layouts.design.server as server_module

    def broken(*args: object) -> bytes:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(server_module, "render_png", broken)
    before = snapshot(site.root)
    answer = post(site, "preview", {"doc": _doc(site)})
    assert answer.status == 500
    line = answer.json()["error"]
    assert line.startswith("internal error: ZeroDivisionError at test_http_hostile.py:")
    assert str(ROOT) not in line
    assert len(site.logs) == 1 and "ZeroDivisionError" in site.logs[0]
    assert snapshot(site.root) == before
    still_serving(site)



@pytest.mark.parametrize(("failing", "lines"), [
    (BrokenPipeError, 0), (ConnectionResetError, 0), (ConnectionAbortedError, 0),
    (RuntimeError, 1)])
def test_a_client_that_went_away_is_no_internal_error(
        site: Site, monkeypatch: pytest.MonkeyPatch, failing: type[Exception],
        lines: int) -> None:
    """A connection the client dropped (or the server ended as it stopped) while it was
    answered gets no log line, where a real failure outside a request's handling gets one:
    such lines came after the server had stopped, in whatever came next."""

    def answer(self: object) -> None:
        raise failing(32, "the connection is gone")

    monkeypatch.setattr(site.server.RequestHandlerClass, "handle", answer)
    with socket.create_connection(("127.0.0.1", site.port), timeout=20) as client:
        client.sendall(f"GET / HTTP/1.1\r\nHost: {site.host()}\r\n\r\n".encode())
        # the server closes it once the failure is handled (the unread request: a reset)
        with contextlib.suppress(ConnectionResetError):
            assert client.recv(1) == b""
    assert len(site.logs) == lines
    assert all(f"internal error: {failing.__name__}" in line for line in site.logs)

# The rate limit -------------------------------------------------------------------------------


def test_requests_without_the_token_never_use_up_the_token_holders_rate(site: Site) -> None:
    site.server.rate = RateLimit(burst=5, per_second=0.001)
    refusals = [raw_request(site, "GET", "/designer.css", {"Host": site.host()})
                for _ in range(8)]
    assert [a.status for a in refusals] == [403] * 5 + [429] * 3
    assert [post(site, "state", {}).status for _ in range(5)] == [200] * 5
    assert post(site, "state", {}).status == 429  # the holder has a budget too


# Classes 1 and 2: writes stay where they belong, and never over unseen work ---------------------


def _new_board(site: Site, name: str = "my-board") -> dict[str, Any]:
    answer = post(site, "start", {"from": "size", "edition": "classic", "width": 9,
                                  "height": 5})
    assert answer.status == 200, answer.body
    info = json.loads(answer.body)
    doc: dict[str, Any] = info["doc"]
    doc["name"] = name
    return doc


def test_a_save_based_on_a_stale_version_is_409_and_the_file_is_intact(site: Site) -> None:
    first = state(site)
    doc = first["doc"]
    assert first["base"] == sha(site.travel)
    doc["title"] = "First tab"
    assert post(site, "save", {"doc": doc, "base": first["base"]}).status == 200
    saved = site.travel.read_bytes()
    doc["title"] = "Second tab"
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": doc, "base": first["base"]})
    assert_refused(site, answer, 409, before, "the file changed since this page read it")
    assert answer.json()["conflict"] == {"file": str(site.travel), "base": first["base"],
                                         "current": content_hash(saved)}
    assert site.travel.read_bytes() == saved


def test_a_file_edited_on_disk_is_not_overwritten_and_a_reload_shows_it(site: Site) -> None:
    base = state(site)["base"]
    edited = site.travel.read_text().replace("Travel board", "Edited in vi")
    site.travel.write_text(edited)
    doc = _doc(site)  # the reloaded page sees the edit
    assert doc["title"] == "Edited in vi"
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": {**doc, "title": "Mine"}, "base": base})
    assert_refused(site, answer, 409, before, "changed since")
    assert site.travel.read_text() == edited
    assert post(site, "save", {"doc": doc, "base": state(site)["base"]}).status == 200


def test_a_save_based_on_nothing_never_overwrites_an_existing_file(site: Site) -> None:
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": _doc(site), "base": None})
    assert_refused(site, answer, 409, before, "since this page started the board")


def test_a_file_removed_since_it_was_read_is_a_conflict_until_the_page_agrees(
        site: Site) -> None:
    base = state(site)["base"]
    doc = _doc(site)
    site.travel.unlink()
    before = snapshot(site.root)
    assert_refused(site, post(site, "save", {"doc": doc, "base": base}), 409, before,
                   "the file is gone")
    assert post(site, "save", {"doc": doc, "base": None}).status == 200
    assert site.travel.exists()


def test_the_opened_file_replaced_by_a_folder_is_refused(site: Site) -> None:
    base = state(site)["base"]
    doc = _doc(site)
    site.travel.unlink()
    site.travel.mkdir()
    before = snapshot(site.root)
    assert_refused(site, post(site, "save", {"doc": doc, "base": base}), 409, before,
                   "not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_opened_file_replaced_by_a_fifo_is_refused_without_waiting(site: Site) -> None:
    base = state(site)["base"]
    doc = _doc(site)
    site.travel.unlink()
    os.mkfifo(site.travel)
    before = snapshot(site.root)
    assert_refused(site, post(site, "save", {"doc": doc, "base": base}), 409, before,
                   "not a regular file")


def test_after_a_save_a_new_board_never_saves_over_the_first(start_page: Site) -> None:
    site = start_page
    doc = _new_board(site)
    first = post(site, "save", {"doc": doc, "base": None})
    assert first.status == 200 and first.json()["file"] == "my-board.yaml"
    kept = (site.folder / "my-board.yaml").read_bytes()
    doc = _new_board(site)
    doc["title"] = "The second board"
    info = state(site)
    assert info["base"] is None and info["file"] == "my-board-2.yaml"
    second = post(site, "save", {"doc": doc, "base": None, "file": "my-board-2.yaml"})
    assert second.status == 200 and second.json()["file"] == "my-board-2.yaml"
    assert (site.folder / "my-board.yaml").read_bytes() == kept


def test_new_after_opening_a_file_never_saves_over_it(site: Site) -> None:
    kept = site.travel.read_bytes()
    doc = _new_board(site, "travel")
    answer = post(site, "save", {"doc": doc, "base": None})
    assert answer.status == 200 and answer.json()["file"] == "travel-2.yaml"
    assert site.travel.read_bytes() == kept


def test_a_tab_whose_board_was_replaced_by_another_tabs_new_board_is_told(site: Site) -> None:
    info = state(site)  # tab A has travel.yaml open
    _new_board(site, "travel")  # tab B starts a new board
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": info["doc"], "base": info["base"],
                                 "file": info["file"]})
    assert_refused(site, answer, 409, before, "this board now saves to travel-2.yaml")


def test_a_dangling_link_with_the_new_boards_name_never_leads_outside(
        start_page: Site) -> None:
    site = start_page
    link = site.folder / "my-board.yaml"
    link.symlink_to(site.outside / "planted.yaml")
    doc = _new_board(site)
    answer = post(site, "save", {"doc": doc, "base": None})
    assert answer.status == 200 and answer.json()["file"] == "my-board-2.yaml"
    assert not (site.outside / "planted.yaml").exists()
    assert link.readlink() == site.outside / "planted.yaml"
    assert (site.folder / "my-board-2.yaml").is_file()


def test_overwriting_through_a_dangling_link_is_refused(start_page: Site) -> None:
    site = start_page
    (site.folder / "my-board.yaml").symlink_to(site.outside / "planted.yaml")
    doc = _new_board(site)
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": doc, "base": None, "overwrite": True})
    assert_refused(site, answer, 409, before, "symbolic link to nothing")
    assert not (site.outside / "planted.yaml").exists()


def test_overwriting_through_a_link_to_a_file_outside_is_refused(start_page: Site) -> None:
    site = start_page
    target = site.outside / "evil.yaml"
    (site.folder / "my-board.yaml").symlink_to(target)
    doc = _new_board(site)
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": doc, "base": sha(target), "overwrite": True})
    assert_refused(site, answer, 403, before, "outside the working directory")
    assert target.read_text() == "kept: true\n"


def test_a_folder_with_the_new_boards_name_is_never_written(start_page: Site) -> None:
    site = start_page
    (site.folder / "my-board.yaml").mkdir()
    doc = _new_board(site)
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": doc, "base": None, "overwrite": True})
    assert_refused(site, answer, 409, before, "not a regular file")
    assert post(site, "save", {"doc": doc, "base": None}).json()["file"] == "my-board-2.yaml"


def test_a_new_board_takes_a_taken_name_only_with_overwrite_and_the_matching_base(
        start_page: Site) -> None:
    site = start_page
    taken = site.folder / "my-board.yaml"
    taken.write_text("someone's board\n")
    doc = _new_board(site)
    before = snapshot(site.root)
    answer = post(site, "save", {"doc": doc, "base": "0" * 64, "overwrite": True})
    assert_refused(site, answer, 409, before, "changed since")
    assert answer.json()["conflict"]["current"] == sha(taken)
    site.logs.clear()
    answer = post(site, "save", {"doc": doc, "base": None})
    assert answer.status == 200 and answer.json()["file"] == "my-board-2.yaml"
    assert taken.read_text() == "someone's board\n"
    doc = _new_board(site)
    answer = post(site, "save", {"doc": doc, "base": sha(taken), "overwrite": True})
    assert answer.status == 200 and answer.json()["file"] == "my-board.yaml"
    assert "name: my-board" in taken.read_text()


def test_a_new_file_named_on_the_command_line_and_created_meanwhile_is_not_overwritten(
        tmp_path: Path) -> None:
    with site_at(tmp_path, "fresh.yaml") as site:
        doc = _new_board(site, "fresh")
        fresh = site.folder / "fresh.yaml"
        fresh.write_text("made by another program\n")
        before = snapshot(site.root)
        answer = post(site, "save", {"doc": doc, "base": None})
        assert_refused(site, answer, 409, before, "fresh.yaml")
        current = answer.json()["conflict"]["current"]
        assert post(site, "save", {"doc": doc, "base": current}).status == 409
        assert post(site, "save", {"doc": doc, "base": current,
                                   "overwrite": True}).status == 200
        assert "name: fresh" in fresh.read_text()


def test_two_saves_on_one_version_at_once_one_wins_one_is_told(site: Site) -> None:
    info = state(site)
    answers: list[int] = []

    def save(title: str) -> None:
        answers.append(post(site, "save", {"doc": {**info["doc"], "title": title},
                                           "base": info["base"]}).status)

    threads = [threading.Thread(target=save, args=(f"Tab {n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(answers) == [200, 409, 409, 409]
    assert sorted(p.name for p in site.folder.iterdir()) == ["travel.yaml"]  # no .part


def test_a_save_answers_the_new_version_and_saves_on_from_it(site: Site) -> None:
    info = state(site)
    answer = post(site, "save", {"doc": info["doc"], "base": info["base"]})
    assert answer.json()["base"] == sha(site.travel)
    again = post(site, "save", {"doc": {**info["doc"], "title": "Again"},
                                "base": answer.json()["base"]})
    assert again.status == 200


def test_a_board_named_with_10000_characters_saves_under_a_bounded_name(
        start_page: Site) -> None:
    site = start_page
    doc = _new_board(site, "x" * 10_000)
    answer = post(site, "save", {"doc": doc, "base": None})
    assert answer.status == 200
    assert answer.json()["file"] == "x" * limits.LAYOUT_NAME_LENGTH + ".yaml"
    assert sorted(p.name for p in site.folder.iterdir()) == [
        "travel.yaml", "x" * limits.LAYOUT_NAME_LENGTH + ".yaml"]


@pytest.mark.parametrize("name", ["../../etc/passwd", "/tmp/x", "..", "CON", "a\nb",
                                  "\u202eevil", "\u200b", ""])
def test_a_new_boards_file_is_a_plain_name_in_the_working_folder(start_page: Site,
                                                                 name: str) -> None:
    site = start_page
    before = snapshot(site.outside)
    doc = _new_board(site, name)
    answer = post(site, "save", {"doc": doc, "base": None})
    assert answer.status == 200
    saved = answer.json()["file"]
    assert "/" not in saved and (site.folder / saved).is_file()
    assert saved.removesuffix(".yaml").replace("-", "").isalnum() or saved == "board.yaml"
    assert snapshot(site.outside) == before


# Class 7: a download checks what it sends and names it safely --------------------------------


@pytest.mark.parametrize(("name", "file"), [("../../etc/passwd", "etc-passwd"),
                                            ('a"b\r\nX-Evil: 1', "a-b-x-evil-1"),
                                            ("x" * 10_000, "x" * limits.LAYOUT_NAME_LENGTH),
                                            ("\u202e", "board")])
def test_a_download_is_named_after_the_board_safely(site: Site, name: str, file: str) -> None:
    answer = post(site, "yaml", {"doc": {**_doc(site), "name": name}})
    assert answer.status == 200
    assert answer.headers["content-disposition"] == f'attachment; filename="{file}.yaml"'
    assert "x-evil" not in answer.headers
    assert site.logs == []


def test_a_pdf_download_checks_the_board_before_drawing_it(
        site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    import kok_layouts.design.server as server_module

    drawn: list[object] = []

    def render_pdf(*args: object) -> bytes:
        drawn.append(args)
        return b"%PDF-"

    monkeypatch.setattr(server_module, "render_pdf", render_pdf)
    before = snapshot(site.root)
    answer = post(site, "pdf", {"doc": {**_doc(site), "name": "../x"}})
    assert_refused(site, answer, 422, before, "stop it from being drawn")
    assert drawn == []
    answer = post(site, "pdf", {"doc": _doc(site)})
    assert answer.status == 200 and len(drawn) == 1
    assert answer.headers["content-disposition"] == 'attachment; filename="travel.pdf"'


# Class 9: what the server prints to its terminal ---------------------------------------------


@pytest.mark.parametrize("target", [b"/\xe2\x80\xae.css", b"/a\x1b[2J", b"/\xe2\x80\x8b",
                                    b"/%E2%80%AE/" + b"x" * 300])
def test_the_log_line_of_a_refused_request_cannot_spoof_the_terminal(site: Site,
                                                                     target: bytes) -> None:
    answer = parse_answer(raw(site, b"GET %s HTTP/1.1\r\nHost: %s\r\nX-Kok-Token: %s\r\n\r\n"
                              % (target, site.host().encode(), site.token.encode())))
    assert answer.status in (400, 404)
    (line,) = site.logs
    assert line.isprintable() and "\u202e" not in line and "\x1b" not in line
    assert len(line) < 300


def test_kok_design_names_a_spoofing_target_escaped(tmp_path: Path, kok: Any) -> None:
    run = kok("design", str(tmp_path / "\u202elmth.yaml" / "x.yaml"), "--no-browser")
    assert run.code == 2
    assert run.err.count("\n") == 1 and "\\u202e" in run.err and "\u202e" not in run.err


@pytest.mark.parametrize("host", ["\u202eevil", "a\u200bb", "", "a b", "x" * 300])
def test_kok_design_refuses_a_host_that_is_no_address(kok: Any, host: str) -> None:
    run = kok("design", "--host", host, "--no-browser")
    assert run.code == 2 and run.err.count("\n") == 1 and run.err.endswith("\n")
    assert "argument --host" in run.err and run.err[:-1].isprintable()


# Hypothesis: raw requests and JSON bodies ------------------------------------------------------

_FUZZ = settings(max_examples=60, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])

_HEADER_NAMES = st.sampled_from(["Host", "Content-Length", "Origin", "Content-Type",
                                 "X-Kok-Token", "Cookie", "Transfer-Encoding", "Expect",
                                 "Connection", "X-Other"])
_HEADER_VALUES = st.one_of(
    st.sampled_from(["{host}", "{token}", "http://{host}", "application/json", "chunked",
                     "100-continue", "close", "²", "-1", "1e3", "0x10", "", " ", "99" * 12]),
    st.text(alphabet=st.characters(blacklist_categories=["Cs"],
                                   blacklist_characters="\r\n"), max_size=20),
)
_TARGETS = st.one_of(
    st.sampled_from(["/", "/api/save", "/api/state", "/api/check/x", "/designer.js", "*",
                     "http://evil.example/", "http://{host}/api/state", "//evil/",
                     "/?token={token}", "/api/../index.html"]),
    st.text(alphabet=st.characters(blacklist_characters="\r\n "), max_size=40),
)


@st.composite
def raw_requests(draw: st.DrawFn) -> bytes:
    method = draw(st.sampled_from(["GET", "POST", "HEAD", "OPTIONS", "PUT", "get", "P0ST"]))
    target = draw(_TARGETS)
    version = draw(st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/1.1 x", ""]))
    headers = draw(st.lists(st.tuples(_HEADER_NAMES, _HEADER_VALUES), max_size=8))
    body = draw(st.binary(max_size=64) | st.sampled_from([b"{}", b'{"doc": null}',
                                                          _nested(200)]))
    lines = [f"{method} {target} {version}".rstrip()] + [f"{n}: {v}" for n, v in headers]
    # Lone surrogates go on the wire as their raw bytes: no valid UTF-8, as a hostile
    # client may send.
    return ("\r\n".join(lines) + "\r\n\r\n").encode("utf-8", "surrogatepass") + body


@_FUZZ
@given(data=raw_requests() | st.binary(min_size=1, max_size=200))
def test_any_bytes_on_the_socket_get_one_answer_and_change_nothing(site: Site,
                                                                   data: bytes) -> None:
    site.server.rate = RateLimit(burst=100_000, per_second=100_000.0)
    site.logs.clear()
    before = snapshot(site.root)
    text = data.replace(b"{host}", site.host().encode()).replace(b"{token}",
                                                                  site.token.encode())
    answer = raw(site, text)
    if answer:
        parsed = parse_answer(answer)
        assert parsed.status < 500, answer[:300]
        if parsed.status >= 400 and not text.startswith(b"HEAD "):  # HEAD: no body
            parsed.error()
            assert len(site.logs) == 1 and site.logs[0].isprintable(), site.logs
    assert all("Traceback" not in line for line in site.logs)
    assert len(site.logs) <= 1
    assert snapshot(site.root) == before
    still_serving(site)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**50), 10**50)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=20)
_KEYS = st.sampled_from(["doc", "base", "overwrite", "file", "profile", "width", "height",
                         "from", "edition", "name", "seed", "games", "players"])


def _travel_doc() -> dict[str, Any]:
    from kok_layouts.design.document import read_document

    path = ROOT / "examples" / "travel.yaml"
    doc, _ = read_document(path.read_bytes(), str(path))
    return doc


TRAVEL = _travel_doc()


@st.composite
def hostile_bodies(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    route = draw(st.sampled_from(["save", "validate", "resize", "yaml", "start", "pdf",
                                  "check", "state", "nosuch"]))
    body = draw(st.dictionaries(_KEYS, _JSON, max_size=5))
    if draw(st.booleans()):  # a real board with one value changed
        board = json.loads(json.dumps(TRAVEL))
        board[draw(st.sampled_from(sorted(board)))] = draw(_JSON)
        body["doc"] = board
    return route, body


@_FUZZ
@given(case=hostile_bodies())
def test_any_json_body_gets_an_answer_and_no_save_without_the_current_base(
        site: Site, monkeypatch: pytest.MonkeyPatch, case: tuple[str, dict[str, Any]]) -> None:
    """Every action, any JSON: 200 or a 4xx with one line and one log line, and nothing
    written: these bodies never name the file's current version."""
    import kok_layouts.design.server as server_module

    monkeypatch.setattr(server_module, "_run_check",  # a check's games are not the point
                        lambda job, *args: setattr(job, "finished", True))
    route, body = case
    site.server.rate = RateLimit(burst=100_000, per_second=100_000.0)
    site.logs.clear()
    if body.get("base") == sha(site.travel):
        body["base"] = None
    before = snapshot(site.root)
    answer = post(site, route, body)
    assert answer.status in (200, 400, 404, 409, 413, 422, 428), answer.body[:300]
    if answer.status != 200:
        answer.error()
        assert len(site.logs) == 1, site.logs
    assert snapshot(site.root) == before
    still_serving(site)

"""``kok table``'s web server: one game, a page per seat, the host's page with the links.

The guards and answers are the designer's (:mod:`kok_layouts.web`), with one token per seat:

- It listens on loopback unless told otherwise.
- Every seat has its own random token, in its link (``/?token=...``); the page sends it as
  the ``X-Kok-Token`` header with every call, and the server acts only for the seat the
  token belongs to (a request never names a seat). The host's token shows the links and
  acts for no seat. A token of another game, or none, is refused.
- The ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body of at most ``MAX_BODY`` bytes.
- Each client address gets at most ``RATE_BURST`` requests at once and
  ``RATE_PER_SECOND`` a second after that (requests without a seat's token have a budget
  of their own).
- Every error reaches the page as one line of JSON ``{"error": "..."}``; an unexpected
  one is also one line on the terminal, never a traceback.
"""

from __future__ import annotations

import contextlib
import re
import socket
from collections.abc import Mapping
from http import HTTPStatus
from importlib import resources
from typing import Any

from kok_layouts import limits
from kok_layouts.errors import shown
from kok_layouts.table.qr import qr_svg
from kok_layouts.table.session import HOST, TableSession
from kok_layouts.web import EVERY_ADDRESS, GuardedHandler, GuardedServer, RateLimit, RequestError

STATIC = re.compile(r"[a-z][a-z0-9-]*\.(js|css)")
KINDS = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"}


def lan_address() -> str | None:
    """This computer's address on its network, as a phone there would reach it: the
    address the system would send from (a UDP socket is connected, nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))
        return str(probe.getsockname()[0])
    return None


class TableServer(GuardedServer):
    """The HTTP server of one table."""

    name = "kok table"
    log_refusals = False
    """The terminal shows the links and unexpected errors, not every refused request."""

    def __init__(self, session: TableSession, host: str = "127.0.0.1", port: int = 0,
                 rate: RateLimit | None = None) -> None:
        self.session = session
        found = lan_address() if host in EVERY_ADDRESS else None
        super().__init__(host, port, TableHandler, rate, {found} if found else set())
        self.public = (found or "127.0.0.1") if host in EVERY_ADDRESS else host

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


class TableHandler(GuardedHandler):
    server: TableServer
    server_version = "kok-table"
    token_required = False
    """The page's script and style load without a token; the page and the API need one."""
    methods_refusal = "the table answers GET, HEAD and POST only"
    wbufsize = -1
    """Buffered: the headers and the body leave in one packet, so a client's delayed
    acknowledgement never holds an answer back (40 ms per request on loopback otherwise)."""

    def _seat_or_none(self, query: Mapping[str, list[str]]) -> int | None:
        for token in self._offered_tokens(query):
            if token:
                seat = self.server.session.seat_of_token(token)
                if seat is not None:
                    return seat
        return None

    def _authorised(self, query: Mapping[str, list[str]]) -> bool:
        return self._seat_or_none(query) is not None

    def _seat(self, query: Mapping[str, list[str]]) -> int:
        """The seat whose token the request carries (the host's is :data:`HOST`)."""
        seat = self._seat_or_none(query)
        if seat is None:
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: this link's token is not one "
                               "of this game's; open your seat's link again")
        return seat

    def _get(self, query: dict[str, list[str]]) -> None:
        route = self._route()
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
        raise RequestError(HTTPStatus.NOT_FOUND, f"no page {shown(route, 60)}")

    def _post(self, query: dict[str, list[str]]) -> None:
        seat = self._seat(query)
        body = self._body()
        route = self._route()
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

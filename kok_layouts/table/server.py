"""``kok table``'s web server: one game, a page per seat, the host's page with the links.

The guards and answers are the designer's (:mod:`kok_layouts.web`), with one token per seat:

- It listens on loopback unless told otherwise.
- Every seat has its own random token, in its link (``/?token=...``); the page sends it as
  the ``X-Kok-Token`` header with every call, and the server acts only for the seat the
  token belongs to (a request never names a seat). The host's token shows the links and
  acts for no seat. A token of another game, or none, is refused.
- The ``Host`` header must name the server (no DNS rebinding); a POST must come from the
  page itself (its ``Origin``) with a JSON body of at most ``MAX_BODY`` bytes.
- Each seat's token gets at most ``RATE_BURST`` requests at once and ``RATE_PER_SECOND``
  a second after that, so people in one browser or behind one address each have their
  own budget (requests without a valid token share one per address).
- Every value in a request is read by one strict rule (:mod:`kok_layouts.web`): a number
  in ASCII digits, a yes or no as JSON ``true`` or ``false``, a name one of those there
  are; anything else is a 400, never read as something else.
- Every act names its moment (``roll`` and ``version``, see
  :class:`~kok_layouts.table.session.Moment`); an act for another roll, a repeated one
  and any act after the game are refused with 409 and change nothing.
- Every error reaches the page as one line of JSON ``{"error": "..."}``: the English line
  for clients that have no language and, for the refusals a person can meet, a ``code``
  (and the names and numbers it needs) that the page words in its own language; an
  unexpected one is also one line on the terminal, never a traceback.
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
from kok_layouts.errors import KokError, shown
from kok_layouts.rules.bots import BOTS
from kok_layouts.table.qr import qr_svg
from kok_layouts.table.session import (
    HOST,
    LateActError,
    Moment,
    RefusedActError,
    TableSession,
)
from kok_layouts.web import (
    EVERY_ADDRESS,
    LOOPBACK,
    GuardedHandler,
    GuardedServer,
    RateLimit,
    RequestError,
    body_flag,
    body_name,
    body_text,
    body_texts,
    body_whole,
    query_value,
    query_whole,
)

STATIC = re.compile(r"[a-z][a-z0-9-]*\.(js|css|json)")
KINDS = {"js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
         "json": "application/json; charset=utf-8"}
"""The page's files: its script, its style and its words (``words.json``: every word of
the page in nl, de, fr and en)."""


def lan_address() -> str | None:
    """This computer's address on its network, as a phone there would reach it: the
    address the system would send from (a UDP socket is connected, nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))
        return str(probe.getsockname()[0])
    return None


NETWORK = "network"
"""``kok table``'s default host: every address of this computer, the links naming the one a
phone on its network reaches (:func:`lan_address`)."""


class TableServer(GuardedServer):
    """The HTTP server of one table.

    ``host`` :data:`NETWORK` (the command line's default) listens on every address: the
    seats' links and QR codes name this computer's network address, the host's page opens
    on 127.0.0.1 in its own browser. A named address is listened on alone and named by
    every link. :attr:`reach` says whether phones can join, and why not."""

    name = "kok table"
    log_refusals = False
    """The terminal shows the links and unexpected errors, not every refused request."""

    def __init__(self, session: TableSession, host: str = "127.0.0.1", port: int = 0,
                 rate: RateLimit | None = None) -> None:
        self.session = session
        every = host == NETWORK or host in EVERY_ADDRESS
        found = lan_address() if every else None
        super().__init__("0.0.0.0" if host == NETWORK else host, port, TableHandler, rate,
                         {found} if found else set())
        self.public = (found or "127.0.0.1") if every else host
        """The address the seats' links name."""
        self.local = "127.0.0.1" if every else host
        """The address of the host's own page (its browser is on this computer)."""
        self.reach: dict[str, str] = {"address": self.public, "phones": "yes"}
        """For the terminal and the host's page: ``phones`` is ``yes`` (phones on the
        network can join), ``loopback`` (the table listens on this computer only) or
        ``none`` (no network address found)."""
        if every and found is None:
            self.reach["phones"] = "none"
        elif not every and host in LOOPBACK:
            self.reach["phones"] = "loopback"

    def _at(self, address: str, token: str) -> str:
        host = f"[{address}]" if ":" in address else address
        return f"http://{host}:{self.port}/?token={token}"

    def link(self, token: str) -> str:
        """The address of a seat's page, with its token, as a phone reaches it."""
        return self._at(self.public, token)

    @property
    def url(self) -> str:
        """The host's page, as this computer's browser reaches it."""
        return self._at(self.local, self.session.host_token)

    def reach_note(self) -> str | None:
        """One line for the terminal when phones cannot join, saying why; else ``None``."""
        if self.reach["phones"] == "none":
            return ("no network address found (this computer is on no network): phones "
                    "cannot join; the links work on this computer only")
        if self.reach["phones"] == "loopback":
            return (f"listening on {self.public} only: phones cannot join; leave out "
                    "--host to let phones on this network join")
        return None

    def seat_links(self) -> list[dict[str, Any]]:
        """Every seat's link and its QR code (an SVG), for the host's page and terminal."""
        return [{"name": seat.name, "bot": seat.bot, "link": self.link(seat.token),
                 "qr": None if seat.bot else qr_svg(self.link(seat.token))}
                for seat in self.session.seats]


class TableHandler(GuardedHandler):
    server: TableServer
    server_version = "kok-table"
    token_required = False
    """The page's script, style and words load without a token; the page and the API need
    one."""
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

    def _authorised(self, query: Mapping[str, list[str]]) -> str | None:
        """The seat's (or the host's) token the request carries, ``None`` if none."""
        offered = self._offered_tokens(query)
        if offered and self._seat_or_none(query) is not None:
            return offered[0]
        return None

    def _seat(self, query: Mapping[str, list[str]]) -> int:
        """The seat whose token the request carries (the host's is :data:`HOST`)."""
        seat = self._seat_or_none(query)
        if seat is None:
            raise RequestError(HTTPStatus.FORBIDDEN, "refused: this link's token is not one "
                               "of this game's; open your seat's link again",
                               {"code": "token"})
        return seat

    def _get(self, query: dict[str, list[str]]) -> None:
        route = self._route()
        static = resources.files("kok_layouts.table") / "static"
        if route == "/":
            # A browser with a wrong token gets the page, refused: its script asks for the
            # state, is refused (code ``token``) and says so in the page's language; other
            # clients get the English line.
            seated = self._seat_or_none(query) is not None
            if not seated and "text/html" not in self.headers.get("Accept", ""):
                self._seat(query)
            self._send(HTTPStatus.OK if seated else HTTPStatus.FORBIDDEN,
                       "text/html; charset=utf-8", (static / "index.html").read_bytes())
            return
        name = route.lstrip("/")
        if STATIC.fullmatch(name) and (static / name).is_file():
            self._send(HTTPStatus.OK, KINDS[name.rsplit(".", 1)[1]], (static / name).read_bytes())
            return
        seat = self._seat(query)
        session = self.server.session
        if route == "/api/state":
            since = query_whole(query, "since", 0)
            known = query_whole(query, "version", -1)
            if known >= 0:
                session.wait(known, limits.TABLE_WAIT_SECONDS, seat)
            view = session.view(seat, since)
            if query_value(query, "sheet") is not None:
                view["sheet"] = session.sheet_json()
            if seat == HOST:
                view["links"] = self.server.seat_links()
                view["reach"] = self.server.reach
            self._json(view)
            return
        if route == "/api/sheets.pdf":
            from kok_layouts.table.printing import sheets_pdf

            lang = query_value(query, "lang") or "en"   # sheets_pdf names the languages
            self._send(HTTPStatus.OK, "application/pdf", sheets_pdf(session.game, lang),
                       {"Content-Disposition": 'attachment; filename="kok-table-sheets.pdf"'})
            return
        if route == "/api/review.pdf":
            self._review(seat)
            return
        raise RequestError(HTTPStatus.NOT_FOUND, f"no page {shown(route, 60)}")

    def _review(self, seat: int) -> None:
        """The ``kok review`` of the seat's player (the host: the first person's) as a PDF,
        once the game is over."""
        from kok_layouts.analysis.review import review_game
        from kok_layouts.render.review import render_review

        session = self.server.session
        game = session.game
        if not game.over:
            raise RequestError(HTTPStatus.CONFLICT, "the review is ready when the game is over",
                               {"code": "review_early"})
        if seat == HOST:
            people = [s for s, sitting in enumerate(session.seats) if sitting.bot is None]
            seat = people[0] if people else 0
        review = review_game(game, game.players[seat], session.layout)
        self._send(HTTPStatus.OK, "application/pdf", render_review(review.as_dict()),
                   {"Content-Disposition": 'attachment; filename="kok-review.pdf"'})

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
        action = body_name(body, "action", tuple(ACT_KEYS))
        unknown = set(body) - ACT_KEYS.get(action, set())
        if action not in ACT_KEYS:
            raise RequestError(HTTPStatus.NOT_FOUND, f"no action {shown(action, 40)!r}")
        if unknown:
            raise RequestError(HTTPStatus.BAD_REQUEST, f"refused: {action} takes no "
                               f"{', '.join(sorted(shown(k, 20) for k in unknown))}")
        # Every act names its moment: the roll it is for and the version the page showed.
        at = Moment(body_whole(body, "roll", 1, limits.MAX_ROLLS.high + 1),
                    body_whole(body, "version", 0, 10**12))
        try:
            self._act(seat, action, body, at)
        except LateActError as err:
            raise RequestError(HTTPStatus.CONFLICT, str(err), {
                "code": err.code, **err.facts,
                "roll": session.game.rolls_done + (0 if session.game.over else 1),
                "version": session.version}) from None
        except RefusedActError as err:
            raise RequestError(HTTPStatus.UNPROCESSABLE_ENTITY, str(err),
                               {"code": err.code, **err.facts}) from None
        except KokError as err:     # the rules' own refusal, in their English words
            raise RequestError(HTTPStatus.UNPROCESSABLE_ENTITY, str(err).splitlines()[0],
                               {"code": "rules"}) from None
        self._json({"version": session.version})

    def _act(self, seat: int, action: str, body: Mapping[str, Any], at: Moment) -> None:
        session = self.server.session
        if action == "choose":
            session.choose(seat, body_text(body, "key", optional=True),
                           cells=body_texts(body, "cells", most=limits.TABLE_SEAT_WORDS),
                           special=body_text(body, "special", longest=40, optional=True),
                           bombs=body_texts(body, "bombs", most=limits.TABLE_SEAT_WORDS),
                           end=body_flag(body, "end"), at=at)
        elif action == "pass":
            session.pass_turn(seat, end=body_flag(body, "end"), at=at)
        elif action == "end":
            session.end_turn(seat, at=at)
        elif action == "undo":
            session.undo(seat, at=at)
        elif action == "throw":
            numbers = body.get("numbers", [])
            if not isinstance(numbers, list) or len(numbers) > limits.TABLE_SEAT_WORDS or \
                    not all(_face(n) for n in numbers):
                raise RequestError(HTTPStatus.BAD_REQUEST, "refused: numbers is a list of "
                                   "faces (whole numbers from 1 to 6, or texts like \"?\")")
            session.throw(seat, body_texts(body, "colours", most=limits.TABLE_SEAT_WORDS),
                          numbers, body_text(body, "special", longest=40, optional=True),
                          at=at)
        else:  # replace, skip: the host's
            if seat != HOST:
                raise RequestError(HTTPStatus.FORBIDDEN, "only the host's page does that",
                                   {"code": "host_only"})
            target = body_whole(body, "target", 0, len(session.seats) - 1)
            if action == "skip":
                session.skip(target, at=at)
            else:
                session.replace_by_bot(target, body_name(body, "bot", tuple(BOTS), "greedy"),
                                       at=at)


ACT_KEYS: dict[str, set[str]] = {
    "choose": {"key", "cells", "special", "bombs", "end"},
    "pass": {"end"}, "end": set(), "undo": set(),
    "throw": {"colours", "numbers", "special"},
    "skip": {"target"}, "replace": {"target", "bot"},
}
"""What each act may say besides ``action``, ``roll`` and ``version``; anything else is
refused (a ``seat`` above all: a request acts for the seat of its token)."""
for _keys in ACT_KEYS.values():
    _keys |= {"action", "roll", "version"}

def _face(value: Any) -> bool:
    """A number die's face as a page sends it: a whole number from 1 to 6 or a short text
    (a Kids die's face, or one the rules then refuse in their own words)."""
    if type(value) is int:
        return 1 <= value <= 6
    return isinstance(value, str) and 0 < len(value) <= 40


def serve(session: TableSession, host: str = "127.0.0.1", port: int = 0,
          rate: RateLimit | None = None) -> TableServer:
    """A server for ``session`` bound to ``host``:``port`` (0: any free port), not yet
    serving; call ``serve_forever()`` (or run it in a thread, as the tests do)."""
    return TableServer(session, host, port, rate)

"""kok table's web server: a token per seat, acting only for that seat, the designer's
Host, Origin, body and rate rules, long polls, the QR codes and the sheets' PDF."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kok_layouts import load_layout
from kok_layouts.table import server as server_module
from kok_layouts.table.qr import qr_svg
from kok_layouts.table.server import NETWORK, TableServer, serve
from kok_layouts.table.session import TableSession
from kok_layouts.web import MAX_BODY, RateLimit
from tests.server_helpers import serving
from tests.timing import slowness


@contextmanager
def running(session: TableSession, rate: RateLimit | None = None,
            host: str = "127.0.0.1") -> Iterator[TableServer]:
    """A table server for ``session``, serving in a thread."""
    server = serve(session, host, rate=rate or RateLimit(10_000, 10_000.0))
    session.begin()
    with serving(server):
        yield server


def new_session(layout: str = "black", people: int = 2, bots: int = 1) -> TableSession:
    names = [f"P{i + 1}" for i in range(people)] + [f"B{i + 1}" for i in range(bots)]
    return TableSession(load_layout(layout), layout, names,
                        {people + i: "greedy" for i in range(bots)}, seed=3)


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    with running(new_session()) as table:
        yield table


def request(server: TableServer, method: str, path: str, body: Any = None, *,
            token: str | None = None, headers: dict[str, str] | None = None
            ) -> tuple[int, Any, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    sent = {"Host": f"127.0.0.1:{server.port}"}
    if token is not None:
        sent["X-Kok-Token"] = token
    if method == "POST":
        sent |= {"Origin": f"http://127.0.0.1:{server.port}",
                 "Content-Type": "application/json"}
    sent |= headers or {}
    data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
    connection.request(method, path, data, sent)
    answer = connection.getresponse()
    raw = answer.read()
    kind = answer.getheader("Content-Type", "")
    value: Any = json.loads(raw) if kind.startswith("application/json") else raw
    result = answer.status, value, dict(answer.getheaders())
    connection.close()
    return result


def token(server: TableServer, seat: int) -> str:
    return server.session.seats[seat].token


def test_each_seats_link_opens_its_page_and_a_wrong_token_is_refused(server: TableServer) -> None:
    status, page, headers = request(server, "GET", f"/?token={token(server, 0)}")
    assert status == 200 and b"table.js" in page
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer"
    for bad in ("", "nope", token(server, 0)[:-1]):
        status, answer, _ = request(server, "GET", f"/?token={bad}")
        assert status == 403 and "token" in answer["error"] and answer["code"] == "token"
        # A browser gets the page, refused: its script says why in the page's language.
        status, page, headers = request(server, "GET", f"/?token={bad}",
                                        headers={"Accept": "text/html,*/*"})
        assert status == 403 and b"table.js" in page
        assert headers["Content-Type"].startswith("text/html")
    status, words, _ = request(server, "GET", "/words.json")
    assert status == 200 and set(words) == {"en", "nl", "de", "fr"}


def test_a_token_of_another_game_is_refused() -> None:
    stale = new_session()
    with running(new_session()) as table:
        status, _, _ = request(table, "GET", "/api/state", token=stale.seats[0].token)
        assert status == 403
        status, _, _ = request(table, "POST", "/api/act", {"action": "pass"},
                               token=stale.seats[0].token)
        assert status == 403


def now(table: TableServer) -> dict[str, int]:
    """The moment an act names: this roll and the version a page shows now."""
    session = table.session
    return {"roll": session.game.rolls_done + 1, "version": session.version}


def test_a_request_acts_only_for_its_tokens_seat() -> None:
    with running(new_session()) as table:
        status, answer, _ = request(table, "POST", "/api/act",
                                    {"action": "pass", "seat": 0, **now(table)},
                                    token=token(table, 1))
        assert status == 400 and "names no seat" in answer["error"]
        status, answer, _ = request(table, "POST", "/api/act", {"action": "pass", **now(table)},
                                    token=token(table, 1))
        assert status == 422 and "chooses first" in answer["error"]
        assert answer["code"] == "rules"          # the rules' own words: the page says why not
        status, answer, _ = request(table, "POST", "/api/act", {"action": "end", **now(table)},
                                    token=token(table, 1))
        assert status == 422 and answer["code"] == "choose_first"
        status, _, _ = request(table, "POST", "/api/act", {"action": "pass", **now(table)},
                               token=table.session.host_token)
        assert status == 422
        status, answer, _ = request(table, "POST", "/api/act",
                                    {"action": "skip", "target": 1, **now(table)},
                                    token=token(table, 0))
        assert status == 403 and "host" in answer["error"] and answer["code"] == "host_only"
        status, _, _ = request(table, "POST", "/api/act",
                               {"action": "pass", "end": True, **now(table)},
                               token=token(table, 0))
        assert status == 200 and 0 in table.session.game.chosen


@pytest.mark.parametrize("headers", [{"Host": "evil.example:80"}, {"Origin": "http://evil.example"},
                                     {"Content-Type": "text/plain"}])
def test_the_designers_host_and_origin_rules_guard_every_post(
        server: TableServer, headers: dict[str, str]) -> None:
    status, answer, _ = request(server, "POST", "/api/act", {"action": "undo", **now(server)},
                                token=token(server, 0), headers=headers)
    assert status in (403, 415) and "error" in answer


def test_a_huge_or_broken_body_is_refused(server: TableServer) -> None:
    huge = b"x" * (MAX_BODY + 1)
    status, _, _ = request(server, "POST", "/api/act", huge, token=token(server, 0))
    assert status == 413
    status, answer, _ = request(server, "POST", "/api/act", b"{not json", token=token(server, 0))
    assert status == 400 and answer["error"] == "refused: the body is not JSON"


def test_too_many_requests_from_one_address_are_refused() -> None:
    with running(new_session(), RateLimit(5, 0.001)) as table:
        codes = [request(table, "GET", "/api/state", token=token(table, 0))[0] for _ in range(8)]
        assert codes[:5] == [200] * 5 and 429 in codes[5:]


def test_a_poll_waits_for_the_next_change() -> None:
    with running(new_session(people=2, bots=0)) as table:
        version = table.session.version
        started = time.monotonic()
        threading.Timer(0.3, lambda: table.session.pass_turn(0)).start()
        status, view, _ = request(table, "GET", f"/api/state?version={version}",
                                  token=token(table, 1))
        assert status == 200 and view["version"] > version and view["my_turn"]
        assert 0.2 < time.monotonic() - started < 10 * slowness()


def test_the_host_sees_every_seats_link_and_qr_code(server: TableServer) -> None:
    status, view, _ = request(server, "GET", "/api/state?sheet=1", token=server.session.host_token)
    assert status == 200 and view["sheet"]["width"] == 15
    links = view["links"]
    assert [seat["name"] for seat in links] == ["P1", "P2", "B1"]
    assert links[0]["link"].endswith(token(server, 0)) and links[2]["qr"] is None
    assert links[0]["qr"].startswith("data:image/svg+xml")


def test_the_qr_code_holds_the_link() -> None:
    import segno

    link = "http://192.168.1.20:8080/?token=abc"
    assert qr_svg(link) == qr_svg(link)
    assert segno.make(link, error="m").designator.endswith("M")


def test_the_sheets_pdf_is_served_to_a_seat() -> None:
    with running(new_session()) as table:
        path = f"/api/sheets.pdf?token={token(table, 0)}"
        status, data, headers = request(table, "GET", path + "&lang=de")
        assert status == 200 and data.startswith(b"%PDF")
        assert "attachment" in headers["Content-Disposition"]
        status, _, _ = request(table, "GET", path + "&lang=xx")
        assert status == 422


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.dictionaries(st.sampled_from(["action", "key", "cells", "special", "bombs", "end",
                                        "colours", "numbers", "target", "bot"]),
                       st.one_of(st.none(), st.integers(-2**70, 2**70), st.text(max_size=8),
                                 st.lists(st.text(max_size=4), max_size=4), st.booleans()),
                       max_size=5))
def test_any_body_gets_one_line_of_json_and_never_a_server_error(
        body: dict[str, Any], server: TableServer) -> None:
    status, answer, _ = request(server, "POST", "/api/act", body, token=token(server, 0))
    assert status < 500
    if status != 200:
        assert "\n" not in answer["error"]


def test_listening_on_every_address_links_name_this_computer_and_other_hosts_are_refused(
        ) -> None:
    session = new_session()
    table = serve(session, "0.0.0.0", rate=RateLimit(100, 100.0))
    try:
        host = table.link("x").split("//")[1].split(":")[0]
        assert host == table.public and f"{host}:{table.port}" in table.allowed_hosts
        assert f"evil.example:{table.port}" not in table.allowed_hosts
        assert f"localhost:{table.port}" in table.allowed_hosts
    finally:
        table.server_close()


NETWORK_ADDRESS = "192.0.2.7"
"""A documentation address (never reached: the tests talk to 127.0.0.1 only) standing in
for this computer's network address."""


def test_by_default_the_seats_links_name_the_network_address_and_the_host_page_127(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "lan_address", lambda: NETWORK_ADDRESS)
    with running(new_session(), host=NETWORK) as table:
        assert table.url.startswith("http://127.0.0.1:")
        assert all(seat["link"].startswith(f"http://{NETWORK_ADDRESS}:{table.port}/?token=")
                   for seat in table.seat_links())
        assert table.reach == {"address": NETWORK_ADDRESS, "phones": "yes"}
        assert table.reach_note() is None
        # a phone names the network address in its Host header; the host's browser 127.0.0.1
        assert f"{NETWORK_ADDRESS}:{table.port}" in table.allowed_hosts
        status, answer, _ = request(table, "GET", "/api/state",
                                    token=table.session.host_token)
        assert status == 200 and answer["reach"]["phones"] == "yes"
        status, answer, _ = request(table, "GET", "/api/state", token=token(table, 0))
        assert status == 200 and "reach" not in answer and "links" not in answer


def test_with_no_network_address_the_table_says_phones_cannot_join_and_why(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "lan_address", lambda: None)
    with running(new_session(), host=NETWORK) as table:
        assert table.reach["phones"] == "none"
        assert all(s["link"].startswith("http://127.0.0.1:") for s in table.seat_links())
        note = table.reach_note()
        assert note is not None and "no network address" in note and "\n" not in note


def test_host_127_keeps_the_game_on_this_computer_and_says_so() -> None:
    with running(new_session(), host="127.0.0.1") as table:
        assert table.reach["phones"] == "loopback"
        assert table.url.startswith("http://127.0.0.1:")
        note = table.reach_note()
        assert note is not None and "phones cannot join" in note and "--host" in note


def test_a_page_waiting_for_news_is_no_act_and_the_seat_it_shows_can_be_away() -> None:
    with running(new_session(people=2, bots=0)) as table:
        session = table.session
        session.pass_turn(0, end=True)          # now the game waits for seat 1 alone
        session.owed_since[1] -= 1000
        waiting = threading.Thread(target=request, args=(
            table, "GET", f"/api/state?version={session.version}"), kwargs={
            "token": token(table, 1)})
        waiting.start()
        time.sleep(0.2)
        assert session.away(1) > 900           # polling is no act
        session.pass_turn(1)                    # an act is
        waiting.join(10)
        assert session.away(1) < 5 * slowness()


def test_an_unexpected_failure_is_one_line_in_the_page_and_the_terminal_never_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A bug (here: a view that breaks) answers like the designer: one line, the next
    request served; a refused request leaves the terminal alone."""
    with running(new_session()) as table:
        logs: list[str] = []
        table.log = logs.append
        status, _, _ = request(table, "GET", "/api/state", token="nope")
        assert status == 403 and logs == []

        def broken(*args: object) -> dict[str, Any]:
            raise ZeroDivisionError("a bug")

        monkeypatch.setattr(table.session, "view", broken)
        status, answer, _ = request(table, "GET", "/api/state", token=token(table, 0))
        assert status == 500
        assert answer["error"].startswith("internal error: ZeroDivisionError at "
                                          "test_table_server.py:")
        assert len(logs) == 1 and logs[0].startswith("kok table: 500 GET /api/state")
        monkeypatch.undo()
        assert request(table, "GET", "/api/state", token=token(table, 0))[0] == 200
    assert "Traceback" not in capsys.readouterr().err

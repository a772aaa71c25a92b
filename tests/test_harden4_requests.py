"""Issue 34, third round: what a request to ``kok table`` says is read by one strict rule,
every act names its moment, budgets belong to seats, and a seat that never acts is away."""

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
from kok_layouts.errors import IllegalMoveError
from kok_layouts.table.server import TableServer, serve
from kok_layouts.table.session import LateActError, Moment, TableSession
from kok_layouts.web import RateLimit, RequestError, body_flag, body_name, body_text, query_whole
from tests.server_helpers import serving


@contextmanager
def running(session: TableSession, rate: RateLimit | None = None) -> Iterator[TableServer]:
    server = serve(session, rate=rate or RateLimit(10_000, 10_000.0))
    session.begin()
    with serving(server):
        yield server


def new_session(people: int = 2, bots: int = 0, layout: str = "black",
                **kwargs: Any) -> TableSession:
    names = [f"P{i + 1}" for i in range(people)] + [f"B{i + 1}" for i in range(bots)]
    return TableSession(load_layout(layout), layout, names,
                        {people + i: "greedy" for i in range(bots)}, seed=3, **kwargs)


def call(server: TableServer, method: str, path: str, body: Any = None, *,
         token: str | None = None, headers: dict[str, str] | None = None
         ) -> tuple[int, Any]:
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
    connection.close()
    is_json = answer.getheader("Content-Type", "").startswith("application/json")
    return answer.status, json.loads(raw) if is_json else raw


def now(server: TableServer) -> dict[str, int]:
    session = server.session
    return {"roll": session.game.rolls_done + 1, "version": session.version}


def act(server: TableServer, seat: int, body: dict[str, Any]) -> tuple[int, Any]:
    return call(server, "POST", "/api/act", {**now(server), **body},
                token=server.session.seats[seat].token)


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    with running(new_session(people=2, bots=1)) as table:
        yield table


# -- one strict rule for numbers, yes-or-no and names -------------------------------------

@given(st.text(max_size=12))
def test_a_number_in_an_address_is_ascii_digits_or_refused(text: str) -> None:
    try:
        value = query_whole({"n": [text]}, "n", 0)
    except RequestError as err:
        assert err.status == 400 and "\n" not in str(err)
        assert not (text.isascii() and text.isdigit() and len(text) <= 9)
    else:
        assert text.isascii() and text.isdigit() and len(text) <= 9 and value == int(text)


@given(st.lists(st.text(max_size=3), min_size=2, max_size=4))
def test_a_number_given_twice_in_an_address_is_refused(texts: list[str]) -> None:
    with pytest.raises(RequestError, match="given"):
        query_whole({"n": texts}, "n", 0)


@given(st.one_of(st.none(), st.integers(), st.floats(allow_nan=False), st.text(max_size=5),
                 st.lists(st.booleans(), max_size=2)))
def test_a_yes_or_no_is_true_or_false_and_nothing_else(value: Any) -> None:
    with pytest.raises(RequestError, match="true or false"):
        body_flag({"end": value}, "end")


@given(st.booleans())
def test_true_and_false_are_read_as_they_are(value: bool) -> None:
    assert body_flag({"end": value}, "end") is value
    assert body_flag({}, "end") is False


@given(st.one_of(st.text(max_size=8), st.integers(), st.none()))
def test_a_name_is_one_of_those_there_are(value: Any) -> None:
    names = ("greedy", "random")
    if value in names:
        assert body_name({"bot": value}, "bot", names, "greedy") == value
    else:
        with pytest.raises(RequestError, match="one of greedy, random"):
            body_name({"bot": value}, "bot", names, "greedy")


def test_an_empty_text_is_refused_not_read_as_absent() -> None:
    with pytest.raises(RequestError):
        body_text({"key": ""}, "key", optional=True)
    assert body_text({}, "key", optional=True) is None


@pytest.mark.parametrize("query", ["version=%C2%B2", "version=%D9%A3", "version=-1",
                                   "version=1e3", "version=+1", "version=", "since=%C2%B2",
                                   "version=9999999999", "version=1&version=2",
                                   "since=0x10", "version=%EF%BC%91"])
def test_a_state_request_with_a_number_that_is_not_ascii_digits_is_a_400(
        server: TableServer, query: str) -> None:
    status, answer = call(server, "GET", f"/api/state?{query}",
                          token=server.session.seats[0].token)
    assert status == 400 and "\n" not in answer["error"]


def test_a_state_request_with_plain_digits_is_answered(server: TableServer) -> None:
    status, answer = call(server, "GET", f"/api/state?since=0&version={server.session.version + 5}",
                          token=server.session.seats[0].token)
    assert status == 200 and answer["version"] == server.session.version


@pytest.mark.parametrize("extra", [{"end": "yes"}, {"end": 1}, {"end": None}, {"end": "false"},
                                   {"key": ""}, {"cells": [""]}, {"cells": "A1"},
                                   {"special": None}, {"colour": "x"}])
def test_an_act_with_a_value_of_the_wrong_kind_is_a_400_and_changes_nothing(
        server: TableServer, extra: dict[str, Any]) -> None:
    before = server.session.version
    status, answer = act(server, 0, {"action": "choose", **extra})
    assert status == 400 and "\n" not in answer["error"]
    assert server.session.version == before


@pytest.mark.parametrize("bot", ["", " greedy", "GREEDY", 0, None, True, "gréedy"])
def test_a_bot_with_a_name_that_is_no_bots_is_refused_not_made_greedy(bot: Any) -> None:
    with running(new_session(away_seconds=5)) as table:
        table.session.owed_since[1] = time.monotonic() - 100
        status, answer = call(table, "POST", "/api/act",
                              {"action": "replace", "target": 1, "bot": bot, **now(table)},
                              token=table.session.host_token)
        assert status == 400 and "one of" in answer["error"]
        assert table.session.seats[1].bot is None


@pytest.mark.parametrize("target", [-1, 2, 2**70, "1", 1.0, True, None])
def test_a_host_act_names_a_seat_by_its_number(target: Any) -> None:
    with running(new_session(away_seconds=5)) as table:
        status, _ = call(table, "POST", "/api/act",
                         {"action": "skip", "target": target, **now(table)},
                         token=table.session.host_token)
        assert status == 400


@pytest.mark.parametrize("moment", [{}, {"roll": 1}, {"version": 1}, {"roll": "1", "version": 1},
                                    {"roll": 1, "version": -1}, {"roll": 0, "version": 0},
                                    {"roll": True, "version": 0}, {"roll": 1, "version": 1.5}])
def test_an_act_without_a_well_formed_moment_is_a_400(moment: dict[str, Any]) -> None:
    with running(new_session()) as table:
        status, _ = call(table, "POST", "/api/act", {"action": "pass", **moment},
                         token=table.session.seats[0].token)
        assert status == 400 and 0 not in table.session.game.chosen


def test_a_request_carries_one_token(server: TableServer) -> None:
    mine, other = server.session.seats[0].token, server.session.seats[1].token
    for query, header in ((mine, other), (mine, mine), (f"{mine}&token={mine}", None)):
        status, answer = call(server, "GET", f"/api/state?token={query}", token=header)
        assert status == 400 and "one token" in answer["error"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=st.dictionaries(st.sampled_from(["since", "version", "sheet", "lang"]),
                             st.lists(st.text(max_size=6), min_size=1, max_size=2),
                             max_size=3))
def test_any_state_query_is_answered_without_a_server_error(
        server: TableServer, query: dict[str, list[str]]) -> None:
    from urllib.parse import urlencode

    status, answer = call(server, "GET", "/api/state?" + urlencode(
        [(k, v) for k, values in query.items() for v in values]).replace("version=", "version=9"),
        token=server.session.host_token)
    assert status in (200, 400, 422)
    if status != 200:
        assert "\n" not in answer["error"]


# -- acts name their moment -----------------------------------------------------------------

def test_a_replayed_pass_is_refused_and_does_not_pass_the_next_roll() -> None:
    with running(new_session()) as table:
        session = table.session
        body = {"action": "pass", "end": True, **now(table)}
        assert call(table, "POST", "/api/act", body, token=session.seats[0].token)[0] == 200
        assert act(table, 1, {"action": "pass", "end": True})[0] == 200
        assert session.game.rolls_done == 1
        version = session.version
        status, answer = call(table, "POST", "/api/act", body, token=session.seats[0].token)
        assert status == 409 and "roll 1" in answer["error"]
        assert session.version == version and 0 not in session.game.chosen


def test_the_same_act_twice_on_one_state_changes_things_once() -> None:
    with running(new_session()) as table:
        session = table.session
        body = {"action": "pass", **now(table)}
        assert call(table, "POST", "/api/act", body, token=session.seats[0].token)[0] == 200
        version = session.version
        for repeated in ({**body, "action": "end"}, body, {**body, "action": "undo"}):
            status, answer = call(table, "POST", "/api/act", repeated,
                                  token=session.seats[0].token)
            assert status == 409 and "acted since" in answer["error"]
            assert session.version == version
        assert act(table, 0, {"action": "end"})[0] == 200   # on the state it now shows


def test_a_version_the_game_has_not_shown_is_refused() -> None:
    with running(new_session()) as table:
        status, _ = call(table, "POST", "/api/act", {"action": "pass", "roll": 1,
                                                     "version": table.session.version + 1},
                         token=table.session.seats[0].token)
        assert status == 409 and 0 not in table.session.game.chosen


def test_another_seats_act_does_not_make_mine_stale() -> None:
    with running(new_session()) as table:
        moment = now(table)
        assert act(table, 0, {"action": "pass"})[0] == 200
        status, _ = call(table, "POST", "/api/act", {"action": "pass", **moment},
                         token=table.session.seats[1].token)
        assert status == 200


def test_no_act_after_the_game_is_over_changes_anything() -> None:
    session = new_session(people=1, bots=1)
    with running(session) as table:
        while not session.game.over:
            assert act(table, 0, {"action": "pass", "end": True})[0] == 200
        version = session.version
        for body in ({"action": "end"}, {"action": "pass"}, {"action": "undo"},
                     {"action": "choose", "cells": ["A1"]}):
            for roll in (session.game.rolls_done, session.game.rolls_done + 1):
                status, answer = call(table, "POST", "/api/act",
                                      {**body, "roll": roll, "version": version},
                                      token=session.seats[0].token)
                assert status == 409 and "over" in answer["error"]
        assert session.version == version


def test_ending_a_turn_twice_is_refused_in_the_library_too() -> None:
    session = new_session()
    session.begin()
    session.pass_turn(0)
    session.end_turn(0)
    version = session.version
    with pytest.raises(LateActError, match="already"):
        session.end_turn(0)
    assert session.version == version


def test_a_host_act_on_a_seat_that_acted_since_is_refused() -> None:
    session = new_session(away_seconds=5)
    session.begin()
    session.pass_turn(0, end=True)
    seen = Moment(1, session.version)
    session.pass_turn(1)
    session.owed_since[1] -= 100
    with pytest.raises(LateActError):
        session.skip(1, at=seen)
    assert not session.seats[1].ended


# -- budgets per seat --------------------------------------------------------------------------

def test_three_seats_in_one_browser_have_a_budget_each() -> None:
    with running(new_session(people=3), RateLimit(burst=10, per_second=0.01)) as table:
        for _ in range(10):
            for seat in range(3):
                status, _ = call(table, "GET", "/api/state",
                                 token=table.session.seats[seat].token)
                assert status == 200
        assert call(table, "GET", "/api/state", token=table.session.seats[0].token)[0] == 429
        assert call(table, "GET", "/api/state", token=table.session.host_token)[0] == 200


def test_requests_without_a_valid_token_never_use_up_a_seats_budget() -> None:
    with running(new_session(), RateLimit(burst=5, per_second=0.01)) as table:
        for _ in range(5):
            assert call(table, "GET", "/api/state", token="guess")[0] == 403
        assert call(table, "GET", "/api/state", token="guess")[0] == 429
        assert call(table, "GET", "/api/state", token=table.session.seats[0].token)[0] == 200


# -- a seat that never acts is away -----------------------------------------------------------

def test_a_page_that_polls_but_never_acts_becomes_away_and_can_be_skipped() -> None:
    with running(new_session(away_seconds=5)) as table:
        session = table.session
        assert act(table, 0, {"action": "pass", "end": True})[0] == 200
        stop = threading.Event()

        def poll() -> None:
            while not stop.is_set():
                call(table, "GET", "/api/state?version=0", token=session.seats[1].token)
                time.sleep(0.02)

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        try:
            time.sleep(0.3)
            session.owed_since[1] -= 6           # six seconds in which seat 1 only polled
            assert session.away(1) >= 5
            view = call(table, "GET", "/api/state", token=session.host_token)[1]
            assert view["sheets"][1]["away"] >= 5
            status, _ = call(table, "POST", "/api/act", {"action": "skip", "target": 1,
                                                         **now(table)},
                             token=session.host_token)
            assert status == 200 and session.game.rolls_done == 1
        finally:
            stop.set()
            poller.join(5)


def test_a_seat_the_game_does_not_wait_for_is_never_away() -> None:
    session = new_session(away_seconds=5)
    session.begin()
    session.pass_turn(0, end=True)
    assert session.away(0) == 0
    with pytest.raises(IllegalMoveError, match="wait until"):
        session.skip(0)


def test_a_seat_that_chose_but_never_ended_its_turn_can_be_skipped() -> None:
    session = new_session(away_seconds=5)
    session.begin()
    session.pass_turn(0, end=True)
    session.pass_turn(1)
    session.owed_since[1] -= 6
    session.skip(1)
    assert session.game.rolls_done == 1


def test_an_act_starts_the_away_clock_again() -> None:
    session = new_session(away_seconds=5)
    session.begin()
    session.owed_since[0] -= 100
    session.pass_turn(0)            # chose; still owes the end of the turn
    assert session.away(0) < 1
    with pytest.raises(IllegalMoveError, match="wait until"):
        session.skip(0)


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                   st.floats(allow_nan=False, allow_infinity=False),
                   st.text(max_size=6), st.sampled_from(["", "٣", "²", "A1", "greedy", "?"]),
                   st.lists(st.one_of(st.text(max_size=4), st.integers(-9, 9)), max_size=4))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.sampled_from(["choose", "pass", "end", "undo", "throw", "skip", "replace"]),
       extra=st.dictionaries(st.sampled_from(["key", "cells", "special", "bombs", "end",
                                              "colours", "numbers", "target", "bot", "seat",
                                              "version", "roll"]), VALUES, max_size=4),
       host=st.booleans())
def test_any_act_with_its_moment_is_answered_in_one_line_and_a_refused_one_changes_nothing(
        server: TableServer, action: str, extra: dict[str, Any], host: bool) -> None:
    session = server.session
    token = session.host_token if host else session.seats[0].token
    before = (session.version, session.game.state_key())
    status, answer = call(server, "POST", "/api/act", {"action": action, **now(server), **extra},
                          token=token)
    assert status in (200, 400, 403, 409, 422), answer
    if status != 200:
        assert "\n" not in answer["error"]
        if status in (400, 403, 409):
            assert (session.version, session.game.state_key()) == before

"""kok table in real headless Chromiums (Debian's ``chromium`` and ``chromium-driver``,
never a downloaded browser) at a phone's 390 x 844: three seats at once through a whole
game, a Keer op Keer 2 game with the special die, a Kids game, real dice entered, a
reload mid-roll, tokens refused, and the saved record replaying to the page's scores.

Most moves go through one script call per seat (it clicks the page's own buttons: the
move list, a move, End turn) so a whole game takes seconds; the first moves and the
special die are tapped cell by cell as a person does."""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from kok_layouts import load_layout
from kok_layouts.rules import load_and_replay
from kok_layouts.table import server as server_module
from kok_layouts.table.server import NETWORK, TableServer
from kok_layouts.table.session import TableSession
from tests.conftest import ROOT
from tests.server_helpers import chromium, skip_without_chromium
from tests.server_helpers import wait_for as wait_on_page
from tests.test_table_server import running
from tests.timing import slowness

OUTPUT = ROOT / "examples" / "output"
PHONE = (390, 844)

skip_without_chromium()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402

Driver = webdriver.Chrome


@pytest.fixture(scope="module")
def browsers() -> Iterator[list[Driver]]:
    with contextlib.ExitStack() as stack:
        made = [stack.enter_context(chromium(PHONE, ["--lang=en-GB"])) for _ in range(3)]
        for driver in made:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1,
                "mobile": True})
        yield made


def wait_for(driver: Driver, condition: Callable[[], Any], timeout: float = 20) -> Any:
    return wait_on_page(driver, condition, timeout, pause=0.03)


def open_seat(driver: Driver, server: TableServer, seat: int) -> None:
    driver.get(server.link(server.session.seats[seat].token))
    wait_for(driver, lambda: driver.execute_script(
        "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))


def current(driver: Driver, session: TableSession) -> bool:
    """The page shows the session's latest state and is not waiting for an answer."""
    return bool(driver.execute_script(
        "return document.body.dataset.pending === '0' && document.body.dataset.version === "
        "arguments[0]", str(session.version)))


STEP = """
const body = document.body, $ = (id) => document.getElementById(id);
if (body.dataset.over === "1") return "over";
if (!$("pass").hidden && !$("actions").hidden) {
  if ($("moves").hidden) $("list").click();
  const moves = [...document.querySelectorAll("#moves button.choice")];
  const worth = (b) => b.dataset.cells.split(" ").filter(Boolean).length
    - 2 * Number(b.dataset.jokers);
  moves.sort((a, b) => worth(b) - worth(a));
  if (moves.length && worth(moves[0]) > 0) { moves[0].click(); return "chose"; }
  $("pass").click(); return "passed";
}
if (!$("end").hidden && !$("actions").hidden) { $("end").click(); return "ended"; }
return "idle";
"""


def step(driver: Driver, session: TableSession) -> str:
    """One action of the seat on this page, through the page's buttons."""
    if not current(driver, session):
        return "stale"
    return str(driver.execute_script(STEP))


def play_until(drivers: list[Driver], session: TableSession, done: Callable[[], bool],
               timeout: float = 120) -> None:
    end = time.monotonic() + timeout * slowness()
    while not done():
        assert time.monotonic() < end, "the game did not get on"
        moved = [step(driver, session) for driver in drivers]
        if all(m in ("stale", "idle") for m in moved):
            time.sleep(0.02)


def fast_forward(session: TableSession, done: Callable[[], bool]) -> None:
    """The fast path: the people's seats play through the session itself (the largest
    move, turn ended) until ``done``; the pages follow by their polls."""
    while not done() and not session.game.over:
        for seat in session.people():
            view = session.view(seat)
            if view.get("my_turn"):
                listed = view["choices"]
                best = max(listed, key=lambda c: len(c["cells"]) - 2 * c["jokers"], default=None)
                if best is None or len(best["cells"]) - 2 * best["jokers"] <= 0:
                    session.pass_turn(seat, end=True)
                else:
                    session.choose(seat, best["key"], end=True)
            elif seat in session.game.chosen and not session.seats[seat].ended:
                session.end_turn(seat)


def my_turn(driver: Driver, session: TableSession) -> bool:
    return current(driver, session) and not driver.find_element(
        By.ID, "pass").get_attribute("hidden")


def caught_up(drivers: list[Driver], session: TableSession) -> None:
    for driver in drivers:
        wait_for(driver, partial(current, driver, session))


def someone_completed(session: TableSession) -> bool:
    return any(s.completed_colours() for s in session.game.sheets)


def tap_move(driver: Driver, session: TableSession, want: Callable[[dict[str, Any]], bool]
             ) -> dict[str, Any]:
    """Tap the cells of the first listed move ``want`` accepts, then its button."""
    wait_for(driver, lambda: current(driver, session))
    choices = driver.execute_script(
        "return [...document.querySelectorAll('#moves button.choice, #candidates button.choice')]"
        ".map(b => b.dataset.key)")
    del choices
    seat = int(driver.execute_script("return Number(document.body.dataset.seat)"))
    listed = [c for c in session.view(seat)["choices"] if want(c)]
    assert listed, "no such move listed"
    move = listed[0]
    for name in move["cells"]:
        driver.find_element(By.CSS_SELECTOR, f'[data-cell="{name}"]').click()
    button = wait_for(driver, lambda: next(
        (b for b in driver.find_elements(By.CSS_SELECTOR, "#candidates button.choice")
         if b.get_attribute("data-key") == move["key"]), None))
    button.click()
    wait_for(driver, lambda: current(driver, session) and not driver.find_element(
        By.ID, "end").get_attribute("hidden"))
    return dict(move)


def shot(driver: Driver, name: str) -> None:
    """A screenshot: into examples/output/ (tracked files) only with
    KOK_UPDATE_SCREENSHOTS=1, otherwise into a temporary folder, so a test run changes no
    file of the repository."""
    folder = OUTPUT if os.environ.get("KOK_UPDATE_SCREENSHOTS") == "1" else Path(
        tempfile.gettempdir()) / "kok-table-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(folder / name)), name


def table(layout: str, people: int, bots: int, **kwargs: Any) -> TableSession:
    names = ["Ann", "Bob", "Cem", "Dia"][:people] + [f"bot {i + 1}" for i in range(bots)]
    return TableSession(load_layout(layout), layout, names,
                        {people + i: "greedy" for i in range(bots)}, **kwargs)


def test_three_seats_play_a_whole_game_on_black_and_the_record_replays(
        browsers: list[Driver], tmp_path: Path) -> None:
    session = table("black", 3, 0, seed=1, state_path=tmp_path / "state.json")
    with running(session) as server:
        for seat, driver in enumerate(browsers):
            open_seat(driver, server, seat)
        assert browsers[0].execute_script("return window.innerWidth") == PHONE[0]
        # The first roll: everyone taps the cells of a move, like a person.
        for driver in browsers:
            wait_for(driver, partial(my_turn, driver, session))
            tap_move(driver, session, lambda c: not c["jokers"])
        crossed = set(session.view(0)["sheets"][0]["crossed"])
        # A reload mid-roll rejoins the same seat with the move still taken back-able.
        browsers[0].refresh()
        open_seat(browsers[0], server, 0)
        cells = browsers[0].find_elements(By.CSS_SELECTOR, ".cell.crossed")
        assert {c.get_attribute("data-cell") for c in cells} == crossed
        assert browsers[0].find_element(By.ID, "undo").is_displayed()
        play_until(browsers, session, lambda: session.game.rolls_done >= 2)
        shot(browsers[0], "table-phone.png")
        fast_forward(session, lambda: session.game.end_triggered)
        caught_up(browsers, session)
        last_round = session.game.rolls_done
        play_until(browsers, session, lambda: session.game.over)
        assert session.game.rolls_done > last_round        # the browsers play the last round
        for driver in browsers:
            wait_for(driver, partial(driver.execute_script,
                                     "return document.body.dataset.over === '1'"))
        assert "Winner: " in browsers[1].find_element(By.ID, "result-line").text
        shown = [int(td.text) for td in browsers[2].find_elements(
            By.CSS_SELECTOR, '#scores td[data-score="total"]')]
        browsers[2].find_element(By.CSS_SELECTOR, '#scores tr[data-player="0"] button').click()
        assert "Ann" in browsers[2].find_element(By.ID, "viewing-name").text
        shot(browsers[2], "table-end.png")
        feed = browsers[0].find_element(By.ID, "feed").text
        assert "completed" in feed and "Game over" in feed
    session.save_record(tmp_path / "game.json")
    replayed = load_and_replay(tmp_path / "game.json")
    assert [s.total for s in replayed.scores()] == shown


def test_the_host_page_shows_every_seats_link_and_qr_code(browsers: list[Driver]) -> None:
    session = table("black", 2, 1, seed=1)
    with running(session) as server:
        driver = browsers[0]
        driver.get(server.url)
        wait_for(driver, lambda: driver.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))
        codes = driver.find_elements(By.CSS_SELECTOR, "#seats img.qr")
        assert len(codes) == 2
        assert driver.execute_script("return arguments[0].naturalWidth", codes[0]) > 100
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#seats a.seat-link")]
        assert links == [server.link(s.token) for s in session.seats[:2]]
        assert driver.find_element(By.ID, "actions").get_attribute("hidden")
        reach = driver.find_element(By.ID, "reach")
        assert reach.get_attribute("data-phones") == "loopback" and "--host" in reach.text
        shot(driver, "table-host.png")


@pytest.mark.parametrize(("address", "phones", "words"), [
    ("192.0.2.7", "yes", "Phones on this network join at 192.0.2.7"),
    (None, "none", "No network address found"),
])
def test_the_host_page_says_where_phones_join_or_why_they_cannot(
        browsers: list[Driver], monkeypatch: pytest.MonkeyPatch, address: str | None,
        phones: str, words: str) -> None:
    monkeypatch.setattr(server_module, "lan_address", lambda: address)
    session = table("black", 2, 0, seed=1)
    with running(session, host=NETWORK) as server:
        driver = browsers[0]
        driver.get(server.url)                 # the host's browser: 127.0.0.1
        assert server.url.startswith("http://127.0.0.1:")
        wait_for(driver, lambda: driver.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))
        reach = driver.find_element(By.ID, "reach")
        assert reach.get_attribute("data-phones") == phones and words in reach.text
        links = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "#seats a.seat-link")]
        assert all(link.startswith(f"http://{address or '127.0.0.1'}:") for link in links)


def test_a_keer_op_keer_2_game_with_the_special_die(browsers: list[Driver]) -> None:
    session = table("grey", 1, 2, seed=6)
    driver = browsers[0]
    with running(session) as server:
        open_seat(driver, server, 0)
        fast_forward(session, lambda: any(c["special"] and c["cells"]
                                          for c in session.view(0).get("choices", [])))
        boxes = session.game.sheets[0].boxes_left
        move = tap_move(driver, session, lambda c: bool(c["special"] and c["cells"]))
        assert session.game.sheets[0].boxes_left == boxes - 1
        marked = {c.get_attribute("data-cell") for c in
                  driver.find_elements(By.CSS_SELECTOR, ".cell.this-roll")}
        assert marked == set(move["cells"])
        assert driver.find_element(By.CSS_SELECTOR, ".die.special").text
        shot(driver, "table-kok2.png")
        driver.find_element(By.ID, "end").click()
        fast_forward(session, lambda: someone_completed(session))
        caught_up([driver], session)
        play_until([driver], session, lambda: session.game.over)
        wait_for(driver, lambda: "Winner: " in driver.find_element(By.ID, "result-line").text)


def test_a_kids_game_by_tapping_one_cell_of_an_enclosure(browsers: list[Driver]) -> None:
    session = table("kids", 1, 1, seed=2)
    driver = browsers[1]
    with running(session) as server:
        open_seat(driver, server, 0)
        wait_for(driver, lambda: current(driver, session))
        view = session.view(0)
        choice = next(c for c in view["choices"] if len(c["cells"]) > 1)
        driver.find_element(By.CSS_SELECTOR, f'[data-cell="{choice["cells"][0]}"]').click()
        keys = [b.get_attribute("data-key") for b in
                driver.find_elements(By.CSS_SELECTOR, "#candidates button.choice")]
        assert choice["key"] in keys
        driver.find_element(By.CSS_SELECTOR, "#symbols").click()  # symbols off and on
        driver.find_element(By.CSS_SELECTOR, "#symbols").click()
        Select(driver.find_element(By.ID, "lang")).select_by_value("nl")
        assert driver.find_element(By.ID, "pass").text == "Passen"
        assert driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth")
        shot(driver, "table-kids.png")
        driver.find_element(By.ID, "zoom").click()       # large cells: at least 9 mm
        width = driver.execute_script(
            "return document.querySelector('.cell').getBoundingClientRect().width")
        assert width >= 9 / 25.4 * 96
        driver.find_element(By.ID, "zoom").click()
        fast_forward(session, lambda: someone_completed(session))
        caught_up([driver], session)
        play_until([driver], session, lambda: session.game.over)
        wait_for(driver, lambda: driver.find_element(By.ID, "result").is_displayed())
        Select(driver.find_element(By.ID, "lang")).select_by_value("en")
        review = driver.find_element(By.ID, "review")           # the end page offers the review
        assert review.text == "The game review (PDF)"
        assert "/api/review.pdf?token=" in (review.get_attribute("href") or "")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": PHONE[1], "height": PHONE[0], "deviceScaleFactor": 1, "mobile": True})
        try:
            assert driver.execute_script(
                "return document.documentElement.scrollWidth <= window.innerWidth")
            grid = driver.execute_script(
                "return document.getElementById('grid').getBoundingClientRect().bottom")
            assert grid <= PHONE[0]                       # the whole sheet in view
            shot(driver, "table-landscape.png")
        finally:
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1,
                "mobile": True})


def test_real_dice_are_entered_by_the_active_player(browsers: list[Driver]) -> None:
    session = table("black", 2, 0, seed=1, dice="real")
    ann, bob = browsers[0], browsers[1]
    with running(session) as server:
        open_seat(ann, server, 0)
        open_seat(bob, server, 1)
        assert bob.find_element(By.ID, "throw").get_attribute("hidden")
        form = ann.find_element(By.ID, "throw")
        assert form.is_displayed()
        for die, face in (("colour0", "green"), ("colour1", "blue"), ("colour2", "joker"),
                          ("number0", "2"), ("number1", "?"), ("number2", "5")):
            Select(form.find_element(By.CSS_SELECTOR, f'[data-die="{die}"]')).select_by_value(face)
        ann.find_element(By.ID, "throw-go").click()
        wait_for(ann, lambda: session.game.roll is not None and current(ann, session))
        assert session.game.roll is not None
        assert session.game.roll.numbers == (2, 0, 5)
        dice = [d.text for d in ann.find_elements(By.CSS_SELECTOR, "#dice .die.number")]
        assert dice == ["2", "?", "5"]
        play_until([ann, bob], session, lambda: session.game.rolls_done == 1)
        wait_for(bob, lambda: current(bob, session) and bob.find_element(By.ID, "throw")
                 .is_displayed())


def test_a_wrong_or_stale_token_is_refused_in_the_browser(browsers: list[Driver]) -> None:
    stale = table("black", 2, 0, seed=1)
    with running(table("black", 2, 0, seed=1)) as server:
        driver = browsers[2]
        for token in ("nope", stale.seats[0].token):
            driver.get(server.link(token))
            # The page says it in its language (here the browser's English), not as JSON.
            wait_for(driver, lambda: driver.find_element(By.ID, "error").text)
            said = driver.find_element(By.ID, "error").text
            assert said.startswith("This link is not one of this game's"), said
            assert "{" not in driver.find_element(By.TAG_NAME, "body").text
            assert not driver.find_elements(By.CSS_SELECTOR, "[data-cell]")

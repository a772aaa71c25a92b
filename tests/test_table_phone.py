"""kok table's game screen in real headless Chromiums at a phone's sizes, upright
(390 x 844) and on its side (844 x 390), for the black, grey (Keer op Keer 2) and Kids
sheets: what the screen promises, measured.

- On its side the whole sheet is in view with cells of at least 36 CSS px, and upright the
  sheet fits the width; no page scrolls sideways, nor any table on it.
- The cells marked ``data-legal`` are exactly the cells of the rules' legal moves
  (``Game.choices_for``) at several rolls, and after a tap exactly the cells of the legal
  moves that hold the tapped cell.
- A whole game of each edition on three phones, one of them on its side.

Screenshots of both sizes go to examples/output/ with KOK_UPDATE_SCREENSHOTS=1."""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

from kok_layouts.errors import IllegalMoveError
from kok_layouts.rules import Options, mask_names
from kok_layouts.table.choices import crossed_by
from kok_layouts.table.session import TableSession
from tests.conftest import ROOT
from tests.server_helpers import chromium, skip_without_chromium
from tests.test_table_browser import (
    STEP,
    caught_up,
    current,
    my_turn,
    open_seat,
    shot,
    table,
    wait_for,
)
from tests.test_table_server import running
from tests.timing import slowness

skip_without_chromium()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

Driver = webdriver.Chrome
UPRIGHT = (390, 844)
ON_ITS_SIDE = (844, 390)
EDITIONS = ("black", "grey", "kids")
LEAST_CELL = 36.0
WORDS = json.loads((ROOT / "kok_layouts" / "table" / "static" / "words.json").read_text("utf-8"))


def size(driver: Driver, screen: tuple[int, int]) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": screen[0], "height": screen[1], "deviceScaleFactor": 1, "mobile": True})
    driver.execute_script("dispatchEvent(new Event('resize'))")


@pytest.fixture(scope="module")
def phones() -> Iterator[list[Driver]]:
    with contextlib.ExitStack() as stack:
        made = [stack.enter_context(chromium(UPRIGHT, ["--lang=en-GB"])) for _ in range(3)]
        for driver, screen in zip(made, (UPRIGHT, ON_ITS_SIDE, UPRIGHT), strict=True):
            size(driver, screen)
        yield made


MEASURE = """
const cells = [...document.querySelectorAll('#grid .cell')].map(c => c.getBoundingClientRect());
const grid = document.getElementById('grid').getBoundingClientRect();
const wide = [...document.querySelectorAll('table, #grid, #frame, #side, #seats, #feed')]
  .filter(e => e.offsetParent !== null && (e.scrollWidth > e.clientWidth + 1
               || e.getBoundingClientRect().right > innerWidth + 0.5))
  .map(e => e.id || e.tagName);
return {smallest: Math.min(...cells.map(r => Math.min(r.width, r.height))),
        page: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
        wide: wide, grid: [grid.left, grid.top, grid.right, grid.bottom],
        total: !!document.getElementById('total-value') &&
               document.getElementById('total-value').getBoundingClientRect().width > 0,
        scoreTotal: [...document.querySelectorAll('#scores th[data-key="total"]')]
          .map(th => th.getBoundingClientRect().right <= innerWidth + 0.5),
        cut: [...document.querySelectorAll('#scores th')]
          .filter(th => th.offsetParent !== null && th.scrollWidth > th.clientWidth + 1)
          .map(th => th.textContent),
        pictogram: Math.min(...[...document.querySelectorAll('#grid .cell .pictogram')]
          .map(p => p.getBoundingClientRect().width / p.parentNode.getBoundingClientRect().width))};
"""


BOMB = """
const bomb = document.querySelector('.cell.bomb-option');
if (bomb) { bomb.click(); return "bombed"; }
"""


# Kids: a seat that may cross must (the purple cross crosses no cell but is a move).
MUST_CROSS = STEP.replace("worth(moves[0]) > 0",
                          "worth(moves[0]) >= (body.dataset.edition === 'kids' ? 0 : 1)")
assert MUST_CROSS != STEP


UNCHECKED = """
if (!arguments[0] && !document.getElementById("pass").hidden) return "unchecked";
"""


def step(driver: Driver, session: TableSession, choose: bool = True) -> str:
    """One action of the seat on this page through its buttons (a bomb a row's item gives
    goes on the first square offered); with ``choose`` false it only ends a turn (a seat
    whose legal cells the test has not checked yet in this roll)."""
    if not current(driver, session):
        return "stale"
    return str(driver.execute_script(UNCHECKED + BOMB + MUST_CROSS, choose))


def play_until(drivers: list[Driver], session: TableSession, done: Callable[[], bool],
               timeout: float = 180) -> None:
    end = time.monotonic() + timeout * slowness()
    while not done():
        assert time.monotonic() < end, "the game did not get on"
        if all(step(driver, session) in ("stale", "idle") for driver in drivers):
            time.sleep(0.02)


def choose(session: TableSession, seat: int, key: str) -> None:
    """``seat`` takes the move ``key`` and ends the turn, its bombs on the first squares."""
    bombs: list[str] = []
    while True:
        try:
            session.choose(seat, key, bombs=bombs, end=True)
            return
        except IllegalMoveError:
            offered = session.bomb_options.get(seat)
            if not offered or len(bombs) > 3:
                raise
            bombs.append(offered[0])


def fast_forward(session: TableSession, done: Callable[[], bool]) -> None:
    """The people's seats play through the session (the largest move) until ``done``."""
    while not done() and not session.game.over:
        for seat in session.people():
            if done() or session.game.over:
                return
            view = session.view(seat)
            if view.get("my_turn"):
                best = max(view["choices"], key=lambda c: len(c["cells"]) - 2 * c["jokers"],
                           default=None)
                least = 0 if session.game.sheet.edition == "kids" else 1
                if best is None or len(best["cells"]) - 2 * best["jokers"] < least:
                    session.pass_turn(seat, end=True)
                else:
                    choose(session, seat, best["key"])
            elif seat in session.game.chosen and not session.seats[seat].ended:
                session.end_turn(seat)


def measure(driver: Driver) -> dict[str, Any]:
    return dict(driver.execute_script(MEASURE))


def check_screen(driver: Driver, screen: tuple[int, int]) -> dict[str, Any]:
    """What point 2 promises at ``screen``: nothing scrolls sideways, the sheet's cells
    fit (on its side: the whole sheet in view, cells of 36 px at least)."""
    found = measure(driver)
    assert found["page"] <= found["width"] == screen[0], found
    assert not found["wide"], found
    assert all(found["scoreTotal"]), found
    assert not found["cut"], found                 # every score heading readable
    if driver.execute_script("return document.body.dataset.edition") == "kids" and \
            found["pictogram"] is not None:           # None: no sheet shown (the host's page)
        assert found["pictogram"] >= 0.6, found     # the animals legible
    left, top, right, bottom = found["grid"]
    assert left >= 0 and right <= screen[0], found
    if screen == ON_ITS_SIDE:
        assert found["smallest"] >= LEAST_CELL, found
        assert top >= 0 and bottom <= screen[1], found
    return found


def legal_cells(session: TableSession, seat: int, holding: str | None = None) -> set[str]:
    """The cells of the rules' legal moves of ``seat`` (those holding ``holding``)."""
    game = session.game
    found: set[str] = set()
    for choice in game.choices_for(seat):
        cells = mask_names(crossed_by(choice), game.sheet.width) or []
        if holding is None or holding in cells:
            found.update(cells)
    return found


def shown_legal(driver: Driver) -> set[str]:
    return {c.get_attribute("data-cell") or "" for c in
            driver.find_elements(By.CSS_SELECTOR, "#grid .cell[data-legal]")}


def check_legal(driver: Driver, session: TableSession, seat: int) -> int:
    """The data-legal cells are the rules' legal cells, and narrow to the cells of the
    moves that hold a tapped cell; the tap is taken back. Returns the legal cells' count."""
    wait_for(driver, lambda: current(driver, session) and not driver.find_element(
        By.ID, "pass").get_attribute("hidden"))
    everything = legal_cells(session, seat)
    assert shown_legal(driver) == everything
    if everything:
        tapped = sorted(everything)[len(everything) // 2]
        driver.find_element(By.CSS_SELECTOR, f'[data-cell="{tapped}"]').click()
        assert shown_legal(driver) == legal_cells(session, seat, tapped)
        assert driver.find_elements(By.CSS_SELECTOR, "#candidates button.choice")
        driver.find_element(By.ID, "clear").click()
        assert shown_legal(driver) == everything
    return len(everything)


def zoom_upright(driver: Driver, edition: str) -> None:
    """Upright, the zoom shows half the sheet in cells of 36 px at least, the other half a
    tap away, and nothing scrolls sideways; zoomed out, the whole sheet again."""
    size(driver, UPRIGHT)
    width = len(driver.find_elements(By.CSS_SELECTOR, "#grid .letter:not(:empty)"))
    driver.find_element(By.ID, "zoom").click()
    try:
        halves = []
        for _ in range(2):
            found = check_screen(driver, UPRIGHT)
            assert found["smallest"] >= LEAST_CELL, found
            halves.append([e.text for e in
                           driver.find_elements(By.CSS_SELECTOR, "#grid .letter:not(:empty)")])
            if not halves[1:]:
                shot(driver, f"table-{edition}-zoom.png")
            driver.find_element(By.ID, "half").click()
        assert len(set(halves[0]) | set(halves[1])) == width, halves
        assert halves[0][0] == "A" and halves[1][-1] != "A"
    finally:
        driver.find_element(By.ID, "zoom").click()
    assert len(driver.find_elements(By.CSS_SELECTOR, "#grid .letter:not(:empty)")) == width
    assert not driver.find_element(By.ID, "half").is_displayed()


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_whole_game_on_three_phones_upright_and_on_its_side(
        phones: list[Driver], edition: str) -> None:
    session = table(edition, 3, 1, seed=4)
    with running(session) as server:
        # As a family that never read the docs: the host's page shows a link per person
        # (and none for the bot); each phone opens the link the page shows.
        host = phones[0]
        host.get(server.url)
        wait_for(host, lambda: host.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))
        check_screen(host, UPRIGHT)
        links = [a.get_attribute("href") or "" for a in
                 host.find_elements(By.CSS_SELECTOR, "#seats a.seat-link")]
        assert len(links) == 3 and all(link.startswith("http://127.0.0.1:") for link in links)
        assert host.find_element(By.ID, "host-next").text
        for driver, link in zip(phones, links, strict=True):
            driver.get(link)
            wait_for(driver, partial(driver.execute_script,
                                     "return document.body.dataset.pending === '0' && "
                                     "!!document.body.dataset.version"))
        screens = (UPRIGHT, ON_ITS_SIDE, UPRIGHT)
        checked = 0
        # Several rolls: every phone's legal cells against the rules, then everyone plays
        # the move the page lists first by size (through its buttons).
        while session.game.rolls_done < 4:
            roll = session.game.rolls_done
            seen: set[int] = set()
            moved: list[str] = []
            end = time.monotonic() + 60 * slowness()
            while session.game.rolls_done == roll:
                assert time.monotonic() < end, ("the roll did not end", moved, [
                    d.find_element(By.ID, "error").text for d in phones],
                    session.game.waiting_for())
                moved = []
                for seat, driver in enumerate(phones):
                    if seat not in seen and my_turn(driver, session):
                        checked += check_legal(driver, session, seat)
                        check_screen(driver, screens[seat])
                        seen.add(seat)
                    moved.append(step(driver, session, seat in seen))
                time.sleep(0.02)
            assert seen, "nobody's turn in a roll"
        assert checked > 0
        # A move taken: its dice are ticked and its cells ringed, colour kept.
        caught_up(phones, session)
        seat = wait_for(phones[0], lambda: next(
            (i for i, d in enumerate(phones) if my_turn(d, session)), None) is not None
            and next(i for i, d in enumerate(phones) if my_turn(d, session)) + 1)
        seat -= 1
        driver = phones[seat]
        choices = [c for c in session.view(seat)["choices"] if c["cells"]]
        if choices:
            move = max(choices, key=lambda c: len(c["cells"]))
            for name in move["cells"]:
                driver.find_element(By.CSS_SELECTOR, f'[data-cell="{name}"]').click()
            button = wait_for(driver, lambda: next(
                (b for b in driver.find_elements(By.CSS_SELECTOR, "#candidates button.choice")
                 if b.get_attribute("data-key") == move["key"]), None))
            button.click()
            wait_for(driver, lambda: current(driver, session) and not driver.find_element(
                By.ID, "end").get_attribute("hidden"))
            assert driver.find_elements(By.CSS_SELECTOR, "#dice .die.used")
            ringed = {c.get_attribute("data-cell") for c in
                      driver.find_elements(By.CSS_SELECTOR, ".cell.this-roll")}
            assert ringed == set(move["cells"])
            assert driver.execute_script(
                "return getComputedStyle(document.querySelector('.cell.this-roll')).filter")\
                == "none"
        for screen, name in ((UPRIGHT, "upright"), (ON_ITS_SIDE, "landscape")):
            size(driver, screen)
            time.sleep(0.2)
            found = check_screen(driver, screen)
            if screen == ON_ITS_SIDE:
                print(f"{edition}: cells {found['smallest']:.1f} px on its side")
            shot(driver, f"table-{edition}-{name}.png")
        zoom_upright(driver, edition)
        size(driver, screens[seat])
        fast_forward(session, lambda: session.game.end_triggered)
        caught_up(phones, session)
        play_until(phones, session, lambda: session.game.over)
        for seat, driver in enumerate(phones):
            wait_for(driver, partial(driver.execute_script,
                                     "return document.body.dataset.over === '1'"))
            check_screen(driver, screens[seat])
            shown = [int(td.text) for td in driver.find_elements(
                By.CSS_SELECTOR, '#scores td[data-score="total"]')]
            assert shown == [s.total for s in session.game.scores()]


def set_lang(driver: Driver, lang: str) -> None:
    driver.execute_script(
        "const s = document.getElementById('lang'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'))", lang)


CELL_NAME = re.compile(r"\b[A-O][1-9][0-9]?\b")


@pytest.mark.parametrize("lang", ["nl", "de", "fr"])
def test_every_word_of_the_screen_in_the_pages_language(phones: list[Driver], lang: str
                                                        ) -> None:
    session = table("kids", 1, 1, seed=2, options=Options(pass_penalty=1))
    driver = phones[2]
    words = WORDS[lang]
    with running(session) as server:
        open_seat(driver, server, 0)
        set_lang(driver, lang)
        wait_for(driver, lambda: current(driver, session))
        # A refusal in the page's language (a tap of End turn before a move, as a script).
        driver.execute_script("act({action: 'end'})")
        wait_for(driver, lambda: driver.find_element(By.ID, "error").text)
        assert driver.find_element(By.ID, "error").text == words["e_choose_first"]
        driver.find_element(By.ID, "list").click()
        texts = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#moves button")]
        english = ("penguin", "lion", "crocodile", "elephant", "flamingo", "purple",
                   "greedy", "Cross", "waiting", "crossed", "completed", "passed",
                   "Game over", "chameleon")
        same = {"fr": {"lion", "crocodile"}, "nl": {"flamingo"}}.get(lang, set())  # one word
        assert texts and all(t.split(":")[0] for t in texts)
        # A few rolls and then the end: the feed says every move in the page's language,
        # a Kids move by its animals, never by the cells' names.
        fast_forward(session, lambda: session.game.rolls_done >= 6)
        caught_up([driver], session)
        fast_forward(session, lambda: False)
        caught_up([driver], session)
        feed = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#feed li")]
        assert feed and any(words["over"] in line for line in feed), feed
        assert not [line for line in feed if CELL_NAME.search(line)], feed
        animals = [words[c.name][1] for c in session.game.sheet.colours]
        assert any(f" {animal}" in line for line in feed for animal in animals), feed
        page = driver.find_element(By.TAG_NAME, "body").text
        for word in set(english) - same:
            assert word not in page, (word, page)
        # The host's page: the house rules and how the game ends, in the page's language.
        driver.get(server.url)
        wait_for(driver, lambda: driver.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))
        set_lang(driver, lang)
        house = driver.find_element(By.ID, "house").text
        assert words["h_pass_penalty"].replace("{n}", "1") in house, house
        assert words[f"h_end_{session.game.options.end}"] in house, house
        assert "pass_penalty" not in house and words["h_first_three_rolls_open"] not in house
        set_lang(driver, "en")


def test_dark_phones_get_a_dark_page_with_the_moves_still_in_sight(phones: list[Driver]
                                                                   ) -> None:
    session = table("black", 2, 1, seed=1)
    driver = phones[0]
    size(driver, UPRIGHT)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        with running(session) as server:
            open_seat(driver, server, 0)
            wait_for(driver, partial(my_turn, driver, session))
            found = dict(driver.execute_script(DARK))
            assert found["dark"], found
            assert found["background"] < 0.05 and found["text"] > 0.7, found
            assert found["contrast"] >= 7 and found["cards"] >= 7, found
            # The legal cells keep their white and black ring on the sheet's colours.
            assert found["legal"] and "rgb(255, 255, 255)" in found["legal"], found
            assert "rgb(0, 0, 0)" in found["legal"], found
            shot(driver, "table-black-dark.png")
            driver.get(server.url)
            wait_for(driver, lambda: driver.execute_script(
                "return document.body.dataset.pending === '0' && "
                "!!document.body.dataset.version"))
            found = dict(driver.execute_script(DARK))
            assert found["background"] < 0.05 and found["contrast"] >= 7, found
            assert found["cards"] >= 7, found          # the seats' boxes on the host page
            shot(driver, "table-host-dark.png")
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


DARK = """
const rgb = (text) => (text.match(/[0-9.]+/g) || []).slice(0, 3).map(Number);
const lum = (text) => {
  const c = rgb(text).map((v) => v / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
};
const ratio = (a, b) => (Math.max(lum(a), lum(b)) + 0.05) / (Math.min(lum(a), lum(b)) + 0.05);
const body = getComputedStyle(document.body);
const card = document.querySelector('#seats li, .points, #actions button');
const legal = document.querySelector('.cell[data-legal]');
return {dark: matchMedia('(prefers-color-scheme: dark)').matches,
        background: lum(body.backgroundColor), text: lum(body.color),
        contrast: ratio(body.backgroundColor, body.color),
        cards: card ? ratio(getComputedStyle(card).backgroundColor,
                            getComputedStyle(card).color) : 0,
        legal: legal ? getComputedStyle(legal).boxShadow : ""};
"""


def test_the_host_page_fits_an_upright_phone(phones: list[Driver]) -> None:
    session = table("grey", 3, 1, seed=1)
    driver = phones[0]
    with running(session) as server:
        driver.get(server.url)
        wait_for(driver, lambda: driver.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"))
        found = measure(driver)
        assert found["page"] <= found["width"] and not found["wide"], found
        assert "Greedy bot" in driver.find_element(By.ID, "seats").text
        # Keer op Keer 2's eight score lines: every heading readable in every language.
        open_seat(driver, server, 0)
        for lang in ("nl", "de", "fr", "en"):
            set_lang(driver, lang)
            found = check_screen(driver, UPRIGHT)
            assert len(driver.find_elements(By.CSS_SELECTOR, "#scores th")) == 9, lang

"""Issue 34, third round, in a real headless Chromium: the page's bomb step takes any of
the rules' squares by its top-left cell, also a square whose top-left cell is crossed
already, and every act the page sends names its moment (a second tap on one state
changes nothing)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from kok_layouts import load_layout
from kok_layouts.rules import Choice
from kok_layouts.rules.bots import GreedyBot
from kok_layouts.table.choices import distinct_choices
from kok_layouts.table.session import TableSession, choice_id
from tests.server_helpers import chromium, skip_without_chromium
from tests.server_helpers import wait_for as wait_on_page
from tests.test_table_server import running

skip_without_chromium()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

GREY = load_layout("grey")


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium((390, 844), ["--lang=en-GB"]) as driver:
        yield driver


def bomb_on_a_crossed_corner(session: TableSession, seed: int) -> tuple[Choice, list[str]]:
    """Play Ann's seat greedily through the session until one of her listed moves gives a
    bomb whose squares include one with a crossed top-left cell."""
    bot, rng, game = GreedyBot(), np.random.default_rng(seed), session.game
    while not game.over:
        if 0 in game.waiting_for():
            player = game.sheets[0]
            for choice in distinct_choices(game, 0):
                corners = [name for name in game.bomb_squares(0, choice)
                           if player.crossed & player.board.parse_cells(name)]
                if corners:
                    return choice, corners
            picked = bot.choose(game, 0, rng)
            if picked is None:
                session.pass_turn(0, end=True)
            else:
                session.choose(0, choice_id(picked), end=True, bombs=[
                    GREY.cell_name((b & -b).bit_length() - 1) for b in picked.bombs])
        else:
            session.end_turn(0)
    raise AssertionError("the seeded game never offered such a bomb")


def test_a_bomb_whose_top_left_cell_is_crossed_is_tapped_and_placed(
        browser: webdriver.Chrome) -> None:
    session = TableSession(GREY, "grey", ["Ann", "bot"], {1: "greedy"}, seed=13)
    with running(session) as server:
        choice, corners = bomb_on_a_crossed_corner(session, 13)
        squares = session.game.bomb_squares(0, choice)
        browser.get(server.link(session.seats[0].token))

        def shown() -> bool:
            return bool(browser.execute_script(
                "return document.body.dataset.pending === '0' && "
                "document.body.dataset.version === arguments[0]", str(session.version)))

        wait_on_page(browser, shown, 20)
        browser.find_element(By.ID, "list").click()
        browser.find_element(By.CSS_SELECTOR, f'#moves button[data-key="{choice_id(choice)}"]'
                             ).click()
        corner = corners[0]
        # Found and tapped in one step: the page redraws its grid on every news, and an
        # element found before a redraw is gone when it is tapped.
        wait_on_page(browser, lambda: browser.execute_script(
            "const cell = document.querySelector(arguments[0]);"
            "if (cell) cell.click(); return !!cell;",
            f'[data-cell="{corner}"].bomb-option.crossed'), 20)
        wait_on_page(browser, lambda: 0 in session.game.chosen, 20)
        made = session.game.choice_in_roll(0)
        assert made is not None and made.bombs == (squares[corner],)
        assert made.move.cells == choice.move.cells


def test_a_second_tap_on_pass_changes_nothing(browser: webdriver.Chrome) -> None:
    session = TableSession(load_layout("black"), "black", ["Ann", "Bob"], seed=2)
    with running(session) as server:
        browser.get(server.link(session.seats[0].token))
        wait_on_page(browser, lambda: browser.execute_script(
            "return document.body.dataset.pending === '0' && !!document.body.dataset.version"),
            20)
        version = session.version
        # Two taps before the first answer comes: both name the state the page showed.
        browser.execute_script("document.getElementById('pass').click();"
                               "document.getElementById('pass').click();")
        wait_on_page(browser, lambda: 0 in session.game.chosen, 20)
        wait_on_page(browser, lambda: browser.execute_script(
            "return document.body.dataset.pending === '0'"), 20)
        assert session.version == version + 1
        assert not session.seats[0].ended

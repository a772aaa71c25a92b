"""A family that never read the docs, in real headless Chromiums: ``kok table`` started
with the default command (phones on the network; the test reaches it through 127.0.0.1
only, the address the host's own page is on), the host's page opened, three phones on the
links it shows and a bot, and a whole Kids game played by tapping only what the pages show:
a highlighted cell, then the move it offers (or Pass), then End turn. No page ever shows an
error, and every phone ends on the result."""

from __future__ import annotations

import contextlib
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from tests.conftest import ROOT, ended, interruptible
from tests.server_helpers import chromium, skip_without_chromium
from tests.server_helpers import wait_for as wait_on_page
from tests.timing import slowness

skip_without_chromium()

from selenium import webdriver  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

Driver = webdriver.Chrome
UPRIGHT = (390, 844)

# What a person does with what the page shows: a bomb's square when asked, the move the
# tapped cell offers, a highlighted cell, Pass when none is, End turn once chosen.
TAP = """
const $ = (id) => document.getElementById(id);
if (document.body.dataset.pending !== '0') return 'busy';
if (document.body.dataset.over === '1') return 'over';
const bomb = document.querySelector('.cell.bomb-option');
if (bomb) { bomb.click(); return 'bomb'; }
const offered = document.querySelector('#candidates button.choice');
if (offered && !$('pass').hidden) { offered.click(); return 'chose'; }
if (!$('pass').hidden) {
  const legal = document.querySelector('.cell[data-legal]');
  if (legal) { legal.click(); return 'tapped'; }
  $('pass').click(); return 'passed';
}
if (!$('end').hidden && !$('actions').hidden) { $('end').click(); return 'ended'; }
return 'idle';
"""


@pytest.fixture()
def table(tmp_path: object) -> Iterator[str]:
    """``kok table kids`` as a family starts it (three people and a bot), its host page's
    address (127.0.0.1, as the terminal prints it first)."""
    process = interruptible(
        [sys.executable, "-m", "kok_layouts", "table", "kids", "--players", "3",
         "--bots", "greedy", "--seed", "3", "--no-browser"],
        cwd=str(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert process.stdout is not None
    try:
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), url
        yield url
    finally:
        process.send_signal(signal.SIGTERM)
        ended(process, 20)


def test_a_family_plays_a_whole_kids_game_by_tapping_what_the_pages_show(table: str) -> None:
    port = table.split(":")[2].split("/")[0]
    with contextlib.ExitStack() as stack:
        phones = [stack.enter_context(chromium(UPRIGHT, ["--lang=en-GB"])) for _ in range(3)]
        host = phones[0]
        host.get(table)
        wait_on_page(host, lambda: host.find_elements(By.CSS_SELECTOR, "#seats a.seat-link"), 60)
        assert host.find_element(By.ID, "host-next").text.startswith("Each player opens")
        shown = [a.get_attribute("href") or "" for a in
                 host.find_elements(By.CSS_SELECTOR, "#seats a.seat-link")]
        assert len(shown) == 3 and "Greedy bot" in host.find_element(By.ID, "seats").text
        # The links name this computer's network address; the test stays on 127.0.0.1.
        links = [re.sub(r"^http://[^/]+/", f"http://127.0.0.1:{port}/", link)
                 for link in shown]
        for phone, link in zip(phones, links, strict=True):
            phone.get(link)
        errors: set[str] = set()
        end = time.monotonic() + 150 * slowness()
        while not all(p.execute_script("return document.body.dataset.over") == "1"
                      for p in phones):
            assert time.monotonic() < end, "the game did not get on"
            for phone in phones:
                phone.execute_script(TAP)
                errors.add(phone.find_element(By.ID, "error").text)
            time.sleep(0.02)
        assert errors <= {""}, errors
        for phone in phones:
            result = phone.find_element(By.ID, "result-line").text
            assert "Winner" in result, result
        feed = phones[1].find_element(By.ID, "feed").text
        assert "Greedy bot crossed" in feed and "Player 1" in feed
        assert not re.search(r"\b[A-M][1-5]\b", feed), feed   # animals, not cell names

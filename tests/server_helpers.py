"""Shared helpers of the web-server suites (``kok design``, ``kok table`` and their browser
tests): a server serving in a thread, raw bytes on a socket, and a headless Chromium."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from kok_layouts.web import GuardedServer

if TYPE_CHECKING:
    from selenium.webdriver import Chrome

Server = TypeVar("Server", bound=GuardedServer)

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync")
"""Debian's Chromium as the tests run it: headless, no sandbox, and nothing that reaches
the network by itself (updates, sync, the first-run page)."""


@contextmanager
def serving(server: Server) -> Iterator[Server]:
    """``server`` serving in a thread until the block ends, then shut and closed."""
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def send_raw(port: int, data: bytes, timeout: float = 20) -> bytes:
    """Send ``data`` to ``port`` on a fresh connection, close our side, and read all that
    comes back."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        sock.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


INSTALL_CHROMIUM = "sudo apt-get install chromium chromium-driver"
"""How to get what the browser tests drive (Debian's packages; never a browser download)."""

MISSING_CHROMIUM = ("Debian's chromium and chromium-driver are not installed "
                    f"({INSTALL_CHROMIUM}); CI installs them")
"""The reason a browser test is skipped with: tests/conftest.py counts the tests skipped
for it and says so on the run's last line."""


def chromium_missing() -> bool:
    """Whether the browser tests are skipped here: Debian's Chromium or its driver is
    missing, or ``KOK_TEST_NO_CHROMIUM=1`` says to act as if it were (the suite's own test
    of that case). Never in CI (``CI=true``), where a missing browser fails the tests."""
    if os.environ.get("CI") == "true":
        return False
    if os.environ.get("KOK_TEST_NO_CHROMIUM") == "1":
        return True
    return not (CHROMIUM.exists() and CHROMEDRIVER.exists())


def skip_without_chromium() -> None:
    """Called at the top of a browser test module: names it one. Its tests are marked
    ``browser`` (and ``slow``) and, where :func:`chromium_missing`, skipped one by one with
    :data:`MISSING_CHROMIUM`, by tests/conftest.py, which finds the modules by this
    function (or :func:`chromium`) among their names."""


@contextmanager
def chromium(window: tuple[int, int], flags: Sequence[str] = (),
             prefs: Mapping[str, Any] | None = None,
             capabilities: Mapping[str, Any] | None = None) -> Iterator[Chrome]:
    """A headless Chromium with a fresh profile (removed afterwards) and a window of
    ``window`` pixels; ``flags``, ``prefs`` and ``capabilities`` add to the defaults."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="kok-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    if prefs:
        options.add_experimental_option("prefs", dict(prefs))
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    for flag in (*CHROMIUM_FLAGS, *flags, f"--user-data-dir={profile}",
                 f"--window-size={window[0]},{window[1]}"):
        options.add_argument(flag)
    try:
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        try:
            yield driver
        finally:
            driver.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(driver: Chrome, condition: Callable[[], Any], timeout: float = 30,
             pause: float = 0.05) -> Any:
    """``condition()`` once it is true; after ``timeout`` seconds an assertion error with
    the page's error line."""
    from selenium.webdriver.common.by import By

    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            error = driver.find_element(By.ID, "error").text
            raise AssertionError(f"timed out; the page's error line: {error!r}")
        time.sleep(pause)

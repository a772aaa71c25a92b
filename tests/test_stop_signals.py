"""A stop signal is never lost: a second one while the first is handled is ignored, but a
first one that Python dropped (raised in a callback during an import) is raised again."""

from __future__ import annotations

import os
import signal
import time

import pytest

from kok_layouts.cli import main as cli


def _wait(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.02)


def test_a_stop_that_python_dropped_is_raised_again() -> None:
    with cli._stop_signals(restore=True):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            _wait(1.0)
        except KeyboardInterrupt:
            pass  # dropped, as Python drops it in a callback: the command never saw it
        with pytest.raises(KeyboardInterrupt):
            _wait(cli.LOST_STOP_SECONDS + 3)


def test_a_second_signal_while_the_stop_is_handled_is_ignored() -> None:
    with cli._stop_signals(restore=True):
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
            _wait(1.0)
        cli._caught()  # the command caught it: from here on it cleans up
        os.kill(os.getpid(), signal.SIGTERM)
        _wait(cli.LOST_STOP_SECONDS + 0.5)  # nothing is raised, not even by the timer
    assert signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN  # put back

"""A stop signal is never lost: a second one while the first is handled is ignored, but a
first one that Python dropped (raised in a callback, as during an import) is raised again,
and one the command caught itself is not sent again."""

from __future__ import annotations

import os
import signal
import time
import weakref

import pytest

from kok_layouts.cli import main as cli


def _wait(seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.02)


class _Thing:
    pass


def test_a_stop_that_python_dropped_is_raised_again() -> None:
    def callback(ref: object) -> None:
        os.kill(os.getpid(), signal.SIGTERM)
        _wait(0.5)  # the stop is raised here, in a callback: Python drops it

    with cli._stop_signals(restore=True):
        thing = _Thing()
        ref = weakref.ref(thing, callback)
        with pytest.raises(KeyboardInterrupt):
            del thing
            _wait(3.0)
        assert ref() is None


def test_a_second_signal_while_the_stop_is_handled_is_ignored() -> None:
    with cli._stop_signals(restore=True):
        with pytest.raises(KeyboardInterrupt):
            os.kill(os.getpid(), signal.SIGTERM)
            _wait(1.0)
        os.kill(os.getpid(), signal.SIGTERM)  # a key pressed twice: ignored
        _wait(0.5)
    assert signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN  # put back


def test_a_stop_the_command_caught_itself_is_not_sent_again() -> None:
    # kok design and kok table end on Ctrl-C themselves; nothing may follow them out.
    with cli._stop_signals(restore=True):
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            _wait(1.0)
        except KeyboardInterrupt:
            pass
    _wait(1.5)  # nothing is raised after the command is over

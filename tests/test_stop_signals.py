"""A stop signal is never lost: a second one while the first is handled is ignored, but a
first one that Python dropped (raised in a callback, as during an import) is raised again,
and one the command caught itself is not sent again."""

from __future__ import annotations

import os
import signal
import threading
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


class _StopError(Exception):
    pass


def _raise_stop(number: int, frame: object) -> None:
    raise _StopError(number)


def test_a_stop_during_compiled_code_waits_for_the_call_and_then_stops_the_run() -> None:
    """The engine's kernels run inside ``held_signals``: a signal there is noted, not
    handled (a handler raising while numba builds its results would break the call), and
    raised as soon as the call is over, with the caller's own handler back in place."""
    from kok_layouts.stop_signals import held_signals

    before = signal.signal(signal.SIGTERM, _raise_stop)
    try:
        reached_the_end_of_the_block = False
        with pytest.raises(_StopError), held_signals():
            os.kill(os.getpid(), signal.SIGTERM)
            _wait(0.3)  # Python would have run the handler here
            assert signal.getsignal(signal.SIGTERM) is not _raise_stop
            reached_the_end_of_the_block = True
        assert reached_the_end_of_the_block
        assert signal.getsignal(signal.SIGTERM) is _raise_stop
    finally:
        signal.signal(signal.SIGTERM, before)


def test_holding_signals_leaves_ignored_and_default_handlers_and_other_threads_alone() -> None:
    from kok_layouts.stop_signals import held_signals

    before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with held_signals():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
        seen: list[object] = []

        def elsewhere() -> None:
            with held_signals():
                seen.append("ran")

        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
        assert seen == ["ran"]
    finally:
        signal.signal(signal.SIGHUP, before)


STOPPED_IN_GAMES = """
import os, signal, sys, threading
from kok_layouts.cli import main as cli
from kok_layouts.model.loader import load_layout
from kok_layouts.rules.engine.strong import play_strong

black = load_layout("black")
play_strong(black, 2, [[5, 0]])  # the kernels loaded before the clock starts
for delay in (0.001, 0.005, 0.02, 0.05, 0.1):
    with cli._stop_signals(restore=True):
        timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGTERM))
        try:  # (the timer starts inside: on a busy machine it may fire as it starts)
            timer.start()
            for _ in range(400):
                play_strong(black, 2, [[5, game] for game in range(20)])
        except KeyboardInterrupt as stop:
            print(type(stop).__name__)
        else:
            print("not stopped")
        timer.join()
"""


def test_engine_games_stopped_in_process_end_with_the_stop_not_a_broken_call() -> None:
    """Games of the compiled strong bot, the command line's stop signal arriving at many
    moments: the run always ends with the stop (a SystemError or a crash would be the
    broken call). In a process of its own: the signals are the process's."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", STOPPED_IN_GAMES], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["_Stopped"] * 5, done.stdout + done.stderr[-2000:]

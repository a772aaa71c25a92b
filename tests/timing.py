"""Time bounds that do not depend on how busy the machine is.

A test that says "ends within 2 s" means 2 s of an idle machine. On a machine loaded four
times over, a process gets a fifth of a core and every step it takes lasts five times
longer, while a wait the program promises (a timeout, a sleep) lasts as long as ever.
:class:`Stopwatch` measures how much slower than an idle core this process runs now, by
the CPU time a short busy loop gets (before and after the timed span), and stretches the
CPU part of a bound by that much and no more: on an idle machine every bound is the one
the test states; a run that waits a second longer than it promised still fails.
"""

from __future__ import annotations

import time
from types import TracebackType

PROBE_CPU_SECONDS = 0.05
"""The CPU seconds of the busy loop that measures :func:`slowness`."""

MOST_SLOWNESS = 20.0
""":func:`slowness` never exceeds this: a test still ends on a machine that is stuck."""


def slowness(cpu: float = PROBE_CPU_SECONDS) -> float:
    """How many times longer than on an idle core a step takes in this thread now: the
    wall seconds a busy loop of ``cpu`` CPU seconds lasts, over ``cpu`` (1 on an idle
    machine, about 5 with eight busy processes on two cores), at least 1, at most
    :data:`MOST_SLOWNESS`."""
    wall, spent = time.monotonic(), time.thread_time()
    while time.thread_time() - spent < cpu:
        pass
    ratio = (time.monotonic() - wall) / max(time.thread_time() - spent, 1e-9)
    return min(max(ratio, 1.0), MOST_SLOWNESS)


class Stopwatch:
    """The wall seconds of a ``with`` block and how slow the machine was around it.

    ``with Stopwatch() as watch: ...`` then ``watch.check(5)``: the block took no longer
    than 5 s of an idle machine; ``watch.check(15, waits=4)``: no longer than a promised
    wait of 4 s plus 11 s of work."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.slowness = 1.0
        self._started = 0.0

    def __enter__(self) -> Stopwatch:
        self.slowness = slowness()
        self._started = time.monotonic()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    def stop(self) -> float:
        """End the span (at most once; ``with`` does it); returns its wall seconds."""
        if not self.seconds:
            self.seconds = time.monotonic() - self._started
            self.slowness = max(self.slowness, slowness())
        return self.seconds

    def bound(self, idle: float, waits: float = 0.0) -> float:
        """The seconds a span may take that takes at most ``idle`` seconds on an idle
        machine, ``waits`` of them promised waits (timeouts) that load does not stretch."""
        return waits + (idle - waits) * self.slowness

    def check(self, idle: float, waits: float = 0.0, what: str = "it") -> None:
        """Fail unless the span stayed within :meth:`bound`."""
        self.stop()
        limit = self.bound(idle, waits)
        assert self.seconds <= limit, (
            f"{what} took {self.seconds:.1f} s: more than {idle:g} s of an idle machine "
            f"({limit:.1f} s with this machine {self.slowness:.1f} times slower)")


def deadline(idle: float) -> float:
    """A ``time.monotonic()`` by which something that takes up to ``idle`` seconds on an
    idle machine has happened, stretched by the :func:`slowness` of now."""
    return time.monotonic() + idle * slowness()

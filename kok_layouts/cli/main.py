"""Entry point of ``kok``: parses the command line and turns user errors into one line.

Exit codes: 0 success, 1 a layout with structural problems (``validate``), 2 bad input
(unreadable or schema-invalid layout, unknown name, illegal move, unwritable output, a
closed or full standard output), 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), 129
hung up (SIGHUP), 141 standard output closed by its reader after it took some (``| head``).
"""

from __future__ import annotations

import argparse
import codecs
import gc
import importlib
import io
import os
import signal
import stat
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from kok_layouts import __version__
from kok_layouts.cli.commands import COMMANDS, add_command
from kok_layouts.errors import KokError, LayoutError
from kok_layouts.stop_signals import STOP_SIGNALS, ignore_stop_signals

EXIT_USAGE = 2
EXIT_PIPE_CLOSED = 128 + signal.SIGPIPE
"""The reader of standard output closed it after taking what it wanted (``| head -2``):
kok ends quietly, with the code of a process that SIGPIPE ended."""

_STOPS = {signal.SIGTERM: "terminated (SIGTERM)", signal.SIGHUP: "hung up (SIGHUP)"}


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the program is, so that it ends the way Ctrl-C
    does: workers killed, temporary files removed, nothing half-written."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


RESEND_SECONDS = 0.05
"""How soon a stop that Python dropped is sent again."""


class _StopState:
    """The stop under way: the signal raised, whether the command caught it, and whether
    Python dropped it (raised in a callback, such as one an import runs: Python reports it
    to ``sys.unraisablehook`` and carries on)."""

    number: int | None = None
    caught = False
    lost = False
    resend: threading.Timer | None = None
    """The timer that sends a dropped stop again (cancelled when the command ends)."""


def _begin_stop(number: int) -> None:
    """A second signal must not break the cleanup: further signals go to :func:`_again`,
    which ignores them unless the first stop was dropped."""
    _StopState.number = number
    for other in STOP_SIGNALS:
        signal.signal(other, _again)


def _dropped(unraisable: Any) -> None:
    """``sys.unraisablehook`` while a command runs: a stop Python dropped is sent again,
    so that it is raised where it can end the command."""
    if (isinstance(unraisable.exc_value, KeyboardInterrupt) and _StopState.number is not None
            and not _StopState.caught):
        _StopState.lost = True
        # Sent from another thread a moment later: a signal sent here would be raised
        # inside this hook and dropped again.
        timer = threading.Timer(RESEND_SECONDS, os.kill, (os.getpid(), _StopState.number))
        timer.daemon = True
        _StopState.resend = timer
        timer.start()
        return
    sys.__unraisablehook__(unraisable)


def _again(number: int, frame: object) -> None:
    if _StopState.lost and not _StopState.caught:
        _StopState.lost = False
        _raise_stop(_StopState.number or number)
    # else: a key pressed twice, or a signal during the cleanup: ignored


def _raise_stop(number: int) -> None:
    _begin_stop(number)
    if number == signal.SIGINT:
        raise KeyboardInterrupt
    raise _Stopped(number)


def _stop(number: int, frame: object) -> None:
    """Ctrl-C as Python's own handler raises it (KeyboardInterrupt); SIGTERM and SIGHUP as
    :class:`_Stopped`. A second signal (a key pressed twice) is ignored from here on, also
    while the interpreter ends."""
    _raise_stop(number)


def _caught() -> None:
    """The command caught the stop: every further signal is ignored to the end."""
    _StopState.caught = True
    ignore_stop_signals()


@contextmanager
def _stop_signals(restore: bool) -> Iterator[None]:
    """SIGTERM and SIGHUP end the command like Ctrl-C while it runs (main thread only).

    Once a signal has begun the stop, the signals are ignored so that a second Ctrl-C
    cannot break the cleanup and the goodbye. ``restore``: put back every handler found
    (SIGINT's too) when the command is done, as a function called in a longer-lived
    process needs; the process's own command keeps them ignored to its end instead.
    """
    numbers = STOP_SIGNALS
    _StopState.number, _StopState.caught, _StopState.lost = None, False, False
    try:
        previous = {number: signal.getsignal(number) for number in numbers}
        for number in _STOPS:
            signal.signal(number, _stop)
        if previous[signal.SIGINT] is signal.default_int_handler:  # not if told to ignore it
            signal.signal(signal.SIGINT, _stop)
    except ValueError:  # not the main thread: leave the signals to whoever owns them
        yield
        return
    hook = sys.unraisablehook
    sys.unraisablehook = _dropped
    try:
        yield
    finally:
        _StopState.caught = True  # the command is over: nothing is sent again
        if _StopState.resend is not None:
            # A stop sent again after the handlers are put back would reach the caller's
            # own handler (or end a process whose SIGTERM is the default).
            _StopState.resend.cancel()
            _StopState.resend = None
        sys.unraisablehook = hook
        for number, handler in previous.items():
            # (_again stays in the process's own command: it ignores what follows)
            if restore or signal.getsignal(number) is _stop:
                signal.signal(number, handler)


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one line and exit 2, like every other user error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The ``kok`` parser. Every command is listed; the modules that define the commands
    are imported only for the command ``only`` (all of them when ``only`` is ``None``)."""
    parser = _Parser(prog="kok", description="Score sheets, custom boards and rules for the "
                     "Keer op Keer (Noch mal!) dice games.")
    parser.add_argument("--version", action="version", version=f"kok {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    modules = dict.fromkeys(module for module, _ in COMMANDS.values())
    wanted = {module for name, (module, _) in COMMANDS.items() if only is None or name == only}
    for module in modules:  # in the order of COMMANDS, which groups each module's commands
        if module in wanted:
            importlib.import_module(f"kok_layouts.cli.{module}").register(commands)
        else:  # listed in kok --help, never run: its module is not imported
            for name in (n for n, (m, _) in COMMANDS.items() if m == module):
                add_command(commands, name, add_help=False)
    return parser


def _command_in(argv: Sequence[str]) -> str | None:
    """The command named on the command line: the first argument that is not an option
    (``kok --version`` and ``kok --help`` name none)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Python's cycle collector runs rarely in the block: while a command imports its
    modules, and while a batch command (``kok check``, ``kok simulate``) plays its
    games. numpy, scipy and numba build large graphs of objects, and each full collection
    walks all of them (measured: a tenth of ``kok check black``'s CPU). Reference counting
    still frees every object at once; only reference cycles wait for a collection. The
    thresholds in force before are put back at the end."""
    before = gc.get_threshold()
    gc.set_threshold(50_000, 50, 1_000)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kok`` with ``argv`` (default: the process arguments); returns the exit code."""
    _printable_streams()
    # Called with arguments, kok runs inside another program (tests, scripts): it leaves
    # that program's signal handlers as it found them.
    with _stop_signals(restore=argv is not None):
        return _run(sys.argv[1:] if argv is None else list(argv))


def _run(words: list[str]) -> int:
    try:
        command = _command_in(words)
        with fewer_collections():  # the command's imports
            parser = build_parser(command) if command else build_parser("")
        args = parser.parse_args(words)
        if sys.stdout is None or (sys.stdin is None and args.command == "play"):
            which = "output" if sys.stdout is None else "input"
            _error(f"standard {which} is closed; run kok with it open (or redirect it to a "
                   "file)")
            return EXIT_USAGE
        code: int = args.run(args)
        sys.stdout.flush()
        return code
    except LayoutError as err:
        for problem in err.problems:
            _error(str(problem))
        return EXIT_USAGE
    except KokError as err:
        _error(str(err))
        return EXIT_USAGE
    except _Stopped as stop:
        _caught()
        _error(_STOPS[signal.Signals(stop.number)])
        return 128 + stop.number
    except KeyboardInterrupt:
        _caught()
        _error("interrupted")
        return 130
    except ImportError:
        # A stop raised inside a module's import (numpy's) comes out as ImportError.
        if _StopState.number is None:
            raise
        _caught()
        number = _StopState.number
        _error(_STOPS.get(signal.Signals(number), "interrupted"))
        return 128 + number
    except BrokenPipeError:
        _silence_stdout()
        if _delivered():  # the reader took some and closed: | head -2
            return EXIT_PIPE_CLOSED
        _error("standard output was closed before everything was written (broken pipe)")
        return EXIT_USAGE
    except UnicodeDecodeError:
        _error("standard input is not UTF-8 text")
        return EXIT_USAGE
    except OSError as err:  # a full disk or a failing terminal while printing the result
        _silence_stdout()
        _error(f"cannot write to standard output: {err.strerror or err}")
        return EXIT_USAGE
    except RecursionError:
        _error("the input is nested too deeply to handle")
        return EXIT_USAGE
    except MemoryError:
        _error("out of memory; try a smaller input")
        return EXIT_USAGE


def _error(message: str) -> None:
    """One line ``kok: message`` on standard error (if there is one and it can be written:
    after a hang-up the terminal may be gone)."""
    if sys.stderr is not None:
        with suppress(OSError, ValueError):
            print(f"kok: {message}", file=sys.stderr)


class _CountingFile(io.FileIO):
    """Standard output's file when it is a pipe: counts the bytes the reader was given, so
    that a pipe closed after some output (``| head``) is told from one nobody reads."""

    delivered = 0

    def write(self, data: Any) -> int | None:  # type: ignore[override]
        written = super().write(data)
        self.delivered += written or 0
        return written


def _count_pipe_output() -> None:
    """Put a :class:`_CountingFile` under standard output if it is the process's own pipe."""
    stream = sys.stdout
    if stream is None or stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        return
    try:
        descriptor = stream.fileno()
        if not stat.S_ISFIFO(os.fstat(descriptor).st_mode):
            return
        stream.flush()
    except (OSError, ValueError, io.UnsupportedOperation):
        return
    raw = _CountingFile(descriptor, "w", closefd=False)
    sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding,
                                  errors=stream.errors, line_buffering=stream.line_buffering,
                                  write_through=stream.write_through)


def _delivered() -> bool:
    """Whether standard output's reader was given any bytes before it closed the pipe."""
    buffer = getattr(sys.stdout, "buffer", None)
    raw = getattr(buffer, "raw", None)
    return isinstance(raw, _CountingFile) and raw.delivered > 0


def _escape(error: UnicodeError) -> tuple[str, int]:
    """Encoding error handler: a byte that was not UTF-8 in a file name or argument (held
    as a surrogate, PEP 383) prints as ``\\xff``; any other unencodable character as
    ``\\ud800``."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start:error.end]
    return "".join(f"\\x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF
                   else c.encode("ascii", "backslashreplace").decode("ascii")
                   for c in text), error.end


codecs.register_error("kok-escape", _escape)


def _printable_streams() -> None:
    """Never fail to print a name: text that cannot be encoded (a lone surrogate from an
    argument that was not UTF-8) is printed escaped instead of raising UnicodeEncodeError."""
    _count_pipe_output()
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="kok-escape")


def _silence_stdout() -> None:
    """After a failed write, point standard output at /dev/null so that Python's own flush
    at exit does not fail again with a second message."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass

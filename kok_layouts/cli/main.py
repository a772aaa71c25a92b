"""Entry point of ``kok``: parses the command line and turns user errors into one line.

Exit codes: 0 success, 1 a layout with structural problems (``validate``), 2 bad input
(unreadable or schema-invalid layout, unknown name, illegal move, unwritable output, a
closed or full standard output), 130 interrupted.
"""

from __future__ import annotations

import argparse
import codecs
import importlib
import io
import os
import sys
from collections.abc import Sequence

from kok_layouts import __version__
from kok_layouts.cli.commands import COMMANDS, add_command
from kok_layouts.errors import KokError, LayoutError

EXIT_USAGE = 2



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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kok`` with ``argv`` (default: the process arguments); returns the exit code."""
    _printable_streams()
    words = sys.argv[1:] if argv is None else list(argv)
    command = _command_in(words)
    parser = build_parser(command) if command else build_parser("")
    args = parser.parse_args(words)
    if sys.stdout is None or (sys.stdin is None and args.command == "play"):
        which = "output" if sys.stdout is None else "input"
        _error(f"standard {which} is closed; run kok with it open (or redirect it to a file)")
        return EXIT_USAGE
    try:
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
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except BrokenPipeError:
        _silence_stdout()
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
    """One line ``kok: message`` on standard error (if there is one)."""
    if sys.stderr is not None:
        print(f"kok: {message}", file=sys.stderr)


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

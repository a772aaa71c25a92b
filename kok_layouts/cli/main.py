"""Entry point of ``kok``: parses the command line and turns user errors into one line.

Exit codes: 0 success, 1 a layout with structural problems (``validate``), 2 bad input
(unreadable or schema-invalid layout, unknown name, illegal move, unwritable output).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from kok_layouts import __version__
from kok_layouts.cli import analysis, layouts, play, render, rules
from kok_layouts.cli import generate as generate_cli
from kok_layouts.errors import KokError, LayoutError

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """argparse with errors as one line and exit 2, like every other user error."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kok", description="Score sheets, custom boards and rules for the "
                     "Keer op Keer (Noch mal!) dice games.")
    parser.add_argument("--version", action="version", version=f"kok {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True
    layouts.register(commands)
    rules.register(commands)
    play.register(commands)
    render.register(commands)
    analysis.register(commands)
    generate_cli.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``kok`` with ``argv`` (default: the process arguments); returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except LayoutError as err:
        for problem in err.problems:
            print(f"kok: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except KokError as err:
        print(f"kok: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("kok: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
